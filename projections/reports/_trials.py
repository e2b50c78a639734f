"""The report's ``trials``: one row per trial, sorted by task, mode and attempt."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.facts import RunFacts, network_hint
from realcli.projections.reports._base import ReportPart, StatusCounts, num, status_counts
from realcli.projections.scores import Instance, TrialOutcome

__all__ = ["StepRow", "TrialRow", "trial_rows"]


class StepRow(ReportPart, frozen=True, kw_only=True):
    """A verified step of a multi-step trial."""

    name: str
    reward: float | None


class TrialRow(ReportPart, frozen=True, kw_only=True):
    """One row of the report's per-trial table."""

    trial: str
    task: str
    category: str
    mode: str
    attempt: int
    status: str
    reward: float | None
    V: int | None  # None unless scored
    end_reason: str
    cause: str
    tries: int
    turns: int
    agent_commands: int
    agent_messages: int
    agent_questions: int
    probes_fired: list[str]
    probes_not_fired: list[str]
    instances: StatusCounts | None  # under the judge; None for a trial without instances
    metrics: dict[str, float]  # the verifier's reward.json
    steps: list[StepRow]
    hint: str | None


def trial_rows(facts: RunFacts, outcomes: Sequence[TrialOutcome], instances: Sequence[Instance]) -> list[TrialRow]:
    """Every trial's row, in the order of ``outcomes``."""
    per_trial: dict[str, dict[str, int]] = {}
    for inst in instances:
        tally = per_trial.setdefault(inst.trial_id, {"pass": 0, "fail": 0, "n/a": 0, "undecided": 0})
        tally[inst.status] += 1
    rows = []
    for o in outcomes:
        t = facts.trials[o.trial_id]
        counted = per_trial.get(o.trial_id)
        rows.append(
            TrialRow(
                trial=o.trial_id,
                task=o.task_id,
                category=o.category,
                mode=o.mode,
                attempt=o.attempt,
                status=o.status,
                reward=num(o.reward),
                V=o.v,
                end_reason=o.end_reason,
                cause=o.cause,
                tries=t.tries,
                turns=t.turns,
                agent_commands=t.agent_commands,
                agent_messages=t.agent_messages,
                agent_questions=t.agent_questions,
                probes_fired=sorted(t.probes_fired),
                probes_not_fired=sorted(t.probes_not_fired),
                instances=status_counts(counted) if counted is not None else None,
                metrics=dict(t.verifier.metrics) if t.verifier is not None else {},
                steps=[StepRow(name=step.name, reward=num(step.reward)) for step in t.steps],
                hint=network_hint(t),
            )
        )
    return rows
