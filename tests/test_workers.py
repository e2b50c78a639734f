"""Past one machine: trials queued on JetStream, run by worker processes, followed by the coordinator."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest

from realcli import events as ev
from realcli.eventlog import WorkOrder, WorkQueue, open_log
from tests._labels import session_label
from tests._nats import NatsServer
from tests._tasks import make_task

pytestmark = [pytest.mark.docker, pytest.mark.nats]


def realcli(*args: str, quiet: bool = False, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    out = subprocess.DEVNULL if quiet else subprocess.PIPE
    return subprocess.Popen(
        [sys.executable, "-m", "realcli", *args],
        stdout=out,
        stderr=out,
        text=True,
        env={**os.environ, "COLUMNS": "200", **(env or {})},
    )


async def records(url: str, run_id: str) -> list[ev.RecordedEvent]:
    async with open_log(url) as log:
        return [r async for r in log.read_all(0, run_id)]


def wait_for(url: str, run_id: str, kind: type, deadline: float = 90) -> list[ev.RecordedEvent]:
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        found = [r for r in anyio.run(records, url, run_id) if isinstance(r.event, kind)]
        if found:
            return found
        time.sleep(0.3)
    raise AssertionError(f"no {kind.__name__} in run {run_id} after {deadline} s")


def test_two_workers_share_a_distributed_run(tmp_path: Path, nats: NatsServer) -> None:
    """The machine also holds the roles' keys (`realcli nats-setup` leaves them) while this server takes a token:
    the coordinator mints no per-run credential the server would refuse, and the workers write with the token."""
    url = f"{nats.url}?stream=D{os.urandom(4).hex()}"
    tasks = tmp_path / "tasks"
    for name in ("alpha", "beta"):
        make_task(tasks, name, solve="#!/bin/sh\nsleep 1\necho hello > /app/out\n")
    setup = subprocess.run(
        [sys.executable, "-m", "realcli", "nats-setup", "--dir", str(tmp_path / "keys")], capture_output=True, text=True
    )
    assert setup.returncode == 0, setup.stderr
    keys = {"REALCLI_NATS_DIR": str(tmp_path / "keys" / "nats")}
    workers = [
        realcli("worker", "--tasks", str(tasks), "-n", "1", "--idle-exit", "8", "--log", url, env=keys)
        for _ in range(2)
    ]
    try:
        coordinator = subprocess.run(
            [
                sys.executable,
                "-m",
                "realcli",
                "run",
                str(tasks),
                "--mode",
                "exec",
                "-k",
                "2",
                "--distribute",
                "--run-id",
                "dist",
                "--log",
                url,
            ],
            capture_output=True,
            text=True,
            timeout=240,
            env={**os.environ, **keys},
        )
        assert coordinator.returncode == 0, coordinator.stderr
        outs = [w.communicate(timeout=60) for w in workers]
    finally:
        for w in workers:
            w.kill()
    assert all(w.returncode == 0 for w in workers), outs

    log = anyio.run(records, url, "dist")
    finished = {r.event.trial_id: r.event.reason for r in log if isinstance(r.event, ev.TrialFinished)}
    assert finished == {f"{t}-exec-{a}": "completed" for t in ("alpha", "beta") for a in (1, 2)}
    ran_by = {r.event.worker for r in log if isinstance(r.event, ev.TrialStarted)}
    assert len(ran_by) == 2  # both workers took trials
    rewards = [r.event.reward for r in log if isinstance(r.event, ev.VerifierFinished)]
    assert rewards == [1.0] * 4
    (done,) = [r.event for r in log if isinstance(r.event, ev.RunFinished)]
    assert (done.status, done.trials_finished) == ("completed", 4)


def test_a_dead_workers_trial_is_retried_by_another(tmp_path: Path, nats: NatsServer) -> None:
    url = f"{nats.url}?stream=K{os.urandom(4).hex()}"
    tasks = tmp_path / "tasks"
    make_task(tasks, "slow", solve="#!/bin/sh\nsleep 6\necho hello > /app/out\n")
    coordinator = realcli(
        "run", str(tasks), "--mode", "exec", "--distribute", "--run-id", "retry", "--log", url, quiet=True
    )
    first = realcli("worker", "--tasks", str(tasks), "--ack-wait", "4", "--log", url, quiet=True)
    second = None
    try:
        wait_for(url, "retry", ev.CommandStarted)
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        second = realcli("worker", "--tasks", str(tasks), "--idle-exit", "5", "--log", url, quiet=True)
        assert coordinator.wait(180) == 0
        second.wait(60)
    finally:
        for p in (coordinator, first, second):
            if p is not None:
                p.kill()

    log = anyio.run(records, url, "retry")
    starts = [r.event for r in log if isinstance(r.event, ev.TrialStarted)]
    assert len(starts) == 2
    assert starts[0].worker != starts[1].worker
    (finished,) = [r.event for r in log if isinstance(r.event, ev.TrialFinished)]
    assert finished.reason == "completed"
    assert [r.event.reward for r in log if isinstance(r.event, ev.VerifierFinished)] == [1.0]
    leftover = subprocess.run(
        ["docker", "ps", "-aq", "--filter", "label=realcli.run=retry", "--filter", f"label={session_label()}"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert leftover.stdout.strip() == ""  # the second worker swept the dead one's container


def test_a_distributed_run_outlives_its_coordinator_and_can_be_followed_from_anywhere(
    tmp_path: Path, nats: NatsServer
) -> None:
    url = f"{nats.url}?stream=F{os.urandom(4).hex()}"
    fixtures = Path(__file__).parent / "fixtures" / "tasks"
    coordinator = realcli(
        "run", str(fixtures / "realcli-full"), "-k", "2", "--distribute", "--run-id", "detach", "--log", url, quiet=True
    )
    worker = realcli("worker", "--tasks", str(fixtures), "-n", "1", "--idle-exit", "8", "--log", url, quiet=True)
    followers: list[subprocess.Popen[str]] = []
    try:
        wait_for(url, "detach", ev.TrialStarted)
        coordinator.send_signal(signal.SIGINT)  # the coordinator stops following; the run goes on
        assert coordinator.wait(60) == 130
        assert not [r for r in anyio.run(records, url, "detach") if isinstance(r.event, ev.RunFinished)]
        listed = subprocess.run([sys.executable, "-m", "realcli", "runs", "--log", url], capture_output=True, text=True)
        assert "running" in listed.stdout
        followers = [realcli("tail", "detach", "--follow", "--log", url), realcli("wait", "detach", "--log", url)]
        outs = [f.communicate(timeout=180) for f in followers]
        assert worker.wait(60) == 0
    finally:
        for p in (coordinator, worker, *followers):
            p.kill()

    assert [f.returncode for f in followers] == [0, 0], outs
    assert "RunFinished" in outs[0][0].splitlines()[-1]  # tail -f ended when the run did, not at the coordinator's exit
    log = anyio.run(records, url, "detach")
    trials = {f"realcli-full-{mode}-{attempt}" for mode in ("exec", "collab") for attempt in (1, 2)}
    finishes = [r.event.trial_id for r in log if isinstance(r.event, ev.TrialFinished)]
    assert sorted(finishes) == sorted(trials)  # each trial exactly once
    (done,) = [r.event for r in log if isinstance(r.event, ev.RunFinished)]
    assert (done.status, done.trials_finished) == ("completed", 4)
    judged = [r.event.trial_id for r in log if isinstance(r.event, ev.FidelityAssessed)]
    assert sorted(judged) == sorted(8 * ["realcli-full-collab-1", "realcli-full-collab-2"])  # judged once each
    judging = [r.event for r in log if r.stream == "detach.judge.rules"]
    assert isinstance(judging[-1], ev.JudgingFinished)
    listed = subprocess.run([sys.executable, "-m", "realcli", "runs", "--log", url], capture_output=True, text=True)
    assert "finished" in listed.stdout


def test_a_distributed_run_with_per_role_credentials_where_the_worker_holds_no_write_credential(
    tmp_path: Path,
) -> None:
    """The server runs `realcli nats-setup`'s configuration; the worker machine has worker.creds and orders.key
    only (its own credential appends to no run): it writes the run with the credential sealed in its orders."""
    server = NatsServer(tmp_path / "store", roles=tmp_path / "config")
    server.start()
    worker_dir = tmp_path / "worker-machine"
    worker_dir.mkdir(mode=0o700)
    for name in ("worker.creds", "orders.key"):
        (worker_dir / name).write_bytes((tmp_path / "config" / "nats" / name).read_bytes())
        (worker_dir / name).chmod(0o600)
    url = f"{server.url}?stream=ROLES"
    tasks = tmp_path / "tasks"
    make_task(tasks, "alpha")
    coordinator_env = {**server.roles_env(), "COLUMNS": "200"}
    worker_env = {**coordinator_env, "REALCLI_NATS_DIR": str(worker_dir)}
    worker = subprocess.Popen(
        [sys.executable, "-m", "realcli", "worker", "--tasks", str(tasks), "--idle-exit", "8", "--log", url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=worker_env,
    )
    try:
        run = ["run", str(tasks), "--mode", "exec", "--distribute", "--run-id", "roles", "--log", url]
        coordinator = subprocess.run(
            [sys.executable, "-m", "realcli", *run],
            capture_output=True,
            text=True,
            timeout=240,
            env=coordinator_env,
        )
        assert coordinator.returncode == 0, coordinator.stderr
        _, worker_err = worker.communicate(timeout=60)
        verify = subprocess.run(
            [sys.executable, "-m", "realcli", "verify", "roles", "--log", url],
            capture_output=True,
            text=True,
            timeout=60,
            env={**coordinator_env, "REALCLI_NATS_CREDS": str(tmp_path / "config" / "nats" / "read.creds")},
        )
    finally:
        worker.kill()
        server.stop()
    assert worker.returncode == 0, worker_err
    assert "permissions violation" not in worker_err.lower()
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert "intact" in verify.stdout
    assert "sealed at its close" in verify.stdout


def test_a_worker_scores_by_the_metric_a_resume_chose(tmp_path: Path, nats: NatsServer) -> None:
    """A run that chose no metric, resumed with --metric speed: its queued trials are scored by speed wherever
    they run, even by a worker started with another --metric (that one is for runs that chose none)."""
    url = f"{nats.url}?stream=M{os.urandom(4).hex()}"
    root = make_task(tmp_path / "tasks", "metrics")
    (root / "tests" / "test.sh").write_text(
        """#!/bin/sh\necho '{"accuracy": 1, "speed": 0.5}' > /logs/verifier/reward.json\n"""
    )
    anyio.run(_resumed_run_with_an_order, url, root)

    worker = realcli(
        "worker", "--tasks", str(tmp_path / "tasks"), "--metric", "accuracy", "--idle-exit", "8", "--log", url
    )
    out, err = worker.communicate(timeout=240)

    assert worker.returncode == 0, out + err
    log = anyio.run(records, url, "rm")
    assert [r.event.metric for r in log if isinstance(r.event, ev.TrialStarted)] == ["speed"]
    assert [r.event.reward for r in log if isinstance(r.event, ev.VerifierFinished)] == [0.5]


async def _resumed_run_with_an_order(url: str, root: Path) -> None:
    started = ev.RunStarted(
        run_id="rm",
        mode="exec",
        agent=ev.AgentInfo(name="oracle"),
        attempts=1,
        concurrency=1,
        tasks=["metrics"],
        task_dirs=[str(root)],
    )
    scheduled = ev.TrialScheduled(trial_id="metrics-exec-1", task_id="metrics", mode="exec", attempt=1)
    resumed = ev.RunResumed(run_id="rm", trials=["metrics-exec-1"], metric="speed")
    async with open_log(url) as log, WorkQueue.open(log.url) as queue:
        await log.append(ev.run_stream("rm"), [started, scheduled, resumed], expected_version=0)
        await queue.submit([WorkOrder("rm", "metrics-exec-1")])
