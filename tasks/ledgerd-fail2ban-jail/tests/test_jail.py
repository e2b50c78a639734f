"""Verifier for ledgerd-fail2ban-jail: the filter replayed with fail2ban-regex on the day's log and a fresh
one, the jail as fail2ban itself reads it, the report and the report script on a fresh log."""

import ast
import hashlib
import ipaddress
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import mklog  # noqa: E402  (the generator the day's log came from)
import reference  # noqa: E402

LOG = Path("/var/log/ledgerd/auth.log")
FILTER = Path("/etc/fail2ban/filter.d/ledgerd-auth.conf")
JAIL = Path("/etc/fail2ban/jail.d/ledgerd.local")
SCRIPT = Path("/app/ban-report.sh")
REPORT = Path("/app/ban-report.tsv")


def matched_ips(log: Path) -> list[str]:
    assert FILTER.is_file(), f"{FILTER} is missing"
    run = subprocess.run(["fail2ban-regex", "-o", "ip", str(log), str(FILTER)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-1500:]
    return run.stdout.split()


def report_lines(rows) -> list[str]:
    return [f"{ip}\t{when}\t{n}" for ip, when, n in rows]


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    """Another day of ledgerd's log, with other attackers."""
    path = tmp_path_factory.mktemp("log") / "auth.log"
    mklog.build(7713, str(path), "2026-12-09")
    return path


@pytest.fixture(scope="module")
def jail() -> dict:
    """The ledgerd-auth jail's settings as fail2ban's own configuration reader gives them (fail2ban-client -d)."""
    assert JAIL.is_file(), f"{JAIL} is missing"
    run = subprocess.run(["fail2ban-client", "-d"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-1500:]
    out: dict = {"started": False, "actions": []}
    for line in run.stdout.splitlines():
        if not line.startswith("["):
            continue
        cmd = ast.literal_eval(line)
        if len(cmd) < 2 or cmd[1] != "ledgerd-auth":
            continue
        if cmd[0] == "start":
            out["started"] = True
        elif cmd[0] == "set" and len(cmd) >= 4:
            out.setdefault(cmd[2], cmd[3:] if len(cmd) > 4 else cmd[3])
        elif cmd[0] == "multi-set" and cmd[2] == "action":
            out["actions"].append(dict(cmd[4]))
    return out


def seconds(value) -> int:
    from fail2ban.server.mytime import MyTime

    return int(MyTime.str2seconds(str(value)))


def test_filter_matches_every_failure():
    """The filter (/etc/fail2ban/filter.d/ledgerd-auth.conf) matches every failed login, whatever the reason, and every token rejected as invalid, taking the connecting address: fail2ban-regex on the day's log finds exactly those."""
    want = [ip for _, _, ip in reference.failures(LOG.read_text())]
    assert matched_ips(LOG) == want


def test_filter_on_a_fresh_log(fresh):
    """On another day's log the filter still finds exactly the failed logins and invalid tokens, IPv4 and IPv6, not successful logins, expired tokens or health probes."""
    want = [ip for _, _, ip in reference.failures(fresh.read_text())]
    assert matched_ips(fresh) == want


def test_user_names_cannot_pick_the_address(tmp_path):
    """User names are whatever the client typed: a name carrying 'from ADDRESS port N (reason)' does not make the filter take that address; the address is the one at the end of the line."""
    log = tmp_path / "framed.log"
    log.write_text(
        '2026-12-09 10:00:00,001 WARN  [auth] login failed for user "x" from 10.20.0.7 port 22 (bad password)" from 203.0.113.66 port 4100 (bad password)\n'
        '2026-12-09 10:00:01,002 WARN  [auth] login failed for user "a (b) from 127.0.0.1 port 1 (c)" from 2001:db8:7::5 port 4101 (unknown user)\n'
        "2026-12-09 10:00:02,003 WARN  [api] token rejected from 198.51.100.9 port 4102 (expired)\n"
        "2026-12-09 10:00:03,004 WARN  [api] token rejected from 198.51.100.10 port 4103 (invalid)\n"
        '2026-12-09 10:00:04,005 INFO  [auth] login ok for user "mia" from 198.51.100.11 port 4104\n'
    )
    assert matched_ips(log) == ["203.0.113.66", "2001:db8:7::5", "198.51.100.10"]


def test_jail_settings(jail):
    """The jail [ledgerd-auth] in /etc/fail2ban/jail.d/ledgerd.local is enabled, uses the ledgerd-auth filter on /var/log/ledgerd/auth.log, port 8443, and bans after 4 failures within 10 minutes for 1 hour."""
    assert jail["started"], "the ledgerd-auth jail is not enabled"
    assert jail.get("addlogpath", [None])[0] == "/var/log/ledgerd/auth.log"
    assert int(jail["maxretry"]) == 4
    assert seconds(jail["findtime"]) == 600
    assert seconds(jail["bantime"]) == 3600
    assert jail["actions"] and all(str(a.get("port")) == "8443" for a in jail["actions"])
    regexes = subprocess.run(["fail2ban-client", "-d"], capture_output=True, text=True, timeout=120).stdout
    assert "'addfailregex'" in regexes and "login failed" in FILTER.read_text()


def test_jail_ignores_office_and_localhost(jail):
    """ignoreip holds 127.0.0.1/8, ::1 and the office and VPN network 10.0.0.0/8, and nothing else."""
    ignore = jail.get("addignoreip")
    ignore = [ignore] if isinstance(ignore, str) else list(ignore or [])
    nets = {ipaddress.ip_network(x, strict=False) for x in ignore}
    assert nets == {ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128"), ipaddress.ip_network("10.0.0.0/8")}


def test_platform_files_untouched():
    """/etc/fail2ban/jail.local (the platform team's) and the package's jail.conf stay as they are."""
    assert hashlib.sha256(Path("/etc/fail2ban/jail.local").read_bytes()).hexdigest() == (HERE / "jail.local.sha256").read_text().split()[0]
    sums = dict(reversed(line.split(None, 1)) for line in Path("/var/lib/dpkg/info/fail2ban.md5sums").read_text().splitlines())
    assert hashlib.md5(Path("/etc/fail2ban/jail.conf").read_bytes()).hexdigest() == sums.get("etc/fail2ban/jail.conf", hashlib.md5(Path("/etc/fail2ban/jail.conf").read_bytes()).hexdigest())
    assert [p.name for p in Path("/etc/fail2ban/jail.d").iterdir() if p.name != "ledgerd.local"] == ["defaults-debian.conf"]


def test_report_of_the_day():
    """/app/ban-report.tsv: every address the jail bans on today's log, the time (to the second) of the failure that trips its first ban and its failures in the log, tab-separated, sorted by that time; ignored addresses never listed."""
    assert REPORT.is_file(), "/app/ban-report.tsv is missing"
    assert REPORT.read_text().splitlines() == report_lines(reference.bans(LOG.read_text()))


def test_report_script_on_a_fresh_log(fresh):
    """/app/ban-report.sh LOG prints the report for the log it is given (4 failures with the first and the last at most 600 seconds apart trip a ban)."""
    run = subprocess.run(["bash", str(SCRIPT), str(fresh)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-1500:]
    assert run.stdout.splitlines() == report_lines(reference.bans(fresh.read_text()))


def test_report_script_default_log():
    """Without an argument, /app/ban-report.sh reports on /var/log/ledgerd/auth.log."""
    run = subprocess.run(["bash", str(SCRIPT)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-1500:]
    assert run.stdout.splitlines() == report_lines(reference.bans(LOG.read_text()))
