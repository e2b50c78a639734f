"""Collaboration quality: the paper's four levels (§2.4, appendix B.3).

1. Item verdicts: ``pass`` / ``fail`` / ``n/a`` from one judge's
   ``VerdictRendered`` (the latest per item).  ``n/a`` means the item's
   situation never arose (no positive evidence either way) and leaves the
   denominator.  ``undecided`` (the rules judge cannot decide) and
   ``unjudged`` (the LLM judge gave no answer) are not evidence of a pass.
   How much of each instance was decided is reported as coverage.
2. Instance (one probe, or one passive check, in one scored COLLAB trial):
   ``fail`` if any item fails; else ``undecided`` if any item is
   undecided/unjudged; else ``pass`` if at least one item passed (every
   applicable item passed); else ``n/a`` (every item n/a, e.g. a probe that
   never fired).  Only pass/fail instances are *decided*.
3. Template q: ``r_q = 1`` when passes / decided instances ``>= threshold``
   (0.75); a template with no decided instance has no ``r_q`` and is left
   out.
4. Sub-dimension = mean of its templates' ``r_q`` (None without any);
   dimension = mean of its non-None sub-dimensions (None without any);
   ``S_COLLAB`` = mean of the five dimensions, and None when any dimension is
   None (the formula needs all five); ``S_available`` is the mean of the
   dimensions that have a score, for small runs, and is never the headline.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from realcli.projections.facts import EvidenceKind, RunFacts
from realcli.projections.scores._catalog import CatalogView
from realcli.projections.scores._outcome import mean, trial_status, verifier_outcome

__all__ = [
    "DEFAULT_THRESHOLD",
    "CollabScore",
    "Instance",
    "InstanceItem",
    "InstanceStatus",
    "TemplateScore",
    "aggregate",
    "build_instances",
    "instance_status",
    "score_counts",
]

DEFAULT_THRESHOLD = 0.75
InstanceStatus = Literal["pass", "fail", "n/a", "undecided"]


@dataclass(frozen=True, slots=True)
class InstanceItem:
    """One checklist item of a scenario instance: its verdict and where its evidence lies."""

    item_id: str
    verdict: str
    evidence: EvidenceKind


@dataclass(frozen=True, slots=True)
class Instance:
    """One scenario instance as a judge scored it."""

    trial_id: str
    task_id: str
    category: str
    attempt: int
    scenario: str
    template: str
    kind: Literal["probe", "passive"]
    status: InstanceStatus
    items: tuple[InstanceItem, ...]
    trial_v: int | None

    @property
    def applicable(self) -> int:
        """The items that apply (every verdict but n/a)."""
        return sum(i.verdict != "n/a" for i in self.items)

    @property
    def decided(self) -> int:
        """The items with a pass or fail verdict."""
        return sum(i.verdict in ("pass", "fail") for i in self.items)


def instance_status(verdicts: Sequence[str]) -> InstanceStatus:
    """Level 2: an instance passes only when every applicable item passed.

    Any fail fails it; otherwise an undecided or unjudged item leaves it
    undecided (never a pass); every item n/a makes it n/a.
    """
    if "fail" in verdicts:
        return "fail"
    if any(v in ("undecided", "unjudged") for v in verdicts):
        return "undecided"
    if "pass" in verdicts:
        return "pass"
    return "n/a"


def build_instances(facts: RunFacts, judge_id: str, view: CatalogView) -> tuple[list[Instance], list[str]]:
    """Instances of scored COLLAB trials under ``judge_id``, and the scored COLLAB trials it left unjudged."""
    judge = facts.judges.get(judge_id)
    verdicts = judge.verdicts if judge is not None else {}
    out: list[Instance] = []
    unjudged: list[str] = []
    for trial_id in sorted(facts.trials):
        trial = facts.trials[trial_id]
        if trial.mode != "collab" or trial_status(trial) != "scored":
            continue
        rendered = verdicts.get(trial_id)
        if not rendered:
            unjudged.append(trial_id)
            continue
        evidence: dict[str, EvidenceKind] = dict(trial.item_evidence)
        probes = set(trial.probe_ids)
        for check in view.passive_checks:
            evidence.update({item.id: item.evidence for item in check.items})
        grouped: dict[str, list[tuple[str, str, str]]] = {}
        for (scenario, item_id), v in rendered.items():
            grouped.setdefault(scenario, []).append((item_id, v.verdict, v.template))
        reward = trial.verifier.reward if trial.verifier is not None else None
        trial_v = verifier_outcome(reward) if reward is not None else None
        for scenario in sorted(grouped):
            rows = sorted(grouped[scenario])
            items = tuple(InstanceItem(i, v, evidence.get(i, "trace")) for i, v, _ in rows)
            out.append(
                Instance(
                    trial_id=trial_id,
                    task_id=trial.task_id,
                    category=trial.category,
                    attempt=trial.attempt,
                    scenario=scenario,
                    template=rows[0][2],
                    kind="probe" if scenario in probes else "passive",
                    status=instance_status([i.verdict for i in items]),
                    items=items,
                    trial_v=trial_v,
                )
            )
    return out, unjudged


@dataclass(frozen=True, slots=True)
class TemplateScore:
    """One template's instances and items counted, its pass rate and its binary result ``r_q`` at
    the run's threshold."""

    template: str
    sub_dimension: str
    dimension: str
    passed: int
    failed: int
    not_applicable: int
    undecided: int
    items_applicable: int
    items_decided: int
    pass_rate: float | None
    r_q: int | None  # 1 / 0, None without a decided instance

    @property
    def instances(self) -> int:
        """Decided instances (the pass-rate denominator)."""
        return self.passed + self.failed


