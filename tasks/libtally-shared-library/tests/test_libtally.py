"""libtally 2.1.0 as a versioned shared library installed beside libtally 1, with pkg-config and install rules."""

import hashlib
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

LIB = Path("/usr/local/lib")
SRC = Path("/app/libtally")
HERE = Path(__file__).parent
API = {"tally_new", "tally_free", "tally_add", "tally_count", "tally_sum", "tally_mean", "tally_stddev",
       "tally_keys", "tally_version"}
CLEAN_ENV = {k: v for k, v in os.environ.items() if k not in ("LD_LIBRARY_PATH", "LD_PRELOAD")}
PROGRAM = r"""
#include <stdio.h>
#include <tally.h>
int main(void) {
    tally_t *t = tally_new(4);
    tally_add(t, "x", 2); tally_add(t, "x", 4); tally_add(t, "x", 9);
    printf("%s %zu %.4f %.4f\n", tally_version(), tally_count(t, "x"), tally_mean(t, "x"), tally_stddev(t, "x"));
    tally_free(t);
    return 0;
}
"""


def run(*cmd: str, cwd: Path | None = None, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(cmd), cwd=cwd, env=CLEAN_ENV, capture_output=True, text=True, check=check)


def dynamic(path: Path) -> str:
    return run("readelf", "-d", "-W", str(path)).stdout


def soname(path: Path) -> str | None:
    m = re.search(r"\(SONAME\)\s+Library soname: \[([^\]]+)\]", dynamic(path))
    return m.group(1) if m else None


def exported(path: Path) -> set[str]:
    names = set()
    for line in run("readelf", "--dyn-syms", "-W", str(path)).stdout.splitlines():
        f = line.split()
        if len(f) >= 8 and f[0].endswith(":") and f[6] not in ("UND", "ABS") and f[3] in ("FUNC", "OBJECT", "IFUNC"):
            names.add(f[7].split("@")[0])
    return names


def pkgconfig(*args: str, path: str = "") -> str:
    env = dict(CLEAN_ENV) | ({"PKG_CONFIG_PATH": path} if path else {})
    return subprocess.run(["pkg-config", *args, "tally"], env=env, capture_output=True, text=True, check=True).stdout.strip()


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    """A copy of the source tree as the agent left it (built files included)."""
    dst = tmp_path / "libtally"
    shutil.copytree(SRC, dst, symlinks=True)
    return dst


def test_real_name_and_soname() -> None:
    real = LIB / "libtally.so.2.1.0"
    assert real.is_file() and not real.is_symlink(), "/usr/local/lib/libtally.so.2.1.0 is missing"
    assert "DYN" in run("readelf", "-h", str(real)).stdout
    assert soname(real) == "libtally.so.2"


def test_links_soname_and_development() -> None:
    assert os.readlink(LIB / "libtally.so.2") == "libtally.so.2.1.0"
    assert os.readlink(LIB / "libtally.so") == "libtally.so.2"


def test_only_the_api_of_tally_h_is_exported() -> None:
    got = exported(LIB / "libtally.so.2.1.0")
    assert got == API, f"exported beyond the API: {sorted(got - API)}; missing: {sorted(API - got)}"


def test_linked_against_libm() -> None:
    assert "Shared library: [libm.so.6]" in dynamic(LIB / "libtally.so.2.1.0")


def test_header_installed() -> None:
    h = Path("/usr/local/include/tally/tally.h")
    assert h.is_file()
    assert hashlib.sha256(h.read_bytes()).digest() == hashlib.sha256((HERE / "tally.h.orig").read_bytes()).digest()
    assert h.stat().st_mode & 0o777 == 0o644


def test_pkg_config_file() -> None:
    assert pkgconfig("--modversion") == "2.1.0"
    assert pkgconfig("--cflags") == "-I/usr/local/include/tally"
    assert pkgconfig("--libs") == "-L/usr/local/lib -ltally"
    assert "-lm" in pkgconfig("--static", "--libs").split()
    assert pkgconfig("--variable=prefix") == "/usr/local"


