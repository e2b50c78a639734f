"""Verifier for sitecheck-deb-package: the built package, the build script on fresh copies, install and upgrade."""
import gzip
import hashlib
import io
import os
import shutil
import stat
import subprocess
import tarfile
from pathlib import Path

import pytest

SRC = Path("/app/sitecheck")
SCRIPT = Path("/app/build-deb.sh")
DIST_DEB = Path("/app/dist/sitecheck_1.3.0-1_all.deb")
EPOCH = 1700000000  # Tue, 14 Nov 2023 22:13:20 +0000

ORIGINALS = {
    "bin/sitecheck": "d9442baf4c7a55f29346db29aebfa98ba35286137cd54f7b1152b39cbaf05b10",
    "etc/sites.conf": "0fbd6d0f8f6099653309862b9b4788fef11c1dba563b9100c9e4ba2ecba0b8b9",
    "systemd/sitecheck.service": "05096be66f8be6de59df76a291d47952fc11e7df45034b795c42ccf8d98f4ebb",
    "systemd/sitecheck.timer": "a158d490bec6c546b2b0a44ecc79f7bf1fa4bcc0bd9c17153b6c136d9766025d",
    "man/sitecheck.1": "565a056d4b8bb1ad178da5cd962a6033f0e3f9a593bef32a4a1d8cee02bf6da8",
    "packaging/RELEASING.md": "a3c1f5e6c6cf589570669a0f218f03e18725ce7012be66eb280225cfc674a45f",
    "packaging/changelog": "9a259bbf884db6ebc1df3f72a758c8af67c911203d12b3360d475360562e6cd5",
    "packaging/control": "9dde51272b3706690bcc30ddec5f22347899412d517e919374aa12a7e79fcf6c",
    "packaging/copyright": "fd4c059fc4b2e0d35c2bb8c19a1ff463fdfc9b14fad63a7658625b1976e741c1",
    "README.md": "c51bbbe4add66b7c30b6e5694164939cdd575068875138b0920d7e4ca3b1f2e9",
    "tests/test_sitecheck.py": "73f2e6be1b26d766dd8bf8a3dc4fd0e86689a37e8c5c3762294766cf34e8744c",
}
FILES = {  # path in the package -> (source, mode, gzipped)
    "./usr/bin/sitecheck": ("bin/sitecheck", 0o755, False),
    "./etc/sitecheck/sites.conf": ("etc/sites.conf", 0o644, False),
    "./lib/systemd/system/sitecheck.service": ("systemd/sitecheck.service", 0o644, False),
    "./lib/systemd/system/sitecheck.timer": ("systemd/sitecheck.timer", 0o644, False),
    "./usr/share/man/man1/sitecheck.1.gz": ("man/sitecheck.1", 0o644, True),
    "./usr/share/doc/sitecheck/copyright": ("packaging/copyright", 0o644, False),
    "./usr/share/doc/sitecheck/changelog.Debian.gz": ("packaging/changelog", 0o644, True),
}
DIRS = {
    "./", "./etc/", "./etc/sitecheck/", "./lib/", "./lib/systemd/", "./lib/systemd/system/", "./usr/",
    "./usr/bin/", "./usr/share/", "./usr/share/man/", "./usr/share/man/man1/", "./usr/share/doc/",
    "./usr/share/doc/sitecheck/",
}
NEW_ENTRY = """sitecheck ({version}) unstable; urgency=medium

  * Test release.

 -- Web Ops <webops@example.com>  {date}

"""


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def tar_of(deb: Path, which: str) -> tarfile.TarFile:
    data = subprocess.run(["dpkg-deb", which, str(deb)], capture_output=True, check=True).stdout
    return tarfile.open(fileobj=io.BytesIO(data))


def norm(name: str) -> str:
    name = name if name.startswith("./") or name == "." else "./" + name.lstrip("/")
    return "./" if name in (".", "./") else name


def data_entries(deb: Path) -> dict[str, tarfile.TarInfo]:
    with tar_of(deb, "--fsys-tarfile") as tf:
        entries = {}
        for m in tf.getmembers():
            key = norm(m.name) + ("/" if m.isdir() and not norm(m.name).endswith("/") else "")
            entries[key] = m
        return entries


def data_bytes(deb: Path, path: str) -> bytes:
    with tar_of(deb, "--fsys-tarfile") as tf:
        for m in tf.getmembers():
            if norm(m.name) == path:
                return tf.extractfile(m).read()
    raise AssertionError(f"{path} not in the package")