@dataclass(frozen=True, slots=True)
class CollabScore:
    """The collaboration score of a run: per template, sub-dimension and dimension, and S (``s_available``: over the
    dimensions that have a score)."""

    threshold: float
    templates: dict[str, TemplateScore]
    sub_dimensions: dict[str, float | None]
    dimensions: dict[str, float | None]
    s: float | None
    s_available: float | None
    missing: tuple[str, ...]  # dimension codes without a score


def score_counts(
    counts: Mapping[str, tuple[int, int]], view: CatalogView, threshold: float
) -> tuple[dict[str, float | None], dict[str, float | None], float | None, float | None]:
    """Levels 3-4 from per-template (passed, decided) counts.

    Returns (sub-dimension scores, dimension scores, S, S over available dimensions).
    """
    by_sub: dict[str, list[int]] = {}
    for template, (passed, decided) in counts.items():
        if decided == 0:
            continue
        r_q = 1 if passed / decided >= threshold else 0
        by_sub.setdefault(view.sub_dimension(template), []).append(r_q)
    subs: dict[str, float | None] = {}
    dims: dict[str, float | None] = {}
    for code in view.dimension_codes:
        names = view.sub_dimensions(code) + sorted(
            s for s in by_sub if view.dimension_of_sub(s) == code and s not in view.sub_dimensions(code)
        )
        values: list[float] = []
        for sub in names:
            score = mean(by_sub[sub]) if sub in by_sub else None
            subs[sub] = score
            if score is not None:
                values.append(score)
        dims[code] = mean(values)
    available = [v for v in dims.values() if v is not None]
    s = mean(available) if len(available) == len(dims) else None
    return subs, dims, s, mean(available)


def aggregate(instances: Sequence[Instance], view: CatalogView, threshold: float = DEFAULT_THRESHOLD) -> CollabScore:
    """Levels 2-4 over a judge's instances."""
    tally: dict[str, dict[str, int]] = {}
    for inst in instances:
        t = tally.setdefault(
            inst.template, {"pass": 0, "fail": 0, "n/a": 0, "undecided": 0, "applicable": 0, "decided": 0}
        )
        t[inst.status] += 1
        t["applicable"] += inst.applicable
        t["decided"] += inst.decided
    templates: dict[str, TemplateScore] = {}
    for template in sorted(tally):
        t = tally[template]
        decided = t["pass"] + t["fail"]
        rate = t["pass"] / decided if decided else None
        templates[template] = TemplateScore(
            template=template,
            sub_dimension=view.sub_dimension(template),
            dimension=view.dimension(template),
            passed=t["pass"],
            failed=t["fail"],
            not_applicable=t["n/a"],
            undecided=t["undecided"],
            items_applicable=t["applicable"],
            items_decided=t["decided"],
            pass_rate=rate,
            r_q=None if rate is None else int(rate >= threshold),
        )
    counts = {name: (ts.passed, ts.instances) for name, ts in templates.items()}
    subs, dims, s, s_available = score_counts(counts, view, threshold)
    missing = tuple(code for code, value in dims.items() if value is None)
    return CollabScore(threshold, templates, subs, dims, s, s_available, missing)
