"""Task outcome: ``R_m = mean over tasks x of V_x``, avg@k over attempts (paper §2.4).

* ``V = 1`` when the verifier's reward is ``>= 1``, else ``0``: a float reward
  (partial credit, e.g. ``0.8``) means the terminal state did not meet every
  acceptance criterion, so it counts as 0 (the mean raw reward is reported
  beside R for information).
* avg@k: per task, the mean of V over its scored attempts; R is the mean of
  that over tasks with at least one scored attempt.  ``per_attempt`` gives R
  over the tasks scored at attempt i.
* Only ``scored`` trials count.  Who failed decides: a trial that the agent
  ended (``TrialFinished.cause`` in ``AGENT_CAUSES``: it finished, a budget
  ran out, or it failed on its own: malformed output, context overflow, a
  crash) is scored from its ``VerifierFinished``, usually V = 0; a verifier
  that timed out on the agent's work gave reward 0.  Infrastructure errors,
  cancelled trials, trials without a usable reward and unfinished trials are
  reported apart (``status``, with the cause), never as zeros.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from realcli.events import TrialEndCause, cause_for_reason, is_agent_cause
from realcli.projections.facts import RunFacts, TrialFacts

__all__ = [
    "EXCLUDED_STATUSES",
    "ModeOutcome",
    "TrialOutcome",
    "TrialStatus",
    "mean",
    "mode_outcome",
    "trial_cause",
    "trial_outcomes",
    "trial_status",
    "verifier_outcome",
]

TrialStatus = Literal["scored", "infrastructure_error", "cancelled", "no_reward", "incomplete"]
EXCLUDED_STATUSES: Final[tuple[TrialStatus, ...]] = ("infrastructure_error", "cancelled", "no_reward")
"""The statuses of a finished trial that is not scored (reported apart, never as a zero)."""


def verifier_outcome(reward: float) -> int:
    """V in {0, 1}: 1 only for a reward of at least 1."""
    return 1 if reward >= 1.0 else 0


def trial_cause(trial: TrialFacts) -> TrialEndCause | None:
    """Why the trial ended (read from ``reason`` in logs written before causes); None while it runs."""
    finished = trial.finished
    if finished is None:
        return None
    return finished.cause if finished.cause is not None else cause_for_reason(finished.reason)


def trial_status(trial: TrialFacts) -> TrialStatus:
    """Whether a trial is scored, and if not, why."""
    cause = trial_cause(trial)
    if cause is None:
        return "incomplete"
    if cause == "cancelled":
        return "cancelled"
    if not is_agent_cause(cause):
        return "infrastructure_error"
    if trial.verifier is None or trial.verifier.reward is None:
        return "no_reward"
    return "scored"


@dataclass(frozen=True, slots=True)
class TrialOutcome:
    """How one trial ended for scoring: its status, reward and binary result V (None unless
    scored), and why it ended."""

    trial_id: str
    task_id: str
    category: str
    mode: Literal["exec", "collab"]
    attempt: int
    status: TrialStatus
    reward: float | None
    v: int | None  # None unless scored
    end_reason: str
    detail: str
    cause: str = ""  # TrialEndCause; "" while the trial runs

    @property
    def pair(self) -> tuple[str, int]:
        """The key that pairs an EXEC trial with its COLLAB twin: the task and the attempt."""
        return self.task_id, self.attempt


def _detail(trial: TrialFacts, status: TrialStatus) -> str:
    if status == "no_reward":
        if trial.verifier is None:
            return "no verifier result"
        return trial.verifier.error or "the verifier gave no reward"
    if trial.finished is None:
        return "the trial has not finished"
    verifier = trial.verifier
    if status == "scored" and verifier is not None and (verifier.timed_out or verifier.no_reward):
        why = (
            "the verifier timed out on the agent's work (reward 0)"
            if verifier.timed_out
            else f"the verifier gave no reward on the agent's state (reward 0): {verifier.no_reward}"
        )
        return f"{trial.finished.detail}; {why}" if trial.finished.detail else why
    return trial.finished.detail


def trial_outcomes(facts: RunFacts) -> list[TrialOutcome]:
    """Every trial's outcome, sorted by task, mode, attempt and trial id."""
    out: list[TrialOutcome] = []
    for trial in facts.trials.values():
        status = trial_status(trial)
        reward = trial.verifier.reward if trial.verifier is not None else None
        v = verifier_outcome(reward) if status == "scored" and reward is not None else None
        out.append(
            TrialOutcome(
                trial_id=trial.trial_id,
                task_id=trial.task_id,
                category=trial.category,
                mode=trial.mode,
                attempt=trial.attempt,
                status=status,
                reward=reward,
                v=v,
                end_reason=trial.finished.reason if trial.finished is not None else "",
                detail=_detail(trial, status),
                cause=trial_cause(trial) or "",
            )
        )
    out.sort(key=lambda o: (o.task_id, o.mode, o.attempt, o.trial_id))
    return out


def mean(values: Iterable[float]) -> float | None:
    """The arithmetic mean, or None for no values."""
    items = list(values)
    return sum(items) / len(items) if items else None


@dataclass(frozen=True, slots=True)
class ModeOutcome:
    """R of one mode with what it rests on."""

    mode: str
    r: float | None
    per_task: dict[str, float]  # task -> mean V over its scored attempts
    per_attempt: dict[int, float | None]
    tasks: int
    trials: int
    passed_trials: int
    reward_mean: float | None


def mode_outcome(outcomes: Sequence[TrialOutcome], mode: str) -> ModeOutcome:
    """R for ``mode`` from scored trials only (avg@k: mean per task, then over tasks)."""
    scored = [o for o in outcomes if o.mode == mode and o.v is not None]
    by_task: dict[str, list[int]] = {}
    by_attempt: dict[int, dict[str, list[int]]] = {}
    for o in scored:
        assert o.v is not None
        by_task.setdefault(o.task_id, []).append(o.v)
        by_attempt.setdefault(o.attempt, {}).setdefault(o.task_id, []).append(o.v)
    per_task = {task: sum(vs) / len(vs) for task, vs in sorted(by_task.items())}
    per_attempt: dict[int, float | None] = {}
    for attempt, tasks in sorted(by_attempt.items()):
        per_attempt[attempt] = mean(sum(vs) / len(vs) for _, vs in sorted(tasks.items()))
    return ModeOutcome(
        mode=mode,
        r=mean(per_task.values()),
        per_task=per_task,
        per_attempt=per_attempt,
        tasks=len(per_task),
        trials=len(scored),
        passed_trials=sum(o.v or 0 for o in scored),
        reward_mean=mean(o.reward for o in scored if o.reward is not None),
    )
