"""Verifier for cron-to-systemd-timers: unit contents, ExecStart argv (specifiers, no redirections),
schedules compared minute by minute with cron's semantics over several windows, links, cron file."""
import datetime as dt
import hashlib
import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

U = Path("/etc/systemd/system")
WANTS = U / "timers.target.wants"

JOBS = {
    # name: (user, argv, cron schedule "m h dom mon dow", elapses to compare per window)
    "sync-inventory": ("app", ["/srv/ops/jobs/sync-inventory.sh"], "*/15 * * * *", 12),
    "backup-db": ("postgres", ["/srv/ops/jobs/backup-db.sh", "--full"], "30 2 * * *", 6),
    "rotate-keys": ("root", ["/srv/ops/jobs/rotate-keys.sh"], "0 4 1 * 1", 14),
    "report": ("app", ["/srv/ops/jobs/report.sh", "--title=Ops%20Daily"], "5 8-18/2 * * 1-5", 30),
    "weekly-cleanup": ("root", ["/srv/ops/jobs/weekly-cleanup.sh"], "45 23 * * 0", 5),
}
# sha256 of /etc/cron.d/ops-jobs as the image ships it (environment/ops-jobs.cron)
ORIGINAL_CRON_SHA256 = "19c098d1ab53ad7c2490133ffd68fa6d87d4114a75d2075392c73c40029a9a9a"
BASES = [dt.datetime(2024, 12, 30, 23, 50, 30), dt.datetime(2025, 2, 27, 12, 7, 30),
         dt.datetime(2025, 6, 29, 23, 59, 30), dt.datetime(2028, 2, 28, 3, 59, 30)]


# ------------------------------------------------------------------ helpers


