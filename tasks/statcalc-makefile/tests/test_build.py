"""Verifier for statcalc-makefile: the agent's Makefile, exercised on fresh copies of the project."""
import hashlib
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

PROJECT = Path("/app/statcalc")
ORIGINALS = {
    "VERSION": "b99b4c7cdf236f59bc9f65d963deaecae3b16a7dad87939cacb9057f7664daee",
    "src/common.h": "180aa0e40c2e42bab5c536fef8a99e5248db8d64e58fe21e80fbc0d5e63ee84b",
    "src/main.c": "e8dc3b7f817b607b96229556ed4a02c6efce00baa4db8cca34a1d4aa6fbed559",
    "src/parse.c": "d3b48a162bc258ee808c4823b250be77d4951c033f93f065d0e3d9c199f34df4",
    "src/parse.h": "4fa54cd5129ec81723a56eb6c06c332e97e98d9104dc319fb479a8d0f9cb6050",
    "src/stats.c": "397df49607cd0dc0acbe9a6adc1d0d5e195da22194b1b6a142a412cddff31cb0",
    "src/stats.h": "a2b7bb1ee9a6e432b4e1cf4b58d336c4c1a81895e89a01fdd11664f5fb28926f",
    "tests/run-tests.sh": "de9814597a9712802a2a286bab88a73ea4f67895b03716842c0314eefc4b0514",
}
SAMPLE = "1 2 3\n4 5\n"
SAMPLE_OUT = "count=5\nmean=3.00\nmin=1.00\nmax=5.00\nstddev=1.58\n"
CONSUMER = r"""
#include <stdio.h>
#include <statcalc/stats.h>
int main(void) {
    double v[] = {2.0, 4.0, 9.0};
    sample_t s = {v, 3, 3};
    printf("%.3f %.3f\n", stats_mean(&s), stats_stddev(&s));
    return stats_error;
}
"""


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fresh_copy(tmp_path: Path, name: str = "proj") -> Path:
    """The project as a fresh checkout: sources and the agent's Makefile, no build/ and no .git."""
    dest = tmp_path / name
    shutil.copytree(PROJECT, dest, symlinks=True, ignore=shutil.ignore_patterns("build", ".git"))
    return dest


def make(proj: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    proc = subprocess.run(["make", *args], cwd=proj, capture_output=True, text=True, timeout=120)
    if check:
        assert proc.returncode == 0, f"make {' '.join(args)} failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    return proc


def run_statcalc(binary: Path, *args: str, stdin: str = SAMPLE, env: dict | None = None) -> str:
    proc = subprocess.run([str(binary), *args], input=stdin, capture_output=True, text=True, timeout=20, env=env)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def readelf_dynamic(path: Path) -> str:
    return subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True, check=True).stdout


def build_files(proj: Path) -> dict[str, tuple[int, int]]:
    out = {}
    for p in sorted((proj / "build").rglob("*")):
        st = p.lstat()
        out[str(p.relative_to(proj))] = (st.st_mtime_ns, st.st_ino)
    return out


# ------------------------------------------------------------------ the project itself


@pytest.mark.parametrize("rel", sorted(ORIGINALS))
def test_sources_unchanged(rel):
    assert sha(PROJECT / rel) == ORIGINALS[rel], f"{rel} was modified; only the Makefile should change"


# ------------------------------------------------------------------ clean build


@pytest.fixture
def built(tmp_path):
    proj = fresh_copy(tmp_path)
    src_before = sorted(p.name for p in (proj / "src").iterdir())
    make(proj)
    assert sorted(p.name for p in (proj / "src").iterdir()) == src_before, "the build wrote files into src/"
    return proj


def test_cli_built_and_works(built):
    binary = built / "build/statcalc"
    assert binary.is_file() and os.access(binary, os.X_OK), "build/statcalc missing"
    assert run_statcalc(binary) == SAMPLE_OUT
    assert run_statcalc(binary, "--version").strip() == "statcalc 1.4.2"


def test_version_header_generated(built):
    text = (built / "build/version.h").read_text()
    assert '#define STATCALC_VERSION "1.4.2"' in text


def test_shared_library_soname_and_links(built):
    real = built / "build/libstatcalc.so.1.4.2"
    assert real.is_file() and not real.is_symlink(), "build/libstatcalc.so.1.4.2 missing"
    dyn = readelf_dynamic(real)
    assert "Library soname: [libstatcalc.so.1]" in dyn, dyn
    assert "Shared library: [libm.so.6]" in dyn, "the shared library is not linked against libm"
    major = built / "build/libstatcalc.so.1"
    dev = built / "build/libstatcalc.so"
    assert major.is_symlink() and os.readlink(major) == "libstatcalc.so.1.4.2"
    assert dev.is_symlink() and os.readlink(dev) == "libstatcalc.so.1"


