"""Checks of the office resolver, by dig queries.

The internal server and unbound are started again from the agent's configuration; then the
verifier writes a fresh inventory and blocklist of its own, runs the agent's office-dns-sync
against the running unbound, and asks as clients of the wired LAN (127.0.10.0/24), the staff
wifi (127.0.20.0/24) and others.
"""

import re
import subprocess
import time
import uuid
from pathlib import Path

import pytest

SRC = Path("/srv/office-dns")
SYNC = Path("/usr/local/sbin/office-dns-sync")
QUERY_LOG = Path("/var/log/unbound/queries.log")
WIRED = "127.0.10.5"
WIFI = "127.0.20.7"
DEADLINE = 30.0

INVENTORY = "\r\n".join(
    [
        "# office.lan inventory (verifier's copy)",
        "10.20.40.1\tcore-sw\t\tSwitch  CORE.office.lan   # the core switch",
        "10.20.40.2  Label-Printer.Office.LAN.   labels\t# warehouse",
        "   10.20.40.3\t\tkiosk-7   ",
        "10.20.40.4 build-box.office.lan. ci  JENKINS  # CI",
        "10.20.40.5  oldfax   # decommissioned 2024-12",
        "10.20.40.6  Scanner-3  scan3  # DECOMMISSIONED, see ticket 881",
        "10.20.40.7  shared-nas  nas2 archive-share",
        "10.20.400.8  broken-host   # typo",
        "#10.20.40.9  commented-out",
        "",
        "10.20.40.10  vpn-gw   vpn",
        "# moves",
        "10.20.40.17  shared-nas  nas2   # moved to rack B",
        "10.20.40.11  vpn-gw",
        "",
    ]
)

BLOCKLIST = "\r\n".join(
    [
        "# verifier's blocklist",
        "adserver.example.org",
        "0.0.0.0 tracker.example.net   # hosts style",
        "127.0.0.1\tpixel.example.com",
        "*.beacons.example.io",
        "MALWARE.Example.BIZ.",
        "adserver.example.org",
        "",
        "wiki.corp.internal",
        "status.corp.internal",
        "core-sw.office.lan",
        "kiosk-7.office.lan",
        "",
    ]
)


def dig(name, src=WIRED, qtype="A", reverse=False):
    """One query to 127.0.53.1:53 from SRC: (status, [(name, ttl, type, data)])."""
    args = ["dig", "-b", src, "@127.0.53.1", "-p", "53", "+time=3", "+tries=2", "+noall", "+comments", "+answer"]
    args += ["-x", name] if reverse else [name, qtype]
    out = subprocess.run(args, capture_output=True, text=True, timeout=30).stdout
    m = re.search(r"status: ([A-Z]+)", out)
    status = m.group(1) if m else "NO-ANSWER"
    answers = []
    for line in out.splitlines():
        if line.startswith(";") or not line.strip():
            continue
        parts = line.split()
        if len(parts) >= 5:
            answers.append((parts[0].lower(), int(parts[1]), parts[3], " ".join(parts[4:]).lower()))
    return status, answers


def records(name, rtype, src=WIRED, reverse=False):
    status, answers = dig(name, src=src, qtype=rtype, reverse=reverse)
    return status, [a for a in answers if a[2] == rtype]


def wait_for(predicate, what, deadline=DEADLINE):
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.3)
    pytest.fail(f"not within {deadline:.0f} s: {what}")


def alive(command):
    """Whether a process named COMMAND runs (zombies left for PID 1 to reap do not count)."""
    out = subprocess.run(["ps", "-eo", "stat=,comm="], capture_output=True, text=True).stdout
    return any(f.split()[1:] == [command] and not f.startswith("Z") for f in out.splitlines())


@pytest.fixture(scope="module", autouse=True)
def resolver():
    subprocess.run(["pkill", "-KILL", "-x", "unbound"], check=False)
    subprocess.run(["/app/authdns/authdns.sh", "stop"], check=False)
    subprocess.run(["pkill", "-KILL", "-f", "^nsd "], check=False)
    Path("/srv/authdns/.maintenance").unlink(missing_ok=True)
    Path("/run/nsd/nsd.pid").unlink(missing_ok=True)
    subprocess.run(["/app/authdns/authdns.sh", "start"], check=True, timeout=60)
    wait_for(lambda: not alive("unbound"), "unbound stopped")
    Path("/run/unbound.pid").unlink(missing_ok=True)
    started = subprocess.run(["unbound"], capture_output=True, text=True, timeout=60)
    assert started.returncode == 0, f"unbound did not start: {started.stdout}{started.stderr}"
    wait_for(lambda: dig("ping-" + uuid.uuid4().hex[:6] + ".office.lan")[0] != "NO-ANSWER", "unbound answering on 127.0.53.1:53")
    assert SYNC.is_file(), f"{SYNC} is missing"
    (SRC / "hosts.inventory").write_bytes(INVENTORY.encode())
    (SRC / "blocklist.txt").write_bytes(BLOCKLIST.encode())
    synced = subprocess.run([str(SYNC)], capture_output=True, text=True, timeout=120)
    assert synced.returncode == 0, f"office-dns-sync failed: {synced.stdout}{synced.stderr}"
    yield
    subprocess.run(["pkill", "-KILL", "-x", "unbound"], check=False)
    subprocess.run(["/app/authdns/authdns.sh", "stop"], check=False)


