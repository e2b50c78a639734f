"""Verifier for tally-bisect-regression: the bisect's result against a pristine copy of the history,
the check script re-run on every commit of a fresh clone, and the fix branch's code against
hidden cases (and its own regression test against main's parser)."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
REPO = Path("/app/tally")
ORIGIN = Path("/srv/git/tally.git")
BISECT = Path("/app/bisect")
BRANCH = "fix/duration-parts"
BAD_SUBJECT = "duration: months (mo), and a simpler parser"
ALLOWED = {"tally/duration.py", "tests/test_duration.py", "CHANGELOG.md"}


def git(repo, *args, check=True):
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=check).stdout.strip()


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    """The history exactly as the image was built (same script, same fixed dates)."""
    base = tmp_path_factory.mktemp("pristine")
    subprocess.run([sys.executable, str(HERE / "mkrepo.py"), str(base / "tally"), str(base / "origin.git")], check=True, capture_output=True)
    repo = base / "tally"
    log = git(repo, "log", "--format=%H %s", "main").splitlines()
    bad = next(line.split(" ", 1)[0] for line in log if line.split(" ", 1)[1] == BAD_SUBJECT)
    return {"repo": repo, "main": git(repo, "rev-parse", "main"), "bad": bad,
            "refs": git(base / "origin.git", "for-each-ref", "--format=%(objectname) %(refname)")}


@pytest.fixture(scope="module")
def fixed(tmp_path_factory):
    """The fix branch's tree, exported on its own."""
    out = tmp_path_factory.mktemp("fixed")
    archive = subprocess.run(["git", "-C", str(REPO), "archive", BRANCH], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive, check=True)
    return out


def run_tally(tree, *args):
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", "tally", *args], capture_output=True, text=True, cwd=tree, env=env)


def parse_in(tree, spec):
    code = "import sys; from tally.duration import parse\ntry:\n print(parse(sys.argv[1]))\nexcept ValueError:\n print('ValueError')"
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-c", code, spec], capture_output=True, text=True, env=env).stdout.strip()


def test_first_bad_commit_recorded(pristine):
    """first-bad.txt holds the full 40-character hash of the first bad commit and a newline, nothing else."""
    assert (BISECT / "first-bad.txt").read_text() == pristine["bad"] + "\n"


def test_bisect_log_saved(pristine):
    """bisect.log is the git bisect log of the run, saved before the reset, naming the first bad commit."""
    log = (BISECT / "bisect.log").read_text()
    assert "git bisect start" in log
    assert re.search(r"^# first bad commit: \[" + pristine["bad"] + r"\]", log, re.M)


def expected_verdict(tree):
    r = run_tally(tree, "parse-duration", "1h30m")
    if r.returncode not in (0, 2):
        return 125
    return 0 if r.stdout == "5400\n" else 1


def test_check_script_on_every_commit_of_a_fresh_clone(pristine, tmp_path):
    """check.sh, run from the top folder of any clone with the commit under test checked out, exits 0 when
    parse-duration 1h30m prints 5400, 1 when it prints anything else, 125 when tally cannot run at that commit;
    and it writes nothing into the repository."""
    script = BISECT / "check.sh"
    assert os.access(script, os.X_OK), "check.sh is executable"
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(pristine["repo"]), str(clone)], check=True)
    commits = git(clone, "rev-list", "v1.4.0^..main").split()
    seen = set()
    for c in commits:
        git(clone, "checkout", "-q", "--detach", c)
        want = expected_verdict(clone)
        got = subprocess.run([str(script)], cwd=clone, capture_output=True, text=True, timeout=120).returncode
        subject = git(clone, "log", "-1", "--format=%s")
        assert got == want, f"check.sh at {c[:7]} ({subject}): exit {got}, expected {want}"
        assert git(clone, "status", "--porcelain", "--ignored=no") == "", f"check.sh left files at {c[:7]}"
        seen.add(want)
    assert seen == {0, 1, 125}


def test_no_bisect_in_progress_and_on_fix_branch():
    """No bisect is in progress, the checkout is on the fix branch and has no uncommitted changes to tracked files."""
    gitdir = Path(git(REPO, "rev-parse", "--absolute-git-dir"))
    assert not (gitdir / "BISECT_START").exists() and not (gitdir / "BISECT_LOG").exists()
    assert git(REPO, "symbolic-ref", "--short", "HEAD") == BRANCH
    assert git(REPO, "status", "--porcelain", "--untracked-files=no") == ""


