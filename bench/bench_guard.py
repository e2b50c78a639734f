"""What the verifier's protection adds to a trial, beside the floor measured in the same run.

Before the verifier runs, the warden's guard kills what the agent
left running, checks the agent's changes against what the verifier rests on
and lays /tests and /logs/verifier fresh (docs/judging.md, "The verdict");
when the sandbox is ready it marks its own processes.  Two tasks, each at
concurrency 1 and 8, trials back to back with the raw Docker CLI floor of
the same task (``docker run``, ``exec`` the solution, ``exec`` the tests,
``rm``: bench_trials' floor):

* ``trivial``: the oracle writes one file (debian image): the guard's fixed cost;
* ``busy``: the oracle pip-installs a package with a console script, plants
  a test of its own in /tests and leaves a server running (python image):
  a process to kill, a hundred changed paths to check, /tests to clear.

Per row: the floor's and the trial's p50 (ms), the guard's p50 (its
``VerifierPrepared.duration_sec``, read from the trials' own log), the
marking of the sandbox's own processes (p50, timed on sandboxes of the same
image), and their sum as a share of the trial.

Run: ``.venv/bin/python -m bench.bench_guard [--concurrency 1,8] [--trials N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import anyio

from bench.bench_sandbox import Bench
from bench.bench_trials import _cli_floor, _harness_trial, _timed, _TrialState
from realcli import events as ev
from realcli.environments import DockerSandbox, connect, ensure_task_image, gc
from realcli.eventlog import open_log
from realcli.taskformat import load_task
from tests._tasks import make_task

NO_NETWORK = "[environment]\nallow_internet = false\n\n[verifier]\ntimeout_sec = 60\n"
BUSY_SOLVE = r"""#!/bin/bash
set -e
mkdir -p /tmp/tool/tooly && printf 'def main():\n    print("tooly")\n' > /tmp/tool/tooly/__init__.py
printf '[project]\nname = "tooly"\nversion = "1.0"\n[project.scripts]\ntooly = "tooly:main"\n' \
  > /tmp/tool/pyproject.toml
pip install --no-build-isolation --no-index --break-system-packages -q /tmp/tool 2>/dev/null
(mkdir -p /tests && echo 'def test_mine(): pass' > /tests/test_mine.py) 2>/dev/null || true  # (the floor's is ro)
(setsid python3 -m http.server 8123 >/dev/null 2>&1 &)
echo hello > /app/out
"""


@dataclass(frozen=True)
class Row:
    task: str
    concurrency: int
    floor_ms: float
    trial_ms: float
    guard_ms: float
    mark_ms: float
    checked: int

    @property
    def share(self) -> float:
        return (self.guard_ms + self.mark_ms) / self.trial_ms


@contextlib.asynccontextmanager
async def _task(bench: Bench, name: str, dockerfile: str, solve: str | None) -> AsyncIterator[_TrialState]:
    with tempfile.TemporaryDirectory(prefix="realcli-bench-") as tmp:
        task = load_task(make_task(Path(tmp), name, toml=NO_NETWORK, dockerfile=dockerfile, solve=solve))
        async with open_log(f"sqlite:{Path(tmp) / 'log.db'}") as log:
            image = await ensure_task_image(bench.docker, task.task_id, task.environment_dir)
            state = _TrialState(log, task, image.tag)
            await _harness_trial(bench, state)  # warm everything outside the timing
            await _cli_floor(bench, state)
            yield state


async def _guards(state: _TrialState, skip: int) -> tuple[list[float], list[int]]:
    """The guard's durations (ms) and paths checked, of the trials after the first ``skip``."""
    found = [rec.event async for rec in state.log.read_all(0) if isinstance(rec.event, ev.VerifierPrepared)]
    return [g.duration_sec * 1000 for g in found[skip:]], [g.checked for g in found[skip:]]


async def _marks(bench: Bench, image: str, n: int) -> list[float]:
    """``mark_own_processes`` on ``n`` fresh sandboxes of ``image`` (ms each)."""
    times = []
    for i in range(n):
        async with DockerSandbox(bench.docker, image, run=bench.run, trial=f"mark-{i}") as sb:
            started = time.perf_counter()
            await sb.mark_own_processes()
            times.append((time.perf_counter() - started) * 1000)
    return times


async def measure(levels: Sequence[int], trials: int | None) -> list[Row]:
    rows = []
    async with connect() as docker:
        bench = Bench(docker=docker, image="", run=f"bench-{secrets.token_hex(4)}")
        try:
            for name, dockerfile, solve in (
                ("trivial", "FROM debian:bookworm-slim\nWORKDIR /app\n", None),
                ("busy", "FROM realcli/python:bookworm\nWORKDIR /app\n", BUSY_SOLVE),
            ):
                async with _task(bench, name, dockerfile, solve) as state:
                    for c in levels:
                        n = trials or max(8, 2 * c)
                        _, done = await _guards(state, 0)
                        floor = await _timed(functools.partial(_cli_floor, bench, state), c, n)
                        trial = await _timed(functools.partial(_harness_trial, bench, state), c, n)
                        guard, checked = await _guards(state, len(done))
                        marks = await _marks(bench, state.image, min(n, 8))
                        rows.append(
                            Row(
                                task=name,
                                concurrency=c,
                                floor_ms=statistics.median(floor),
                                trial_ms=statistics.median(trial),
                                guard_ms=statistics.median(guard),
                                mark_ms=statistics.median(marks),
                                checked=round(statistics.median(checked)),
                            )
                        )
        finally:
            with anyio.CancelScope(shield=True):
                await gc(docker, run=bench.run)
    return rows


def format_rows(rows: Sequence[Row]) -> str:
    lines = [
        "the verifier's protection per trial (p50, ms), beside the CLI floor of the same task in the same run:",
        f"{'task':<8} {'c':>3} {'floor':>8} {'trial':>8} {'guard':>7} {'mark':>6} {'guard+mark':>11} "
        f"{'of trial':>9} {'paths checked':>14}",
    ]
    for r in rows:
        lines.append(
            f"{r.task:<8} {r.concurrency:>3} {r.floor_ms:>8.0f} {r.trial_ms:>8.0f} {r.guard_ms:>7.0f} "
            f"{r.mark_ms:>6.0f} {r.guard_ms + r.mark_ms:>11.0f} {r.share:>8.1%} {r.checked:>14}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concurrency", default="1,8")
    parser.add_argument("--trials", type=int, default=None)
    args = parser.parse_args(argv)
    levels = [int(c) for c in args.concurrency.split(",")]
    print(format_rows(anyio.run(measure, levels, args.trials)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
