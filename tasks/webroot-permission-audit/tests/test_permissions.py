"""Verifier for webroot-permission-audit: the live tree against the policy, the report against the
tree as it was, and the script on a fresh messy tree of its own."""

import grp
import hashlib
import os
import pwd
import stat
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import mkshop  # noqa: E402  (the same deterministic layout the image was built from)

SHOP = Path("/srv/shop")
STAGING = Path("/srv/shop-staging")
SCRIPT = Path("/app/audit/fix-perms.sh")
REPORT = Path("/app/audit/before.tsv")
TLS_KEY = "config/tls/shop.key"


def original(tmp: Path) -> Path:
    """A fresh copy of the tree as the deploys left it (before any fix)."""
    root = tmp / "shop"
    root.mkdir(parents=True)
    mkshop.FILES.clear()
    mkshop.DIRS.clear()
    mkshop.R.seed(2611)
    mkshop.build(root)
    return root


@pytest.fixture(scope="module")
def before(tmp_path_factory):
    return original(tmp_path_factory.mktemp("before"))


def entries(root: Path):
    """(relative path, lstat) of every file and directory under root, root included; links skipped."""
    out = [(".", os.lstat(root))]
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            st = os.lstat(p)
            if not stat.S_ISLNK(st.st_mode):
                out.append((str(p.relative_to(root)), st))
    return out


def owner(st) -> str:
    def name(get, ident):
        try:
            return get(ident)[0]
        except KeyError:
            return str(ident)

    return f"{name(pwd.getpwuid, st.st_uid)}:{name(grp.getgrgid, st.st_gid)}"


def wanted(rel: str, is_dir: bool) -> tuple[int, str]:
    """The policy: (mode with special bits, owner:group)."""
    if rel == TLS_KEY:
        return 0o600, "root:root"
    if rel == "storage" or rel.startswith("storage/"):
        return (0o2770 if is_dir else 0o660), "www-data:www-data"
    if rel.startswith("bin/") and not is_dir:
        return 0o750, "deploy:www-data"
    return (0o750 if is_dir else 0o640), "deploy:www-data"


def violations(root: Path) -> list[str]:
    bad = []
    for rel, st in entries(root):
        mode, own = wanted(rel, stat.S_ISDIR(st.st_mode))
        if stat.S_IMODE(st.st_mode) != mode or owner(st) != own:
            bad.append(f"{rel} {stat.S_IMODE(st.st_mode):04o} {owner(st)}")
    return bad


def acl(path: Path) -> str:
    return subprocess.run(["getfacl", "-cp", str(path)], capture_output=True, text=True, check=True).stdout


def sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def check_policy_and_acls(root: Path) -> None:
    bad = violations(root)
    assert bad == [], f"{len(bad)} entries off the policy under {root}, e.g. {bad[:5]}"
    logs = root / "storage/logs"
    for rel, st in entries(logs):
        text = acl(logs / rel)
        if stat.S_ISDIR(st.st_mode):
            assert "group:ops:r-x" in text.splitlines(), f"ops cannot read and search {logs / rel}"
            assert "default:group:ops:r-x" in text.splitlines(), f"no default ACL for ops on {logs / rel}"
        else:
            assert "group:ops:r--" in text.splitlines(), f"ops cannot read {logs / rel}"
    for d in (root, root / "storage"):
        assert "group:ops:--x" in acl(d).splitlines(), f"ops cannot search (x only) {d}"


# ------------------------------------------------------------------ the live tree


def test_owners_follow_the_policy():
    """Owners: deploy:www-data, storage/ www-data:www-data, the TLS key root:root."""
    bad = [f"{rel} {owner(st)}" for rel, st in entries(SHOP) if owner(st) != wanted(rel, stat.S_ISDIR(st.st_mode))[1]]
    assert bad == [], f"{len(bad)} entries with other owners, e.g. {bad[:5]}"


def test_directory_and_file_modes_follow_the_policy():
    """Directories 0750 (storage 2770 setgid), files 0640 (bin 0750, storage 0660, the TLS key 0600): others get nothing."""
    bad = violations(SHOP)
    assert bad == [], f"{len(bad)} entries off the policy, e.g. {bad[:5]}"


def test_no_setuid_or_setgid_files_and_backup_helper_kept():
    """No setuid or setgid file; bin/backup-helper stays where it is, byte for byte."""
    special = [rel for rel, st in entries(SHOP) if not stat.S_ISDIR(st.st_mode) and st.st_mode & 0o6000]
    assert special == []
    helper = SHOP / "bin/backup-helper"
    assert helper.is_file() and not helper.is_symlink()
    assert sha(helper) == hashlib.sha256(Path("/bin/tar").read_bytes()).hexdigest()


def test_symbolic_links_left_alone_and_not_followed():
    """Symbolic links are kept and not followed: /etc/passwd stays root:root 0644."""
    st = os.stat("/etc/passwd")
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (0, 0, 0o644)
    assert os.readlink(SHOP / "storage/uploads/avatars/me.png") == "/etc/passwd"
    assert os.readlink(SHOP / "public/uploads") == "../storage/uploads"


def test_contents_stay_no_file_deleted_renamed_or_modified(before):
    """Contents stay: every file of the tree is still there with the same bytes."""
    missing, changed = [], []
    for rel, st in entries(before):
        if stat.S_ISREG(st.st_mode):
            live = SHOP / rel
            if not live.is_file():
                missing.append(rel)
            elif sha(live) != sha(before / rel):
                changed.append(rel)
    assert missing == [] and changed == [], (missing[:5], changed[:5])


