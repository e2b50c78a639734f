"""Verifier for intranet-compromise-triage: the quarantine (contents, metadata, hashes, removed
lines), the box after the clean-up (persistence gone, the app and the logs intact, ps restored),
and the timeline's facts. The box as it was is rebuilt from the same generator the image used."""

import hashlib
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import mkbox  # noqa: E402  (the same deterministic box the image was built from)

Q = Path("/var/quarantine/incident-2026-11")
FILES = Q / "files"
WEB = Path("/srv/www/html")
TIMELINE = Path("/root/incident/timeline.tsv")
REAL_SSHD = "9f6cdc787a2d5144f3189e850fc104aa7d8ab12593a3d4e902c692a38794716e"
HIDDEN_SSHD = "/usr/lib/x86_64-linux-gnu/.sshd-compat"
WEBSHELLS = [
    "/srv/www/html/uploads/avatars/u1042.php",
    "/srv/www/html/uploads/.htaccess",
    "/srv/www/html/uploads/avatars/u1042_thumb.jpg",
    "/srv/www/html/lib/compat.php",
]
PERSISTENCE = ["/etc/systemd/system/php-fpm-helper.service", "/usr/local/lib/.fpm/fpm-helper"]
TROJAN = ["/usr/sbin/sshd", HIDDEN_SSHD]
ATTACKER_FILES = WEBSHELLS + PERSISTENCE + TROJAN


@pytest.fixture(scope="module")
def orig(tmp_path_factory) -> Path:
    """A fresh copy of the box as the attacker left it (contents and mtimes; owners from the spec)."""
    root = tmp_path_factory.mktemp("orig")
    subprocess.run([sys.executable, str(Path(__file__).parent / "mkbox.py"), str(root), "--no-owners"], check=True)
    return root


def sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def expected(orig: Path, path: str) -> tuple[str, float]:
    """(sha256, mtime) of an attacker file as it was planted."""
    if path == "/usr/sbin/sshd":
        return hashlib.sha256(mkbox.SSHD_WRAPPER.encode()).hexdigest(), mkbox.ts(mkbox.SSH_LOGIN) + 360
    if path == HIDDEN_SSHD:
        return REAL_SSHD, mkbox.ts(mkbox.SSH_LOGIN) + 360
    p = orig / path.lstrip("/")
    return sha(p), p.stat().st_mtime


def owner_of(path: str) -> tuple[int, int]:
    return (33, 33) if path.startswith("/srv/www") else (0, 0)


def test_quarantine_folder_is_root_only():
    """The quarantine folder /var/quarantine/incident-2026-11 is owned by root with mode 0700."""
    st = Q.stat()
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (0, 0, 0o700)


def test_every_attacker_file_is_quarantined_with_its_metadata(orig):
    """Each web shell, persistence file and the trojaned binary with what it hid is moved to files/<original absolute path>, its content, mode, owner and modification time kept."""
    for path in ATTACKER_FILES:
        q = FILES / path.lstrip("/")
        assert q.is_file() and not q.is_symlink(), f"{path} is not in the quarantine"
        digest, mtime = expected(orig, path)
        st = q.stat()
        assert sha(q) == digest, f"{q} is not the file that was at {path}"
        assert abs(st.st_mtime - mtime) < 1, f"{q} lost its modification time"
        assert (st.st_uid, st.st_gid) == owner_of(path), f"{q} lost its owner"
        want_mode = 0o755 if path in PERSISTENCE[1:] + TROJAN else 0o644
        assert stat.S_IMODE(st.st_mode) == want_mode, f"{q} lost its mode"


def test_nothing_legitimate_is_quarantined():
    """Only the attacker's files are quarantined: nothing of the app or the users' uploads."""
    found = sorted("/" + str(p.relative_to(FILES)) for p in FILES.rglob("*") if not p.is_dir())
    assert found == sorted(ATTACKER_FILES)


def test_sha256sums_lists_each_quarantined_file(orig):
    """SHA256SUMS has one line per quarantined file, sha256sum style with the original absolute path, sorted by path."""
    lines = (Q / "SHA256SUMS").read_text().splitlines()
    want = [f"{expected(orig, p)[0]}  {p}" for p in sorted(ATTACKER_FILES, key=lambda s: s.encode())]
    assert lines == want


def test_attacker_files_are_gone_from_their_places():
    """None of the attacker's files is left where it was (the trojaned sshd is replaced, see below)."""
    for path in WEBSHELLS + PERSISTENCE + [HIDDEN_SSHD]:
        assert not os.path.lexists(path), f"{path} is still there"


def test_systemd_persistence_is_disabled_and_the_queue_worker_kept(orig):
    """The attacker's unit is no longer enabled (its multi-user.target.wants link is gone); intranet-queue.service and its link stay."""
    wants = Path("/etc/systemd/system/multi-user.target.wants")
    assert not os.path.lexists(wants / "php-fpm-helper.service")
    assert os.readlink(wants / "intranet-queue.service") == "/etc/systemd/system/intranet-queue.service"
    good = Path("/etc/systemd/system/intranet-queue.service")
    assert sha(good) == sha(orig / "etc/systemd/system/intranet-queue.service")


