"""Verifier for tagcount-leak-hunt: the fix branch rebuilt from its commit, run under valgrind on
fresh spools (once and as a daemon stopped by SIGTERM) and compared with v2.3.1's responses; its
make leakcheck re-run on the fixed tree and on trees with one leak of each kind put back; the
patch applied to a pristine v2.3.1; the report; production left alone."""

import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).parent
REPO = Path("/app/tagcount")
OUT = Path("/app/out")
BRANCH = "fix/leaks"
VALGRIND = ["valgrind", "--leak-check=full", "--show-leak-kinds=all", "--track-fds=yes"]
EXPECTED_REPORT = [
    "fd process_file",
    "memory load_config",
    "memory parse_line",
    "memory process_file",
    "memory scan_spool",
    "memory table_insert",
    "memory table_new",
]


def git(*args, check=True):
    return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True, errors="replace", check=check).stdout.strip()


def build(tree):
    return subprocess.run(["make", "-C", str(tree)], capture_output=True, text=True, errors="replace")


def export_branch(dest):
    dest.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(REPO), "archive", BRANCH], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return dest


@pytest.fixture(scope="module")
def fixed(tmp_path_factory):
    """The fix branch's committed tree, exported on its own and built."""
    tree = export_branch(tmp_path_factory.mktemp("fixed") / "tagcount")
    result = build(tree)
    return {"tree": tree, "build": result}


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    """tagcount v2.3.1 exactly as released, built."""
    tree = tmp_path_factory.mktemp("pristine") / "tagcount"
    shutil.copytree(HERE / "pristine", tree)
    assert build(tree).returncode == 0
    return tree


@pytest.fixture(scope="module")
def spools(tmp_path_factory):
    """Fresh spools the agent has never seen, with the configs they run under."""
    base = tmp_path_factory.mktemp("spools")
    made = []
    for seed, files, conf in [(4242, 60, "max_key_len = 24\nfold_case = yes\nbuckets = 16\n"),
                              (99, 25, "# defaults, case kept\n")]:
        spool = base / f"spool-{seed}"
        subprocess.run([sys.executable, str(HERE / "mkspool.py"), str(spool), str(seed), str(files)], check=True)
        (base / f"conf-{seed}").write_text(conf)
        made.append((spool, base / f"conf-{seed}"))
    return made


def run_once(binary, spool, conf, tmp, valgrind=False):
    work = tmp / "spool"
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(spool, work)
    out = tmp / "responses.txt"
    out.unlink(missing_ok=True)
    cmd = [str(binary), "--once", "--config", str(conf), "--spool", str(work), "--out", str(out)]
    if valgrind:
        cmd = VALGRIND + cmd
    proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=300)
    moved = {sub: sorted(p.name for p in (work / sub).glob("*")) for sub in ("done", "bad")}
    return proc, out.read_text(errors="replace") if out.exists() else None, moved


def test_fix_branch_is_one_commit_on_v231():
    """The fix is on the branch fix/leaks as exactly one commit on top of v2.3.1; main stays at v2.3.1."""
    release = git("rev-parse", "v2.3.1^{commit}")
    assert git("rev-parse", "main") == release
    assert git("rev-list", "--count", f"v2.3.1..{BRANCH}") == "1"
    assert git("rev-parse", f"{BRANCH}^") == release


def test_commit_message():
    """The commit message's first line starts with `Fix leaks`."""
    assert git("log", "-1", "--format=%s", BRANCH).startswith("Fix leaks")


def test_checkout_on_branch_and_clean():
    """The checkout is left on fix/leaks with no uncommitted changes to tracked files."""
    assert git("rev-parse", "--abbrev-ref", "HEAD") == BRANCH
    assert git("status", "--porcelain", "--untracked-files=no") == ""


def test_only_src_and_makefile_changed():
    """The fix changes only files under src/ and the Makefile (tests/ and the README stay as released)."""
    changed = git("diff", "--name-only", "v2.3.1", BRANCH).splitlines()
    assert changed
    assert all(name.startswith("src/") or name == "Makefile" for name in changed), changed


def test_builds_without_warnings(fixed):
    """`make` builds tagcountd from a clean tree with the Makefile's flags and prints no warning."""
    assert fixed["build"].returncode == 0, fixed["build"].stderr
    text = fixed["build"].stdout + fixed["build"].stderr
    assert "warning:" not in text, text
    makefile = (fixed["tree"] / "Makefile").read_text()
    assert "-Wall -Wextra" in makefile


