"""Hostile agents stay contained: a flood of output, a hang, a fork bomb, a memory hog, a kill from outside.

Each hostile "agent" is a task whose solution misbehaves, run by the oracle
in one run beside a well-behaved task.  Each must end with the cause the log
says it ended with, leave no container behind, keep this process's memory
bounded, and never take the run down: the well-behaved task still passes.
"""

from __future__ import annotations

import resource
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import aiodocker
import anyio
import pytest

from realcli import events as ev
from realcli.eventlog import EventLog, open_log
from realcli.runtime import OracleAgent, RunPlan, start_run
from realcli.taskformat import load_task
from tests._tasks import make_task

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("debian_image")]

FLOOD_BYTES = 1 << 30  # 1 GiB on stdout


def _peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def finished(records: Sequence[ev.RecordedEvent], trial: str) -> ev.TrialFinished:
    (done,) = [r.event for r in records if isinstance(r.event, ev.TrialFinished) and r.trial_id == trial]
    return done


E = TypeVar("E", bound=ev.Event)


def of(records: Sequence[ev.RecordedEvent], kind: type[E], trial: str) -> list[E]:
    return [r.event for r in records if isinstance(r.event, kind) and r.trial_id == trial]


def solution_command(records: Sequence[ev.RecordedEvent], trial: str) -> ev.CommandFinished:
    (command,) = [e for e in of(records, ev.CommandFinished, trial) if e.purpose == "oracle"]
    return command


async def run_all(log: EventLog, tmp_path: Path, hostile: dict[str, tuple[str, str]]) -> list[ev.RecordedEvent]:
    roots = [make_task(tmp_path, name, solve=solve, toml=toml) for name, (solve, toml) in hostile.items()]
    roots.append(make_task(tmp_path, "calm"))
    tasks = [load_task(root) for root in roots]
    plan = RunPlan(
        run_id="hostile",
        tasks=tasks,
        mode="exec",
        agent=OracleAgent.info,
        make_agent=lambda task: OracleAgent(),
        voice=None,
        concurrency=3,
    )
    with anyio.fail_after(300):
        await start_run(log, plan)
    return [rec async for rec in log.read_all(0, "hostile")]


async def no_container_left(docker: aiodocker.Docker) -> None:
    left = await docker.containers.list(all=True, filters={"label": ["realcli.run=hostile"]})
    assert left == []


async def test_floods_hangs_fork_bombs_and_memory_hogs_are_contained(
    tmp_path: Path, docker_client: aiodocker.Docker
) -> None:
    short = "[agent]\ntimeout_sec = 8\n[verifier]\ntimeout_sec = 30\n"
    hostile = {
        "flood": (f"#!/bin/sh\nyes | head -c {FLOOD_BYTES}\necho hello > /app/out\n", ""),
        "hang": ("#!/bin/sh\nsleep 100000\n", short),
        "forkbomb": ("#!/bin/bash\nb() { b | b & }; b\n", short),
        "filler": ("#!/bin/bash\necho hello > /app/out\nwhile :; do setsid sleep 1000 & done\n", short),
        "hog": (
            "#!/bin/sh\nx=0123456789; while :; do x=$x$x; done\n",
            "[environment]\nmemory_mb = 128\n[verifier]\ntimeout_sec = 30\n",
        ),
    }
    before = _peak_rss_mib()

    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        records = await run_all(log, tmp_path, hostile)

    # The flood is kept at its head and tail, counted whole, and this process did not hold it.
    flood = solution_command(records, "flood-exec-1")
    assert flood.stdout.total_bytes == FLOOD_BYTES
    assert flood.stdout.kept_bytes <= 64 * 1024
    assert _peak_rss_mib() - before < 200
    assert finished(records, "flood-exec-1").cause == "agent_done"
    # A hang ends at the time budget, scored.
    hang = finished(records, "hang-exec-1")
    assert (hang.reason, hang.cause) == ("time_budget", "time_budget")
    (verified,) = of(records, ev.VerifierFinished, "hang-exec-1")
    assert verified.reward == 0.0
    # A fork bomb runs into the process limit (the host is not touched); a sandbox left saturated is
    # reset so that the verifier can run, and the trial is scored: the agent's doing, not the harness's.
    assert all("could not start a process" in r.reason for r in of(records, ev.SandboxReset, "forkbomb-exec-1"))
    assert finished(records, "forkbomb-exec-1").cause in ("agent_done", "time_budget")  # as the script hung or not
    (verified,) = of(records, ev.VerifierFinished, "forkbomb-exec-1")
    assert verified.reward == 0.0
    # Sleepers in sessions of their own (the time limit does not reach them) hold every process slot:
    # the snapshot's first command cannot fork, the sandbox is reset once, the agent's work is scored.
    (reset,) = of(records, ev.SandboxReset, "filler-exec-1")
    assert "could not start a process" in reset.reason
    (verified,) = of(records, ev.VerifierFinished, "filler-exec-1")
    assert verified.reward == 1.0
    # The memory hog is killed inside the sandbox (out of memory: 137), and the trial goes on to a score.
    assert solution_command(records, "hog-exec-1").exit_code == 137
    assert finished(records, "hog-exec-1").cause == "agent_done"
    # The run went on: the calm task passed.
    (calm,) = of(records, ev.VerifierFinished, "calm-exec-1")
    assert calm.reward == 1.0
    await no_container_left(docker_client)


