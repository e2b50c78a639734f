"""Checks of the web1 -> web3 crontab migration.

The agent's migration is checked as it left it, then its script is run again (a second run must
change nothing) and on a fresh set of crontabs made here.
"""

import grp
import os
import pwd
import stat
import subprocess
from pathlib import Path

import pytest

import refmig

MIG = Path("/app/migration")
OLD = MIG / "old-web1" / "crontabs"
SCRIPT = MIG / "migrate.sh"
CROND = Path("/etc/cron.d/web1-root")
LOGS = Path("/var/log/cron-jobs")
MARK = "# migrated from web1"
BOB_BEFORE = '# local jobs\nMAILTO=""\n*/5 * * * * /home/bob/bin/heartbeat >/dev/null 2>&1\n'
DAVE_BEFORE = 'MAILTO=""\n0 */6 * * * /home/dave/bin/sync-stock >> /home/dave/sync.log 2>&1\n'


def crontab(user):
    r = subprocess.run(["crontab", "-l", "-u", user], capture_output=True, text=True)
    return r.stdout if r.returncode == 0 else None


def expected(user, path, system=False):
    return "\n".join(refmig.rewrite(user, Path(path).read_text(), system)[0]) + "\n"


def state():
    return {u: crontab(u) for u in ("alice", "bob", "carol", "dave")} | {
        "cron.d": CROND.read_text() if CROND.exists() else None,
        "report": (MIG / "report.txt").read_text() if (MIG / "report.txt").exists() else None,
    }


def run_script(*args):
    assert SCRIPT.is_file() and os.access(SCRIPT, os.X_OK), "migrate.sh missing or not executable"
    r = subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, f"migrate.sh {' '.join(args)} failed: {r.stderr}"


def test_user_crontabs_installed():
    """alice's and carol's crontabs are web1's without the old header and MAILTO lines, starting with
    MAILTO="", with /opt/webapp/ now /srv/webapp/ and php5 now /usr/bin/php, and the output of every
    job that does not redirect it appended to /var/log/cron-jobs/USER.log."""
    for user in ("alice", "carol"):
        assert crontab(user) == MARK + "\n" + expected(user, OLD / user), f"{user}'s crontab:\n{crontab(user)}"


def test_existing_crontab_kept_and_extended():
    """bob's existing jobs on this box stay as they were, followed by the line '# migrated from web1'
    and his migrated jobs; dave's crontab is untouched."""
    assert crontab("bob") == BOB_BEFORE + MARK + "\n" + expected("bob", OLD / "bob")
    assert crontab("dave") == DAVE_BEFORE


def test_root_jobs_in_cron_d():
    """root's jobs are in /etc/cron.d/web1-root (root:root, mode 0644) with the user column, not in
    root's crontab."""
    assert CROND.is_file(), "no /etc/cron.d/web1-root"
    assert CROND.read_text() == expected("root", OLD / "root", system=True)
    st = CROND.stat()
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (0, 0, 0o644)
    assert crontab("root") is None, "root has a crontab"


def test_user_without_account_skipped():
    """erin has no account here: nothing is installed for her and no account is created."""
    with pytest.raises(KeyError):
        pwd.getpwnam("erin")
    assert not Path("/var/spool/cron/crontabs/erin").exists()


def test_report():
    """report.txt has one line per crontab file in name order: 'installed USER JOBS' or
    'skipped USER no-account'."""
    assert (MIG / "report.txt").read_text() == (
        "installed alice 4\ninstalled bob 2\ninstalled carol 2\nskipped erin no-account\ninstalled root 3\n"
    )


def test_log_files_writable_by_their_users():
    """/var/log/cron-jobs (root, 0755) holds USER.log for every installed user, owned by the user and
    their group, mode 0640, so their jobs can write to it."""
    st = LOGS.stat()
    assert (st.st_uid, stat.S_IMODE(st.st_mode)) == (0, 0o755)
    for user in ("alice", "bob", "carol", "root"):
        log = LOGS / f"{user}.log"
        assert log.is_file(), f"no {log}"
        pw = pwd.getpwnam(user)
        st = log.stat()
        assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (pw.pw_uid, pw.pw_gid, 0o640), log
    r = subprocess.run(["su", "-s", "/bin/sh", "alice", "-c", "echo check >> /var/log/cron-jobs/alice.log"])
    assert r.returncode == 0, "alice cannot append to her log"


def test_installed_with_crontab_not_copied():
    """Crontabs are installed with crontab: the spool files belong to their user and the crontab
    group, mode 0600."""
    gid = grp.getgrnam("crontab").gr_gid
    for user in ("alice", "bob", "carol"):
        st = Path(f"/var/spool/cron/crontabs/{user}").stat()
        assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (pwd.getpwnam(user).pw_uid, gid, 0o600)


def test_backups_of_existing_crontabs():
    """Before anything changed, every crontab already on the box was saved as
    /app/migration/backup/USER.crontab."""
    assert (MIG / "backup" / "bob.crontab").read_text() == BOB_BEFORE
    assert (MIG / "backup" / "dave.crontab").read_text() == DAVE_BEFORE


def test_second_run_changes_nothing():
    """migrate.sh (no argument: /app/migration/old-web1) can run again and changes nothing."""
    before = state()
    run_script()
    assert state() == before


FRESH = {
    "alice": (
        "# DO NOT EDIT THIS FILE - edit the master and reinstall.\n"
        "# (/tmp/crontab.q installed on Mon Jan  6 10:00:00 2025)\n"
        "# (Cron version -- $Id: crontab.c,v 2.13 1994/01/17 03:20:37 vixie Exp $)\n"
        "SHELL=/bin/bash\n"
        "MAILTO = alice@shop.example\n"
        "\n"
        "# see /opt/webapp/README\n"
        "0   5 * * *  /usr/local/bin/php5   /opt/webapp/cron/a.php\n"
        "@daily /opt/webapp/bin/rotate-keys 2>/dev/null\n"
        "MAILTO=\"\"\n"
        "  7 * * * * echo tick\n"
    ),
    "zed": "0 0 * * * /home/zed/bin/x\n",
    "root": "MAILTO=root\n@hourly /opt/webapp/bin/ping >/dev/null\n10 3 1 * * /usr/sbin/fstrim -a\n",
}


def test_fresh_crontabs(tmp_path):
    """On another set of crontabs: header, MAILTO lines (any spacing) and paths rewritten, jobs
    with a redirection left as they are, @keywords handled, a user without an account skipped,
    root's jobs in cron.d with the user column, the report rewritten; an existing log file keeps
    its content."""
    src = tmp_path / "web1"
    (src / "crontabs").mkdir(parents=True)
    for name, text in FRESH.items():
        (src / "crontabs" / name).write_text(text)
    (LOGS / "alice.log").write_text("kept line\n")
    run_script(str(src))
    assert crontab("alice") == MARK + "\n" + expected("alice", src / "crontabs" / "alice")
    assert CROND.read_text() == expected("root", src / "crontabs" / "root", system=True)
    assert (MIG / "report.txt").read_text() == "installed alice 3\ninstalled root 2\nskipped zed no-account\n"
    assert (LOGS / "alice.log").read_text() == "kept line\n"
    assert crontab("bob").startswith(BOB_BEFORE + MARK)
