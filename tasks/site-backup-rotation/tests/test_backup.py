"""Verifier for site-backup-rotation: archive contents on a fresh source tree, rotation on fresh
archives around a year boundary (ISO weeks, a month without archives, misleading mtimes, names
that only look dated), failure paths, the real /srv/backups after the agent's run, the cron job."""
import datetime as dt
import gzip
import hashlib
import io
import os
import re
import stat
import subprocess
import tarfile
from pathlib import Path

import pytest

SCRIPT = "/usr/local/sbin/backup-site"


def keep_set(dates):
    """The rotation rule of the instruction."""
    newest_first = sorted(set(dates), reverse=True)
    keep = set(newest_first[:7])
    for key, count in ((lambda d: d.isocalendar()[:2], 4), (lambda d: (d.year, d.month), 6)):
        groups = []
        for d in newest_first:
            if key(d) not in groups:
                groups.append(key(d))
                if len(groups) <= count:
                    keep.add(d)
    return keep


def tiny_archive(label: str) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        info = tarfile.TarInfo("site/.backup-date")
        data = (label + "\n").encode()
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return gzip.compress(buf.getvalue(), mtime=0)


def sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def run(env_extra: dict) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("SOURCE", "BACKUP_DIR", "BACKUP_DATE")}
    env.update(env_extra)
    return subprocess.run([SCRIPT], env=env, capture_output=True, text=True, timeout=120)


# ------------------------------------------------------------------ fixtures

SOURCE_FILES = {
    "index.html": ("<h1>fixture</h1>\n", 0o644),
    "about us/team page.html": ("team\n", 0o644),
    ".well-known/security.txt": ("Contact: security@example.com\n", 0o644),
    "private/keys.conf": ("secret-ish\n", 0o600),
    "notes/cache": ("a file named cache\n", 0o644),
    "notes/cache.d/keep.txt": ("not the cache folder\n", 0o644),
    "notes/draft.tmp": ("excluded\n", 0o644),
    "notes/draft.tmp.txt": ("kept\n", 0o644),
    "notes/.tmp": ("a hidden file called .tmp: ends in .tmp, excluded\n", 0o644),
    "cache/a.html": ("excluded\n", 0o644),
    "uploads/cache/b.jpg": ("excluded\n", 0o644),
    "uploads/deep/er/cache/c.jpg": ("excluded\n", 0o644),
    "uploads/photo one.jpg": ("jpg\n", 0o644),
    "bin/run.sh": ("#!/bin/sh\necho run\n", 0o755),
}
EXPECTED_MEMBERS = {
    "site", "site/index.html", "site/about us", "site/about us/team page.html", "site/.well-known",
    "site/.well-known/security.txt", "site/private", "site/private/keys.conf", "site/notes", "site/notes/cache",
    "site/notes/cache.d", "site/notes/cache.d/keep.txt", "site/notes/draft.tmp.txt", "site/uploads",
    "site/uploads/deep", "site/uploads/deep/er", "site/uploads/photo one.jpg", "site/bin", "site/bin/run.sh",
    "site/current", "site/latest.html", "site/empty",
}

DIRS = {"site", "site/about us", "site/.well-known", "site/private", "site/notes", "site/notes/cache.d", "site/uploads",
        "site/uploads/deep", "site/uploads/deep/er", "site/bin", "site/empty"}

DAILY = [dt.date(2024, 12, 10) + dt.timedelta(days=i) for i in range(26)]
DAILY = [d for d in DAILY if d not in (dt.date(2024, 12, 24), dt.date(2024, 12, 25), dt.date(2025, 1, 2))]
OLDER = [dt.date(2024, 11, 30), dt.date(2024, 11, 12), dt.date(2024, 10, 31), dt.date(2024, 10, 1),
         dt.date(2024, 8, 15), dt.date(2024, 7, 31), dt.date(2024, 7, 2), dt.date(2024, 6, 30)]
NEW = dt.date(2025, 1, 5)
DECOYS = ["site-manual-2024.tar.gz", "site-20241301.tar.gz", "site-2024120.tar.gz", "site-20241215.tar.gz.part",
          "other-20241201.tar.gz", "README", "site-20241230.tar.gz.sha256"]


@pytest.fixture
def world(tmp_path):
    src = tmp_path / "web root" / "site"
    for rel, (text, mode) in SOURCE_FILES.items():
        p = src / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
        p.chmod(mode)
    (src / "empty").mkdir()
    os.symlink("bin", src / "current")
    os.symlink("index.html", src / "latest.html")
    backups = tmp_path / "back ups"
    backups.mkdir()
    dated = sorted(DAILY + OLDER)
    for i, d in enumerate(dated):
        p = backups / f"site-{d:%Y%m%d}.tar.gz"
        p.write_bytes(tiny_archive(f"{d:%Y%m%d}"))
        t = 1_600_000_000 + (len(dated) - i) * 86400  # oldest archives look newest by mtime
        os.utime(p, (t, t))
    for name in DECOYS:
        (backups / name).write_bytes(tiny_archive(name))
    return src, backups, dated


