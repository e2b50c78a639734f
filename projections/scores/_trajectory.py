"""Appendix-E trajectory statistics over paired EXEC/COLLAB trials and judged instances.

A *pair* is the EXEC and the COLLAB trial of one task and attempt, both scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from realcli.projections.facts import RetryStats, RunFacts
from realcli.projections.scores._catalog import CatalogView
from realcli.projections.scores._collab import Instance
from realcli.projections.scores._outcome import TrialOutcome
from realcli.projections.scores._stats import median

__all__ = [
    "ConstraintRetention",
    "Flip",
    "NearAcceptance",
    "Pair",
    "constraint_retention",
    "flip_counts",
    "goal_maintenance",
    "near_acceptance",
    "pairs",
    "retry_stats",
    "successful_missing",
    "tool_call_ratios",
]

NEAR_ACCEPTANCE = 0.9
_COUNTED_CHECKS = frozenset({"passed", "failed"})  # skipped / pending / other are not "reported checks"


@dataclass(frozen=True, slots=True)
class Pair:
    """An EXEC trial and the COLLAB trial of the same task and attempt, with their V."""

    task_id: str
    category: str
    attempt: int
    exec_trial: str
    collab_trial: str
    exec_v: int
    collab_v: int


def pairs(outcomes: Sequence[TrialOutcome]) -> list[Pair]:
    """Scored EXEC/COLLAB pairs, sorted by task and attempt."""
    by_key: dict[tuple[str, int], dict[str, TrialOutcome]] = {}
    for o in outcomes:
        if o.v is not None:
            by_key.setdefault(o.pair, {})[o.mode] = o
    out: list[Pair] = []
    for (task, attempt), modes in sorted(by_key.items()):
        ex, co = modes.get("exec"), modes.get("collab")
        if ex is None or co is None or ex.v is None or co.v is None:
            continue
        out.append(Pair(task, co.category, attempt, ex.trial_id, co.trial_id, ex.v, co.v))
    return out


@dataclass(frozen=True, slots=True)
class Flip:
    """The 2x2 flip matrix: EXEC outcome -> COLLAB outcome."""

    fail_to_pass: int = 0
    pass_to_fail: int = 0
    both_pass: int = 0
    both_fail: int = 0

    @property
    def total(self) -> int:
        """The number of pairs."""
        return self.fail_to_pass + self.pass_to_fail + self.both_pass + self.both_fail


def flip_counts(selected: Sequence[Pair]) -> Flip:
    """How the pairs flipped between EXEC and COLLAB (fail to pass, pass to fail, both pass, both fail)."""
    f2p = sum(1 for p in selected if not p.exec_v and p.collab_v)
    p2f = sum(1 for p in selected if p.exec_v and not p.collab_v)
    both = sum(1 for p in selected if p.exec_v and p.collab_v)
    return Flip(f2p, p2f, both, len(selected) - f2p - p2f - both)


def tool_call_ratios(facts: RunFacts, selected: Sequence[Pair]) -> list[tuple[Pair, int, int]]:
    """(pair, EXEC agent commands, COLLAB agent commands) for every pair."""
    out = []
    for p in selected:
        ex, co = facts.trials[p.exec_trial], facts.trials[p.collab_trial]
        out.append((p, ex.agent_commands, co.agent_commands))
    return out


def retry_stats(facts: RunFacts, outcomes: Sequence[TrialOutcome], mode: str) -> RetryStats:
    """Retry outcomes after failed agent commands, summed over the mode's scored trials."""
    total = RetryStats()
    for o in outcomes:
        if o.mode == mode and o.v is not None:
            total.merge(facts.trials[o.trial_id].retry)
    return total


@dataclass(frozen=True, slots=True)
class NearAcceptance:
    """Failed trials, those that reported checks, and those that passed at least 90 % of them."""

    failed: int  # failed scored trials
    with_checks: int  # ... that reported at least one passed/failed check
    near: int  # ... that passed >= 90 % of them


def near_acceptance(facts: RunFacts, outcomes: Sequence[TrialOutcome], mode: str) -> NearAcceptance:
    """Failed trials whose CTRF checks nearly all pass (appendix E.5)."""
    failed = with_checks = near = 0
    for o in outcomes:
        if o.mode != mode or o.v != 0:
            continue
        failed += 1
        verifier = facts.trials[o.trial_id].verifier
        checks = [c for c in verifier.checks if c.status in _COUNTED_CHECKS] if verifier is not None else []
        if not checks:
            continue
        with_checks += 1
        passed = sum(c.status == "passed" for c in checks)
        near += passed / len(checks) >= NEAR_ACCEPTANCE
    return NearAcceptance(failed, with_checks, near)


def goal_maintenance(instances: Sequence[Instance], view: CatalogView, tag: str) -> tuple[int, int]:
    """(passed, decided) instances of templates carrying ``tag`` (appendix E.4)."""
    decided = [i for i in instances if i.status in ("pass", "fail") and tag in view.tags(i.template)]
    return sum(i.status == "pass" for i in decided), len(decided)


def successful_missing(instances: Sequence[Instance]) -> tuple[int, int]:
    """(successful COLLAB trials missing >= 1 scenario, successful COLLAB trials with a decided instance)."""
    decided: dict[str, bool] = {}
    for inst in instances:
        if inst.trial_v != 1 or inst.status not in ("pass", "fail"):
            continue
        decided[inst.trial_id] = decided.get(inst.trial_id, False) or inst.status == "fail"
    return sum(decided.values()), len(decided)


@dataclass(frozen=True, slots=True)
class ConstraintRetention:
    """Failed constraint-retention instances, by whether the environment or only the conversation failed them."""

    failures: int  # failed constraint-retention instances
    artifact: int  # ... with a failed environment/both item
    communication_only: int  # ... whose failed items are all trace items
    artifact_with_comm: int  # artifact failures with >= 1 decided trace item
    artifact_comm_all_pass: int  # ... whose decided trace items all pass


def constraint_retention(instances: Sequence[Instance], view: CatalogView) -> ConstraintRetention:
    """Constraint-retention failures split into artifact vs communication (appendix E.7)."""
    failures = artifact = comm_only = with_comm = comm_pass = 0
    for inst in instances:
        if inst.status != "fail" or "constraint_retention" not in view.tags(inst.template):
            continue
        failures += 1
        env_failed = any(i.verdict == "fail" and i.evidence != "trace" for i in inst.items)
        if not env_failed:
            comm_only += 1
            continue
        artifact += 1
        trace_items = [i for i in inst.items if i.evidence == "trace" and i.verdict in ("pass", "fail")]
        if trace_items:
            with_comm += 1
            comm_pass += all(i.verdict == "pass" for i in trace_items)
    return ConstraintRetention(failures, artifact, comm_only, with_comm, comm_pass)


def median_ratio(rows: Sequence[tuple[Pair, int, int]]) -> float | None:
    """Median of COLLAB/EXEC agent-command ratios over pairs with EXEC commands."""
    return median([co / ex for _, ex, co in rows if ex > 0])