def test_ops_group_reads_the_logs_with_a_default_acl():
    """The ops group reads storage/logs (directories r-x, files r--), with a default ACL; search only on /srv/shop and storage."""
    check_policy_and_acls(SHOP)
    for line in acl(SHOP / "storage/logs").splitlines():
        if "group:ops:" in line:
            assert "w" not in line.split("group:ops:")[1], "ops must never write"


def test_ops_reads_log_files_written_later_and_nothing_in_config():
    """A log file written later by www-data is readable by ops (monitor); ops can neither list /srv/shop nor read config/."""
    new = SHOP / "storage/logs/verifier-probe.log"
    try:
        subprocess.run(["su", "-s", "/bin/sh", "www-data", "-c", f"echo probe > {new}"], check=True)
        read = subprocess.run(["su", "-s", "/bin/sh", "monitor", "-c", f"cat {new}"], capture_output=True, text=True)
        assert read.returncode == 0 and read.stdout.strip() == "probe", read.stderr
    finally:
        new.unlink(missing_ok=True)
    listing = subprocess.run(["su", "-s", "/bin/sh", "monitor", "-c", f"ls {SHOP}"], capture_output=True)
    assert listing.returncode != 0, "ops may search /srv/shop, never list it"
    env = subprocess.run(["su", "-s", "/bin/sh", "monitor", "-c", f"cat {SHOP}/config/.env"], capture_output=True)
    assert env.returncode != 0, "ops must not read config/.env"


# ------------------------------------------------------------------ the report


def test_report_lists_every_entry_that_differed_before_the_fix(before):
    """before.tsv: path, mode as four octal digits (stat -c %04a), owner:group, tab-separated, sorted by path;
    exactly the entries that differed from the policy, compliant entries and symbolic links not listed."""
    assert REPORT.is_file(), "missing /app/audit/before.tsv"
    lines = REPORT.read_text().splitlines()
    expected = []
    for rel, st in entries(before):
        mode, own = wanted(rel, stat.S_ISDIR(st.st_mode))
        if stat.S_IMODE(st.st_mode) != mode or owner(st) != own:
            path = str(SHOP) if rel == "." else f"{SHOP}/{rel}"
            expected.append(f"{path}\t{stat.S_IMODE(st.st_mode):04o}\t{owner(st)}")
    known = {e.split("\t")[0] for e in expected} | {str(SHOP / rel) for rel, _ in entries(before)} | {str(SHOP)}
    listed = [line for line in lines if line.split("\t")[0] in known]  # later deploys' files are not judged
    expected.sort(key=lambda s: s.split("\t")[0].encode())
    assert listed == expected, f"{len(listed)} listed, {len(expected)} expected; first difference: " + next(
        (f"{a!r} != {b!r}" for a, b in zip(listed, expected) if a != b), "lengths differ"
    )
    assert not any(Path(line.split("\t")[0]).is_symlink() for line in lines), "symbolic links are not listed"


# ------------------------------------------------------------------ the script


def test_script_is_executable_bash():
    """/app/audit/fix-perms.sh is bash and executable."""
    assert SCRIPT.is_file() and os.access(SCRIPT, os.X_OK)
    assert "bash" in SCRIPT.read_text().splitlines()[0]


def test_script_applies_the_whole_policy_to_a_fresh_messy_tree(tmp_path):
    """The tree given as its only argument, ACLs included; a later deploy's new files too; nothing outside it changes."""
    root = original(tmp_path)
    (root / "public/assets/fonts").mkdir()
    (root / "public/assets/fonts").chmod(0o777)
    (root / "public/assets/fonts/shop font.woff2").write_bytes(b"wOF2")
    (root / "public/assets/fonts/shop font.woff2").chmod(0o666)
    (root / "storage/logs/2024").mkdir()
    live_before = sorted(violations(SHOP))
    done = subprocess.run([str(SCRIPT), str(root)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    check_policy_and_acls(root)
    assert os.readlink(root / "storage/uploads/avatars/me.png") == "/etc/passwd"
    st = os.stat("/etc/passwd")
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (0, 0, 0o644)
    assert sorted(violations(SHOP)) == live_before, "the script changed /srv/shop when given another tree"


def test_script_run_twice_changes_nothing(tmp_path):
    """Running it twice changes nothing (owners, modes and ACLs)."""
    root = original(tmp_path)
    subprocess.run([str(SCRIPT), str(root)], check=True, capture_output=True, timeout=300)

    def snapshot():
        return [(rel, st.st_mode, st.st_uid, st.st_gid, acl(root / rel)) for rel, st in entries(root)]

    first = snapshot()
    subprocess.run([str(SCRIPT), str(root)], check=True, capture_output=True, timeout=300)
    assert snapshot() == first


def test_script_without_argument_fixes_srv_shop():
    """Called without an argument it works on /srv/shop."""
    target = SHOP / "public/index.php"
    target.chmod(0o666)
    os.chown(target, 0, 0)
    done = subprocess.run([str(SCRIPT)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    st = os.lstat(target)
    assert stat.S_IMODE(st.st_mode) == 0o640 and owner(st) == "deploy:www-data"


# ------------------------------------------------------------------ staging


def test_staging_left_exactly_as_it_is(before):
    """Leave /srv/shop-staging exactly as it is: owners, modes, ACLs and contents."""
    ref = {rel: st for rel, st in entries(before)}
    got = {rel: st for rel, st in entries(STAGING)}
    assert set(got) == set(ref)
    off = [rel for rel in ref if (got[rel].st_mode, got[rel].st_uid, got[rel].st_gid) != (ref[rel].st_mode, ref[rel].st_uid, ref[rel].st_gid)]
    assert off == [], off[:5]
    assert "ops" not in acl(STAGING / "storage/logs")
