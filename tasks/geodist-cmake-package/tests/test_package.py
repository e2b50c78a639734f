"""Checks of the geodist package: configured, built and installed again from /app/geodist into
fresh prefixes, then consumed by fresh projects through find_package and through pkg-config."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

SRC = Path("/app/geodist")
WORK = Path("/tmp/verify-geodist")
PREFIX = WORK / "prefix"
MAIN = """#include <cstdio>
#include <geodist/geodist.hpp>
#include <geodist/version.hpp>
int main() {
    static_assert(GEODIST_VERSION_MAJOR == 2 && GEODIST_VERSION_MINOR == 3 && GEODIST_VERSION_PATCH == 1, "version");
    std::vector<geodist::Point> pts{{51.9617, 1.3513}, {53.5511, 9.9937}};
    auto d = geodist::distances_km({53.5511, 9.9937}, pts, 2);
    std::printf("%s %s %.1f %.1f\\n", GEODIST_VERSION, geodist::version(), d[0], d[1]);
}
"""
EXPECTED = "2.3.1 2.3.1 607.4 0.0"


def run(args, cwd=None, env=None, timeout=600):
    full = dict(os.environ, **(env or {}))
    return subprocess.run(args, cwd=cwd, env=full, capture_output=True, text=True, timeout=timeout)


def install(prefix, build):
    shutil.rmtree(build, ignore_errors=True)
    for step in (
        ["cmake", "-S", str(SRC), "-B", str(build), f"-DCMAKE_INSTALL_PREFIX={prefix}"],
        ["cmake", "--build", str(build), "-j", "2"],
        ["cmake", "--install", str(build)],
    ):
        result = run(step)
        assert result.returncode == 0, f"{' '.join(step)} failed:\n{result.stdout[-3000:]}{result.stderr[-3000:]}"


def consumer(name, prefix, target, version="2.3", extra=""):
    """Configure and build a find_package consumer; return (configure result, build result, exe)."""
    d = WORK / name
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    (d / "main.cpp").write_text(MAIN)
    (d / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.16)\nproject(consumer LANGUAGES CXX)\n"
        "set(CMAKE_CXX_STANDARD 17)\n"
        f"find_package(Geodist {version} REQUIRED)\n{extra}"
        "add_executable(consumer main.cpp)\n"
        f"target_link_libraries(consumer PRIVATE {target})\n"
    )
    conf = run(["cmake", "-S", str(d), "-B", str(d / "build"), f"-DCMAKE_PREFIX_PATH={prefix}"])
    if conf.returncode != 0:
        return conf, None, None
    build = run(["cmake", "--build", str(d / "build")])
    return conf, build, d / "build" / "consumer"


@pytest.fixture(scope="module", autouse=True)
def installed():
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    install(PREFIX, WORK / "build")
    yield


def test_shared_library_with_soversion():
    """The shared library is installed in <prefix>/lib as libgeodist.so.2.3.1 with the SONAME
    libgeodist.so.2 (SOVERSION 2), and the links libgeodist.so.2 and libgeodist.so."""
    lib = PREFIX / "lib"
    assert (lib / "libgeodist.so.2.3.1").is_file() and not (lib / "libgeodist.so.2.3.1").is_symlink()
    assert os.readlink(lib / "libgeodist.so.2") == "libgeodist.so.2.3.1"
    assert os.path.realpath(lib / "libgeodist.so") == os.path.realpath(lib / "libgeodist.so.2.3.1")
    dyn = run(["readelf", "-d", str(lib / "libgeodist.so.2.3.1")]).stdout
    assert "Library soname: [libgeodist.so.2]" in dyn, dyn


def test_static_library_installed():
    """The static variant is installed as <prefix>/lib/libgeodist.a from the same build."""
    archive = PREFIX / "lib" / "libgeodist.a"
    assert archive.is_file()
    assert "distance_km" in run(["nm", "-C", str(archive)]).stdout


def test_public_headers_only():
    """The public headers are installed in <prefix>/include/geodist (geodist.hpp and the generated
    version.hpp); the internal header haversine.hpp is not."""
    inc = PREFIX / "include" / "geodist"
    assert (inc / "geodist.hpp").is_file() and (inc / "version.hpp").is_file()
    assert not list(PREFIX.rglob("haversine.hpp"))


def test_package_files_installed():
    """GeodistConfig.cmake, GeodistConfigVersion.cmake and the exported targets are installed in
    <prefix>/lib/cmake/Geodist."""
    d = PREFIX / "lib" / "cmake" / "Geodist"
    for name in ("GeodistConfig.cmake", "GeodistConfigVersion.cmake", "GeodistTargets.cmake"):
        assert (d / name).is_file(), name


def test_demo_not_installed():
    """The demo program geodist-demo is built but not installed."""
    assert not [p for p in PREFIX.rglob("geodist-demo*")]
    assert list((WORK / "build").rglob("geodist-demo"))


def test_find_package_shared_consumer():
    """A consumer with find_package(Geodist 2.3 REQUIRED) links Geodist::geodist, builds with the
    installed headers (version.hpp included) and runs against libgeodist.so.2."""
    conf, build, exe = consumer("shared", PREFIX, "Geodist::geodist")
    assert conf.returncode == 0, conf.stdout[-2000:] + conf.stderr[-2000:]
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-2000:]
    env = {"LD_LIBRARY_PATH": str(PREFIX / "lib")}
    assert run([str(exe)], env=env).stdout.strip() == EXPECTED
    needed = run(["readelf", "-d", str(exe)]).stdout
    assert "[libgeodist.so.2]" in needed, needed


def test_find_package_static_consumer():
    """A consumer that links Geodist::geodist_static builds without finding Threads itself (the
    package config finds the dependency) and needs no shared geodist at run time."""
    conf, build, exe = consumer("static", PREFIX, "Geodist::geodist_static")
    assert conf.returncode == 0, conf.stdout[-2000:] + conf.stderr[-2000:]
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-2000:]
    assert run([str(exe)]).stdout.strip() == EXPECTED
    assert "libgeodist" not in run(["readelf", "-d", str(exe)]).stdout


@pytest.mark.parametrize(
    "version,found",
    [("2.0", True), ("2.3.1", True), ("2.3", True), ("1.9", False), ("2.4", False), ("3.0", False)],
)
def test_version_compatibility(version, found):
    """GeodistConfigVersion.cmake accepts a request of the same major version up to 2.3.1 and
    refuses an older major, a newer minor and a newer major (SameMajorVersion)."""
    conf, _, _ = consumer(f"v{version}", PREFIX, "Geodist::geodist", version=version)
    assert (conf.returncode == 0) == found, conf.stderr[-1500:]


def test_installed_files_hold_no_build_or_source_paths():
    """Consumers get <prefix>/include, never the source or build tree: no installed CMake or
    pkg-config file names /app/geodist or the build directory."""
    for f in list((PREFIX / "lib" / "cmake").rglob("*.cmake")) + list(PREFIX.rglob("*.pc")):
        text = f.read_text()
        assert "/app/geodist" not in text and str(WORK / "build") not in text, f


def test_relocatable_prefix():
    """The CMake package is relocatable: after the installed tree is moved to another prefix, a
    find_package consumer builds against the new place."""
    moved = WORK / "moved" / "opt-geodist"
    away = WORK / "prefix-away"
    moved.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(PREFIX, moved, symlinks=True)
    PREFIX.rename(away)
    try:
        conf, build, exe = consumer("relocated", moved, "Geodist::geodist")
        assert conf.returncode == 0, conf.stdout[-2000:] + conf.stderr[-2000:]
        assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-2000:]
        assert run([str(exe)], env={"LD_LIBRARY_PATH": str(moved / "lib")}).stdout.strip() == EXPECTED
    finally:
        away.rename(PREFIX)


def _pc(*args):
    return run(["pkg-config", *args, "geodist"], env={"PKG_CONFIG_PATH": str(PREFIX / "lib" / "pkgconfig")})


def test_pkg_config_file():
    """<prefix>/lib/pkgconfig/geodist.pc has the version 2.3.1 and the install prefix, -I for
    <prefix>/include, -L<prefix>/lib -lgeodist, and -pthread for static linking only."""
    assert _pc("--modversion").stdout.strip() == "2.3.1"
    assert _pc("--variable=prefix").stdout.strip() == str(PREFIX)
    assert f"-I{PREFIX}/include" in _pc("--cflags").stdout.split()
    libs = _pc("--libs").stdout.split()
    assert f"-L{PREFIX}/lib" in libs and "-lgeodist" in libs and "-pthread" not in libs, libs
    static = _pc("--static", "--libs").stdout.split()
    assert "-pthread" in static or "-lpthread" in static, static


def test_pkg_config_consumer():
    """A program compiled with the flags of pkg-config --cflags --libs geodist builds and runs."""
    d = WORK / "pc"
    d.mkdir(exist_ok=True)
    (d / "main.cpp").write_text(MAIN)
    flags = _pc("--cflags", "--libs").stdout.split()
    result = run(["g++", "-std=c++17", str(d / "main.cpp"), "-o", str(d / "app"), *flags])
    assert result.returncode == 0, result.stderr[-2000:]
    out = run([str(d / "app")], env={"LD_LIBRARY_PATH": str(PREFIX / "lib")}).stdout.strip()
    assert out == EXPECTED