def test_a_program_builds_through_pkg_config_and_runs_from_the_cache(tmp_path: Path) -> None:
    (tmp_path / "t.c").write_text(PROGRAM)
    flags = pkgconfig("--cflags", "--libs").split()
    run("cc", "-o", str(tmp_path / "t"), str(tmp_path / "t.c"), *flags)
    out = run(str(tmp_path / "t")).stdout.split()
    assert out == ["2.1.0", "3", "5.0000", "3.6056"]


def test_ld_cache_knows_the_new_major() -> None:
    assert re.search(r"libtally\.so\.2 \(.*\) => /usr/local/lib/libtally\.so\.2$", run("ldconfig", "-p").stdout, re.M)


def test_libtally_1_stays_for_the_billing_job() -> None:
    assert (LIB / "libtally.so.1.4.2").is_file() and os.readlink(LIB / "libtally.so.1") == "libtally.so.1.4.2"
    assert soname(LIB / "libtally.so.1.4.2") == "libtally.so.1"
    r = subprocess.run(["/usr/local/bin/tally-legacy"], input="a 1\nb 4\na 3\n", env=CLEAN_ENV, capture_output=True, text=True, check=True)
    assert r.stdout.split() == ["a", "2.000", "b", "4.000"] and "libtally 1.4.2" in r.stderr


def test_reportgen_installed_against_the_new_library(tmp_path: Path) -> None:
    exe = Path("/usr/local/bin/reportgen")
    assert exe.is_file(), "/usr/local/bin/reportgen is missing"
    assert "Shared library: [libtally.so.2]" in dynamic(exe)
    rows = ["endpoint,latency_ms", "/a,10", "/b,1.5", "/a,20", "/a,bad", "", "/b,2.5", "/a,30"]
    (tmp_path / "in.csv").write_text("\n".join(rows) + "\n")
    out = run(str(exe), str(tmp_path / "in.csv")).stdout.splitlines()
    assert out == ["endpoint,count,mean_ms,stddev_ms", "/a,3,20.00,10.00", "/b,2,2.00,0.71"]


def test_makefile_default_target_builds_the_shared_library(tree: Path) -> None:
    run("make", "clean", cwd=tree)
    assert not list(tree.glob("libtally.so*")) and not list(tree.glob("*.o")), "make clean leaves built files"
    run("make", cwd=tree)
    assert soname(tree / "libtally.so.2.1.0") == "libtally.so.2"
    assert exported(tree / "libtally.so.2.1.0") == API


def test_staged_install_honours_prefix_and_destdir(tree: Path, tmp_path: Path) -> None:
    stage = tmp_path / "stage"
    run("make", "install", f"DESTDIR={stage}", "PREFIX=/usr", cwd=tree)
    lib = stage / "usr/lib"
    assert (lib / "libtally.so.2.1.0").is_file()
    assert os.readlink(lib / "libtally.so.2") == "libtally.so.2.1.0" and os.readlink(lib / "libtally.so") == "libtally.so.2"
    assert (stage / "usr/include/tally/tally.h").is_file()
    assert pkgconfig("--variable=prefix", path=str(lib / "pkgconfig")) == "/usr"
    assert pkgconfig("--cflags", path=str(lib / "pkgconfig")) == "-I/usr/include/tally"
    assert not list(Path("/usr/lib").glob("libtally*")), "the staged install wrote outside DESTDIR"


def test_version_comes_from_tally_h(tree: Path) -> None:
    h = tree / "tally.h"
    h.write_text(h.read_text().replace('#define TALLY_VERSION "2.1.0"', '#define TALLY_VERSION "2.3.1"'))
    run("make", "clean", cwd=tree)
    run("make", cwd=tree)
    assert soname(tree / "libtally.so.2.3.1") == "libtally.so.2"
