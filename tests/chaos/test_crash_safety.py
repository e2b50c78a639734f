"""Crash safety end to end (`make test-chaos`): kill -9 at random moments, a NATS server restarted or gone
for minutes, a worker killed mid-trial.  Every trial ends exactly once, nothing is duplicated, no container
is left.  Fault points are drawn from a seeded generator whose seed is printed (replay it with
$REALCLI_CHAOS_SEED)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests._nats import NatsServer
from tests.chaos._chaos import (
    KILL_POINTS,
    chaos_rng,
    check_exactly_once,
    count,
    fixture_task,
    kill_9,
    records,
    spawn,
    wait_for_new,
)

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("debian_image")]

TRIALS = {f"realcli-full-{mode}-{attempt}" for mode in ("exec", "collab") for attempt in (1, 2)}
COLLAB = {t for t in TRIALS if "-collab-" in t}
ROUNDS = 3


def kill_and_resume(url: str, run_id: str, name: str, *, restart: NatsServer | None = None) -> list[str]:
    """Start a run, then ROUNDS times: kill -9 the running process at a random point and resume it.

    With ``restart``, the first fault is instead the NATS server stopped for a few seconds at a random
    point (the run rides it out).  Returns what was done, for failure messages.
    """
    rng = chaos_rng(name)
    proc = spawn("run", str(fixture_task()), "-k", "2", "-n", "2", "--run-id", run_id, "--log", url)
    done: list[str] = []
    for round_ in range(ROUNDS):
        point, delay = rng.choice(KILL_POINTS), rng.uniform(0.0, 0.5)
        seen = count(url, run_id, point) if round_ else 0
        if not wait_for_new(url, run_id, point, max(seen, 0), proc):
            done.append(f"round {round_}: the process ended before {point}")
            break
        time.sleep(delay)
        if restart is not None and round_ == 0:
            down = rng.uniform(2.0, 6.0)
            restart.stop()
            time.sleep(down)
            restart.start()
            done.append(f"round {round_}: NATS down {down:.1f} s, {delay:.2f} s after a {point}")
            continue
        kill_9(proc)
        done.append(f"round {round_}: kill -9 {delay:.2f} s after a {point}")
        proc = spawn("resume", run_id, "--log", url)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, f"{done}: {err}"
    final = spawn("resume", run_id, "--log", url)  # a resume of a finished run changes nothing but its end
    _, err = final.communicate(timeout=300)
    assert final.returncode == 0, f"{done}: {err}"
    print(f"{name}: {done}")
    return done


def test_kill_9_at_random_moments_then_resume_on_sqlite(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'log.db'}"
    done = kill_and_resume(url, "chaos", "sqlite kills")
    check_exactly_once(url, "chaos", TRIALS, COLLAB, str(done))


@pytest.mark.nats
def test_nats_restarted_mid_run_and_kill_9_then_resume(tmp_path: Path) -> None:
    server = NatsServer(tmp_path / "store")
    server.start()
    try:
        url = f"{server.url}?stream=CHAOS"
        done = kill_and_resume(url, "chaosn", "nats restart + kills", restart=server)
        check_exactly_once(url, "chaosn", TRIALS, COLLAB, str(done))
    finally:
        server.stop()


@pytest.mark.nats
def test_a_nats_outage_of_minutes_is_ridden_out_by_every_trial(tmp_path: Path) -> None:
    """75 s away (the bound was a fixed 60 s, and killed every trial of the run): every trial completes,
    a local run's and a distributed run's (its coordinator and worker ride it out too)."""
    server = NatsServer(tmp_path / "store")
    server.start()
    procs = []
    try:
        url = f"{server.url}?stream=LONG"
        tasks = str(fixture_task().parent)
        procs = [
            spawn("run", str(fixture_task()), "-k", "2", "-n", "4", "--run-id", "long", "--log", url),
            spawn("run", str(fixture_task()), "-k", "2", "--distribute", "--run-id", "longd", "--log", url),
            spawn("worker", "--tasks", tasks, "-n", "4", "--idle-exit", "10", "--log", url),
        ]
        assert wait_for_new(url, "long", "CommandStarted", 0, procs[0])
        assert wait_for_new(url, "longd", "CommandStarted", 0, procs[1])
        server.stop()
        time.sleep(75)
        server.start()
        outs = [p.communicate(timeout=300) for p in procs]
        assert [p.returncode for p in procs] == [0, 0, 0], [err for _, err in outs]
        for run_id in ("long", "longd"):
            check_exactly_once(url, run_id, TRIALS, COLLAB, f"75 s outage, run {run_id}")
    finally:
        for proc in procs:
            kill_9(proc)
        server.stop()


@pytest.mark.nats
def test_a_distributed_run_with_a_worker_killed_mid_trial_finishes_every_trial_once(
    tmp_path: Path, nats: NatsServer
) -> None:
    rng = chaos_rng("worker kill")
    url = f"{nats.url}?stream=CW{os.urandom(4).hex()}"
    tasks = str(fixture_task().parent)
    coordinator = spawn("run", str(fixture_task()), "-k", "2", "--distribute", "--run-id", "cw", "--log", url)
    first = spawn("worker", "--tasks", tasks, "-n", "2", "--ack-wait", "4", "--log", url)
    second = None
    try:
        point, delay = rng.choice(KILL_POINTS[:4]), rng.uniform(0.0, 0.5)  # mid-trial: before its TrialFinished
        assert wait_for_new(url, "cw", point, 0, first)
        time.sleep(delay)
        kill_9(first)
        second = spawn("worker", "--tasks", tasks, "-n", "2", "--idle-exit", "6", "--log", url)
        _, err = coordinator.communicate(timeout=300)
        assert coordinator.returncode == 0, f"kill -9 {delay:.2f} s after a {point}: {err}"
        second.communicate(timeout=120)
    finally:
        for proc in (coordinator, first, second):
            if proc is not None:
                kill_9(proc)
    log = check_exactly_once(url, "cw", TRIALS, COLLAB, f"worker killed {delay:.2f} s after a {point}")
    workers = {r.event.worker for r in log if type(r.event).__name__ == "TrialStarted"}  # type: ignore[attr-defined]
    assert len(workers) == 2  # the second worker took over the first one's trials
    assert records  # (imported for interactive replays)


@pytest.mark.nats
def test_a_nats_server_lost_for_good_ends_the_run_in_one_line_and_resume_finishes_it(tmp_path: Path) -> None:
    """The server dies for good at a random point: the run ends within its outage bound (plus a margin), exit 3,
    one line, no traceback; with the server back, `resume` finishes every trial exactly once."""
    rng = chaos_rng("lost server")
    bound = 15.0
    server = NatsServer(tmp_path / "store")
    server.start()
    url = f"{server.url}?stream=LOST&outage={bound:g}"
    proc = spawn("run", str(fixture_task()), "-k", "2", "-n", "2", "--run-id", "lost", "--log", url)
    try:
        point, delay = rng.choice(KILL_POINTS[:4]), rng.uniform(0.0, 0.5)
        assert wait_for_new(url, "lost", point, 0, proc)
        time.sleep(delay)
        server.stop()
        gone = time.monotonic()
        _, err = proc.communicate(timeout=bound + 120)
        took = time.monotonic() - gone
        note = f"server lost {delay:.2f} s after a {point}, the run ended {took:.1f} s later: {err}"
        print(note)
        assert proc.returncode == 3, note
        assert "Traceback" not in err, note
        errors = [line for line in err.splitlines() if "error" in line.lower()]
        assert len(errors) == 1, note
        assert "lost NATS" in errors[0], note
        assert took < bound + 60, note
        server.start()
        again = spawn("resume", "lost", "--log", url)
        _, err = again.communicate(timeout=300)
        assert again.returncode == 0, err
        check_exactly_once(url, "lost", TRIALS, COLLAB, note)
    finally:
        kill_9(proc)
        server.stop()