def test_config_checks():
    """unbound's configuration passes unbound-checkconf."""
    result = subprocess.run(["unbound-checkconf"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_sync_reloads_running_unbound():
    """office-dns-sync is run again when the files change and handles any content in their
    formats: on the verifier's own inventory and blocklist it makes the running unbound use the
    new configuration, so the new hosts answer without a restart."""
    status, answers = wait_for(lambda: (r := records("kiosk-7.office.lan", "A")) and r[1] and r, "kiosk-7.office.lan after the sync")
    assert status == "NOERROR" and answers[0][3] == "10.20.40.3", answers


def test_wired_and_staff_wifi_allowed():
    """unbound listens on 127.0.53.1, port 53: clients on the wired LAN (127.0.10.0/24) and the
    staff wifi (127.0.20.0/24) get answers there."""
    for src in ("127.0.10.5", "127.0.10.250", "127.0.20.7", "127.0.20.99"):
        status, answers = records("core-sw.office.lan", "A", src=src)
        assert status == "NOERROR" and answers, f"from {src}: {status}"


def test_others_refused():
    """Every other client, the guest wifi and 127.0.0.1 included, gets REFUSED (an answer, not silence)."""
    for src in ("127.0.0.1", "127.0.30.7", "127.0.11.5", "127.0.53.1"):
        status, answers = dig("core-sw.office.lan", src=src)
        assert status == "REFUSED", f"from {src}: {status}"
        assert not answers


def test_a_records_from_inventory():
    """Each inventory host gets an A record with TTL 300: names lowercased, a bare name gets
    .office.lan, a trailing dot and tabs/CRLF do not matter."""
    for name, addr in (
        ("core-sw.office.lan", "10.20.40.1"),
        ("label-printer.office.lan", "10.20.40.2"),
        ("kiosk-7.office.lan", "10.20.40.3"),
        ("build-box.office.lan", "10.20.40.4"),
    ):
        status, answers = records(name, "A")
        assert status == "NOERROR", f"{name}: {status}"
        assert [(a[3], a[1]) for a in answers] == [(addr, 300)], f"{name}: {answers}"


def test_aliases_are_cnames():
    """Further names on a line are aliases: CNAME records to the line's first name."""
    for alias, canon in (
        ("switch.office.lan", "core-sw.office.lan."),
        ("core.office.lan", "core-sw.office.lan."),
        ("labels.office.lan", "label-printer.office.lan."),
        ("ci.office.lan", "build-box.office.lan."),
        ("jenkins.office.lan", "build-box.office.lan."),
    ):
        status, answers = records(alias, "CNAME")
        assert status == "NOERROR", f"{alias}: {status}"
        assert [(a[3], a[1]) for a in answers] == [(canon, 300)], f"{alias}: {answers}"


def test_reverse_lookups():
    """Each host's address has a PTR record back to its name."""
    for addr, name in (
        ("10.20.40.1", "core-sw.office.lan."),
        ("10.20.40.2", "label-printer.office.lan."),
        ("10.20.40.4", "build-box.office.lan."),
        ("10.20.40.17", "shared-nas.office.lan."),
    ):
        status, answers = records(addr, "PTR", src=WIFI, reverse=True)
        assert status == "NOERROR", f"{addr}: {status}"
        assert [a[3] for a in answers] == [name], f"{addr}: {answers}"


def test_last_entry_wins():
    """When a name is listed more than once, the last line wins: only its address (forward and
    reverse) and only its aliases are published."""
    status, answers = records("shared-nas.office.lan", "A")
    assert [a[3] for a in answers] == ["10.20.40.17"], answers
    status, answers = records("vpn-gw.office.lan", "A")
    assert [a[3] for a in answers] == ["10.20.40.11"], answers
    for addr in ("10.20.40.7", "10.20.40.10"):
        status, answers = records(addr, "PTR", reverse=True)
        assert not answers, f"{addr} still has {answers}"
    status, answers = records("nas2.office.lan", "CNAME")
    assert [a[3] for a in answers] == ["shared-nas.office.lan."], answers
    for gone in ("archive-share.office.lan", "vpn.office.lan"):
        status, answers = dig(gone)
        assert status == "NXDOMAIN", f"{gone}: {status} {answers}"


def test_decommissioned_and_bad_lines_skipped():
    """Decommissioned entries, lines with an invalid address and commented-out lines are not published."""
    for name in ("oldfax.office.lan", "scanner-3.office.lan", "scan3.office.lan", "broken-host.office.lan", "commented-out.office.lan"):
        status, answers = dig(name)
        assert status == "NXDOMAIN", f"{name}: {status} {answers}"
    for addr in ("10.20.40.5", "10.20.40.6", "10.20.40.9"):
        status, answers = records(addr, "PTR", reverse=True)
        assert not answers, f"{addr}: {answers}"


def test_unknown_office_names_nxdomain():
    """Any other name under office.lan is answered NXDOMAIN (the office zone is not looked up outside)."""
    for name in ("no-such-host.office.lan", "fs9.office.lan", "a.b.office.lan"):
        status, answers = dig(name)
        assert status == "NXDOMAIN", f"{name}: {status}"


def test_blocked_domains_nxdomain():
    """Every domain of the blocklist, in each of its formats, and every name under it is answered NXDOMAIN."""
    for name in (
        "adserver.example.org",
        "x.adserver.example.org",
        "tracker.example.net",
        "a.b.tracker.example.net",
        "pixel.example.com",
        "beacons.example.io",
        "eu.beacons.example.io",
        "malware.example.biz",
        "cdn.malware.example.biz",
    ):
        status, answers = dig(name, src=WIFI)
        assert status == "NXDOMAIN", f"{name}: {status}"


def test_own_zones_never_blocked():
    """Names under office.lan and corp.internal are never blocked, even when the blocklist has them."""
    assert [a[3] for a in records("core-sw.office.lan", "A")[1]] == ["10.20.40.1"]
    assert [a[3] for a in records("kiosk-7.office.lan", "A")[1]] == ["10.20.40.3"]
    assert [a[3] for a in records("wiki.corp.internal", "A")[1]] == ["10.30.1.11"]
    assert [a[3] for a in records("status.corp.internal", "A")[1]] == ["10.30.1.99"]


def test_corp_stub_zone():
    """corp.internal is answered from the internal server at 127.0.54.1."""
    for name, addr in (("git.corp.internal", "10.30.1.10"), ("ldap2.corp.internal", "10.30.2.6")):
        status, answers = records(name, "A", src=WIFI)
        assert status == "NOERROR", f"{name}: {status}"
        assert [a[3] for a in answers] == [addr], f"{name}: {answers}"
    status, answers = dig("sso.corp.internal")
    assert ("sso.corp.internal.", "CNAME", "ldap.corp.internal.") in [(a[0], a[2], a[3]) for a in answers], answers
    assert dig("nothing-here.corp.internal")[0] == "NXDOMAIN"


def test_corp_reverse_lookups():
    """Reverse lookups of 10.30.0.0/16 are answered from the internal server."""
    for addr, name in (("10.30.1.11", "wiki.corp.internal."), ("10.30.2.5", "ldap.corp.internal.")):
        status, answers = records(addr, "PTR", reverse=True)
        assert status == "NOERROR", f"{addr}: {status}"
        assert [a[3] for a in answers] == [name], f"{addr}: {answers}"


def test_cache_sizes():
    """The message cache is 32 MB and the RRset cache 64 MB."""
    for option, value in (("msg-cache-size", 32 * 1024 * 1024), ("rrset-cache-size", 64 * 1024 * 1024)):
        out = subprocess.run(["unbound-checkconf", "-o", option], capture_output=True, text=True).stdout.strip()
        assert out == str(value), f"{option}: {out}"


def test_ttl_limits():
    """Answers are cached at least 60 s and at most 12 hours (43200 s), whatever TTL the
    server sends."""
    _, answers = records("status.corp.internal", "A")
    assert answers and 55 <= answers[0][1] <= 60, f"TTL 5 record: {answers}"
    _, answers = records("archive.corp.internal", "A")
    assert answers and 43000 <= answers[0][1] <= 43200, f"TTL 604800 record: {answers}"


def test_query_log():
    """Every query is written to /var/log/unbound/queries.log with the client's address and the name."""
    name = f"probe-{uuid.uuid4().hex[:10]}.office.lan"
    dig(name, src="127.0.20.41")
    pattern = re.compile(rf"127\.0\.20\.41 {re.escape(name)}\.? A IN")

    def logged():
        return QUERY_LOG.exists() and pattern.search(QUERY_LOG.read_text(errors="replace"))

    wait_for(logged, f"{name} in {QUERY_LOG}")
