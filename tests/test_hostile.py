"""Hostile agents stay contained: a flood of output, a hang, a fork bomb, a memory hog, a kill from outside,
parallel disk writers and a flood of empty files.

Each hostile "agent" is a task whose solution misbehaves, run by the oracle
in one run beside a well-behaved task.  Each must end with the cause the log
says it ended with, leave no container behind, keep this process's memory
bounded, and never take the run down: the well-behaved task still passes.
"""

from __future__ import annotations

import re
import resource
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import aiodocker
import anyio
import pytest

from realcli import events as ev
from realcli.environments import DiskEnforcement
from realcli.eventlog import EventLog, open_log
from realcli.runtime import OracleAgent, RunPlan, start_run
from realcli.taskformat import load_task
from tests._engines import RestrictedEngine, realcli
from tests._labels import kill_when_running, mine
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


async def run_all(
    log: EventLog,
    tmp_path: Path,
    hostile: dict[str, tuple[str, str]],
    *,
    tests: str | None = None,
    deadline_sec: float = 300,
    run_id: str = "hostile",
) -> list[ev.RecordedEvent]:
    """Run the hostile tasks (name -> solution, task.toml; ``tests``: their test.sh) and a calm one, at once."""
    roots = [make_task(tmp_path, name, solve=solve, toml=toml) for name, (solve, toml) in hostile.items()]
    for root in roots if tests is not None else []:
        (root / "tests" / "test.sh").write_text(tests)
    roots.append(make_task(tmp_path, "calm"))
    tasks = [load_task(root) for root in roots]
    plan = RunPlan(
        run_id=run_id,
        tasks=tasks,
        mode="exec",
        agent=OracleAgent.info,
        make_agent=lambda task: OracleAgent(),
        voice=None,
        concurrency=3,
    )
    with anyio.fail_after(deadline_sec):  # a guard against a hang: every trial ends long before
        await start_run(log, plan)
    return [rec async for rec in log.read_all(0, run_id)]


async def no_container_left(docker: aiodocker.Docker, run_id: str = "hostile") -> None:
    left = await docker.containers.list(all=True, filters=mine(f"realcli.run={run_id}"))
    assert left == []


