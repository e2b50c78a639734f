"""Verifier for tidemark-reproducible-release: the published dist/, the committed fix, and the release
script rebuilt on fresh commits by another user, in other directories, umasks, time zones and clocks."""

import ast
import gzip
import hashlib
import io
import os
import shutil
import socket
import subprocess
import tarfile
import time
import zipfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

APP = Path("/app")
ROOT = Path("/tmp/rbv")
NAME, VERSION = "tidemark", "1.4.2"
TARBALL = f"{NAME}-{VERSION}.tar.gz"
WHEEL = f"{NAME}-{VERSION}-py3-none-any.whl"
RELEASE = (TARBALL, WHEEL, "SHA256SUMS")
TOP = f"{NAME}-{VERSION}"
USER = "relbot"
FRESH_DATE = "2027-03-14T09:26:53Z"
FRESH_EPOCH = int(datetime(2027, 3, 14, 9, 26, 53, tzinfo=timezone.utc).timestamp())
ENV_EPOCH = 1800000000  # 2027-01-15T08:00:00Z
ORIGINAL_TABLES = "17af9318f535c9af39e6e843b46ecc5c23a567f4168e9f6fa24e660033c41479"
WIP_TABLES = "bc64cbb695c1ada2526026299be094dcf86627a2ab38172643332145313d5a26"
ENV_RELEASE = "e3bb1d88b03406c2d14d99e6c1ddd942b83935d78bedb8a09606efc7ddbba4c5"
BASE_ENV = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"}


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def run(cmd: list[str], cwd: Path | str = "/", env: dict[str, str] | None = None, check: bool = True):
    out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    if check and out.returncode != 0:
        raise AssertionError(f"{' '.join(cmd)} failed ({out.returncode}):\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}")
    return out


def git(repo: Path, *args: str) -> str:
    return run(["git", "-c", "safe.directory=*", "-C", str(repo), *args]).stdout


def clone(src: Path, dest: Path, owner: str | None = None, umask: int = 0o022) -> Path:
    """A clone of src's HEAD at dest, checked out under the given umask, owned by owner."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    old = os.umask(umask)
    try:
        run(["git", "-c", "safe.directory=*", "clone", "-q", str(src), str(dest)])
    finally:
        os.umask(old)
    if owner:
        shutil.chown(dest.parent, owner)
        run(["chown", "-R", owner, str(dest)])
    return dest


def build(repo: Path, user: str | None, umask: str, tz: str, clock: str | None, cwd: str,
          extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Runs the repo's tools/release.sh as user (None: root), with umask, TZ and a faked clock."""
    env = dict(BASE_ENV, TZ=tz, HOME="/tmp" if user else "/root", **(extra_env or {}))
    script = f"umask {umask}; cd {cwd} && "
    script += (f"faketime -f {clock} " if clock else "") + f"bash {repo}/tools/release.sh"
    cmd = ["bash", "-c", script]
    if user:
        cmd = ["runuser", "-u", user, "--", "env", *[f"{k}={v}" for k, v in env.items()], *cmd]
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)


def release_files(repo: Path) -> dict[str, bytes]:
    dist = repo / "dist"
    return {p.name: p.read_bytes() for p in sorted(dist.iterdir())} if dist.is_dir() else {}


def tar_members(data: bytes) -> list[tuple[tarfile.TarInfo, bytes | None]]:
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tf:
        out = []
        for m in tf.getmembers():
            f = tf.extractfile(m) if m.isfile() else None
            out.append((m, f.read() if f else None))
        return out


def wheel_members(data: bytes) -> list[tuple[zipfile.ZipInfo, bytes]]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return [(i, zf.read(i)) for i in zf.infolist()]


def build_info(text: str) -> dict[str, object]:
    tree = ast.parse(text)
    names: dict[str, object] = {}
    for node in tree.body:
        assert isinstance(node, ast.Assign) and len(node.targets) == 1, f"_build_info.py has more than assignments: {text!r}"
        names[node.targets[0].id] = ast.literal_eval(node.value)
    return names


def zip_time(epoch: int) -> tuple[int, ...]:
    t = time.gmtime(epoch)
    return (t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec - t.tm_sec % 2)