def test_main_and_origin_untouched(pristine):
    """main stays where it is, locally and on origin, and nothing is pushed to origin."""
    assert git(REPO, "rev-parse", "main") == pristine["main"]
    assert git(ORIGIN, "for-each-ref", "--format=%(objectname) %(refname)") == pristine["refs"]


def test_fix_is_one_commit_on_main_touching_only_the_three_files(pristine):
    """The fix is exactly one commit on top of main, on fix/duration-parts, changing only tally/duration.py,
    tests/test_duration.py and CHANGELOG.md."""
    assert git(REPO, "rev-parse", BRANCH + "^") == pristine["main"]
    changed = set(git(REPO, "diff", "--name-only", pristine["main"], BRANCH).splitlines())
    assert changed <= ALLOWED, changed
    assert {"tally/duration.py", "tests/test_duration.py"} <= changed


def test_commit_message_names_the_bad_commit(pristine):
    """The commit message's first line names the bad commit by its short hash (at least 7 characters)."""
    subject = git(REPO, "log", "-1", "--format=%s", BRANCH)
    assert re.search(r"\b" + pristine["bad"][:7], subject), subject


@pytest.mark.parametrize(
    "spec, want",
    [("1h30m", "5400"), ("1w2d", "777600"), ("2mo1w", "5788800"), ("10m", "600"), ("3mo", "7776000"),
     ("1d1h1m1s", "90061"), (" 1H30M ", "5400"), ("90s", "90"), ("1m1mo", "2592060")],
)
def test_fixed_parser_sums_every_part_and_keeps_months(fixed, spec, want):
    """The parser sums every part of a spec again (1h30m is 5400), months (mo, 30 days) are kept and 10m is ten minutes."""
    assert parse_in(fixed, spec) == want


@pytest.mark.parametrize("spec", ["1h30", "1h 30m", "30mx", "1h-30m", "", "h", "soon", "5x", "m30"])
def test_fixed_parser_rejects_leftovers(fixed, spec):
    """A spec with anything left over or between the parts, or no parts at all, is a ValueError."""
    assert parse_in(fixed, spec) == "ValueError"


def test_cli_on_fix_branch(fixed):
    """parse-duration prints the seconds, and for a bad spec prints tally: ... to stderr and exits 2; humanize() stays."""
    r = run_tally(fixed, "parse-duration", "1h30m")
    assert (r.returncode, r.stdout) == (0, "5400\n")
    r = run_tally(fixed, "parse-duration", "1h30")
    assert r.returncode == 2 and r.stderr.startswith("tally: ")
    sheet = fixed.parent / "sheet.tsv"
    sheet.write_text("2024-03-01T08:10:00\t20\tops\ta\n2024-03-01T08:40:00\t15\tweb\tb\n2024-03-01T09:30:00\t5\tops\tc\n")
    r = run_tally(fixed, "report", str(sheet), "--since", "1h30m", "--now", "2024-03-01T10:00:00")
    assert r.stdout.splitlines() == ["# since 1h30m", "ops\t5", "web\t15", "total\t20"]


def test_parse_keeps_name_and_signature(fixed):
    """parse keeps its name and signature."""
    code = "import inspect; from tally.duration import parse; print(list(inspect.signature(parse).parameters))"
    env = {**os.environ, "PYTHONPATH": str(fixed), "PYTHONDONTWRITEBYTECODE": "1"}
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env).stdout.strip() == "['spec']"


def test_project_suite_passes_on_fix_branch(fixed):
    """The project's whole test suite passes on the fix branch."""
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=fixed, capture_output=True, text=True,
                       env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert r.returncode == 0, r.stdout[-2000:]


def test_regression_test_fails_on_mains_parser(fixed, pristine, tmp_path):
    """The test added to tests/test_duration.py fails on main's parser (combined specs) and passes on the fix."""
    tree = tmp_path / "t"
    shutil.copytree(fixed, tree)
    (tree / "tally" / "duration.py").write_text(git(pristine["repo"], "show", "main:tally/duration.py") + "\n")
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_duration.py"], cwd=tree,
                       capture_output=True, text=True, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert r.returncode != 0, "the new test passes on main's parser too"


def test_changelog_fixed_line(fixed):
    """CHANGELOG.md's Unreleased section gets a line starting '- Fixed:'."""
    text = (fixed / "CHANGELOG.md").read_text()
    section = text.split("## Unreleased", 1)[1].split("\n## ", 1)[0]
    assert re.search(r"^- Fixed: \S", section, re.M)