def test_parallel_build_from_clean(tmp_path):
    for i in range(3):
        proj = fresh_copy(tmp_path, f"par{i}")
        make(proj, "-j8")
        assert run_statcalc(proj / "build/statcalc") == SAMPLE_OUT
        assert (proj / "build/libstatcalc.so.1.4.2").is_file()


def test_second_make_does_nothing(built):
    before = build_files(built)
    make(built)
    after = build_files(built)
    changed = [k for k in after if before.get(k) != after[k]]
    assert not changed, f"a second make rebuilt or rewrote: {changed}"


# ------------------------------------------------------------------ header tracking


def _age_tree(proj: Path) -> float:
    """Sources an hour old, build outputs half an hour old: a consistent, up-to-date tree."""
    now = time.time()
    for p in proj.rglob("*"):
        if p.is_symlink():
            continue
        t = now - 1800 if "build" in p.relative_to(proj).parts else now - 3600
        os.utime(p, (t, t))
    return now - 1800


@pytest.mark.parametrize(
    "header, rebuilt, kept",
    [
        ("stats.h", {"stats.o", "main.o"}, {"parse.o"}),
        ("parse.h", {"parse.o", "main.o"}, {"stats.o"}),
        ("common.h", {"stats.o", "parse.o", "main.o"}, set()),
    ],
)
def test_header_change_rebuilds_exactly_its_users(built, header, rebuilt, kept):
    built_at = _age_tree(built)
    (built / "src" / header).touch()
    make(built)
    fresh = {o for o in ("stats.o", "parse.o", "main.o") if (built / "build" / o).stat().st_mtime > built_at + 60}
    assert rebuilt <= fresh, f"after touching {header}, not recompiled: {sorted(rebuilt - fresh)}"
    assert not (kept & fresh), f"after touching {header}, needlessly recompiled: {sorted(kept & fresh)}"
    assert (built / "build/statcalc").stat().st_mtime > built_at + 60, "statcalc was not relinked"
    if {"stats.o", "parse.o"} & rebuilt:
        assert (built / "build/libstatcalc.so.1.4.2").stat().st_mtime > built_at + 60, "library not relinked"


def test_dependencies_follow_the_sources(built):
    """A new #include in a source is picked up without touching the Makefile (generated deps)."""
    parse_c = built / "src/parse.c"
    parse_c.write_text('#include "stats.h"\n' + parse_c.read_text())
    make(built)
    built_at = _age_tree(built)
    (built / "src/stats.h").touch()
    make(built)
    assert (built / "build/parse.o").stat().st_mtime > built_at + 60, (
        "parse.c now includes stats.h, but touching stats.h did not recompile parse.o"
    )


# ------------------------------------------------------------------ VERSION and flags


def test_version_change_propagates(built):
    (built / "VERSION").write_text("2.0.1\n")
    make(built)
    assert run_statcalc(built / "build/statcalc", "--version").strip() == "statcalc 2.0.1"
    assert '"2.0.1"' in (built / "build/version.h").read_text()
    real = built / "build/libstatcalc.so.2.0.1"
    assert real.is_file(), "no build/libstatcalc.so.2.0.1 after changing VERSION"
    assert "Library soname: [libstatcalc.so.2]" in readelf_dynamic(real)
    assert os.readlink(built / "build/libstatcalc.so.2") == "libstatcalc.so.2.0.1"
    assert os.readlink(built / "build/libstatcalc.so") == "libstatcalc.so.2"


def test_cflags_override_keeps_the_build_working(tmp_path):
    proj = fresh_copy(tmp_path)
    make(proj, "CFLAGS=-O0 -DSTATCALC_DEFAULT_PRECISION=5")
    out = run_statcalc(proj / "build/statcalc")
    assert "mean=3.00000" in out, out
    assert (proj / "build/libstatcalc.so.1.4.2").is_file()
    assert "Library soname: [libstatcalc.so.1]" in readelf_dynamic(proj / "build/libstatcalc.so.1.4.2")


