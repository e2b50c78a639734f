"""Verifier for fleet-supervisord-workers: the agent's supervisord configuration read with supervisord's
own parser, then supervisord started from it and its processes killed, stopped, told to exit and made
to fail, to see the restart policy, the drain, the log rotation and the event listener at work.
The tests run in file order on one supervisord."""

import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

CONF = "/etc/supervisor/supervisord.conf"
LOGS = Path("/var/log/fleet")
CONTROL = Path("/srv/fleet/control")
WORKERS = [f"worker-{i:02d}" for i in range(4)]


def ctl(*args):
    return subprocess.run(["supervisorctl", "-c", CONF, *args], capture_output=True, text=True, timeout=60)


def status():
    """{name: (state, pid)} from supervisorctl status."""
    out = {}
    for line in ctl("status").stdout.splitlines():
        parts = line.split()
        if len(parts) >= 2:
            m = re.search(r"pid (\d+)", line)
            out[parts[0]] = (parts[1], int(m.group(1)) if m else None)
    return out


def wait_for(pred, deadline=90, what=""):
    end = time.time() + deadline
    while time.time() < end:
        got = pred()
        if got:
            return got
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {what}: {status()}")


def alerts():
    p = LOGS / "alerts.log"
    return p.read_text().splitlines() if p.exists() else []


@pytest.fixture(scope="module")
def options():
    """The configuration as supervisord itself reads it."""
    from supervisor.options import ServerOptions

    o = ServerOptions()
    o.realize(args=["-c", CONF])
    return {pc.name: (g.name, pc) for g in o.process_group_configs for pc in g.process_configs}


@pytest.fixture(scope="module")
def sup(options):
    """supervisord started from the agent's configuration, with every program up."""
    # Programs the configuration does not define will never run: fail at once rather than wait for them.
    absent = [name for name in [*WORKERS, "scheduler"] if options.get(name, ("",))[0] != "fleet"]
    assert not absent, f"the configuration has no program {', '.join(absent)} in the group fleet"
    subprocess.run(["pkill", "-x", "supervisord"], check=False)
    end = time.time() + 60
    while subprocess.run(["pgrep", "-x", "supervisord"], capture_output=True).returncode == 0 and time.time() < end:
        time.sleep(0.5)
    subprocess.run(["pkill", "-9", "-x", "supervisord"], check=False)
    time.sleep(1)
    for stale in ("/var/run/supervisor.sock", "/var/run/supervisord.pid"):
        Path(stale).unlink(missing_ok=True)
    for f in CONTROL.glob("*"):
        f.unlink()
    (LOGS / "alerts.log").unlink(missing_ok=True)
    subprocess.run(["supervisord", "-c", CONF], check=True, timeout=60)
    wait_for(lambda: all(status().get(f"fleet:{w}", ("",))[0] == "RUNNING" for w in WORKERS)
             and status().get("fleet:scheduler", ("",))[0] == "RUNNING", what="the fleet to run")
    yield
    ctl("shutdown")
    time.sleep(2)


def test_programs_commands_user_and_environment(options):
    """The workers are four processes worker-00..worker-03 of python3 /app/fleet/worker.py --id N and the scheduler
    runs python3 /app/fleet/scheduler.py, both in the group fleet, from /app/fleet, as the fleet user, with
    QUEUE_DIR=/srv/fleet/queue and PYTHONUNBUFFERED=1."""
    import pwd

    fleet = pwd.getpwnam("fleet").pw_uid
    want = {w: f"/app/fleet/worker.py --id {int(w[-2:])}" for w in WORKERS}
    want["scheduler"] = "/app/fleet/scheduler.py"
    assert {n for n, (g, _) in options.items() if g == "fleet"} == set(want)
    for name, tail in want.items():
        _, pc = options[name]
        assert re.fullmatch(r"(?:\S*/)?python3 " + re.escape(tail), pc.command), pc.command
        assert pc.uid == fleet and pc.directory == "/app/fleet", name
        assert pc.environment and pc.environment.get("QUEUE_DIR") == "/srv/fleet/queue", name
        assert pc.environment.get("PYTHONUNBUFFERED") == "1", name