def control_members(deb: Path) -> dict[str, tuple[int, bytes]]:
    with tar_of(deb, "--ctrl-tarfile") as tf:
        return {norm(m.name)[2:]: (m.mode, tf.extractfile(m).read()) for m in tf.getmembers() if m.isfile()}


def ar_mtimes(deb: Path) -> list[int]:
    data = deb.read_bytes()
    assert data[:8] == b"!<arch>\n"
    pos, out = 8, []
    while pos < len(data):
        header = data[pos:pos + 60]
        out.append(int(header[16:28].decode().strip()))
        size = int(header[48:58].decode().strip())
        pos += 60 + size + (size % 2)
    return out


def fresh_source(tmp_path: Path, name: str, junk: bool = True) -> Path:
    """A copy of the original sources (with the agent's postinst), plus junk that must stay out."""
    dest = tmp_path / name
    shutil.copytree(SRC, dest, ignore=shutil.ignore_patterns(".git", ".env", "*~", "*.swp", "__pycache__"))
    if junk:
        (dest / ".env").write_text("SITECHECK_TOKEN=not-for-the-package\n")
        (dest / "bin" / "sitecheck.bak").write_text("old\n")
        (dest / "etc" / "sites.conf~").write_text("old\n")
        (dest / "man" / ".sitecheck.1.swp").write_text("swap\n")
        (dest / "tests" / "__pycache__").mkdir(exist_ok=True)
        (dest / "tests" / "__pycache__" / "x.pyc").write_text("bytecode\n")
    return dest


def snapshot(tree: Path) -> dict[str, tuple[int, str]]:
    out = {}
    for p in sorted(tree.rglob("*")):
        st = p.lstat()
        out[str(p.relative_to(tree))] = (stat.S_IMODE(st.st_mode), sha(p.read_bytes()) if p.is_file() else "")
    return out


def build(src: Path, out: Path, check: bool = True) -> subprocess.CompletedProcess:
    proc = subprocess.run(["bash", str(SCRIPT), str(src), str(out)], capture_output=True, text=True, timeout=120)
    if check:
        assert proc.returncode == 0, f"build-deb.sh failed:\n{proc.stdout[-1500:]}\n{proc.stderr[-1500:]}"
    return proc


def add_entry(src: Path, version: str, date: str) -> None:
    changelog = src / "packaging" / "changelog"
    changelog.write_text(NEW_ENTRY.format(version=version, date=date) + changelog.read_text())


# ------------------------------------------------------------------ the source tree


@pytest.mark.parametrize("rel", sorted(ORIGINALS))
def test_source_unchanged(rel):
    assert sha((SRC / rel).read_bytes()) == ORIGINALS[rel], f"{rel} was changed; only packaging/postinst may be"


def test_postinst_source_fixed():
    text = (SRC / "packaging/postinst").read_text()
    assert text.startswith("#!/bin/sh"), "packaging/postinst must stay a #!/bin/sh script"
    assert "/run/systemd/system" in text


# ------------------------------------------------------------------ the package in /app/dist


def test_dist_package_exists():
    assert DIST_DEB.is_file(), f"{DIST_DEB} missing"
    subprocess.run(["dpkg-deb", "--info", str(DIST_DEB)], check=True, capture_output=True)


def test_control_file():
    members = control_members(DIST_DEB)
    expected = (SRC / "packaging/control").read_text().replace("@VERSION@", "1.3.0-1")
    assert members["control"][1].decode() == expected


def test_conffiles():
    members = control_members(DIST_DEB)
    assert "conffiles" in members, "DEBIAN/conffiles missing"
    assert members["conffiles"][1].decode().split() == ["/etc/sitecheck/sites.conf"]


def test_md5sums():
    """DEBIAN/md5sums (mode 0644), as dh_md5sums writes it: one line per file in the package except the conffile /etc/sitecheck/sites.conf, each <md5 in hex>  <path without the leading /> (two spaces), sorted by path in byte order (LC_ALL=C)."""
    members = control_members(DIST_DEB)
    assert "md5sums" in members, "DEBIAN/md5sums missing"
    mode, data = members["md5sums"]
    assert mode & 0o7777 == 0o644, f"md5sums has mode {oct(mode & 0o7777)}"
    paths = sorted((p[2:] for p in FILES if p != "./etc/sitecheck/sites.conf"), key=lambda s: s.encode())
    expected = "".join(f"{hashlib.md5(data_bytes(DIST_DEB, './' + p)).hexdigest()}  {p}\n" for p in paths)
    assert data.decode() == expected, f"DEBIAN/md5sums is\n{data.decode()}\nexpected\n{expected}"


