"""The report's ``usage``: model calls by purpose and by judge, and what the agent did per mode."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.facts import RunFacts, Usage
from realcli.projections.reports._base import ByMode, ReportPart, num
from realcli.projections.scores import TrialOutcome

__all__ = ["ModeActivity", "ModelUsage", "UsageSummary", "usage_part"]


class ModelUsage(ReportPart, frozen=True, kw_only=True):
    """Model calls (HTTP attempts), errors, tokens, cost and latency summed for one purpose or judge."""

    calls: int  # HTTP attempts
    errors: int
    tokens_in: int
    tokens_out: int
    cost_usd: float
    latency_sec: float


class ModeActivity(ReportPart, frozen=True, kw_only=True):
    """What the agent did in the scored trials of one mode."""

    trials: int
    agent_commands: int
    agent_commands_mean: float | None
    turns_mean: float | None
    agent_messages: int
    agent_questions: int
    duration_sec_mean: float | None


class UsageSummary(ReportPart, frozen=True, kw_only=True):
    """The report's model usage: per purpose (agent, user), per judge, and each mode's activity."""

    models: dict[str, ModelUsage]  # by purpose (agent, user)
    judges: dict[str, ModelUsage]  # judge streams that called a model
    modes: ByMode[ModeActivity]


def _model_usage(usage: Usage) -> ModelUsage:
    return ModelUsage(
        calls=usage.calls,
        errors=usage.errors,
        tokens_in=usage.tokens_in,
        tokens_out=usage.tokens_out,
        cost_usd=num(usage.cost_usd),
        latency_sec=num(usage.latency_sec),
    )


def _activity(facts: RunFacts, outcomes: Sequence[TrialOutcome], mode: str) -> ModeActivity:
    trials = [facts.trials[o.trial_id] for o in outcomes if o.mode == mode and o.v is not None]
    n = len(trials)
    return ModeActivity(
        trials=n,
        agent_commands=sum(t.agent_commands for t in trials),
        agent_commands_mean=num(sum(t.agent_commands for t in trials) / n) if n else None,
        turns_mean=num(sum(t.turns for t in trials) / n) if n else None,
        agent_messages=sum(t.agent_messages for t in trials),
        agent_questions=sum(t.agent_questions for t in trials),
        duration_sec_mean=num(sum(t.finished.duration_sec for t in trials if t.finished) / n) if n else None,
    )


def usage_part(facts: RunFacts, outcomes: Sequence[TrialOutcome]) -> UsageSummary:
    """Model usage of the trials and judges, and per-mode activity over scored trials."""
    by_purpose: dict[str, Usage] = {}
    for trial in facts.trials.values():
        for purpose, usage in trial.usage.items():
            by_purpose.setdefault(purpose, Usage()).merge(usage)
    return UsageSummary(
        models={p: _model_usage(u) for p, u in sorted(by_purpose.items())},
        judges={jid: _model_usage(j.usage) for jid, j in sorted(facts.judges.items()) if j.usage.calls},
        modes=ByMode(exec=_activity(facts, outcomes, "exec"), collab=_activity(facts, outcomes, "collab")),
    )