def test_restart_and_stop_settings(options):
    """Workers restart only on unexpected exits (0 and 78 are expected), must stay up 5 s to count as started, get 4
    retries, stop with SIGINT and 30 s of grace, signalled and killed with their process group; the scheduler always
    restarts."""
    from supervisor.datatypes import RestartUnconditionally, RestartWhenExitUnexpected

    for w in WORKERS:
        _, pc = options[w]
        assert pc.autorestart is RestartWhenExitUnexpected, w
        assert sorted(pc.exitcodes) == [0, 78], w
        assert (pc.startsecs, pc.startretries) == (5, 4), w
        assert pc.stopsignal == signal.SIGINT and pc.stopwaitsecs == 30, w
        assert pc.stopasgroup and pc.killasgroup, w
    assert options["scheduler"][1].autorestart is RestartUnconditionally


def test_log_files_and_rotation_settings(options):
    """Each process logs stdout to /var/log/fleet/NAME.log (1 MB, 5 backups) and stderr apart to
    /var/log/fleet/NAME.err (256 KB, 3 backups)."""
    for name in [*WORKERS, "scheduler"]:
        _, pc = options[name]
        assert not pc.redirect_stderr, name
        assert pc.stdout_logfile == f"/var/log/fleet/{name}.log", pc.stdout_logfile
        assert (pc.stdout_logfile_maxbytes, pc.stdout_logfile_backups) == (1024 * 1024, 5), name
        assert pc.stderr_logfile == f"/var/log/fleet/{name}.err", pc.stderr_logfile
        assert (pc.stderr_logfile_maxbytes, pc.stderr_logfile_backups) == (256 * 1024, 3), name


def test_event_listener_configured(options):
    """An event listener fleet-alerts runs python3 /app/fleet/alerts.py for PROCESS_STATE_EXITED and
    PROCESS_STATE_FATAL."""
    from supervisor.options import ServerOptions

    o = ServerOptions()
    o.realize(args=["-c", CONF])
    listeners = [g for g in o.process_group_configs if g.name == "fleet-alerts"]
    assert listeners, [g.name for g in o.process_group_configs]
    g = listeners[0]
    assert re.fullmatch(r"(?:\S*/)?python3 /app/fleet/alerts\.py", g.process_configs[0].command)
    from supervisor import events

    names = {events.getEventNameByType(t) for t in g.pool_events}
    assert names == {"PROCESS_STATE_EXITED", "PROCESS_STATE_FATAL"}, names


def test_fleet_runs_as_fleet_and_processes_jobs(sup):
    """supervisord runs the four workers and the scheduler as the fleet user, and jobs get done."""
    st = status()
    for name in [*WORKERS, "scheduler"]:
        state, pid = st[f"fleet:{name}"]
        assert state == "RUNNING"
        user = subprocess.run(["ps", "-o", "user=", "-p", str(pid)], capture_output=True, text=True).stdout.strip()
        assert user == "fleet", (name, user)
    before = len(list(Path("/srv/fleet/queue/done").glob("*.job")))
    wait_for(lambda: len(list(Path("/srv/fleet/queue/done").glob("*.job"))) >= before + 2, what="jobs to be done")


def test_killed_worker_is_restarted_and_recorded(sup):
    """A worker that dies (SIGKILL) is restarted, and alerts.log gets a line 'TIME EXITED fleet:worker-01 pid=PID'."""
    _, pid = status()["fleet:worker-01"]
    os.kill(pid, signal.SIGKILL)
    wait_for(lambda: status()["fleet:worker-01"][0] == "RUNNING" and status()["fleet:worker-01"][1] != pid,
             what="worker-01 to come back")
    wait_for(lambda: any(re.fullmatch(rf"\S+ EXITED fleet:worker-01 pid={pid}", a) for a in alerts()),
             deadline=30, what="the alert for worker-01")


