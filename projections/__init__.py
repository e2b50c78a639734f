"""Projections: scores, statistics, audits and reports as pure folds over a run's events.

Imports only ``realcli.events``: no I/O, no clock, no randomness but seeded
local generators.  Same events in, same bytes out.

    facts = fold(run_id, records)                 # or evolve(state, rec) one event at a time
    data = report(facts, judge_id="rules")         # JSON-ready dict (docs/report-json.md)
    render_markdown(data) / render_json(data) / render_html(data)

The rules judge and the fidelity audit need per-trial traces
(``RunFacts(keep_trace=True)``):

    verdicts = judge_trial_rules(trial_facts, catalog.passive_checks)
    fidelity = audit_fidelity(trial_facts, CatalogView(catalog).dimension)

Semantics are documented in docs/judging.md.
"""

from realcli.projections._catalog import DIMENSION_CODES, CatalogView
from realcli.projections._collab import (
    DEFAULT_THRESHOLD,
    CollabScore,
    Instance,
    InstanceItem,
    TemplateScore,
    aggregate,
    build_instances,
    instance_status,
    score_counts,
)
from realcli.projections._compare import compare_judges
from realcli.projections._facts import (
    Assessment,
    CommandRun,
    JudgedItem,
    JudgeFacts,
    RetryStats,
    RunFacts,
    TraceEntry,
    TrialFacts,
    Usage,
    evolve,
    fold,
    network_hint,
    normalize_command,
)
from realcli.projections._faithful import (
    LEAK_NGRAM_SHARE,
    PARAPHRASE_MIN_COVERAGE,
    concrete_tokens,
    invented_tokens,
    leaked_slices,
    paraphrase_problems,
)
from realcli.projections._fidelity import (
    DONT_KNOW_ANSWER,
    FIDELITY_CRITERIA,
    FidelityVerdict,
    audit_fidelity,
    is_question,
    topic_regex,
)
from realcli.projections._html import render_html
from realcli.projections._outcome import (
    EXCLUDED_STATUSES,
    ModeOutcome,
    TrialOutcome,
    TrialStatus,
    mode_outcome,
    trial_cause,
    trial_outcomes,
    trial_status,
    verifier_outcome,
)
from realcli.projections._render import render_compare_markdown, render_json, render_markdown
from realcli.projections._report import LOW_COVERAGE, REPORT_SCHEMA, SENSITIVITY_THRESHOLDS, report
from realcli.projections._rules import (
    RULES_VERSION,
    RuleResult,
    evaluate_rule,
    judge_item,
    judge_trial_rules,
    rule_predicate,
    segments,
)
from realcli.projections._scenarios import ItemVerdict, Scenario, VerdictKind, first_response, scenarios_of
from realcli.projections._stats import (
    BOOTSTRAP_RESAMPLES,
    BOOTSTRAP_SEED,
    BootstrapResult,
    McNemar,
    TaskSample,
    TaskSignTest,
    bootstrap,
    mcnemar,
    median,
    percentile,
    task_sign_test,
)
from realcli.projections._trajectory import (
    ConstraintRetention,
    Flip,
    NearAcceptance,
    Pair,
    constraint_retention,
    flip_counts,
    goal_maintenance,
    near_acceptance,
    pairs,
    retry_stats,
    successful_missing,
    tool_call_ratios,
)

__all__ = [
    "EXCLUDED_STATUSES",
    "network_hint",
    "BOOTSTRAP_RESAMPLES",
    "BOOTSTRAP_SEED",
    "DEFAULT_THRESHOLD",
    "DIMENSION_CODES",
    "DONT_KNOW_ANSWER",
    "FIDELITY_CRITERIA",
    "LEAK_NGRAM_SHARE",
    "PARAPHRASE_MIN_COVERAGE",
    "LOW_COVERAGE",
    "REPORT_SCHEMA",
    "RULES_VERSION",
    "SENSITIVITY_THRESHOLDS",
    "Assessment",
    "BootstrapResult",
    "CatalogView",
    "CollabScore",
    "CommandRun",
    "ConstraintRetention",
    "FidelityVerdict",
    "Flip",
    "Instance",
    "InstanceItem",
    "ItemVerdict",
    "JudgeFacts",
    "JudgedItem",
    "McNemar",
    "ModeOutcome",
    "NearAcceptance",
    "Pair",
    "RetryStats",
    "RunFacts",
    "Scenario",
    "TaskSample",
    "TaskSignTest",
    "TemplateScore",
    "TraceEntry",
    "TrialFacts",
    "TrialOutcome",
    "TrialStatus",
    "Usage",
    "VerdictKind",
    "aggregate",
    "audit_fidelity",
    "bootstrap",
    "build_instances",
    "compare_judges",
    "concrete_tokens",
    "constraint_retention",
    "evaluate_rule",
    "RuleResult",
    "evolve",
    "first_response",
    "flip_counts",
    "fold",
    "goal_maintenance",
    "instance_status",
    "invented_tokens",
    "is_question",
    "judge_item",
    "judge_trial_rules",
    "rule_predicate",
    "leaked_slices",
    "mcnemar",
    "median",
    "mode_outcome",
    "near_acceptance",
    "normalize_command",
    "pairs",
    "paraphrase_problems",
    "percentile",
    "render_compare_markdown",
    "render_html",
    "render_json",
    "render_markdown",
    "report",
    "retry_stats",
    "scenarios_of",
    "score_counts",
    "segments",
    "successful_missing",
    "task_sign_test",
    "tool_call_ratios",
    "topic_regex",
    "trial_cause",
    "trial_outcomes",
    "trial_status",
    "verifier_outcome",
]
