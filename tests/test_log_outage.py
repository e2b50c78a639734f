"""A NATS log that goes away mid-run: ridden out up to the outage bound; past it, one trial's loss, not the run's."""

from __future__ import annotations

from pathlib import Path

import aiodocker
import anyio
import pytest

from realcli import events as ev
from realcli.environments import connect
from realcli.eventlog import open_log
from realcli.runtime import OracleAgent, RunPlan, start_run
from realcli.taskformat import load_task
from tests._nats import NatsServer
from tests._tasks import make_task

pytestmark = pytest.mark.usefixtures("debian_image")


async def file_in_sandbox(docker: aiodocker.Docker, trial: str, path: str) -> bool:
    """Whether ``path`` exists in ``trial``'s sandbox (seen through the engine: the log is down)."""
    found = await docker.containers.list(filters={"label": [f"realcli.trial={trial}"]})
    if not found:
        return False
    ex = await found[0].exec(["test", "-e", path])
    async with ex.start(detach=False) as stream:
        while await stream.read_out() is not None:
            pass
    return (await ex.inspect())["ExitCode"] == 0


async def test_an_outage_past_the_bound_ends_one_trial_as_an_infrastructure_error_and_the_others_go_on(
    tmp_path: Path,
) -> None:
    # "early" finishes its command while the server is down: recording it gives up after the
    # 4 s bound, and the trial ends as an infrastructure error, recorded once the server is
    # back (within the bound of that last append).  "late" is inside a long command all
    # through the outage: it never notices, and completes.
    bound = 4.0
    early = load_task(make_task(tmp_path, "early", solve="#!/bin/sh\nsleep 4\necho hello > /app/out\n"))
    late = load_task(make_task(tmp_path, "late", solve="#!/bin/sh\nsleep 30\necho hello > /app/out\n"))
    server = NatsServer(tmp_path / "store")
    server.start()
    try:
        async with open_log(f"{server.url}?stream=OUT&outage={bound:g}") as log, connect() as docker:
            plan = RunPlan(
                run_id="out",
                tasks=[early, late],
                mode="exec",
                agent=OracleAgent.info,
                make_agent=lambda task: OracleAgent(task.spec.oracle),
                voice=None,
                concurrency=2,
            )

            async def outage() -> None:
                started = set()
                async for rec in log.subscribe(0, "out"):
                    if isinstance(rec.event, ev.CommandStarted):
                        started.add(rec.trial_id)
                    if started == {"early-exec-1", "late-exec-1"}:
                        break
                await anyio.to_thread.run_sync(server.stop)
                for _ in range(600):  # until its command is over
                    if await file_in_sandbox(docker, "early-exec-1", "/app/out"):
                        break
                    await anyio.sleep(0.1)
                await anyio.sleep(bound + 1.5)  # its append gave up; its last words are being retried
                await anyio.to_thread.run_sync(server.start)

            with anyio.fail_after(150):
                async with anyio.create_task_group() as tg:
                    tg.start_soon(outage)
                    result = await start_run(log, plan)
            records = [r async for r in log.read_all(0, "out")]
    finally:
        server.stop()

    finished = {r.event.trial_id: r.event for r in records if isinstance(r.event, ev.TrialFinished)}
    assert finished["early-exec-1"].reason == "infrastructure_error"
    assert "lost NATS" in finished["early-exec-1"].detail
    assert finished["late-exec-1"].reason == "completed"
    assert [r.event.reward for r in records if isinstance(r.event, ev.VerifierFinished)] == [1.0]
    assert not result.interrupted
    ids = [r.event.id for r in records]
    assert len(ids) == len(set(ids))