def test_exit_75_restarts_exit_78_does_not(sup):
    """Exit 75 (queue gone) is unexpected: restarted and recorded. Exit 78 (configuration error) is expected: the
    worker stays EXITED and no alert is written for it."""
    _, pid3 = status()["fleet:worker-03"]
    (CONTROL / "worker-03.exit").write_text("75\n")
    wait_for(lambda: status()["fleet:worker-03"][0] == "RUNNING" and status()["fleet:worker-03"][1] != pid3,
             what="worker-03 to come back after exit 75")
    wait_for(lambda: any(re.fullmatch(rf"\S+ EXITED fleet:worker-03 pid={pid3}", a) for a in alerts()),
             deadline=30, what="the alert for worker-03")
    (CONTROL / "worker-02.exit").write_text("78\n")
    wait_for(lambda: status()["fleet:worker-02"][0] == "EXITED", what="worker-02 to exit")
    time.sleep(8)
    assert status()["fleet:worker-02"][0] == "EXITED"
    assert not [a for a in alerts() if "worker-02" in a], alerts()


def test_failing_starts_end_fatal_and_recorded(sup):
    """A worker that cannot stay up is retried (with supervisord's backoff) and ends FATAL; alerts.log gets
    'TIME FATAL fleet:worker-02 pid=-'."""
    (CONTROL / "worker-02.broken").write_text("")
    ctl("start", "fleet:worker-02")
    wait_for(lambda: status()["fleet:worker-02"][0] == "FATAL", deadline=120, what="worker-02 to be FATAL")
    wait_for(lambda: any(re.fullmatch(r"\S+ FATAL fleet:worker-02 pid=-", a) for a in alerts()),
             deadline=30, what="the FATAL alert")
    err = (LOGS / "worker-02.err").read_text()
    assert err.count("queue unreachable") >= 4, err[-500:]
    (CONTROL / "worker-02.broken").unlink()


def test_stop_drains_and_leaves_no_helper(sup):
    """Stopping a worker sends SIGINT: it drains (its log says 'drained', never 'SIGTERM') and its helper is gone."""
    ctl("stop", "fleet:worker-00")
    wait_for(lambda: status()["fleet:worker-00"][0] == "STOPPED", what="worker-00 to stop")
    log = (LOGS / "worker-00.log").read_text()
    assert "worker-00: SIGINT, draining" in log and "worker-00: drained" in log, log[-500:]
    assert "SIGTERM" not in log
    time.sleep(1)
    ps = subprocess.run(["pgrep", "-f", "fleet-helper worker-00"], capture_output=True, text=True)
    assert ps.stdout.strip() == "", "worker-00's helper is still running"


def test_logs_rotate_per_stream(sup):
    """stdout and stderr are logged apart and rotated: 1 MB with 5 backups, 256 KB with 3 backups."""
    (CONTROL / "worker-01.noise").write_text("1600\n")
    wait_for(lambda: (LOGS / "worker-01.log.1").exists() and (LOGS / "worker-01.err.3").exists(),
             what="worker-01's logs to rotate")
    time.sleep(2)
    assert not (LOGS / "worker-01.err.4").exists()
    for p in LOGS.glob("worker-01.log*"):
        assert p.stat().st_size <= 1024 * 1024 + 140_000, p
    for p in LOGS.glob("worker-01.err*"):
        assert p.stat().st_size <= 256 * 1024 + 140_000, p
    assert "started pid" in (LOGS / "worker-01.log").read_text() + (LOGS / "worker-01.log.1").read_text()
    assert "started pid" not in (LOGS / "worker-01.err.1").read_text()


def test_listener_survives_and_scheduler_untouched(sup):
    """The event listener is still RUNNING after all of that (it speaks the protocol), and the scheduler never
    stopped."""
    st = status()
    assert st["fleet-alerts"][0] == "RUNNING"
    assert st["fleet:scheduler"][0] == "RUNNING"
