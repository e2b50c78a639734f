"""The report: every score and statistic of a run as one JSON-ready structure.

Deterministic: everything is sorted, floats are rounded to 6 decimals, and
nothing depends on log positions, the clock or the process.  The structure
is documented in docs/report-json.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from realcli.projections._catalog import CatalogView
from realcli.projections._collab import (
    DEFAULT_THRESHOLD,
    CollabScore,
    Instance,
    aggregate,
    build_instances,
)
from realcli.projections._facts import JudgeFacts, RetryStats, RunFacts, Usage, network_hint
from realcli.projections._fidelity import FIDELITY_CRITERIA
from realcli.projections._outcome import ModeOutcome, TrialOutcome, mode_outcome, trial_outcomes
from realcli.projections._stats import BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, TaskSample, bootstrap, task_sign_test
from realcli.projections._trajectory import (
    Flip,
    Pair,
    constraint_retention,
    flip_counts,
    goal_maintenance,
    median_ratio,
    near_acceptance,
    pairs,
    retry_stats,
    successful_missing,
    tool_call_ratios,
)

__all__ = ["LOW_COVERAGE", "REPORT_SCHEMA", "SENSITIVITY_THRESHOLDS", "Json", "report"]

REPORT_SCHEMA = "realcli.report/1"
SENSITIVITY_THRESHOLDS = (0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 1.0)
Json = dict[str, Any]
_PAPER_NAMES = {
    "U": "Understandability",
    "S": "Steerability",
    "OR": "Observation and Recovery",
    "TC": "Trust Calibration",
    "SR": "Safety and Risk awareness",
}


def num(value: float | None) -> float | None:
    """A float as reports carry it: rounded to 6 decimals (None stays None)."""
    if value is None:
        return None
    rounded = round(float(value), 6)
    return 0.0 if rounded == 0 else rounded


def share(part: int, whole: int) -> float | None:
    return num(part / whole) if whole else None


def _product(a: float | None, b: float | None) -> float | None:
    return a * b if a is not None and b is not None else None


# ---------------------------------------------------------------- sections


def _run_section(facts: RunFacts) -> Json:
    started = facts.started
    status = facts.finished.status if facts.finished is not None else "incomplete"
    if started is None:
        return {"run_id": facts.run_id, "status": status, "recorded": False}
    return {
        "run_id": facts.run_id,
        "recorded": True,
        "status": status,
        "mode": started.mode,
        "agent": {"name": started.agent.name, "version": started.agent.version, "model": started.agent.model},
        "user_sim": None
        if started.user_sim is None
        else {"kind": started.user_sim.kind, "model": started.user_sim.model},
        "attempts": started.attempts,
        "tasks": len(started.tasks),
        "catalog_version": started.catalog.version if started.catalog is not None else None,
        "realcli_version": started.realcli_version,
        "resumed": facts.resumed,
        "events": facts.events,
        "unknown_events": facts.unknown_events,
        "trials_scheduled": len(facts.scheduled),
        "trials_started": len(facts.trials),
        "trials_not_started": sorted(set(facts.scheduled) - set(facts.trials)),
    }


def _judge_section(judge: JudgeFacts | None) -> Json | None:
    if judge is None:
        return None
    started = judge.started
    return {
        "id": judge.judge_id,
        "kind": started.kind if started is not None else None,
        "model": started.model if started is not None else None,
        "params": dict(sorted(started.params.items())) if started is not None else {},
        "finished": judge.finished is not None,
        "trials": len(judge.verdicts),
        "items": sum(len(v) for v in judge.verdicts.values()),
    }


def _mode_json(outcome: ModeOutcome) -> Json:
    return {
        "R": num(outcome.r),
        "tasks": outcome.tasks,
        "trials": outcome.trials,
        "passed_trials": outcome.passed_trials,
        "reward_mean": num(outcome.reward_mean),
        "per_attempt": {str(a): num(r) for a, r in sorted(outcome.per_attempt.items())},
    }


def _count(keys: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))


def _outcome_section(facts: RunFacts, outcomes: Sequence[TrialOutcome], ex: ModeOutcome, co: ModeOutcome) -> Json:
    excluded = [o for o in outcomes if o.status != "scored"]
    scored = [o for o in outcomes if o.status == "scored"]
    return {
        "k": facts.started.attempts if facts.started is not None else None,
        "exec": _mode_json(ex),
        "collab": _mode_json(co),
        # Scored trials by how they ended: the agent's own failures count in R (usually as 0).
        "scored_by_cause": _count(o.cause for o in scored),
        "agent_failures": [
            {"trial": o.trial_id, "task": o.task_id, "mode": o.mode, "cause": o.cause, "V": o.v, "detail": o.detail}
            for o in scored
            if o.cause not in ("agent_done", "")
        ],
        "excluded": {
            "count": len(excluded),
            "by_status": _count(o.status for o in excluded),
            "by_cause": _count(o.cause or "running" for o in excluded),
            "trials": [
                {
                    "trial": o.trial_id,
                    "task": o.task_id,
                    "mode": o.mode,
                    "attempt": o.attempt,
                    "status": o.status,
                    "end_reason": o.end_reason,
                    "cause": o.cause,
                    "detail": o.detail,
                }
                for o in excluded
            ],
        },
        # Why a trial may have failed for a reason that is not the agent's (e.g. no network).
        "hints": [
            {"trial": o.trial_id, "task": o.task_id, "mode": o.mode, "hint": hint}
            for o in outcomes
            if (hint := network_hint(facts.trials[o.trial_id])) is not None
        ],
    }


def _templates_section(score: CollabScore, view: CatalogView) -> Json:
    out: Json = {}
    for template, t in score.templates.items():
        out[template] = {
            "name": view.template_name(template),
            "sub_dimension": t.sub_dimension,
            "dimension": t.dimension,
            "instances": t.instances,
            "passed_instances": t.passed,
            "failed_instances": t.failed,
            "na_instances": t.not_applicable,
            "undecided_instances": t.undecided,
            "pass_rate": num(t.pass_rate),
            "passed": None if t.r_q is None else bool(t.r_q),
            "items_applicable": t.items_applicable,
            "items_decided": t.items_decided,
            "coverage": share(t.items_decided, t.items_applicable),
        }
    return out


def _contamination(
    instances: Sequence[Instance], judge: JudgeFacts | None, score: CollabScore, view: CatalogView
) -> Json:
    affected: dict[str, set[str]] = {}  # trial -> dimension codes a failed fidelity criterion affected
    if judge is not None:
        for trial_id, criteria in judge.fidelity.items():
            for assessed in criteria.values():
                if assessed.verdict == "fail":
                    affected.setdefault(trial_id, set()).update(assessed.affected_dimensions)
    out: Json = {}
    for code in view.dimension_codes:
        hits = sorted(
            f"{i.trial_id}/{i.scenario}"
            for i in instances
            if i.status == "fail" and view.dimension(i.template) == code and code in affected.get(i.trial_id, ())
        )
        dim_score = score.dimensions.get(code)
        out[code] = {
            "contaminated": bool(hits) and dim_score is not None and dim_score < 1.0,
            "affected_failed_instances": hits,
        }
    return out


def _collaboration_section(
    instances: Sequence[Instance],
    unjudged: Sequence[str],
    score: CollabScore,
    r_collab: float | None,
    judge: JudgeFacts | None,
    view: CatalogView,
) -> Json:
    statuses = {"pass": 0, "fail": 0, "n/a": 0, "undecided": 0}
    verdicts: dict[str, int] = {}
    for inst in instances:
        statuses[inst.status] += 1
        for item in inst.items:
            verdicts[item.verdict] = verdicts.get(item.verdict, 0) + 1
    applicable = sum(i.applicable for i in instances)
    decided = sum(i.decided for i in instances)
    return {
        "S_COLLAB_available": num(score.s_available),
        "J_COLLAB_available": num(_product(r_collab, score.s_available)),
        "dimensions_missing": list(score.missing),
        "instances": statuses,
        "items": dict(sorted(verdicts.items())),
        "coverage": share(decided, applicable),
        "unjudged_trials": list(unjudged),
        "contamination": _contamination(instances, judge, score, view),
    }


LOW_COVERAGE = 0.5
"""An S resting on fewer than this share of the applicable items is marked in every rendering."""


def _coverage(instances: Sequence[Instance]) -> float | None:
    return share(sum(i.decided for i in instances), sum(i.applicable for i in instances))


def _retry_json(stats: RetryStats) -> Json:
    return {
        "failures": stats.failures,
        "followed_by_command": stats.followed,
        "retries": stats.retries,
        "retry_succeeded": stats.retry_succeeded,
        "retry_failed": stats.retry_failed,
        "retry_success_rate": share(stats.retry_succeeded, stats.retries),
    }


def _flip_json(flip: Flip) -> Json:
    return {
        "pairs": flip.total,
        "fail_to_pass": flip.fail_to_pass,
        "pass_to_fail": flip.pass_to_fail,
        "both_pass": flip.both_pass,
        "both_fail": flip.both_fail,
        "fail_to_pass_share": share(flip.fail_to_pass, flip.total),
        "pass_to_fail_share": share(flip.pass_to_fail, flip.total),
        "changed_share": share(flip.fail_to_pass + flip.pass_to_fail, flip.total),
    }


def _tool_calls_json(facts: RunFacts, paired: Sequence[Pair]) -> Json:
    rows = tool_call_ratios(facts, paired)
    by_cat: dict[str, list[tuple[Pair, int, int]]] = {}
    for row in rows:
        by_cat.setdefault(row[0].category, []).append(row)
    # Appendix E.3: pairs whose EXEC trial failed and whose COLLAB trial made more calls.
    more = [(p, ex, co) for p, ex, co in rows if p.exec_v == 0 and co > ex]
    no_gain = sum(1 for p, _, _ in more if p.collab_v == 0)
    return {
        "pairs": len(rows),
        "pairs_with_exec_calls": sum(1 for _, ex, _ in rows if ex > 0),
        "median_ratio": num(median_ratio(rows)),
        "by_category": {
            cat: {"pairs": len(r), "median_ratio": num(median_ratio(r))} for cat, r in sorted(by_cat.items())
        },
        "exec_failed_more_collab_calls": len(more),
        "exec_failed_more_collab_calls_no_gain": no_gain,
        "no_gain_share": share(no_gain, len(more)),
    }


def _trajectory_section(
    facts: RunFacts,
    outcomes: Sequence[TrialOutcome],
    paired: Sequence[Pair],
    instances: Sequence[Instance],
    view: CatalogView,
) -> Json:
    goal: Json = {}
    for tag in ("immediate", "cross_turn"):
        passed, decided = goal_maintenance(instances, view, tag)
        goal[tag] = {"passed": passed, "decided": decided, "pass_rate": share(passed, decided)}
    near: Json = {}
    for mode in ("exec", "collab"):
        na = near_acceptance(facts, outcomes, mode)
        near[mode] = {
            "failed": na.failed,
            "with_checks": na.with_checks,
            "near": na.near,
            "share": share(na.near, na.with_checks),
        }
    missing, successful = successful_missing(instances)
    cr = constraint_retention(instances, view)
    return {
        "flip_matrix": _flip_json(flip_counts(paired)),
        "tool_calls": _tool_calls_json(facts, paired),
        "retries": {mode: _retry_json(retry_stats(facts, outcomes, mode)) for mode in ("exec", "collab")},
        "goal_maintenance": goal,
        "near_acceptance": near,
        "successful_missing_scenario": {
            "successful_trials": successful,
            "missing": missing,
            "share": share(missing, successful),
        },
        "constraint_retention": {
            "failures": cr.failures,
            "artifact": cr.artifact,
            "communication_only": cr.communication_only,
            "artifact_share": share(cr.artifact, cr.failures),
            "artifact_with_communication_items": cr.artifact_with_comm,
            "artifact_communication_all_pass": cr.artifact_comm_all_pass,
            "artifact_communication_all_pass_share": share(cr.artifact_comm_all_pass, cr.artifact_with_comm),
        },
    }


def _task_samples(ex: ModeOutcome, co: ModeOutcome, instances: Sequence[Instance]) -> dict[str, TaskSample]:
    decided: dict[str, list[tuple[str, bool]]] = {}
    for inst in instances:
        if inst.status in ("pass", "fail"):
            decided.setdefault(inst.task_id, []).append((inst.template, inst.status == "pass"))
    tasks = set(ex.per_task) | set(co.per_task) | set(decided)
    return {
        task: TaskSample(ex.per_task.get(task), co.per_task.get(task), tuple(sorted(decided.get(task, []))))
        for task in sorted(tasks)
    }


def _statistics_section(
    ex: ModeOutcome,
    co: ModeOutcome,
    paired: Sequence[Pair],
    instances: Sequence[Instance],
    view: CatalogView,
    threshold: float,
    resamples: int,
    seed: int,
) -> Json:
    boot = bootstrap(_task_samples(ex, co, instances), view, threshold, resamples=resamples, seed=seed)
    flip = flip_counts(paired)
    test = task_sign_test(ex.per_task, co.per_task)
    sensitivity = []
    for t in sorted({*SENSITIVITY_THRESHOLDS, threshold}):
        score = aggregate(instances, view, t)
        sensitivity.append(
            {
                "threshold": num(t),
                "S_COLLAB": num(score.s),
                "J_COLLAB": num(_product(co.r, score.s)),
                "S_COLLAB_available": num(score.s_available),
            }
        )
    return {
        "bootstrap": {
            "resamples": boot.resamples,
            "seed": boot.seed,
            "level": 0.95,
            "unit": "task",
            "intervals": {m: None if ci is None else [num(ci[0]), num(ci[1])] for m, ci in boot.intervals.items()},
            "undefined_resamples": boot.undefined,
        },
        "mcnemar": {
            # The test's unit is the task (attempts of a task are not independent); the attempt-pair
            # counts are the flip matrix's, for description only.
            "unit": "task",
            "tasks": test.tasks,
            "exec_better_tasks": test.exec_better,
            "collab_better_tasks": test.collab_better,
            "tied_tasks": test.ties,
            "p_value": num(test.p_value),
            "pairs": flip.total,
            "exec_pass_collab_fail": flip.pass_to_fail,
            "exec_fail_collab_pass": flip.fail_to_pass,
        },
        "sensitivity": sensitivity,
    }


def _fidelity_section(facts: RunFacts, judge: JudgeFacts | None) -> Json:
    counts: dict[str, dict[str, int]] = {c: {"pass": 0, "fail": 0, "n/a": 0} for c in FIDELITY_CRITERIA}
    failures: list[Json] = []
    clean = decided_trials = decided = total = 0
    trials = sorted(judge.fidelity) if judge is not None else []
    for trial_id in trials:
        assert judge is not None
        criteria = judge.fidelity[trial_id]
        failed = False
        for criterion in sorted(criteria):
            assessed = criteria[criterion]
            counts.setdefault(criterion, {"pass": 0, "fail": 0, "n/a": 0})[assessed.verdict] += 1
            total += 1
            decided += assessed.verdict != "n/a"
            if assessed.verdict == "fail":
                failed = True
                failures.append(
                    {
                        "trial": trial_id,
                        "criterion": criterion,
                        "rationale": assessed.rationale,
                        "affected_dimensions": sorted(assessed.affected_dimensions),
                    }
                )
        # n/a is not clean: a trial whose every criterion was n/a was not audited at all.
        if any(a.verdict != "n/a" for a in criteria.values()):
            decided_trials += 1
            clean += not failed
    return {
        "trials_audited": len(trials),
        "trials_decided": decided_trials,
        "no_deviation_trials": clean,
        "no_deviation_share": share(clean, decided_trials),
        "criteria_decided_share": share(decided, total),
        "criteria": counts,
        "failures": failures,
    }


def _categories_section(outcomes: Sequence[TrialOutcome], paired: Sequence[Pair], facts: RunFacts) -> Json:
    cats = sorted({o.category for o in outcomes})
    out: Json = {}
    for cat in cats:
        sub = [o for o in outcomes if o.category == cat]
        ex, co = mode_outcome(sub, "exec"), mode_outcome(sub, "collab")
        cat_pairs = [p for p in paired if p.category == cat]
        out[cat] = {
            "R_EXEC": num(ex.r),
            "R_COLLAB": num(co.r),
            "delta": num(co.r - ex.r) if co.r is not None and ex.r is not None else None,
            "tasks": len(set(ex.per_task) | set(co.per_task)),
            "flip_matrix": _flip_json(flip_counts(cat_pairs)),
            "tool_call_median_ratio": num(median_ratio(tool_call_ratios(facts, cat_pairs))),
        }
    return out


def _usage_json(usage: Usage) -> Json:
    return {
        "calls": usage.calls,
        "errors": usage.errors,
        "tokens_in": usage.tokens_in,
        "tokens_out": usage.tokens_out,
        "cost_usd": num(usage.cost_usd),
        "latency_sec": num(usage.latency_sec),
    }


def _usage_section(facts: RunFacts, outcomes: Sequence[TrialOutcome]) -> Json:
    by_purpose: dict[str, Usage] = {}
    for trial in facts.trials.values():
        for purpose, usage in trial.usage.items():
            by_purpose.setdefault(purpose, Usage()).merge(usage)
    judges = {jid: _usage_json(j.usage) for jid, j in sorted(facts.judges.items()) if j.usage.calls}
    modes: Json = {}
    for mode in ("exec", "collab"):
        trials = [facts.trials[o.trial_id] for o in outcomes if o.mode == mode and o.v is not None]
        n = len(trials)
        modes[mode] = {
            "trials": n,
            "agent_commands": sum(t.agent_commands for t in trials),
            "agent_commands_mean": num(sum(t.agent_commands for t in trials) / n) if n else None,
            "turns_mean": num(sum(t.turns for t in trials) / n) if n else None,
            "agent_messages": sum(t.agent_messages for t in trials),
            "agent_questions": sum(t.agent_questions for t in trials),
            "duration_sec_mean": num(sum(t.finished.duration_sec for t in trials if t.finished) / n) if n else None,
        }
    return {"models": {p: _usage_json(u) for p, u in sorted(by_purpose.items())}, "judges": judges, "modes": modes}


def _trials_section(facts: RunFacts, outcomes: Sequence[TrialOutcome], instances: Sequence[Instance]) -> list[Json]:
    per_trial: dict[str, dict[str, int]] = {}
    for inst in instances:
        tally = per_trial.setdefault(inst.trial_id, {"pass": 0, "fail": 0, "n/a": 0, "undecided": 0})
        tally[inst.status] += 1
    rows = []
    for o in outcomes:
        t = facts.trials[o.trial_id]
        rows.append(
            {
                "trial": o.trial_id,
                "task": o.task_id,
                "category": o.category,
                "mode": o.mode,
                "attempt": o.attempt,
                "status": o.status,
                "reward": num(o.reward),
                "V": o.v,
                "end_reason": o.end_reason,
                "cause": o.cause,
                "tries": t.tries,
                "turns": t.turns,
                "agent_commands": t.agent_commands,
                "agent_messages": t.agent_messages,
                "agent_questions": t.agent_questions,
                "probes_fired": sorted(t.probes_fired),
                "probes_not_fired": sorted(t.probes_not_fired),
                "instances": per_trial.get(o.trial_id),
                "metrics": dict(t.verifier.metrics) if t.verifier is not None else {},
                "steps": [{"name": step.name, "reward": num(step.reward)} for step in t.steps],
                "hint": network_hint(t),
            }
        )
    return rows


def _failed_instances(instances: Iterable[Instance]) -> list[Json]:
    return [
        {
            "trial": i.trial_id,
            "scenario": i.scenario,
            "template": i.template,
            "failed_items": [it.item_id for it in i.items if it.verdict == "fail"],
        }
        for i in instances
        if i.status == "fail"
    ]


# ---------------------------------------------------------------- the report


def report(
    facts: RunFacts,
    *,
    judge_id: str | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = BOOTSTRAP_SEED,
) -> Json:
    """Every score of a run, JSON-ready (see docs/report-json.md).

    ``judge_id`` selects whose verdicts score collaboration (None: no
    collaboration scores); it must be one of ``facts.judges``.
    """
    if not 0 < threshold <= 1:
        raise ValueError(f"threshold {threshold} is outside (0, 1]")
    if judge_id is not None and judge_id not in facts.judges:
        raise ValueError(f"no judge {judge_id!r} in run {facts.run_id}")
    view = CatalogView(facts.started.catalog if facts.started is not None else None)
    judge = facts.judges.get(judge_id) if judge_id is not None else None
    outcomes = trial_outcomes(facts)
    ex, co = mode_outcome(outcomes, "exec"), mode_outcome(outcomes, "collab")
    instances, unjudged = build_instances(facts, judge_id, view) if judge_id is not None else ([], [])
    score = aggregate(instances, view, threshold)
    paired = pairs(outcomes)
    collab_scored = judge is not None
    return {
        "schema": REPORT_SCHEMA,
        "run": _run_section(facts),
        "judge": _judge_section(judge),
        "judges_available": sorted(facts.judges),
        "threshold": num(threshold),
        "R_EXEC": num(ex.r),
        "R_COLLAB": num(co.r),
        "S_COLLAB": num(score.s) if collab_scored else None,
        # What S rests on: decided items / applicable items of the judge's instances.
        "S_COLLAB_coverage": _coverage(instances) if collab_scored else None,
        "J_COLLAB": num(_product(co.r, score.s)) if collab_scored else None,
        "dimensions": {code: num(v) if collab_scored else None for code, v in score.dimensions.items()},
        "dimension_names": {
            code: view.dimension_name(code) or _PAPER_NAMES.get(code, code) for code in view.dimension_codes
        },
        "sub_dimensions": {s: num(v) for s, v in sorted(score.sub_dimensions.items())} if collab_scored else {},
        "templates": _templates_section(score, view),
        "outcome": _outcome_section(facts, outcomes, ex, co),
        "collaboration": _collaboration_section(instances, unjudged, score, co.r, judge, view),
        "failed_instances": _failed_instances(instances),
        "trajectory": _trajectory_section(facts, outcomes, paired, instances, view),
        "statistics": _statistics_section(ex, co, paired, instances, view, threshold, resamples, seed),
        "fidelity": _fidelity_section(facts, judge),
        "categories": _categories_section(outcomes, paired, facts),
        "usage": _usage_section(facts, outcomes),
        "trials": _trials_section(facts, outcomes, instances),
    }
