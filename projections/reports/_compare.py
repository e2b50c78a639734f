"""Agreement between two judges of one run, item by item (``realcli report --compare A,B``)."""

from __future__ import annotations

from realcli.projections.facts import RunFacts
from realcli.projections.reports._base import ReportPart, num, share
from realcli.projections.scores import trial_status

__all__ = ["JudgeAgreement", "TemplateAgreement", "compare_judges"]

_DECIDED = ("pass", "fail")
_LIMIT = 200


class TemplateAgreement(ReportPart, frozen=True, kw_only=True):
    """How often two judges agree on one template's items (None without a shared item)."""

    items: int
    agreement: float | None


class JudgeAgreement(ReportPart, frozen=True, kw_only=True):
    """Per-item agreement of two judges of one run (docs/report-json.md, ``--compare``)."""

    judges: tuple[str, str]
    items_compared: int  # items both judged, in scored COLLAB trials
    only_in_first: int
    only_in_second: int
    agreement: float | None
    decided_by_both: int
    decided_agreement: float | None
    kappa: float | None  # Cohen's, on pass/fail
    confusion: dict[str, dict[str, int]]  # verdict of the first -> verdict of the second -> count
    templates: dict[str, TemplateAgreement]
    # The first rows: trial, scenario, item, and each judge's verdict under the judge's id.
    disagreements: list[dict[str, str]]
    disagreements_total: int


def _kappa(confusion: dict[str, dict[str, int]]) -> float | None:
    """Cohen's kappa over items both judges decided (pass/fail)."""
    n = sum(confusion[a][b] for a in _DECIDED for b in _DECIDED)
    if n == 0:
        return None
    observed = sum(confusion[v][v] for v in _DECIDED) / n
    expected = sum(
        (sum(confusion[v][b] for b in _DECIDED) / n) * (sum(confusion[a][v] for a in _DECIDED) / n) for v in _DECIDED
    )
    if expected == 1:
        return 1.0 if observed == 1 else None
    return (observed - expected) / (1 - expected)


def compare_judges(facts: RunFacts, first: str, second: str) -> JudgeAgreement:
    """Per-item agreement of judges ``first`` and ``second`` over scored COLLAB trials."""
    for judge_id in (first, second):
        if judge_id not in facts.judges:
            raise ValueError(f"no judge {judge_id!r} in run {facts.run_id}")
    a, b = facts.judges[first], facts.judges[second]
    verdicts = ("pass", "fail", "n/a", "undecided", "unjudged")
    confusion = {x: dict.fromkeys(verdicts, 0) for x in verdicts}
    per_template: dict[str, list[int]] = {}
    disagreements: list[dict[str, str]] = []
    common = agree = only_first = only_second = 0
    for trial_id in sorted(set(a.verdicts) | set(b.verdicts)):
        trial = facts.trials.get(trial_id)
        if trial is None or trial.mode != "collab" or trial_status(trial) != "scored":
            continue
        va, vb = a.verdicts.get(trial_id, {}), b.verdicts.get(trial_id, {})
        only_first += len(va.keys() - vb.keys())
        only_second += len(vb.keys() - va.keys())
        for key in sorted(va.keys() & vb.keys()):
            x, y = va[key], vb[key]
            common += 1
            same = x.verdict == y.verdict
            agree += same
            confusion[x.verdict][y.verdict] += 1
            tally = per_template.setdefault(x.template, [0, 0])
            tally[0] += same
            tally[1] += 1
            if not same:
                disagreements.append(
                    {"trial": trial_id, "scenario": key[0], "item": key[1], first: x.verdict, second: y.verdict}
                )
    decided_both = sum(confusion[x][y] for x in _DECIDED for y in _DECIDED)
    decided_agree = sum(confusion[v][v] for v in _DECIDED)
    return JudgeAgreement(
        judges=(first, second),
        items_compared=common,
        only_in_first=only_first,
        only_in_second=only_second,
        agreement=share(agree, common),
        decided_by_both=decided_both,
        decided_agreement=share(decided_agree, decided_both),
        kappa=num(_kappa(confusion)),
        confusion=confusion,
        templates={t: TemplateAgreement(items=n, agreement=share(s, n)) for t, (s, n) in sorted(per_template.items())},
        disagreements=disagreements[:_LIMIT],
        disagreements_total=len(disagreements),
    )