def test_postinst_in_package():
    members = control_members(DIST_DEB)
    assert "postinst" in members, "DEBIAN/postinst missing"
    mode, data = members["postinst"]
    assert mode & 0o7777 == 0o755, f"postinst has mode {oct(mode)}"
    assert data == (SRC / "packaging/postinst").read_bytes()


def _check_contents(deb: Path, src: Path, epoch: int) -> None:
    entries = data_entries(deb)
    assert set(entries) == DIRS | set(FILES), (
        f"unexpected: {sorted(set(entries) - DIRS - set(FILES))}, missing: {sorted((DIRS | set(FILES)) - set(entries))}"
    )
    for name, m in entries.items():
        assert (m.uname, m.gname, m.uid, m.gid) == ("root", "root", 0, 0), f"{name} owned by {m.uname}:{m.gname}"
        assert m.mtime == epoch, f"{name} has mtime {m.mtime}, expected the changelog date {epoch}"
        if name in DIRS:
            assert m.isdir() and m.mode & 0o7777 == 0o755, f"directory {name} has mode {oct(m.mode & 0o7777)}"
        else:
            source, mode, gzipped = FILES[name]
            assert m.isfile(), f"{name} is not a regular file"
            assert m.mode & 0o7777 == mode, f"{name} has mode {oct(m.mode & 0o7777)}, expected {oct(mode)}"
            data = data_bytes(deb, name)
            original = (src / source).read_bytes()
            if gzipped:
                assert data[:2] == b"\x1f\x8b", f"{name} is not gzip data"
                assert data[3] & 0x08 == 0, f"{name}: the gzip header carries a file name (use gzip -n)"
                assert data[4:8] == b"\0\0\0\0", f"{name}: the gzip header carries a timestamp (use gzip -n)"
                assert gzip.decompress(data) == original, f"{name} does not decompress to {source}"
            else:
                assert data == original, f"{name} differs from {source}"
    assert all(t <= epoch for t in ar_mtimes(deb)), "an ar member is newer than the changelog date"


def test_dist_package_contents():
    _check_contents(DIST_DEB, SRC, EPOCH)


# ------------------------------------------------------------------ the build script on fresh copies


def test_script_builds_and_leaves_source_alone(tmp_path):
    """The build reads everything from SRC_DIR and never modifies it (no file or directory added, removed, changed or with its permissions changed), creates OUT_DIR and writes only the .deb there; nothing else goes in the package: not the junk planted in SRC_DIR (editor backups, swap files, dotfiles, caches, README, tests)."""
    src = fresh_source(tmp_path, "src")
    before = snapshot(src)
    out = tmp_path / "out" / "nested"
    build(src, out)
    assert snapshot(src) == before, "the build changed the source tree"
    assert sorted(p.name for p in out.iterdir()) == ["sitecheck_1.3.0-1_all.deb"], "OUT_DIR holds other files"
    _check_contents(out / "sitecheck_1.3.0-1_all.deb", src, EPOCH)


def test_reproducible_across_copies(tmp_path):
    a = fresh_source(tmp_path, "a")
    b = fresh_source(tmp_path, "b")
    for p in b.rglob("*"):  # other permissions and much older timestamps
        if p.is_file():
            p.chmod(0o600 if p.suffix != ".sh" else 0o700)
        os.utime(p, (978307200, 978307200))
    build(a, tmp_path / "out-a")
    build(b, tmp_path / "out-b")
    deb_a = (tmp_path / "out-a/sitecheck_1.3.0-1_all.deb").read_bytes()
    deb_b = (tmp_path / "out-b/sitecheck_1.3.0-1_all.deb").read_bytes()
    assert deb_a == deb_b, "two builds of the same sources differ"
    assert deb_a == DIST_DEB.read_bytes(), "/app/dist's package differs from a fresh build of the same sources"


