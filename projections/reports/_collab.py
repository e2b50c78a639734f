"""The report's collaboration parts: per-template results, instance and item counts, contamination, failures."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from realcli.projections.facts import JudgeFacts
from realcli.projections.reports._base import ReportPart, StatusCounts, num, share, status_counts
from realcli.projections.scores import CatalogView, CollabScore, Instance

__all__ = [
    "Collaboration",
    "Contamination",
    "FailedInstance",
    "TemplateResult",
    "collaboration_part",
    "coverage",
    "failed_instances",
    "product",
    "templates_part",
]


class TemplateResult(ReportPart, frozen=True, kw_only=True):
    """One scenario template under the judge (level 2 of the aggregation)."""

    name: str
    sub_dimension: str
    dimension: str
    instances: int  # decided (pass + fail): the pass-rate denominator
    passed_instances: int
    failed_instances: int
    na_instances: int
    undecided_instances: int
    pass_rate: float | None
    passed: bool | None  # pass_rate >= threshold (r_q = 1); None without a decided instance
    items_applicable: int
    items_decided: int
    coverage: float | None


class Contamination(ReportPart, frozen=True, kw_only=True):
    """Whether a failed simulator-fidelity criterion touched a dimension scored below 1."""

    contaminated: bool
    affected_failed_instances: list[str]  # "<trial>/<scenario>"


class Collaboration(ReportPart, frozen=True, kw_only=True):
    """The report's collaboration part: S and J over available dimensions, instance and item counts, judge coverage,
    unjudged trials and contamination."""

    S_COLLAB_available: float | None
    J_COLLAB_available: float | None
    dimensions_missing: list[str]
    instances: StatusCounts
    items: dict[str, int]  # item verdicts by verdict
    coverage: float | None
    unjudged_trials: list[str]
    contamination: dict[str, Contamination]


class FailedInstance(ReportPart, frozen=True, kw_only=True):
    """A scenario instance that failed, and the items that failed it."""

    trial: str
    scenario: str
    template: str
    failed_items: list[str]


def product(a: float | None, b: float | None) -> float | None:
    """``a * b``, or None when either is undefined."""
    return a * b if a is not None and b is not None else None


def coverage(instances: Sequence[Instance]) -> float | None:
    """Decided items / applicable items of the instances."""
    return share(sum(i.decided for i in instances), sum(i.applicable for i in instances))


def templates_part(score: CollabScore, view: CatalogView) -> dict[str, TemplateResult]:
    """Every template that occurs in the judge's instances."""
    return {
        template: TemplateResult(
            name=view.template_name(template),
            sub_dimension=t.sub_dimension,
            dimension=t.dimension,
            instances=t.instances,
            passed_instances=t.passed,
            failed_instances=t.failed,
            na_instances=t.not_applicable,
            undecided_instances=t.undecided,
            pass_rate=num(t.pass_rate),
            passed=None if t.r_q is None else bool(t.r_q),
            items_applicable=t.items_applicable,
            items_decided=t.items_decided,
            coverage=share(t.items_decided, t.items_applicable),
        )
        for template, t in score.templates.items()
    }


def _contamination(
    instances: Sequence[Instance], judge: JudgeFacts | None, score: CollabScore, view: CatalogView
) -> dict[str, Contamination]:
    affected: dict[str, set[str]] = {}  # trial -> dimension codes a failed fidelity criterion affected
    if judge is not None:
        for trial_id, criteria in judge.fidelity.items():
            for assessed in criteria.values():
                if assessed.verdict == "fail":
                    affected.setdefault(trial_id, set()).update(assessed.affected_dimensions)
    out: dict[str, Contamination] = {}
    for code in view.dimension_codes:
        hits = sorted(
            f"{i.trial_id}/{i.scenario}"
            for i in instances
            if i.status == "fail" and view.dimension(i.template) == code and code in affected.get(i.trial_id, ())
        )
        dim_score = score.dimensions.get(code)
        out[code] = Contamination(
            contaminated=bool(hits) and dim_score is not None and dim_score < 1.0, affected_failed_instances=hits
        )
    return out


def collaboration_part(
    instances: Sequence[Instance],
    unjudged: Sequence[str],
    score: CollabScore,
    r_collab: float | None,
    judge: JudgeFacts | None,
    view: CatalogView,
) -> Collaboration:
    """Instance and item counts, what S rests on, and contamination by the simulator."""
    statuses = {"pass": 0, "fail": 0, "n/a": 0, "undecided": 0}
    verdicts: dict[str, int] = {}
    for inst in instances:
        statuses[inst.status] += 1
        for item in inst.items:
            verdicts[item.verdict] = verdicts.get(item.verdict, 0) + 1
    return Collaboration(
        S_COLLAB_available=num(score.s_available),
        J_COLLAB_available=num(product(r_collab, score.s_available)),
        dimensions_missing=list(score.missing),
        instances=status_counts(statuses),
        items=dict(sorted(verdicts.items())),
        coverage=coverage(instances),
        unjudged_trials=list(unjudged),
        contamination=_contamination(instances, judge, score, view),
    )


def failed_instances(instances: Iterable[Instance]) -> list[FailedInstance]:
    """Every failed instance with its failed items."""
    return [
        FailedInstance(
            trial=i.trial_id,
            scenario=i.scenario,
            template=i.template,
            failed_items=[it.item_id for it in i.items if it.verdict == "fail"],
        )
        for i in instances
        if i.status == "fail"
    ]