def parse_unit(path: Path) -> dict[str, dict[str, list[str]]]:
    """systemd unit syntax: sections, repeated keys, an empty assignment resets the list."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    lines = path.read_text().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        while line.endswith("\\") and i + 1 < len(lines):
            i += 1
            line = line[:-1] + " " + lines[i].strip()
        i += 1
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        assert current is not None, f"{path}: assignment outside a section: {line}"
        key, _, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if value == "":
            current[key] = []
        else:
            current.setdefault(key, []).append(value)
    return sections


def one(sections: dict, section: str, key: str, path: Path) -> str:
    values = sections.get(section, {}).get(key, [])
    assert len(values) == 1, f"{path}: expected one {key}= in [{section}], found {values}"
    return values[0]


def exec_argv(value: str) -> list[str]:
    """ExecStart= to argv: no prefixes, shell-like quoting, %% -> %, any other % is a specifier."""
    assert value[:1] not in "-@+!:", f"ExecStart= uses a prefix: {value}"
    argv = []
    for word in shlex.split(value):
        out, i = "", 0
        while i < len(word):
            if word[i] == "%":
                assert word[i + 1: i + 2] == "%", f"unescaped specifier in {word!r} (a literal % is written %%)"
                out += "%"
                i += 2
            else:
                out += word[i]
                i += 1
        argv.append(out)
    return argv


def cron_field(spec: str, lo: int, hi: int) -> set[int]:
    values = set()
    for part in spec.split(","):
        rng, _, step = part.partition("/")
        if rng == "*":
            a, b = lo, hi
        elif "-" in rng:
            a, b = map(int, rng.split("-"))
        else:
            a = b = int(rng)
        values.update(range(a, b + 1, int(step) if step else 1))
    return values


def cron_times(schedule: str, base: dt.datetime, count: int) -> list[dt.datetime]:
    m, h, dom, mon, dow = schedule.split()
    mins, hours = sorted(cron_field(m, 0, 59)), sorted(cron_field(h, 0, 23))
    doms, mons = cron_field(dom, 1, 31), cron_field(mon, 1, 12)
    dows = {d % 7 for d in cron_field(dow, 0, 7)}
    out, day = [], base.date()
    while len(out) < count:
        cron_dow = (day.weekday() + 1) % 7
        dom_ok, dow_ok = day.day in doms, cron_dow in dows
        if dom != "*" and dow != "*":
            day_ok = dom_ok or dow_ok  # cron: either restricted field may match
        else:
            day_ok = dom_ok and dow_ok
        if day_ok and day.month in mons:
            for hh in hours:
                for mm in mins:
                    t = dt.datetime.combine(day, dt.time(hh, mm))
                    if t > base and len(out) < count:
                        out.append(t)
        day += dt.timedelta(days=1)
    return out


def systemd_times(calendars: list[str], base: dt.datetime, count: int) -> list[dt.datetime]:
    found: set[dt.datetime] = set()
    for cal in calendars:
        proc = subprocess.run(["systemd-analyze", "calendar", f"--iterations={count}",
                               f"--base-time={base:%Y-%m-%d %H:%M:%S} UTC", cal],
                              capture_output=True, text=True, env=dict(os.environ, TZ="UTC", LC_ALL="C"), timeout=60)
        assert proc.returncode == 0, f"systemd-analyze calendar rejects {cal!r}: {proc.stderr.strip()}"
        for m in re.finditer(r"(?:Next elapse|Iter\. #\d+): \w+ (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)", proc.stdout):
            found.add(dt.datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S"))
    return sorted(t for t in found if t > base)[:count]


# ------------------------------------------------------------------ services


@pytest.mark.parametrize("name", sorted(JOBS))
def test_service_unit(name):
    user, argv, _, _ = JOBS[name]
    path = U / f"{name}.service"
    assert path.is_file(), f"{path} missing"
    s = parse_unit(path)
    assert one(s, "Service", "Type", path) == "oneshot", f"{path}: Type"
    assert one(s, "Service", "User", path) == user, f"{path}: User"
    assert one(s, "Unit", "Description", path).strip(), f"{path}: empty Description"
    got = exec_argv(one(s, "Service", "ExecStart", path))
    assert got == argv, f"{path}: ExecStart runs {got}, expected {argv}"


@pytest.mark.parametrize("name", sorted(JOBS))
def test_execstart_has_no_shell_redirection(name):
    """Shell redirections are dropped: output goes to the journal, so ExecStart= has no `>`, `2>&1` or the like."""
    path = U / f"{name}.service"
    assert path.is_file(), f"{path} missing"
    for value in parse_unit(path).get("Service", {}).get("ExecStart", []):
        words = shlex.split(value)
        bad = [w for w in words if re.search(r"^\d*[<>]|[<>]&|^&>|^\|", w)]
        assert not bad, f"{path}: ExecStart= keeps shell redirections {bad}: systemd passes them to the script as arguments"


@pytest.mark.parametrize("name", sorted(JOBS))
def test_units_verify(name):
    proc = subprocess.run(["systemd-analyze", "verify", str(U / f"{name}.service"), str(U / f"{name}.timer")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, f"systemd-analyze verify: {proc.stdout}{proc.stderr}"


# ------------------------------------------------------------------ timers


@pytest.mark.parametrize("name", sorted(JOBS))
def test_timer_unit(name):
    path = U / f"{name}.timer"
    assert path.is_file(), f"{path} missing"
    s = parse_unit(path)
    assert one(s, "Timer", "Persistent", path).lower() in ("true", "yes", "1", "on"), f"{path}: Persistent"
    assert one(s, "Install", "WantedBy", path).split() == ["timers.target"], f"{path}: WantedBy"
    units = s.get("Timer", {}).get("Unit", [])
    assert units in ([], [f"{name}.service"]), f"{path}: Unit={units}"
    assert s.get("Timer", {}).get("OnCalendar"), f"{path}: no OnCalendar="
    others = {"OnBootSec", "OnStartupSec", "OnActiveSec", "OnUnitActiveSec", "OnUnitInactiveSec"} & set(s.get("Timer", {}))
    assert not others, f"{path}: extra triggers {others}"


@pytest.mark.parametrize("name", sorted(JOBS))
@pytest.mark.parametrize("base", BASES, ids=lambda b: b.strftime("%Y%m%d"))
def test_timer_fires_when_cron_did(name, base):
    _, _, schedule, count = JOBS[name]
    path = U / f"{name}.timer"
    assert path.is_file(), f"{path} missing"
    calendars = parse_unit(path).get("Timer", {}).get("OnCalendar", [])
    want = cron_times(schedule, base, count)
    got = systemd_times(calendars, base, count)
    assert got == want, (f"{name}: after {base} cron runs at {[str(t) for t in want[:6]]}..., "
                         f"the timer at {[str(t) for t in got[:6]]}...")


# ------------------------------------------------------------------ enabling, cron


@pytest.mark.parametrize("name", sorted(JOBS))
def test_timer_enabled(name):
    link = WANTS / f"{name}.timer"
    assert link.is_symlink(), f"{link} is not a symbolic link"
    assert os.path.realpath(link) == str(U / f"{name}.timer"), f"{link} -> {os.readlink(link)}"


def test_services_not_enabled():
    links = [p for p in U.glob("*.wants/*") if p.name in {f"{n}.service" for n in JOBS}]
    assert not links, f"services enabled directly: {links}"


def test_cron_file_copy_kept_for_rollback():
    """A byte-for-byte copy of /etc/cron.d/ops-jobs is kept at /root/cron-migration/ops-jobs, so that the migration can be rolled back."""
    copy = Path("/root/cron-migration/ops-jobs")
    assert copy.is_file(), f"{copy} missing: no copy of the cron file kept for rollback"
    assert hashlib.sha256(copy.read_bytes()).hexdigest() == ORIGINAL_CRON_SHA256, f"{copy} differs from the original cron file"


def test_cron_file_removed_and_rest_untouched():
    assert not Path("/etc/cron.d/ops-jobs").exists(), "/etc/cron.d/ops-jobs still exists"
    conffiles = subprocess.run(["dpkg-query", "-W", "-f=${Conffiles}", "e2fsprogs"],
                               capture_output=True, text=True).stdout
    for line in conffiles.splitlines():
        parts = line.split()
        if parts and parts[0] == "/etc/cron.d/e2scrub_all":
            assert hashlib.md5(Path(parts[0]).read_bytes()).hexdigest() == parts[1], "/etc/cron.d/e2scrub_all changed"


@pytest.mark.parametrize("name", sorted(JOBS))
def test_job_scripts_unchanged(name):
    path = Path(f"/srv/ops/jobs/{name}.sh")
    want = (f"#!/bin/bash\n# {name}: ops job (see /etc/cron.d/ops-jobs until the timer migration).\n"
            f"set -euo pipefail\necho \"{name}: started with $# argument(s): $*\"\n")
    assert path.read_text() == want, f"{path} was changed"
    assert os.access(path, os.X_OK), f"{path} is no longer executable"