def test_no_memory_leaks(fixed, spools, tmp_path):
    """Under valgrind, a --once run on a fresh spool ends with every heap block freed: nothing lost of any kind, nothing still reachable."""
    for spool, conf in spools:
        proc, _, _ = run_once(fixed["tree"] / "tagcountd", spool, conf, tmp_path, valgrind=True)
        assert "All heap blocks were freed -- no leaks are possible" in proc.stderr, proc.stderr[-3000:]


def test_no_memcheck_errors(fixed, spools, tmp_path):
    """Valgrind's ERROR SUMMARY is 0 errors (no invalid reads or writes, no use after free)."""
    for spool, conf in spools:
        proc, _, _ = run_once(fixed["tree"] / "tagcountd", spool, conf, tmp_path, valgrind=True)
        assert re.search(r"ERROR SUMMARY: 0 errors", proc.stderr), proc.stderr[-3000:]


def test_no_descriptor_left_open(fixed, spools, tmp_path):
    """With --track-fds=yes only the three standard descriptors are open at exit, also after rejected files."""
    for spool, conf in spools:
        proc, _, moved = run_once(fixed["tree"] / "tagcountd", spool, conf, tmp_path, valgrind=True)
        assert moved["bad"], "the fresh spool has rejected files"
        assert "FILE DESCRIPTORS: 3 open (3 std)" in proc.stderr, proc.stderr[-3000:]


def test_daemon_mode_stopped_by_sigterm_is_clean(fixed, spools, tmp_path):
    """Run as a daemon (--interval) and stopped with SIGTERM after a few passes, it exits 0 with every block freed and no descriptor left open."""
    spool, conf = spools[0]
    work = tmp_path / "spool"
    shutil.copytree(spool, work)
    late = sorted(work.glob("*.req"))[-8:]
    hold = tmp_path / "later"
    hold.mkdir()
    for path in late:
        path.rename(hold / path.name)
    out = tmp_path / "responses.txt"
    cmd = VALGRIND + [str(fixed["tree"] / "tagcountd"), "--interval", "1", "--config", str(conf),
                      "--spool", str(work), "--out", str(out)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace")

    def passes():
        return out.read_text().count("# pass ") if out.exists() else 0

    deadline = time.time() + 120
    while passes() < 1 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.2)
    for path in sorted(hold.iterdir()):
        path.rename(work / path.name)
    while passes() < 3 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.2)
    assert passes() >= 3, "the daemon did not run three passes"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err[-3000:]
    assert "All heap blocks were freed -- no leaks are possible" in err, err[-3000:]
    assert "ERROR SUMMARY: 0 errors" in err, err[-3000:]
    assert "FILE DESCRIPTORS: 3 open (3 std)" in err, err[-3000:]
    assert not list(work.glob("*.req"))


def test_responses_unchanged(fixed, pristine, spools, tmp_path):
    """On fresh spools the response log is byte-for-byte what v2.3.1 writes, and the same files end up in done/ and bad/."""
    for spool, conf in spools:
        _, want, want_moved = run_once(pristine / "tagcountd", spool, conf, tmp_path / "a")
        proc, got, got_moved = run_once(fixed["tree"] / "tagcountd", spool, conf, tmp_path / "b")
        assert proc.returncode == 0, proc.stderr
        assert got == want
        assert got_moved == want_moved


def test_make_check_still_passes(fixed):
    """The project's own `make check` (sample spool against tests/expected-responses.txt) passes on the branch."""
    result = subprocess.run(["make", "-C", str(fixed["tree"]), "check"], capture_output=True, text=True, errors="replace", timeout=300)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]


def snapshot(tree):
    return {str(p.relative_to(tree)): p.read_bytes() for p in sorted(tree.rglob("*")) if p.is_file()}


def leakcheck(tree):
    return subprocess.run(["make", "-C", str(tree), "leakcheck"], capture_output=True, text=True, errors="replace", timeout=600)


def test_leakcheck_passes_on_the_fix_and_leaves_the_tree_alone(fixed):
    """`make leakcheck` exits 0 on the fixed tree, from any copy of the repository, and changes nothing in it (tests/spool intact). No suppressions: the check must not hide reports."""
    assert "suppressions" not in (fixed["tree"] / "Makefile").read_text()
    assert not list(fixed["tree"].rglob("*.supp"))
    before = snapshot(fixed["tree"])
    result = leakcheck(fixed["tree"])
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert snapshot(fixed["tree"]) == before