@pytest.fixture(scope="session")
def builds() -> dict[str, object]:
    """Builds once: the published HEAD elsewhere, a fresh commit twice, and once with SOURCE_DATE_EPOCH set."""
    shutil.rmtree(ROOT, ignore_errors=True)
    ROOT.mkdir(parents=True)
    os.chmod(ROOT, 0o755)
    if run(["id", USER], check=False).returncode != 0:
        run(["useradd", "-M", "-d", "/nonexistent", "-s", "/bin/bash", USER])
    out: dict[str, object] = {"head": git(APP, "rev-parse", "HEAD").strip()}

    # A: the agent's committed HEAD, rebuilt by someone else somewhere else.
    a = clone(APP, ROOT / "published" / "tidemark", owner=USER, umask=0o077)
    out["a"] = (a, build(a, USER, "077", "Asia/Kolkata", "+400d", "/"))

    # A fresh commit on top of it: a new module and a changelog line, at a known date.
    src = clone(APP, ROOT / "fresh-src")
    (src / "src/tidemark/units.py").write_text('"""Unit conversions."""\n\nFEET_PER_METRE = 3.28084\n')
    with open(src / "CHANGELOG.md", "a") as f:
        f.write("\n## unreleased\n- Add tidemark.units.\n")
    git(src, "add", "-A")
    env = dict(os.environ, GIT_AUTHOR_DATE=FRESH_DATE, GIT_COMMITTER_DATE=FRESH_DATE)
    run(["git", "-c", "safe.directory=*", "-C", str(src), "-c", "user.name=Verifier", "-c", "user.email=v@example.com",
         "commit", "-q", "-m", "Add units"], env=env)
    out["fresh_head"] = git(src, "rev-parse", "HEAD").strip()
    out["fresh_files"] = sorted(git(src, "ls-files").split("\n")[:-1])
    out["fresh_src"] = src

    b1 = clone(src, ROOT / "b1" / "tidemark")
    out["b1"] = (b1, build(b1, None, "022", "UTC", None, str(b1)))
    b2 = clone(src, ROOT / "second-build" / "in-a-much-longer-directory-name" / "tidemark", owner=USER, umask=0o077)
    out["b2"] = (b2, build(b2, USER, "077", "Pacific/Kiritimati", "+1100d", "/"))

    # B3: SOURCE_DATE_EPOCH given by the build farm; a dirty edit and untracked files in the checkout.
    b3 = clone(src, ROOT / "b3" / "tidemark")
    with open(b3 / "README.md", "a") as f:
        f.write("\nLOCAL EDIT NOT COMMITTED\n")
    (b3 / "src/tidemark/scratch_notes.py").write_text("SCRATCH = True\n")
    (b3 / ".env.local").write_text("TOKEN=verifier-untracked-secret\n")
    out["b3"] = (b3, build(b3, None, "022", "America/Los_Angeles", None, str(b3 / "src"),
                           {"SOURCE_DATE_EPOCH": str(ENV_EPOCH)}))
    return out


def built(builds: dict[str, object], key: str) -> dict[str, bytes]:
    repo, proc = builds[key]
    assert proc.returncode == 0, f"tools/release.sh failed in {repo}:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    files = release_files(repo)
    assert set(files) == set(RELEASE), f"dist/ of a build in {repo} holds {sorted(files)}, expected {sorted(RELEASE)}"
    return files


def test_dist_holds_exactly_the_release() -> None:
    """dist/ holds exactly tidemark-1.4.2.tar.gz, tidemark-1.4.2-py3-none-any.whl and SHA256SUMS, which is
    sha256sum's output for the two artifacts, run inside dist/, sorted by file name."""
    files = release_files(APP)
    assert set(files) == set(RELEASE), f"/app/dist holds {sorted(files)}"
    expected = "".join(f"{sha(files[n])}  {n}\n" for n in sorted((TARBALL, WHEEL)))
    assert files["SHA256SUMS"].decode() == expected


def test_fix_committed_without_dana_work_or_token() -> None:
    """The fix is committed on main; Dana's uncommitted edit of tables.py and the untracked .env.release stay
    as they are, uncommitted, and the version stays 1.4.2."""
    assert git(APP, "rev-parse", "--abbrev-ref", "HEAD").strip() == "main"
    assert int(git(APP, "rev-list", "--count", "HEAD").strip()) >= 2, "nothing was committed"
    assert sha(git(APP, "show", "HEAD:src/tidemark/tables.py").encode()) == ORIGINAL_TABLES, "tables.py was committed"
    assert sha((APP / "src/tidemark/tables.py").read_bytes()) == WIP_TABLES, "Dana's edit of tables.py is gone"
    assert sha((APP / ".env.release").read_bytes()) == ENV_RELEASE, ".env.release was changed or removed"
    assert git(APP, "log", "--all", "--format=%H", "--", ".env.release").strip() == "", ".env.release was committed"
    status = [line for line in git(APP, "status", "--porcelain").splitlines() if not line.startswith("?? .env.release")]
    assert status == [" M src/tidemark/tables.py"], f"uncommitted changes besides Dana's: {status}"
    assert f'version = "{VERSION}"' in git(APP, "show", "HEAD:pyproject.toml")