def test_new_changelog_entry_with_tilde_and_offset(tmp_path):
    src = fresh_source(tmp_path, "src")
    add_entry(src, "1.4.0~rc1-1", "Mon, 01 Jan 2024 09:30:00 +0100")
    out = tmp_path / "out"
    build(src, out)
    deb = out / "sitecheck_1.4.0~rc1-1_all.deb"
    assert deb.is_file(), f"expected {deb.name}, got {[p.name for p in out.iterdir()]}"
    control = control_members(deb)["control"][1].decode()
    assert "\nVersion: 1.4.0~rc1-1\n" in control
    _check_contents(deb, src, 1704097800)


def test_missing_source_file_fails(tmp_path):
    src = fresh_source(tmp_path, "src", junk=False)
    (src / "man" / "sitecheck.1").unlink()
    out = tmp_path / "out"
    proc = build(src, out, check=False)
    assert proc.returncode != 0, "the build succeeded without man/sitecheck.1"
    assert not list(out.glob("*.deb")) if out.exists() else True, "a .deb was written although the build failed"


# ------------------------------------------------------------------ maintainer script behaviour


def _run_postinst(tmp_path: Path, with_systemd: bool) -> tuple[int, list[str]]:
    ctrl = tmp_path / "ctrl"
    subprocess.run(["dpkg-deb", "--control", str(DIST_DEB), str(ctrl)], check=True)
    fake = tmp_path / "fakebin"
    fake.mkdir()
    log = tmp_path / "systemctl.log"
    (fake / "systemctl").write_text(f'#!/bin/sh\necho "$*" >> {log}\n')
    (fake / "systemctl").chmod(0o755)
    marker = Path("/run/systemd/system")
    created = False
    if with_systemd and not marker.exists():
        marker.mkdir(parents=True)
        created = True
    try:
        env = {**os.environ, "PATH": f"{fake}:{os.environ['PATH']}"}
        proc = subprocess.run([str(ctrl / "postinst"), "configure", "1.2.1-2"], env=env, capture_output=True)
    finally:
        if created:
            marker.rmdir()
    calls = log.read_text().splitlines() if log.exists() else []
    return proc.returncode, calls


def test_postinst_without_systemd(tmp_path):
    assert not Path("/run/systemd/system").exists()
    code, calls = _run_postinst(tmp_path, with_systemd=False)
    assert code == 0, "postinst fails without systemd"
    assert calls == [], f"postinst called systemctl without systemd: {calls}"


def test_postinst_with_systemd(tmp_path):
    code, calls = _run_postinst(tmp_path, with_systemd=True)
    assert code == 0
    assert calls == ["daemon-reload", "enable --now sitecheck.timer"], calls


# ------------------------------------------------------------------ install and upgrade


def test_install_and_upgrade_keeps_local_edits(tmp_path):
    subprocess.run(["dpkg", "--purge", "sitecheck"], capture_output=True)
    proc = subprocess.run(["dpkg", "-i", str(DIST_DEB)], capture_output=True, text=True)
    assert proc.returncode == 0, f"dpkg -i failed:\n{proc.stdout}\n{proc.stderr}"
    try:
        assert subprocess.run(["sitecheck", "--version"], capture_output=True, text=True).stdout.strip() == "sitecheck 1.3.0"
        listed = subprocess.run(["sitecheck", "--list"], capture_output=True, text=True, check=True).stdout
        assert listed.startswith("homepage\thttps://www.example.com/\t5s\n")
        conf = Path("/etc/sitecheck/sites.conf")
        conf.write_text(conf.read_text() + "local      https://intranet.example.com/  2\n")
        edited = conf.read_bytes()
        src = fresh_source(tmp_path, "src")
        add_entry(src, "1.3.1-1", "Wed, 15 Nov 2023 10:00:00 +0000")
        build(src, tmp_path / "out")
        proc = subprocess.run(
            ["dpkg", "-i", "--force-confold", str(tmp_path / "out/sitecheck_1.3.1-1_all.deb")],
            capture_output=True,
            text=True,
        )
        assert proc.returncode == 0, f"upgrade failed:\n{proc.stdout}\n{proc.stderr}"
        status = subprocess.run(["dpkg-query", "-W", "-f=${Version} ${Status}", "sitecheck"], capture_output=True, text=True)
        assert status.stdout == "1.3.1-1 install ok installed"
        assert conf.read_bytes() == edited, "the upgrade overwrote the local edit of /etc/sitecheck/sites.conf"
    finally:
        subprocess.run(["dpkg", "--purge", "sitecheck"], capture_output=True)
