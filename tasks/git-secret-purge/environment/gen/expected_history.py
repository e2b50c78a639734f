"""Writes tests/expected_history.json from the pristine /app/repo (run inside the built image, authoring time).

usage: python3 expected_history.py OUT.json
"""
import json
import subprocess
import sys

KEY = "sk_live_9fQ2mXr7LkT4vWz8NbC3dHs6"
REPO = "/app/repo"


def git(*args, data=None):
    return subprocess.run(["git", "-C", REPO, *args], input=data, capture_output=True, check=True).stdout


def tree(commit):
    out = {}
    for line in git("ls-tree", "-r", "-z", commit).split(b"\0"):
        if not line:
            continue
        meta, path = line.split(b"\t", 1)
        mode, _, sha = meta.split()
        blob = git("cat-file", "blob", sha.decode()).replace(KEY.encode(), b"***REMOVED***")
        out[path.decode()] = [mode.decode(), git("hash-object", "--stdin", data=blob).decode().strip()]
    return out


def chain(branch):
    commits = git("rev-list", "--first-parent", "--reverse", branch).decode().split()
    result = []
    for c in commits:
        meta = git("log", "-1", "--date=raw", "--format=%an%x00%ae%x00%ad%x00%cn%x00%ce%x00%cd", c).decode().strip().split("\0")
        msg = git("log", "-1", "--format=%B", c).decode().replace(KEY, "***REMOVED***").rstrip()
        result.append({"original": c, "meta": meta, "message": msg, "tree": tree(c)})
    return result


tag = git("cat-file", "tag", "v1.0").decode().split("\n")
expected = {
    "branches": {b: chain(b) for b in ("main", "feature/pdf-export")},
    "tag": {"tagger": next(l for l in tag if l.startswith("tagger ")), "message": "\n".join(tag[tag.index("") + 1:]).rstrip(),
            "target_original": git("rev-parse", "v1.0^{commit}").decode().strip()},
    "origin_refs": git("-C", "/srv/git/invoice-tool.git", "for-each-ref", "--format=%(objectname) %(refname)").decode().splitlines(),
    "env_local_sha256": __import__("hashlib").sha256(open(f"{REPO}/.env.local", "rb").read()).hexdigest(),
}
with open(sys.argv[1], "w") as f:
    json.dump(expected, f, indent=1)
print({b: len(v) for b, v in expected["branches"].items()})
