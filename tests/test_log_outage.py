"""A NATS log that goes away mid-run: ridden out up to the outage bound; past it, the trials in flight end
(as infrastructure errors, never scored) and the run ends within the bound, whether the server comes back or not."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import aiodocker
import anyio
import pytest

from realcli import LogUnavailableError
from realcli import events as ev
from realcli.eventlog import EventLog, open_log
from realcli.runtime import OracleAgent, RunPlan, resume_run, start_run
from realcli.taskformat import Task, load_task
from tests._labels import mine
from tests._nats import NatsServer
from tests._tasks import make_task

pytestmark = [pytest.mark.docker, pytest.mark.nats, pytest.mark.usefixtures("debian_image")]


async def file_in_sandbox(docker: aiodocker.Docker, trial: str, path: str) -> bool:
    """Whether ``path`` exists in ``trial``'s sandbox (seen through the engine: the log is down)."""
    found = await docker.containers.list(filters=mine(f"realcli.trial={trial}"))
    if not found:
        return False
    ex = await found[0].exec(["test", "-e", path])
    async with ex.start(detach=False) as stream:
        while await stream.read_out() is not None:
            pass
    return (await ex.inspect())["ExitCode"] == 0


@pytest.mark.long
async def test_an_outage_past_the_bound_ends_the_trials_in_flight_and_resume_runs_them_again(tmp_path: Path) -> None:
    # Past the 4 s bound the log counts as lost for the whole process: both trials end as infrastructure errors
    # (their ends cannot be recorded: the log is lost for them), nothing is scored, and once the server is back
    # `resume` runs both again, to a score each, nothing duplicated.
    bound = 4.0
    tasks = [
        load_task(make_task(tmp_path, name, solve=f"#!/bin/sh\nsleep {sleep}\necho hello > /app/out\n"))
        for name, sleep in (("early", 2), ("late", 20))
    ]
    server = NatsServer(tmp_path / "store")
    server.start()

    def plan(tasks: list[Task]) -> RunPlan:
        return RunPlan(
            run_id="out",
            tasks=tasks,
            mode="exec",
            agent=OracleAgent.info,
            make_agent=lambda task: OracleAgent(task.spec.oracle),
            voice=None,
            concurrency=2,
        )

    try:
        async with open_log(f"{server.url}?stream=OUT&outage={bound:g}") as log:

            async def outage() -> None:
                started = set()
                async for rec in log.subscribe(0, "out"):
                    if isinstance(rec.event, ev.CommandStarted):
                        started.add(rec.trial_id)
                    if started == {"early-exec-1", "late-exec-1"}:
                        break
                await anyio.to_thread.run_sync(server.stop)
                await anyio.sleep(bound + 2)
                await anyio.to_thread.run_sync(server.start)

            with anyio.fail_after(150):
                async with anyio.create_task_group() as tg:
                    tg.start_soon(outage)
                    result = await start_run(log, plan(tasks))
            first = await once_reconnected(log, "out")
            with anyio.fail_after(150):
                again = await resume_run(log, "out", lambda started, tasks: plan(tasks))
            records = [r async for r in log.read_all(0, "out")]
    finally:
        server.stop()

    assert sorted((o.trial_id, o.reason) for o in result.outcomes) == [
        ("early-exec-1", "infrastructure_error"),
        ("late-exec-1", "infrastructure_error"),
    ]
    assert all("lost NATS" in o.detail for o in result.outcomes)
    assert {r.event.reason for r in first if isinstance(r.event, ev.TrialFinished)} <= {"infrastructure_error"}
    assert [r for r in first if isinstance(r.event, ev.VerifierFinished)] == []  # nothing scored
    assert sorted(o.reason for o in again.outcomes) == ["completed", "completed"]
    assert [r.event.reward for r in records if isinstance(r.event, ev.VerifierFinished)] == [1.0, 1.0]
    ids = [r.event.id for r in records]
    assert len(ids) == len(set(ids))


async def once_reconnected(log: EventLog, run_id: str) -> list[ev.RecordedEvent]:
    """The run's records, once the connection is back (until then, past the bound, the log fails at once)."""
    with anyio.fail_after(60):
        while True:
            try:
                return [r async for r in log.read_all(0, run_id)]
            except LogUnavailableError:
                await anyio.sleep(0.5)


def spawn_run(task: Path, url: str, run_id: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "realcli", "run", str(task), "--mode", "exec", "--run-id", run_id, "--log", url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )


async def wait_for_event(url: str, run_id: str, kind: type[ev.Event]) -> None:
    """Until the run has recorded an event of ``kind`` (a generous deadline: a trial's image may be built first)."""
    with anyio.fail_after(240):
        async with open_log(url) as log:  # the run may not have made the stream yet
            async for rec in log.subscribe(0, run_id):
                if isinstance(rec.event, kind):
                    return


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "error" in line.lower() or "Traceback" in line]


async def test_a_server_lost_for_good_ends_the_run_within_its_bound_with_exit_3_and_one_line(tmp_path: Path) -> None:
    """Issue 21: with ?outage=20 a lost server took 157 s, exit 1 and a 224-line traceback."""
    bound = 20.0
    task = make_task(tmp_path, "long", solve="#!/bin/sh\nsleep 600\necho hello > /app/out\n")
    server = NatsServer(tmp_path / "store")
    server.start()
    url = f"{server.url}?stream=LOST&outage={bound:g}"
    proc = spawn_run(task, url, "lost")
    try:
        await wait_for_event(url, "lost", ev.CommandStarted)
        await anyio.to_thread.run_sync(server.stop)  # for good
        gone = time.monotonic()
        _, stderr = await anyio.to_thread.run_sync(lambda: proc.communicate(timeout=bound + 120))
        took = time.monotonic() - gone
        print(f"lost server: the run ended {took:.1f} s after the server died (bound {bound:g} s)")
    finally:
        proc.kill()
        server.stop()
    assert proc.returncode == 3, stderr
    assert "Traceback" not in stderr
    assert error_lines(stderr) == [error_lines(stderr)[0]], stderr
    assert f"lost NATS at nats://127.0.0.1:{server.port}" in error_lines(stderr)[0]
    # Ended by the bound, not by the task (600 s) or by a bound per request (the old 8x).
    assert took < bound + 60, took


async def test_an_outage_ridden_out_is_recorded_and_said_in_one_line(tmp_path: Path) -> None:
    task = make_task(tmp_path, "rides", solve="#!/bin/sh\nsleep 12\necho hello > /app/out\n")
    server = NatsServer(tmp_path / "store")
    server.start()
    url = f"{server.url}?stream=RIDE&outage=120"
    proc = spawn_run(task, url, "ride")
    try:
        await wait_for_event(url, "ride", ev.CommandStarted)
        await anyio.to_thread.run_sync(server.stop)
        await anyio.sleep(4)
        await anyio.to_thread.run_sync(server.start)
        stdout, stderr = await anyio.to_thread.run_sync(lambda: proc.communicate(timeout=300))
        async with open_log(url, create=False) as log:
            recovered = [r.event async for r in log.read(ev.run_stream("ride")) if isinstance(r.event, ev.LogRecovered)]
    finally:
        proc.kill()
        server.stop()
    assert proc.returncode == 0, stderr
    assert len(recovered) == 1
    assert 3 <= recovered[0].down_sec < 100
    assert recovered[0].bound_sec == 120
    said = [line for line in stdout.splitlines() if "the log was unreachable" in line]
    assert len(said) == 1, stdout
    assert "1 time(s)" in said[0]
    assert "rode it out" in said[0]