def test_cppflags_and_ldflags_honoured(tmp_path):
    proj = fresh_copy(tmp_path)
    make(proj, "CPPFLAGS=-DSTATCALC_DEFAULT_PRECISION=4", "LDFLAGS=-Wl,-z,now")
    assert "mean=3.0000\n" in run_statcalc(proj / "build/statcalc")
    assert "BIND_NOW" in readelf_dynamic(proj / "build/statcalc"), "LDFLAGS did not reach the CLI link"
    assert "BIND_NOW" in readelf_dynamic(proj / "build/libstatcalc.so.1.4.2"), "LDFLAGS did not reach the library link"


# ------------------------------------------------------------------ test, install, clean


def test_make_test_runs_the_smoke_tests(tmp_path):
    proj = fresh_copy(tmp_path)
    proc = make(proj, "test")
    assert "all tests passed" in proc.stdout
    assert (proj / "build/statcalc").is_file()


def test_make_test_fails_when_a_test_fails(tmp_path):
    proj = fresh_copy(tmp_path)
    script = proj / "tests/run-tests.sh"
    text = script.read_text().replace(
        'if [ "$fails" -ne 0 ]', "check \"planted\" '1\\n' 'count=7'\nif [ \"$fails\" -ne 0 ]", 1
    )
    script.write_text(text)
    proc = make(proj, "test", check=False)
    assert proc.returncode != 0, "make test succeeded although a smoke test failed"


def test_install_staged_with_prefix(tmp_path):
    proj = fresh_copy(tmp_path)
    stage = tmp_path / "stage"
    make(proj, "install", f"DESTDIR={stage}", "PREFIX=/usr")  # from a clean tree: install builds first
    root = stage / "usr"
    expected_modes = {
        "bin/statcalc": 0o755,
        "lib/libstatcalc.so.1.4.2": 0o755,
        "include/statcalc/stats.h": 0o644,
        "include/statcalc/parse.h": 0o644,
        "include/statcalc/common.h": 0o644,
    }
    for rel, mode in expected_modes.items():
        p = root / rel
        assert p.is_file() and not p.is_symlink(), f"{rel} not installed"
        assert p.stat().st_mode & 0o7777 == mode, f"{rel} has mode {oct(p.stat().st_mode & 0o7777)}"
    for rel, target in {"lib/libstatcalc.so.1": "libstatcalc.so.1.4.2", "lib/libstatcalc.so": "libstatcalc.so.1"}.items():
        p = root / rel
        assert p.is_symlink(), f"{rel} is not a symbolic link"
        assert os.readlink(p) == target, f"{rel} -> {os.readlink(p)}"
    for rel in ("stats.h", "parse.h", "common.h"):
        assert (root / "include/statcalc" / rel).read_bytes() == (PROJECT / "src" / rel).read_bytes()
    assert run_statcalc(root / "bin/statcalc") == SAMPLE_OUT
    assert not (stage / "usr/local").exists(), "PREFIX was ignored"
    # A program builds against the installed headers and library with just -lstatcalc.
    (tmp_path / "consumer.c").write_text(CONSUMER)
    consumer = tmp_path / "consumer"
    subprocess.run(
        ["gcc", f"-I{root}/include", str(tmp_path / "consumer.c"), f"-L{root}/lib", "-lstatcalc", "-o", str(consumer)],
        check=True,
        capture_output=True,
    )
    assert "Shared library: [libstatcalc.so.1]" in readelf_dynamic(consumer)
    env = {**os.environ, "LD_LIBRARY_PATH": str(root / "lib")}
    assert run_statcalc(consumer, stdin="", env=env).strip() == "5.000 3.606"


def test_install_default_prefix(tmp_path):
    proj = fresh_copy(tmp_path)
    make(proj)
    stage = tmp_path / "stage"
    make(proj, "install", f"DESTDIR={stage}")
    assert (stage / "usr/local/bin/statcalc").is_file()
    assert (stage / "usr/local/lib/libstatcalc.so.1").is_symlink()
    assert (stage / "usr/local/include/statcalc/stats.h").is_file()


def test_clean_removes_only_build(built):
    before = sorted(str(p.relative_to(built)) for p in built.rglob("*") if "build" not in p.relative_to(built).parts)
    make(built, "clean")
    assert not (built / "build").exists(), "make clean left build/"
    after = sorted(str(p.relative_to(built)) for p in built.rglob("*"))
    assert after == before, "make clean removed files outside build/"


def test_targets_are_phony(built):
    for name in ("all", "test", "install", "clean"):
        (built / name).write_text("a file that happens to share the target's name\n")
    make(built, "clean")
    assert not (built / "build").exists(), "make clean did nothing while a file named 'clean' exists"
    proc = make(built, "test")
    assert "all tests passed" in proc.stdout, "make test did nothing while a file named 'test' exists"
