"""The end of a trial's environment: the evidence snapshot, then the verifier, each awaited with a deadline."""

from __future__ import annotations

from typing import Final

import anyio

from realcli import EngineError, TaskFormatError
from realcli import events as ev
from realcli.runtime.bus import StreamWriter, TrialFeed
from realcli.runtime.trials._warden_evidence import evidence_paths
from realcli.taskformat import Task

__all__ = ["SNAPSHOT_TIMEOUT_SEC", "VERIFIER_GRACE_SEC", "after_prepared", "finish_environment", "tampering_detail"]

VERIFIER_GRACE_SEC: Final = 60.0
SNAPSHOT_TIMEOUT_SEC: Final = 300.0


async def finish_environment(
    supervisor: StreamWriter,
    feed: TrialFeed,
    task: Task,
    trial_id: str,
    *,
    verifier_sec: float,
    step: str | None = None,
) -> ev.VerifierFinished:
    """Evidence first (the state the agent left), then the verifier (a step's, for a multi-step task).

    ``verifier_sec`` is the verifier's timeout in this run (the task's or the step's, scaled).  Both
    requests go in one append: the sandbox answers them in order, and may take the evidence's listing
    in the verifier's own command.
    """
    cursor = len(feed.records)
    await supervisor.append(
        ev.SnapshotRequested(trial_id=trial_id, paths=evidence_paths(task), then_verify=True),
        ev.VerificationRequested(trial_id=trial_id, timeout_sec=verifier_sec, step=step),
    )
    try:
        with anyio.fail_after(SNAPSHOT_TIMEOUT_SEC + verifier_sec + VERIFIER_GRACE_SEC):
            rec, _ = await feed.wait_for(lambda e: isinstance(e, ev.VerifierFinished), cursor)
    except TimeoutError as e:
        # The verifier is killed inside the container at its timeout: no answer at all means the
        # sandbox (or the engine under it) stopped responding.
        raise EngineError(
            f"task {task.task_id}: the sandbox gave no evidence snapshot and verifier result "
            f"in {SNAPSHOT_TIMEOUT_SEC + verifier_sec:.0f} s"
        ) from e
    assert isinstance(rec.event, ev.VerifierFinished)
    if rec.event.error:
        # Only the run's choice of metric leaves an error now (no reward on the agent's state is its 0).
        where = f"step {step} verifier" if step else "verifier"
        raise TaskFormatError(f"task {task.task_id}: {where}: {rec.event.error}")
    return rec.event


def tampering_detail(feed: TrialFeed) -> str:
    """One line naming what the latest ``VerifierPrepared`` found tampered with (the trial's detail)."""
    prepared = next((r.event for r in reversed(feed.records) if isinstance(r.event, ev.VerifierPrepared)), None)
    if prepared is None or not prepared.tampering:
        return ""
    first = prepared.tampering[0]
    more = prepared.tampering_total - 1
    also = f" and {more} more" if more > 0 else ""
    return f"the verifier did not run: {first.path} {first.change} ({first.rule}: {first.detail}){also}"


async def after_prepared(feed: TrialFeed, index: int) -> int:
    """The index in ``feed`` just after step ``index``'s ``StepPrepared``: where the step's own events begin."""
    with anyio.fail_after(SNAPSHOT_TIMEOUT_SEC):
        _, found = await feed.wait_for(lambda e: isinstance(e, ev.StepPrepared) and e.index == index)
    return found + 1