async def test_a_sandbox_killed_from_outside_is_an_infrastructure_error_and_the_run_goes_on(
    tmp_path: Path, docker_client: aiodocker.Docker
) -> None:
    slow = ("#!/bin/sh\nsleep 100000\n", "[agent]\ntimeout_sec = 120\n")

    async def kill_it() -> None:
        while True:
            found = await docker_client.containers.list(filters={"label": ["realcli.trial=victim-exec-1"]})
            if found:
                await anyio.sleep(1.0)  # let the solution start
                await found[0].kill()
                return
            await anyio.sleep(0.2)

    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log, anyio.create_task_group() as tg:
        tg.start_soon(kill_it)
        records = await run_all(log, tmp_path, {"victim": slow})

    done = finished(records, "victim-exec-1")
    assert (done.reason, done.cause) == ("infrastructure_error", "sandbox_lost")
    (removed,) = of(records, ev.SandboxRemoved, "victim-exec-1")
    assert "TaskGroup" not in removed.reason
    assert "sandbox" in removed.reason
    (calm,) = of(records, ev.VerifierFinished, "calm-exec-1")
    assert calm.reward == 1.0
    await no_container_left(docker_client)


async def test_a_disk_filler_is_stopped_at_the_tasks_storage_budget(
    tmp_path: Path, docker_client: aiodocker.Docker
) -> None:
    """storage_mb is applied: one file cannot outgrow it, and many files end the agent's time (storage_budget)."""
    budget = "[environment]\nstorage_mb = 64\n[agent]\ntimeout_sec = 90\n[verifier]\ntimeout_sec = 30\n"
    hostile = {
        # one 3 GB file: the write fails at 64 MiB (EFBIG), the solution goes on and does the task
        "bigfile": (
            "#!/bin/sh\ndd if=/dev/zero of=/app/big bs=1M count=3000\necho size $(stat -c %s /app/big)\n"
            "rm /app/big\necho hello > /app/out\n",
            budget,
        ),
        # 8 MiB files from a background writer, for ever: the layer outgrows the budget
        "filler": (
            "#!/bin/sh\n(i=0; while :; do i=$((i+1)); dd if=/dev/zero of=/app/f$i bs=1M count=8 2>/dev/null; done) &\n"
            "sleep 100000\n",
            budget,
        ),
    }
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        records = await run_all(log, tmp_path, hostile)

    bigfile = solution_command(records, "bigfile-exec-1")
    assert "File size limit exceeded" in bigfile.stderr.text  # SIGXFSZ at the cap
    assert f"size {64 << 20}" in bigfile.stdout.text
    assert finished(records, "bigfile-exec-1").cause == "agent_done"
    assert of(records, ev.VerifierFinished, "bigfile-exec-1")[0].reward == 1.0

    (exceeded,) = of(records, ev.StorageExceeded, "filler-exec-1")
    assert exceeded.limit_mb == 64
    assert exceeded.used_mb > 64
    done = finished(records, "filler-exec-1")
    assert (done.reason, done.cause) == ("completed", "storage_budget")
    assert done.duration_sec < 60  # well before the agent's 90 s: the budget ended it
    (verified,) = of(records, ev.VerifierFinished, "filler-exec-1")
    assert verified.reward == 0.0  # scored from what was left, as after a time budget
    (calm,) = of(records, ev.VerifierFinished, "calm-exec-1")
    assert calm.reward == 1.0
    await no_container_left(docker_client)