def test_published_release_is_a_rebuild_of_head(builds) -> None:
    """The dist/ we publish is exactly what a fresh build of the committed HEAD gives, byte for byte, when
    another user rebuilds it in another directory, with umask 077, in another time zone and on another day."""
    rebuilt = built(builds, "a")
    mine = release_files(APP)
    for name in RELEASE:
        assert mine.get(name) == rebuilt[name], f"dist/{name} differs from a rebuild of HEAD {builds['head'][:12]}"


def test_two_builds_are_byte_identical(builds) -> None:
    """Two builds of the same commit, one as root with umask 022 in UTC, the other as another user with umask
    077 in a longer directory, another time zone and a clock three years on, run from another directory,
    give byte-identical files."""
    one, two = built(builds, "b1"), built(builds, "b2")
    for name in RELEASE:
        assert one[name] == two[name], f"{name} differs between the two builds"


def test_tarball_contents_are_the_committed_tree(builds) -> None:
    """The tarball holds everything git tracks at HEAD under tidemark-1.4.2/, plus the generated
    src/tidemark/_build_info.py, each file as committed."""
    members = tar_members(built(builds, "b1")[TARBALL])
    files = {m.name: data for m, data in members if m.isfile()}
    expected = {f"{TOP}/{p}" for p in builds["fresh_files"]} | {f"{TOP}/src/tidemark/_build_info.py"}
    assert set(files) == expected, f"extra: {sorted(set(files) - expected)}, missing: {sorted(expected - set(files))}"
    for m, _ in members:
        assert m.isfile() or m.isdir(), f"{m.name}: neither a file nor a directory"
        assert m.name == TOP or m.name.startswith(TOP + "/"), f"{m.name} is outside {TOP}/"
    src = builds["fresh_src"]
    for path in builds["fresh_files"]:
        committed = run(["git", "-c", "safe.directory=*", "-C", str(src), "show", f"HEAD:{path}"]).stdout.encode()
        assert files[f"{TOP}/{path}"] == committed, f"{path} differs from the commit"


def test_tarball_entries_are_normalised(builds) -> None:
    """Tarball entries are sorted by name, owned by 0:0 (names root or empty), files 0644, executables 0755,
    directories 0755, every entry's modification time the SOURCE_DATE_EPOCH (the HEAD commit's date)."""
    members = tar_members(built(builds, "b1")[TARBALL])
    names = [m.name for m, _ in members]
    assert names == sorted(names, key=lambda n: n.split("/")), "entries are not sorted by name"
    executables = {"tools/release.sh"}
    for m, _ in members:
        assert (m.uid, m.gid) == (0, 0), f"{m.name}: owner {m.uid}:{m.gid}"
        assert m.uname in ("", "root") and m.gname in ("", "root"), f"{m.name}: owner names {m.uname}:{m.gname}"
        assert int(m.mtime) == FRESH_EPOCH, f"{m.name}: mtime {m.mtime}, expected {FRESH_EPOCH}"
        rel = m.name[len(TOP) + 1:]
        want = 0o755 if m.isdir() or rel in executables else 0o644
        assert m.mode & 0o7777 == want, f"{m.name}: mode {oct(m.mode)}, expected {oct(want)}"
        assert not m.pax_headers, f"{m.name}: pax headers {m.pax_headers}"


def test_gzip_header_has_no_name_or_time(builds) -> None:
    """The tarball is compressed like gzip -n: no file name and no timestamp in the gzip header."""
    for data in (built(builds, "b1")[TARBALL], release_files(APP).get(TARBALL, b"")):
        assert data[:2] == b"\x1f\x8b", "not a gzip file"
        assert not data[3] & 0x08, "the gzip header carries a file name"
        assert int.from_bytes(data[4:8], "little") == 0, "the gzip header carries a timestamp"


def test_wheel_entries_are_normalised(builds) -> None:
    """The wheel holds the package with the new module and _build_info.py, no tests or tools; every entry is
    dated at the SOURCE_DATE_EPOCH (UTC, zip's two-second steps) and the package's files have mode 0644
    whatever the umask."""
    for key in ("b1", "b2"):
        check_wheel(wheel_members(built(builds, key)[WHEEL]))


def check_wheel(members: list[tuple[zipfile.ZipInfo, bytes]]) -> None:
    names = {i.filename for i, _ in members}
    for need in ("tidemark/__init__.py", "tidemark/cli.py", "tidemark/units.py", "tidemark/_build_info.py",
                 "tidemark/data/ports.csv"):
        assert need in names, f"{need} missing from the wheel"
    assert not [n for n in names if n.startswith(("tests/", "tools/", "src/"))], sorted(names)
    for info, _ in members:
        assert info.date_time == zip_time(FRESH_EPOCH), f"{info.filename}: {info.date_time}"
        if info.filename.startswith("tidemark/"):
            assert (info.external_attr >> 16) & 0o7777 == 0o644, f"{info.filename}: mode {oct(info.external_attr >> 16)}"