def test_leakcheck_fails_on_the_release(fixed, tmp_path):
    """`make leakcheck` (the branch's Makefile) fails on v2.3.1's leaky source."""
    tree = tmp_path / "tagcount"
    shutil.copytree(fixed["tree"], tree)
    for path in (tree / "src").iterdir():
        path.unlink()
    for path in (HERE / "pristine" / "src").iterdir():
        shutil.copy(path, tree / "src" / path.name)
    subprocess.run(["make", "-C", str(tree), "clean"], capture_output=True)
    assert leakcheck(tree).returncode != 0


INJECTED = {
    "definitely-lost": "static void verifier_inject(void) { volatile char *p = malloc(40); p[0] = 1; }",
    "still-reachable": "char *verifier_kept;\nstatic void verifier_inject(void) { verifier_kept = malloc(40); verifier_kept[0] = 1; }",
    "invalid-read": "static void verifier_inject(void) { char *p = malloc(8); p[0] = 'x'; free(p); volatile char c = p[1]; (void)c; }",
    "descriptor": "static void verifier_inject(void) { (void)open(\"/dev/null\", O_RDONLY); }",
}


@pytest.mark.parametrize("kind", sorted(INJECTED))
def test_leakcheck_fails_on_each_kind(fixed, tmp_path, kind):
    """`make leakcheck` fails on a lost block, on a still-reachable block, on a memcheck error and on a descriptor left open at exit (each put back alone into the fixed source)."""
    tree = tmp_path / "tagcount"
    shutil.copytree(fixed["tree"], tree)
    subprocess.run(["make", "-C", str(tree), "clean"], capture_output=True)
    main_c = tree / "src" / "main.c"
    code = ("\n#include <fcntl.h>\n#include <stdlib.h>\n" + INJECTED[kind]
            + "\n__attribute__((constructor)) static void verifier_ctor(void) { verifier_inject(); }\n")
    main_c.write_text(main_c.read_text() + code)
    result = leakcheck(tree)
    assert result.returncode != 0, f"leakcheck passed with a {kind} injected:\n" + result.stdout[-2000:]


def test_patch_applies_to_the_release(fixed, tmp_path):
    """/app/out/leak-fixes.patch applies with `git apply` onto v2.3.1 and gives the branch's src/ and Makefile."""
    patch = OUT / "leak-fixes.patch"
    assert patch.is_file()
    tree = tmp_path / "tagcount"
    shutil.copytree(HERE / "pristine", tree)
    subprocess.run(["git", "init", "-q", str(tree)], check=True)
    result = subprocess.run(["git", "-C", str(tree), "apply", str(patch)], capture_output=True, text=True, errors="replace")
    assert result.returncode == 0, result.stderr
    for path in [*sorted((fixed["tree"] / "src").glob("*.[ch]")), fixed["tree"] / "Makefile"]:
        rel = path.relative_to(fixed["tree"])
        assert (tree / rel).read_bytes() == path.read_bytes(), rel


def test_report_lists_each_leak():
    """/app/out/leaks.txt has one `KIND FUNCTION` line per leak (memory: the tagcount function that allocated a block valgrind reports lost or still reachable; fd: the function that opened a descriptor left open), sorted, no duplicates."""
    lines = (OUT / "leaks.txt").read_text().splitlines()
    lines = [line.strip() for line in lines if line.strip()]
    assert lines == sorted(set(lines)), "sorted, no duplicates"
    assert lines == EXPECTED_REPORT


def test_production_left_alone():
    """The installed /usr/local/sbin/tagcountd is still the release build and /var/spool/tagcount is untouched (ops install after review)."""
    want = Path("/usr/local/share/tagcount/tagcountd.sha256").read_text().split()[0]
    got = subprocess.run(["sha256sum", "/usr/local/sbin/tagcountd"], capture_output=True, text=True, errors="replace").stdout.split()[0]
    assert got == want
    spool = Path("/var/spool/tagcount")
    assert sorted(p.name for p in spool.iterdir()) == sorted([f"batch-{i:03d}.req" for i in range(6)] + ["README.txt"])