@pytest.mark.long
async def test_floods_hangs_fork_bombs_and_memory_hogs_are_contained(
    tmp_path: Path, docker_client: aiodocker.Docker
) -> None:
    short = "[agent]\ntimeout_sec = 8\n[verifier]\ntimeout_sec = 30\n"
    hostile = {
        "flood": (f"#!/bin/sh\nyes | head -c {FLOOD_BYTES}\necho hello > /app/out\n", ""),
        "hang": ("#!/bin/sh\nsleep 100000\n", short),
        "forkbomb": ("#!/bin/bash\nb() { b | b & }; b\n", short),
        # dash gives up at the first fork it cannot make (bash retries for seconds): the filler ends by
        # itself once every slot is held, however long filling takes on a loaded machine.
        "filler": (
            "#!/bin/bash\necho hello > /app/out\nexec sh -c 'while :; do setsid sleep 1000 & done'\n",
            "[agent]\ntimeout_sec = 600\n[verifier]\ntimeout_sec = 30\n",
        ),
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
    # A fork bomb runs into the process limit (the host is not touched); before the verifier every process
    # it left is stopped, or the sandbox reset when even the kill cannot start (the engine's listing says
    # which), so that the verifier can run, and the trial is scored: the agent's doing, not the harness's.
    resets = of(records, ev.SandboxReset, "forkbomb-exec-1")
    assert all("could not start a process" in r.reason or "outlived the kill" in r.reason for r in resets)
    (guard,) = of(records, ev.VerifierPrepared, "forkbomb-exec-1")
    assert guard.stopped_total > 0
    assert finished(records, "forkbomb-exec-1").cause in ("agent_done", "time_budget")  # as the script hung or not
    (verified,) = of(records, ev.VerifierFinished, "forkbomb-exec-1")
    assert verified.reward == 0.0
    # Sleepers in sessions of their own (the time limit does not reach them) hold every process slot: they are
    # killed before the verifier (or, when even the kill cannot start, the sandbox is reset), the agent's work
    # is scored.
    (guard,) = of(records, ev.VerifierPrepared, "filler-exec-1")
    assert any("sleep 1000" in command for command in guard.stopped)
    resets = of(records, ev.SandboxReset, "filler-exec-1")
    assert all("could not start a process" in r.reason or "outlived the kill" in r.reason for r in resets)
    assert len(resets) <= 1
    assert finished(records, "filler-exec-1").cause == "agent_done"  # it ended by itself, slots full
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

    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log, anyio.create_task_group() as tg:
        tg.start_soon(kill_when_running, docker_client, "realcli.trial=victim-exec-1")  # into the solution
        records = await run_all(log, tmp_path, {"victim": slow})

    done = finished(records, "victim-exec-1")
    assert (done.reason, done.cause) == ("infrastructure_error", "sandbox_lost")
    (removed,) = of(records, ev.SandboxRemoved, "victim-exec-1")
    assert "TaskGroup" not in removed.reason
    assert "sandbox" in removed.reason
    (calm,) = of(records, ev.VerifierFinished, "calm-exec-1")
    assert calm.reward == 1.0
    await no_container_left(docker_client)


CAP_MB = 200
WRITERS = 10  # parallel dd writers of one MiB blocks
# What the verifier of a disk-filling task reports: what the agent left (by blocks, and its files),
# whether it had room for files of its own (64 MB), and a reward from the agent's work.
DISK_VERIFIER = """#!/bin/sh
echo "agent-kib $(du -skx /app | cut -f1) files $(find /app -xdev | wc -l)"
if dd if=/dev/zero of=/var/tmp/verifier-room bs=1M count=64 2>/dev/null; then room=yes; else room=no; fi
echo "room $room"
if [ $room = yes ] && grep -qx hello /app/out; then echo 1; else echo 0; fi > /logs/verifier/reward.txt
"""


def verifier_report(records: Sequence[ev.RecordedEvent], trial: str) -> tuple[ev.VerifierFinished, dict[str, str]]:
    """The trial's verification and what its verifier reported (``DISK_VERIFIER``'s lines)."""
    (verified,) = of(records, ev.VerifierFinished, trial)
    found = re.search(r"agent-kib (\d+) files (\d+)\s+room (\w+)", verified.output.text)
    assert found is not None, verified.output.text
    return verified, {"agent-kib": found[1], "files": found[2], "room": found[3]}


# What the disk tests' agents do: ten writers at once and a flood of empty files run into the cap; a
# burst of files well under it does not.
DISK_HOSTILE = {
    "writers": (
        "#!/bin/sh\necho hello > /app/out\n"
        "for i in 1 2 3 4 5 6 7 8 9 10; do dd if=/dev/zero of=/app/w$i bs=1M count=1000 2>/dev/null & done\n"
        "wait\nsleep 100000\n"
    ),
    "flood": (
        "#!/bin/sh\necho hello > /app/out\n"
        "mkdir /app/flood && cd /app/flood && seq -f f%.0f 1 2000000 | xargs touch 2>/dev/null\n"
        "sleep 100000\n"
    ),
    "burst": (
        "#!/bin/sh\nmkdir /app/burst && cd /app/burst && seq -f f%.0f 1 150000 | xargs touch\necho hello > /app/out\n"
    ),
}
# The flood's cap is smaller: the cap stops it all the same, and fewer files (a few hundred bytes of
# metadata each; 566,000 filled 200 MB) take less time.
DISK_CAPS = {"writers": CAP_MB, "flood": 16, "burst": CAP_MB}


def disk_budget(cap_mb: int) -> str:
    return f"[environment]\nstorage_mb = {cap_mb}\n[agent]\ntimeout_sec = 900\n[verifier]\ntimeout_sec = 300\n"


async def run_disk_hog(tmp_path: Path, name: str) -> list[ev.RecordedEvent]:
    """``DISK_HOSTILE[name]`` beside a calm task, in a run of its own; the calm task passed."""
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        hostile = {name: (DISK_HOSTILE[name], disk_budget(DISK_CAPS[name]))}
        # The deadline only guards against a hang: past the agent's and the verifier's time together.
        records = await run_all(log, tmp_path, hostile, tests=DISK_VERIFIER, deadline_sec=1500, run_id=f"disk-{name}")
    (calm,) = of(records, ev.VerifierFinished, "calm-exec-1")
    assert calm.reward == 1.0
    return records


@pytest.mark.long
@pytest.mark.parametrize("name", ["writers", "flood"])
async def test_the_disk_cap_stops_parallel_writers_and_a_flood_of_empty_files_and_the_verifier_still_runs(
    name: str, tmp_path: Path, docker_client: aiodocker.Docker, disk_caps: DiskEnforcement
) -> None:
    """storage_mb is a cap the engine enforces, by blocks: ten writers at once and a flood of empty files
    stop at it (every file costs its metadata), the agent's time ends (storage_budget, the limit named),
    and the verifier, with room of its own, scores what was left."""
    records = await run_disk_hog(tmp_path, name)

    trial, cap = f"{name}-exec-1", DISK_CAPS[name]
    (created,) = of(records, ev.SandboxCreated, trial)
    assert (created.storage_mb, created.storage) == (cap, "quota")
    (full,) = of(records, ev.StorageExceeded, trial)
    assert (full.limit_mb, full.storage) == (cap, "quota")
    assert full.used_mb >= cap - 2  # full: the writers ran into the cap
    done = finished(records, trial)
    assert (done.reason, done.cause) == ("completed", "storage_budget")
    assert f"storage_mb = {cap} MB" in done.detail
    verified, report = verifier_report(records, trial)
    # The layer never held more than the cap, by blocks, whatever the writers asked for (ten GB): the
    # quota is checked as each write reserves its blocks, so what the ten writers had in flight when
    # it was reached may land past it (at most one dd block, a MiB, each; 1.6 MiB past the cap was seen).
    assert int(report["agent-kib"]) <= (cap + WRITERS) * 1024, report
    assert report["room"] == "yes", report  # the agent's budget did not cut the verifier off
    assert verified.reward == 1.0  # scored from what was left
    if name == "writers":
        assert int(report["agent-kib"]) >= (cap - 16) * 1024  # the writers filled it, then stopped
    else:  # ten thousand empty files at least (under 1.6 kB each), then the cap: not all two million
        assert 10_000 < int(report["files"]) < 2_000_000
    await no_container_left(docker_client, f"disk-{name}")


@pytest.mark.long
async def test_a_burst_of_files_under_the_disk_cap_is_not_taken_for_a_full_disk(
    tmp_path: Path, docker_client: aiodocker.Docker, disk_caps: DiskEnforcement
) -> None:
    """A burst of files well under the cap (the filesystem reserves far more for it than it keeps, for a
    while) is not taken for a full disk: the agent finishes and every file is scored."""
    records = await run_disk_hog(tmp_path, "burst")

    assert of(records, ev.StorageExceeded, "burst-exec-1") == []
    assert finished(records, "burst-exec-1").cause == "agent_done"
    burst, report = verifier_report(records, "burst-exec-1")
    assert int(report["files"]) > 150_000  # every file of the burst, and the verifier scored them
    assert burst.reward == 1.0
    await no_container_left(docker_client, "disk-burst")


# ---------------------------------------------------------------- an engine that cannot cap disks


async def read_run(url: str, run_id: str) -> list[ev.RecordedEvent]:
    async with open_log(url) as log:
        return [rec async for rec in log.read_all(0, run_id)]


def test_an_engine_that_cannot_cap_disks_polls_storage_mb_and_says_so_once(
    tmp_path: Path, restricted_engine: RestrictedEngine
) -> None:
    budget = "[environment]\nstorage_mb = 64\n[agent]\ntimeout_sec = 300\n[verifier]\ntimeout_sec = 60\n"
    filler = make_task(
        tmp_path,
        "filler",
        toml=budget,
        solve="#!/bin/sh\necho hello > /app/out\n"
        "(i=0; while :; do i=$((i+1)); dd if=/dev/zero of=/app/f$i bs=1M count=8 2>/dev/null; done) &\n"
        "sleep 100000\n",
    )
    calm = make_task(tmp_path, "calm", toml=budget)
    url = f"sqlite:{tmp_path / 'log.db'}"

    done = realcli(
        restricted_engine, "run", str(filler), str(calm), "--mode", "exec", "--agent", "oracle",
        "--network", "none", "--run-id", "polled", "--log", url,
    )  # fmt: skip

    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if "cannot cap sandbox disks" in line]
    assert len(said) == 1, done.stderr  # once, for both sandboxes
    assert said[0].startswith("warning: the Docker engine cannot cap sandbox disks (the engine's ")
    assert "not a cap" in said[0]
    assert "scripts/services.sh start" in said[0]
    records = anyio.run(read_run, url, "polled")
    for trial in ("filler-exec-1", "calm-exec-1"):
        (created,) = of(records, ev.SandboxCreated, trial)
        assert (created.storage_mb, created.storage) == (64, "poll")
    (full,) = of(records, ev.StorageExceeded, "filler-exec-1")
    assert (full.limit_mb, full.storage) == (64, "poll")
    ended = finished(records, "filler-exec-1")
    assert ended.cause == "storage_budget"
    assert "outgrew the task's storage_mb = 64 MB" in ended.detail
    (calm_verified,) = of(records, ev.VerifierFinished, "calm-exec-1")
    assert calm_verified.reward == 1.0
