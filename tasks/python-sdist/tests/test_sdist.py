"""Verifier for python-sdist: the archive, its manifest and checksum, no secrets, and the build script."""
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

DIST = Path("/app/dist")
ARCHIVE = DIST / "greetlib-0.3.1.tar.gz"
BASE = "greetlib-0.3.1"
EXPECTED = {"pyproject.toml", "README.md", "LICENSE", "MANIFEST.txt",
            "src/greetlib/__init__.py", "src/greetlib/core.py"}
SECRET_MARKERS = [b"AKIAQ4VXN7EXAMPLE9ZT", b"GREETLIB_ENV"]


def members(path: Path) -> dict:
    with tarfile.open(path, "r:gz") as tar:
        out = {}
        for m in tar.getmembers():
            assert m.name == BASE or m.name.startswith(BASE + "/"), f"entry outside {BASE}/: {m.name}"
            if m.isfile():
                out[m.name[len(BASE) + 1:]] = tar.extractfile(m).read()
            else:
                assert m.isdir(), f"unexpected non-file entry {m.name}"
        return out


def check_archive(path: Path, expected: set) -> dict:
    files = members(path)
    assert set(files) == expected, f"archive holds {sorted(files)}, expected {sorted(expected)}"
    for name, data in files.items():
        for marker in SECRET_MARKERS:
            assert marker not in data, f"secret material in {name}"
    manifest = files["MANIFEST.txt"].decode().splitlines()
    want = [f"{hashlib.sha256(files[n]).hexdigest()}  {n}" for n in sorted(expected - {"MANIFEST.txt"})]
    assert manifest == want, "MANIFEST.txt does not list every other file as '<sha256>  <path>', sorted by path"
    return files


def test_dist_holds_archive_and_checksums_only():
    assert DIST.is_dir(), "no /app/dist"
    assert sorted(p.name for p in DIST.iterdir()) == ["SHA256SUMS", "greetlib-0.3.1.tar.gz"]


def test_archive_contents_and_manifest():
    check_archive(ARCHIVE, EXPECTED)


def test_no_env_file_anywhere_in_archive():
    with tarfile.open(ARCHIVE, "r:gz") as tar:
        names = tar.getnames()
    assert not [n for n in names if ".env" in n or "/." in n], names


def test_sha256sums():
    line = (DIST / "SHA256SUMS").read_text().strip().splitlines()
    assert line == [f"{hashlib.sha256(ARCHIVE.read_bytes()).hexdigest()}  greetlib-0.3.1.tar.gz"], line


def test_package_imports_from_archive(tmp_path):
    with tarfile.open(ARCHIVE, "r:gz") as tar:
        tar.extractall(tmp_path)  # members were checked by check_archive
    code = "import greetlib; assert greetlib.greet('Ann') == 'Hello, Ann!'; assert greetlib.__version__ == '0.3.1'"
    proc = subprocess.run([sys.executable, "-c", code], env={"PYTHONPATH": str(tmp_path / BASE / "src")},
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_version_not_bumped():
    digest = hashlib.sha256(Path("/app/pyproject.toml").read_bytes()).hexdigest()
    assert digest == "52e2647faee3a29bd0b649a9214d38496a264dec577c05c3f689f2d9a9c70b32", "pyproject.toml was changed"


def copy_project(dest: Path) -> Path:
    assert Path("/app/build_sdist.sh").is_file(), "missing /app/build_sdist.sh"
    shutil.copytree("/app", dest, symlinks=True, ignore=shutil.ignore_patterns(".git", "dist"))
    return dest


def build(proj: Path, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(proj / "build_sdist.sh")], cwd=cwd, capture_output=True, text=True, timeout=60)


def test_build_script_rebuilds_a_changed_project(tmp_path):
    proj = copy_project(tmp_path / "proj")
    (proj / "src/greetlib/extra.py").write_text("X = 1\n")
    (proj / "src/greetlib/sub").mkdir()
    (proj / "src/greetlib/sub/__init__.py").write_text("")
    (proj / "src/greetlib/.env.test").write_text("GREETLIB_ENV=test\n")
    (proj / ".env.production").write_text("GREETLIB_ENV=prod\n")
    (proj / "tests/test_more.py").write_text("def test_x():\n    pass\n")
    proc = build(proj, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-800:]
    check_archive(proj / "dist/greetlib-0.3.1.tar.gz",
                  EXPECTED | {"src/greetlib/extra.py", "src/greetlib/sub/__init__.py"})
    sums = (proj / "dist/SHA256SUMS").read_text().split()
    assert sums[0] == hashlib.sha256((proj / "dist/greetlib-0.3.1.tar.gz").read_bytes()).hexdigest()


def test_build_is_reproducible(tmp_path):
    """The source archive is built for release reproducibly, with a script: rebuilding later, from a copy of the project whose files have other modification times, gives exactly the bytes of the archive in /app/dist."""
    proj = copy_project(tmp_path / "again")
    past = time.time() - 400 * 24 * 3600
    for path in [proj, *proj.rglob("*")]:
        os.utime(path, (past, past), follow_symlinks=False)
    time.sleep(1.1)  # a build that records the current time cannot land on the same second as /app/dist's
    proc = build(proj, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-800:]
    rebuilt = proj / "dist/greetlib-0.3.1.tar.gz"
    assert rebuilt.read_bytes() == ARCHIVE.read_bytes(), (
        "not reproducible: rebuilding the same project later gives a different archive "
        "(entry times, owners, order or the gzip header vary)"
    )
    assert (proj / "dist/SHA256SUMS").read_text() == (DIST / "SHA256SUMS").read_text()


def assert_modes_normalised(path: Path):
    with tarfile.open(path, "r:gz") as tar:
        for m in tar.getmembers():
            want = 0o755 if m.isdir() else 0o644
            assert m.mode == want, f"{m.name} has mode {oct(m.mode)} in the archive, expected {oct(want)}"


def test_archive_permissions_normalised(tmp_path):
    """Permissions are normalised: in the archive every file goes in as mode 0644 and every folder as 0755, whatever the modes or the umask of the checkout it is built from (a private 0600 file or a group-writable one included)."""
    assert_modes_normalised(ARCHIVE)
    proj = copy_project(tmp_path / "modes")
    (proj / "src/greetlib/core.py").chmod(0o600)
    (proj / "src/greetlib/__init__.py").chmod(0o664)
    (proj / "src/greetlib").chmod(0o775)
    proc = subprocess.run(["bash", "-c", 'umask 002 && exec bash "$1"', "build", str(proj / "build_sdist.sh")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-800:]
    assert_modes_normalised(proj / "dist/greetlib-0.3.1.tar.gz")
