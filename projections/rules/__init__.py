"""The rules judge: deterministic checklist verdicts from a trial's trace, hard checks and environment.

    verdicts = judge_trial_rules(trial_facts, catalog.passive_checks)

One predicate per rule kind (registered with ``rule_predicate``, plug-ins' too), the scenarios a
trial's probes open and the windows they judge, and what the trial did to its environment.
Semantics are documented in docs/judging.md.
"""

from realcli.projections.rules._base import RuleResult, rule_predicate
from realcli.projections.rules._environment import HARNESS_PATHS, TrialEnvironment
from realcli.projections.rules._judge import (
    RULES_VERSION,
    evaluate_rule,
    judge_item,
    judge_trial_rules,
    missing_predicates,
)
from realcli.projections.rules._scenarios import ItemVerdict, Scenario, VerdictKind, first_response, scenarios_of
from realcli.projections.rules._text import EchoGuard, declines, is_affirmative, is_inspection, segments

__all__ = [
    "EchoGuard",
    "HARNESS_PATHS",
    "ItemVerdict",
    "RULES_VERSION",
    "RuleResult",
    "Scenario",
    "TrialEnvironment",
    "VerdictKind",
    "declines",
    "evaluate_rule",
    "first_response",
    "is_affirmative",
    "is_inspection",
    "judge_item",
    "judge_trial_rules",
    "missing_predicates",
    "rule_predicate",
    "scenarios_of",
    "segments",
]