def env_for(src, backups, date=NEW):
    return {"SOURCE": str(src), "BACKUP_DIR": str(backups), "BACKUP_DATE": f"{date:%Y%m%d}"}


# ------------------------------------------------------------------ archive


def test_script_is_executable():
    assert os.path.isfile(SCRIPT) and os.access(SCRIPT, os.X_OK), f"{SCRIPT} missing or not executable"


def test_archive_contents(world):
    src, backups, _ = world
    proc = run(env_for(src, backups))
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[-400:]}"
    archive = backups / f"site-{NEW:%Y%m%d}.tar.gz"
    assert archive.is_file(), f"{archive.name} not created"
    with open(archive, "rb") as f:
        assert f.read(2) == b"\x1f\x8b", "not gzip-compressed"
    with tarfile.open(archive, "r:gz") as tar:
        members = {m.name.rstrip("/"): m for m in tar.getmembers()}
        get = {(n[2:] if n.startswith("./") else n): m for n, m in members.items()}
        # Folders may or may not have their own entries, except the empty one, which only exists as an entry.
        names = {n for n, m in get.items() if not m.isdir()}
        want = {n for n in EXPECTED_MEMBERS if n not in DIRS}
        assert names == want, f"missing: {sorted(want - names)}; unexpected: {sorted(names - want)}"
        assert "site/empty" in get and get["site/empty"].isdir(), "the empty folder is missing from the archive"
        assert not {n for n, m in get.items() if m.isdir()} - DIRS, "excluded folders are in the archive"
        assert get["site/current"].issym() and get["site/current"].linkname == "bin", "symlink not stored as a link"
        assert get["site/latest.html"].issym(), "symlink to a file was followed"
        assert stat.S_IMODE(get["site/private/keys.conf"].mode) == 0o600, "file mode not kept"
        assert stat.S_IMODE(get["site/bin/run.sh"].mode) == 0o755, "file mode not kept"
        assert tar.extractfile(get["site/about us/team page.html"]).read() == b"team\n"


def archive_members(world):
    src, backups, _ = world
    proc = run(env_for(src, backups))
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[-400:]}"
    with tarfile.open(backups / f"site-{NEW:%Y%m%d}.tar.gz", "r:gz") as tar:
        members = {m.name.rstrip("/"): m for m in tar.getmembers()}
    return {(n[2:] if n.startswith("./") else n): m for n, m in members.items()}


def test_cache_folders_excluded(world):
    """Every directory named cache, at any depth, is left out with its contents (a regular file named cache is kept)."""
    get = archive_members(world)
    cache_dirs = ("site/cache", "site/uploads/cache", "site/uploads/deep/er/cache")
    bad = sorted(n for n in get if n in cache_dirs or n.startswith(tuple(d + "/" for d in cache_dirs)))
    assert not bad, f"cache folders or their contents in the archive: {bad}"
    assert "site/notes/cache" in get and get["site/notes/cache"].isfile(), "the regular file named cache was dropped"
    assert "site/notes/cache.d/keep.txt" in get, "a folder named cache.d was dropped"


def test_tmp_files_excluded(world):
    """Files whose name ends in .tmp are left out (upload.tmp), but changelog.tmp.txt is kept."""
    get = archive_members(world)
    bad = sorted(n for n in ("site/notes/draft.tmp", "site/notes/.tmp") if n in get)
    assert not bad, f".tmp files in the archive: {bad}"
    assert "site/notes/draft.tmp.txt" in get, "a file whose name only contains .tmp was dropped"


def test_rotation_and_output(world):
    """Pruning keeps exactly the dated archives the rule keeps (the 7 newest; the newest of each of the 4 newest ISO 8601 weeks, Monday to Sunday, numbered as date.isocalendar() does; the newest of each of the 6 newest months), never touches other files, prints created <path> then deleted <path> lines sorted by name, and exits with status 0 on success."""
    src, backups, dated = world
    decoy_sha = {n: sha(backups / n) for n in DECOYS}
    proc = run(env_for(src, backups))
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[-400:]}"
    keep = keep_set(dated + [NEW])
    remaining = {p.name for p in backups.iterdir()}
    want_dated = {f"site-{d:%Y%m%d}.tar.gz" for d in keep}
    got_dated = {n for n in remaining if n not in DECOYS}
    assert got_dated == want_dated, (f"should have been deleted: {sorted(got_dated - want_dated)}; "
                                     f"wrongly deleted: {sorted(want_dated - got_dated)}")
    for n in DECOYS:
        assert (backups / n).is_file() and sha(backups / n) == decoy_sha[n], f"{n} was touched"
    deleted = sorted(f"site-{d:%Y%m%d}.tar.gz" for d in dated if d not in keep)
    want_out = [f"created {backups / f'site-{NEW:%Y%m%d}.tar.gz'}"] + [f"deleted {backups / n}" for n in deleted]
    got_out = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    assert got_out == want_out, "stdout:\n" + proc.stdout + "\nwant:\n" + "\n".join(want_out)