def test_crontab_keeps_the_app_lines_only():
    """www-data's crontab loses the attacker's line and keeps the app's lines, in order, with its owner and mode."""
    tab = Path("/var/spool/cron/crontabs/www-data")
    assert tab.read_text().splitlines() == mkbox.CRON_LEGIT
    st = tab.stat()
    assert st.st_uid == 33 and stat.S_IMODE(st.st_mode) == 0o600


def test_authorized_keys_keeps_the_real_keys_only():
    """root's authorized_keys loses the key that logged in from the attacker's address and keeps the others, in order, mode 0600."""
    keys = Path("/root/.ssh/authorized_keys")
    assert keys.read_text().splitlines() == [mkbox.KEYS["alice"], mkbox.KEYS["backup"]]
    assert stat.S_IMODE(keys.stat().st_mode) == 0o600


def test_removed_lines_are_recorded():
    """removed-lines.tsv records each line taken out of a file: the file's absolute path, a tab, the line exactly."""
    rows = sorted(set((Q / "removed-lines.tsv").read_text().splitlines()))
    assert rows == sorted([
        f"/root/.ssh/authorized_keys\t{mkbox.KEYS['attacker']}",
        f"/var/spool/cron/crontabs/www-data\t{mkbox.CRON_BAD}",
    ])


def test_sshd_is_restored_from_its_package():
    """The replaced binary (sshd) is the package's own again (reinstalled from the apt cache), root:root, mode 0755, and dpkg --verify no longer flags it."""
    sshd = Path("/usr/sbin/sshd")
    assert sha(sshd) == REAL_SSHD
    st = sshd.stat()
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (0, 0, 0o755)
    out = subprocess.run(["dpkg", "--verify", "openssh-server"], capture_output=True, text=True).stdout
    assert " /usr/sbin/sshd" not in out


def test_app_files_are_intact(orig):
    """Every file of the deployed app and every user upload is still in place, unchanged (content, mode, owner)."""
    for p in (orig / "srv/www/html").rglob("*"):
        path = "/" + str(p.relative_to(orig))
        if p.is_dir() or path in ATTACKER_FILES:
            continue
        live = Path(path)
        assert live.is_file(), f"{path} is missing"
        assert sha(live) == sha(p), f"{path} was changed"
        st = live.stat()
        want_owner = (33, 33) if "/uploads/" in path and not path.endswith(".keep") else (0, 0)
        assert (st.st_uid, st.st_gid) == want_owner and stat.S_IMODE(st.st_mode) == 0o644, f"{path}: owner or mode changed"
    assert sha(Path("/srv/www/releases/2026.11.3.sha256")) == sha(orig / "srv/www/releases/2026.11.3.sha256")


def test_logs_are_untouched(orig):
    """The logs are evidence: the access logs (rotated ones included) and auth.log are unchanged."""
    for rel in ("var/log/apache2/access.log", "var/log/apache2/access.log.1", "var/log/apache2/access.log.2.gz", "var/log/auth.log"):
        assert sha(Path("/" + rel)) == sha(orig / rel), f"/{rel} was changed"


def timeline_rows():
    rows = [line.split("\t") for line in TIMELINE.read_text().splitlines() if line.strip()]
    assert all(len(r) >= 3 for r in rows), "each line is time, event, ip, detail separated by tabs"
    return rows


def test_timeline_has_the_attackers_first_access():
    """The timeline names the attacker's IP address and its first access, the earliest request it made (in the oldest, compressed log), in UTC."""
    rows = {r[1]: r for r in timeline_rows()}
    assert rows["first_access"][0] == "2026-11-26T21:02:13Z"
    assert rows["first_access"][2] == mkbox.ATTACKER


def test_timeline_events_in_utc():
    """The timeline has exactly one line for each event (first_access, login, webshell_upload, webshell_exec, ssh_login) with its UTC time and the attacker's IP address."""
    want = {
        "first_access": "2026-11-26T21:02:13Z",
        "login": "2026-11-27T22:40:51Z",
        "webshell_upload": "2026-11-27T22:41:09Z",
        "webshell_exec": "2026-11-27T22:41:30Z",
        "ssh_login": "2026-11-28T01:15:40Z",
    }
    rows = timeline_rows()
    assert sorted(r[1] for r in rows) == sorted(want)
    for time, event, ip, *_ in rows:
        assert (time, ip) == (want[event], mkbox.ATTACKER), f"{event}: {time} {ip}"


def test_timeline_is_in_time_order():
    """The timeline's lines are in time order."""
    times = [r[0] for r in timeline_rows()]
    assert times == sorted(times)
