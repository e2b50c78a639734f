"""Checks the rewritten history of /app/repo and that origin was left alone."""
import hashlib
import json
import re
import subprocess
from pathlib import Path

import pytest

REPO = "/app/repo"
EXPECTED = json.loads((Path(__file__).parent / "expected_history.json").read_text())
# The leaked key, kept out of this file as a literal: it is the sk_live_ string of the original history.
KEY_RE = re.compile(rb"sk_live_9fQ2mXr7[A-Za-z0-9]{16}")
META = "%an%x00%ae%x00%ad%x00%cn%x00%ce%x00%cd"


def git(*args, repo=REPO, data=None):
    r = subprocess.run(["git", "-C", repo, *args], input=data, capture_output=True)
    assert r.returncode == 0, r.stderr.decode(errors="replace")
    return r.stdout


def test_origin_untouched():
    out = git("for-each-ref", "--format=%(objectname) %(refname)", repo="/srv/git/invoice-tool.git")
    refs = out.decode().splitlines()
    assert refs == EXPECTED["origin_refs"], "nothing may be pushed to origin"


def test_no_object_contains_the_key():
    """The key must disappear from the repository's history: no object in /app/repo, reachable or not, loose or packed, still contains it."""
    blob = git("cat-file", "--batch-all-objects", "--batch")
    assert not KEY_RE.search(blob), "some object (reachable or not) still contains the key"
    assert git("for-each-ref", "refs/original").strip() == b"", "backup refs of filter-branch are left"


def test_no_ref_or_message_mentions_the_key():
    log = git("log", "--all", "--format=%B")
    tags = git("for-each-ref", "--format=%(contents)", "refs/tags")
    assert not KEY_RE.search(log)
    assert not KEY_RE.search(tags)


def tree(commit):
    out = {}
    for line in git("ls-tree", "-r", "-z", commit).split(b"\0"):
        if line:
            meta, path = line.split(b"\t", 1)
            mode, _, sha = meta.split()
            out[path.decode()] = [mode.decode(), sha.decode()]
    return out


def rewritten(branch):
    commits = git("rev-list", "--first-parent", "--reverse", f"refs/heads/{branch}").decode().split()
    want = EXPECTED["branches"][branch]
    assert len(commits) >= len(want), f"{branch} lost commits: {len(commits)} < {len(want)}"
    return commits[: len(want)], want


@pytest.mark.parametrize("branch", ["main", "feature/pdf-export"])
def test_history_preserved(branch):
    """Nothing else may change: every branch keeps the same commits in the same order, with the same messages
    (apart from the replacement by ***REMOVED***), the same author and committer names, emails and dates, and the
    same files and contents (every occurrence of the key replaced by the text ***REMOVED***)."""
    commits, want = rewritten(branch)
    for n, (c, w) in enumerate(zip(commits, want, strict=False), 1):
        meta = git("log", "-1", "--date=raw", f"--format={META}", c).decode().strip().split("\0")
        assert meta == w["meta"], f"{branch} commit {n}: author/committer changed: {meta} != {w['meta']}"
        message = git("log", "-1", "--format=%B", c).decode().rstrip()
        assert message == w["message"], f"{branch} commit {n}: message differs"
        assert tree(c) == w["tree"], f"{branch} commit {n} ({w['message'].splitlines()[0]}): files differ"


def test_branches_share_their_history():
    """feature/pdf-export still branches off "Fix rounding in totals"."""
    main, _ = rewritten("main")
    feature, _ = rewritten("feature/pdf-export")
    assert feature[:6] == main[:6], "feature/pdf-export must still branch off the rewritten 'Fix rounding in totals'"


def test_tag_rewritten_and_still_annotated():
    """v1.0 stays an annotated tag with its original message and tagger, pointing at the rewritten "Fix rounding in totals"."""
    assert git("cat-file", "-t", "refs/tags/v1.0").decode().strip() == "tag"
    body = git("cat-file", "tag", "refs/tags/v1.0").decode().split("\n")
    assert next(line for line in body if line.startswith("tagger ")) == EXPECTED["tag"]["tagger"]
    assert "\n".join(body[body.index("") + 1:]).rstrip() == EXPECTED["tag"]["message"]
    main, _ = rewritten("main")
    assert git("rev-parse", "refs/tags/v1.0^{commit}").decode().strip() == main[5]


def test_env_local_kept_and_untracked():
    data = Path(REPO, ".env.local").read_bytes()
    assert hashlib.sha256(data).hexdigest() == EXPECTED["env_local_sha256"]
    assert git("ls-files", "--", ".env.local").strip() == b""
    assert git("log", "--all", "--format=%H", "--", ".env.local").strip() == b""


def test_main_checked_out_and_clean():
    """main stays checked out, with no uncommitted changes to tracked files."""
    assert git("symbolic-ref", "HEAD").decode().strip() == "refs/heads/main"
    assert git("status", "--porcelain", "--untracked-files=no").strip() == b""