def test_build_info_has_exactly_version_commit_date(builds) -> None:
    """_build_info.py holds exactly VERSION, COMMIT (the full hash of HEAD) and BUILD_DATE (the
    SOURCE_DATE_EPOCH as UTC, like 2026-11-20T14:03:11Z), in the tarball and in the wheel."""
    files = built(builds, "b1")
    tar_info = {m.name: d for m, d in tar_members(files[TARBALL])}[f"{TOP}/src/tidemark/_build_info.py"]
    wheel_info = dict((i.filename, d) for i, d in wheel_members(files[WHEEL]))["tidemark/_build_info.py"]
    expected = {"VERSION": VERSION, "COMMIT": builds["fresh_head"], "BUILD_DATE": FRESH_DATE}
    for data in (tar_info, wheel_info):
        assert build_info(data.decode()) == expected


def test_version_line_from_the_wheel(builds, tmp_path: Path) -> None:
    """tidemark --version keeps working from the release and prints
    tidemark 1.4.2 (commit <first 12 characters of the hash>, built <BUILD_DATE>)."""
    cases = [(built(builds, "b1")[WHEEL], builds["fresh_head"], FRESH_DATE)]
    head = builds["head"]
    stamp = git(APP, "log", "-1", "--format=%ct", "HEAD").strip()
    published = release_files(APP).get(WHEEL)
    assert published, "dist/ has no wheel"
    cases.append((published, head, time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(int(stamp)))))
    for i, (data, commit, date) in enumerate(cases):
        where = tmp_path / str(i)
        zipfile.ZipFile(io.BytesIO(data)).extractall(where)
        out = run(["python3", "-m", "tidemark", "--version"], cwd=tmp_path, env=dict(BASE_ENV, PYTHONPATH=str(where)))
        assert out.stdout == f"tidemark {VERSION} (commit {commit[:12]}, built {date})\n"


def test_no_build_environment_leaks(builds) -> None:
    """No build host, user, directory or build clock time appears anywhere in the artifacts."""
    fake_day = (datetime.now(timezone.utc) + timedelta(days=1100)).strftime("%Y-%m-%d")
    today = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    host = socket.gethostname()
    needles = [b"/tmp/rbv", b"second-build", b"longer-directory", USER.encode(), fake_day.encode(), today.encode()]
    if len(host) >= 6:
        needles.append(host.encode())
    for key in ("b1", "b2"):
        files = built(builds, key)
        blobs = [(f"{TARBALL}:{m.name}", (d or b"") + m.name.encode()) for m, d in tar_members(files[TARBALL])]
        blobs += [(f"{WHEEL}:{i.filename}", d + i.filename.encode()) for i, d in wheel_members(files[WHEEL])]
        blobs += [(TARBALL, gzip.decompress(files[TARBALL])), (WHEEL, files[WHEEL])]
        for where, blob in blobs:
            for needle in needles:
                assert needle not in blob, f"{where} contains {needle!r} from the build environment"


def test_source_date_epoch_from_the_environment(builds) -> None:
    """When SOURCE_DATE_EPOCH is already set it is used instead of the commit date; uncommitted edits and
    untracked files never end up in a release, and the script works from any directory."""
    files = built(builds, "b3")
    members = tar_members(files[TARBALL])
    assert {int(m.mtime) for m, _ in members} == {ENV_EPOCH}
    names = {m.name for m, _ in members}
    assert f"{TOP}/src/tidemark/scratch_notes.py" not in names and f"{TOP}/.env.local" not in names
    readme = {m.name: d for m, d in members}[f"{TOP}/README.md"]
    assert b"LOCAL EDIT" not in readme
    info = dict((i.filename, d) for i, d in wheel_members(files[WHEEL]))
    assert "tidemark/scratch_notes.py" not in info
    assert build_info(info["tidemark/_build_info.py"].decode())["BUILD_DATE"] == "2027-01-15T08:00:00Z"
    assert {i.date_time for i, _ in wheel_members(files[WHEEL])} == {zip_time(ENV_EPOCH)}


def test_release_leaves_the_checkout_as_it_was(builds) -> None:
    """After a release the checkout looks as before: no build/, egg-info or _build_info.py left, only dist/."""
    repo, _ = builds["b1"]
    built(builds, "b1")
    status = run(["git", "-c", "safe.directory=*", "-C", str(repo), "status", "--porcelain", "--ignored"]).stdout
    assert status.splitlines() == ["!! dist/"], f"the checkout after a release:\n{status}"
