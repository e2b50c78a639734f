"""Helpers for the chaos tests: seeded fault points, CLI processes, and the exactly-once checks."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import anyio

from realcli import LogUnavailableError, NotFoundError
from realcli import events as ev
from realcli.eventlog import open_log

# Kill points relative to a trial's verifier: before it, while it runs, after it, after the trial.
KILL_POINTS = ("TrialStarted", "CommandStarted", "VerificationRequested", "VerifierFinished", "TrialFinished")


def chaos_rng(name: str) -> random.Random:
    """A generator seeded from $REALCLI_CHAOS_SEED (to replay a failure) or at random; the seed is printed."""
    seed = int(os.environ.get("REALCLI_CHAOS_SEED") or random.SystemRandom().randrange(1 << 32))
    print(f"{name}: chaos seed {seed} (replay: REALCLI_CHAOS_SEED={seed})")
    return random.Random(seed)


def spawn(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "realcli", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )


async def _records(url: str, run_id: str) -> list[ev.RecordedEvent]:
    async with open_log(url, create=False) as log:
        return [r async for r in log.read_all(0, run_id)]


def records(url: str, run_id: str) -> list[ev.RecordedEvent]:
    return anyio.run(_records, url, run_id)


def count(url: str, run_id: str, kind: str) -> int:
    try:
        return sum(ev.event_type(r.event) == kind for r in records(url, run_id))
    except (LogUnavailableError, NotFoundError):
        return -1  # the log is away (a server being restarted) or not there yet: look again


def wait_for_new(
    url: str, run_id: str, kind: str, seen: int, proc: subprocess.Popen[str], deadline: float = 120
) -> bool:
    """Wait until the run has more than ``seen`` events of ``kind``; False if ``proc`` ended first."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if count(url, run_id, kind) > seen:
            return True
        if proc.poll() is not None:
            return False
        time.sleep(0.1)
    raise AssertionError(f"no new {kind} in run {run_id} after {deadline} s")


def kill_9(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=30)  # reaps it and closes its pipe


def leftover_containers(run_id: str) -> str:
    done = subprocess.run(
        ["docker", "ps", "-aq", "--filter", f"label=realcli.run={run_id}"], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def check_exactly_once(url: str, run_id: str, trials: set[str], collab: set[str], note: str) -> list[ev.RecordedEvent]:
    """Every trial finished exactly once (completed, reward 1), nothing duplicated, each COLLAB try judged once."""
    log = records(url, run_id)
    finishes = Counter(r.event.trial_id for r in log if isinstance(r.event, ev.TrialFinished))
    assert finishes == Counter(trials), f"{note}: TrialFinished per trial {dict(finishes)}"
    assert {r.event.reason for r in log if isinstance(r.event, ev.TrialFinished)} == {"completed"}, note
    ids = [r.event.id for r in log]
    assert len(ids) == len(set(ids)), f"{note}: duplicated event ids"
    keys = [(r.stream, r.version) for r in log]
    assert len(keys) == len(set(keys)), f"{note}: duplicated stream versions"
    judged = Counter(r.event.trial_id for r in log if isinstance(r.event, ev.FidelityAssessed))
    assert judged == Counter({t: 8 for t in collab}), f"{note}: fidelity assessments per trial {dict(judged)}"
    judging = [r.event for r in log if r.stream == ev.judge_stream(run_id, "rules")]
    assert isinstance(judging[-1], ev.JudgingFinished), note
    assert judging[-1].trials == len(collab), note
    run_events = [r.event for r in log if r.stream == ev.run_stream(run_id)]
    assert isinstance(run_events[-1], ev.RunFinished), note
    assert run_events[-1].status == "completed", note
    assert leftover_containers(run_id) == "", f"{note}: containers left behind"
    return log


def fixture_task() -> Path:
    return Path(__file__).resolve().parent.parent / "fixtures" / "tasks" / "realcli-full"