def test_existing_archive_for_the_date(world):
    """If site-<BACKUP_DATE>.tar.gz already exists, the script leaves it as it is, prunes nothing, says so on stderr and exits 1."""
    src, backups, dated = world
    existing = backups / f"site-{dated[-1]:%Y%m%d}.tar.gz"
    before = {p.name: sha(p) for p in backups.iterdir()}
    proc = run(env_for(src, backups, dated[-1]))
    assert proc.returncode == 1, f"exit {proc.returncode}, want 1 when the archive exists"
    assert proc.stderr.strip(), "nothing said on stderr"
    assert {p.name: sha(p) for p in backups.iterdir()} == before, "files changed although the archive existed"
    assert existing.is_file()


def test_failed_archive_prunes_nothing(world, tmp_path):
    """If making the archive fails (SOURCE does not exist), no site-<date>.tar.gz is left behind, nothing is pruned, and the script exits non-zero."""
    _, backups, _ = world
    before = {p.name: sha(p) for p in backups.iterdir()}
    proc = run(env_for(tmp_path / "no such folder", backups))
    assert proc.returncode != 0, "exit 0 although SOURCE does not exist"
    after = {p.name: sha(p) for p in backups.iterdir()}
    assert not (backups / f"site-{NEW:%Y%m%d}.tar.gz").exists(), "an archive was left under the final name"
    assert {n: h for n, h in after.items() if n in before} == before, "archives were deleted or changed"
    assert not [n for n in set(after) - set(before) if DATED.fullmatch(n)], "a dated archive appeared"


DATED = re.compile(r"site-\d{8}\.tar\.gz")


def test_default_date_is_utc_today(world):
    src, backups, _ = world
    before = dt.datetime.now(dt.timezone.utc).date()
    env = {"SOURCE": str(src), "BACKUP_DIR": str(backups)}
    proc = run(env)
    after = dt.datetime.now(dt.timezone.utc).date()
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[-400:]}"
    made = {f"site-{d:%Y%m%d}.tar.gz" for d in (before, after)}
    assert any((backups / n).is_file() for n in made), f"no archive named after today's UTC date ({made})"


# ------------------------------------------------------------------ the real backups

REAL = Path("/srv/backups")


def initial_real_dates():
    day, out, n = dt.date(2026, 6, 1), [], 0
    while day <= dt.date(2026, 11, 30):
        n += 1
        if n % 9 != 0:
            out.append(day)
        day += dt.timedelta(days=1)
    return out


def test_real_backups_rotated():
    """Run it once now with the defaults, so today's archive exists and /srv/backups is pruned."""
    initial = initial_real_dates()
    dated = {n for n in os.listdir(REAL) if DATED.fullmatch(n)}
    new = [n for n in dated if dt.datetime.strptime(n[5:13], "%Y%m%d").date() not in initial]
    assert len(new) == 1, f"expected exactly one new archive in /srv/backups, found {sorted(new)}"
    new_day = dt.datetime.strptime(new[0][5:13], "%Y%m%d").date()
    want = {f"site-{d:%Y%m%d}.tar.gz" for d in keep_set(initial + [new_day])}
    assert dated == want, (f"should have been deleted: {sorted(dated - want)}; "
                           f"wrongly deleted: {sorted(want - dated)}")
    assert sha(REAL / "site-manual-before-migration.tar.gz") == \
        "e2a28099f7e2b84428b5c5f85b33717178f62ce33f68bdf54d5f8cd48cad5de7", "the manual archive was touched"
    assert sha(REAL / "README") == "6e7802cdf2cd4bc92c52a90d479fd3dadcf68def45f7493cde69f5ccedce2668", "README was touched"
    with tarfile.open(REAL / new[0], "r:gz") as tar:
        names = {m.name.rstrip("/") for m in tar.getmembers()}
    assert "site/uploads/Annual Report 2025.pdf" in names and "site/docs/cache" in names, sorted(names)
    bad = [n for n in names if n in ("site/cache", "site/uploads/cache", "site/docs/upload.tmp")
           or n.startswith(("site/cache/", "site/uploads/cache/"))]
    assert not bad, f"excluded files in the archive: {bad}"


# ------------------------------------------------------------------ cron


def test_cron_job():
    """Scheduled daily at 01:30 as root in /etc/cron.d/backup-site: the job line starts with 30 1 * * * root /usr/local/sbin/backup-site, and the file holds no other job."""
    path = Path("/etc/cron.d/backup-site")
    assert path.is_file(), f"{path} missing"
    jobs = [ln.strip() for ln in path.read_text().splitlines()
            if ln.strip() and not ln.strip().startswith("#") and not re.match(r"^[A-Za-z_][A-Za-z0-9_]*\s*=", ln.strip())]
    assert len(jobs) == 1, f"expected exactly one job, found {jobs}"
    assert re.match(r"^30\s+1\s+\*\s+\*\s+\*\s+root\s+/usr/local/sbin/backup-site(\s|$)", jobs[0]), jobs[0]
