"""The report's ``fidelity``: how faithfully the user simulator played its scripts, by the judge's audit."""

from __future__ import annotations

import msgspec

from realcli.projections.facts import JudgeFacts
from realcli.projections.fidelity import FIDELITY_CRITERIA
from realcli.projections.reports._base import ReportPart, share

__all__ = ["Fidelity", "FidelityFailure", "VerdictCounts", "fidelity_part"]


class VerdictCounts(ReportPart, frozen=True, kw_only=True):
    """How many trials passed, failed and were n/a on one fidelity criterion."""

    passed: int = msgspec.field(name="pass")
    failed: int = msgspec.field(name="fail")
    na: int = msgspec.field(name="n/a")


class FidelityFailure(ReportPart, frozen=True, kw_only=True):
    """One fidelity criterion a trial's user simulator failed, the judge's rationale and the dimensions it affects."""

    trial: str
    criterion: str
    rationale: str
    affected_dimensions: list[str]


class Fidelity(ReportPart, frozen=True, kw_only=True):
    """The report's fidelity audit: trials audited, the share without a deviation, counts per criterion and each
    failure."""

    trials_audited: int
    trials_decided: int  # with at least one criterion decided (all n/a: not audited)
    no_deviation_trials: int
    no_deviation_share: float | None
    criteria_decided_share: float | None
    criteria: dict[str, VerdictCounts]
    failures: list[FidelityFailure]


def fidelity_part(judge: JudgeFacts | None) -> Fidelity:
    """The judge's simulator-fidelity verdicts, counted per criterion and per trial."""
    counts: dict[str, dict[str, int]] = {c: {"pass": 0, "fail": 0, "n/a": 0} for c in FIDELITY_CRITERIA}
    failures: list[FidelityFailure] = []
    clean = decided_trials = decided = total = 0
    audits = judge.fidelity if judge is not None else {}
    for trial_id in sorted(audits):
        criteria = audits[trial_id]
        failed = False
        for criterion in sorted(criteria):
            assessed = criteria[criterion]
            counts.setdefault(criterion, {"pass": 0, "fail": 0, "n/a": 0})[assessed.verdict] += 1
            total += 1
            decided += assessed.verdict != "n/a"
            if assessed.verdict == "fail":
                failed = True
                failures.append(
                    FidelityFailure(
                        trial=trial_id,
                        criterion=criterion,
                        rationale=assessed.rationale,
                        affected_dimensions=sorted(assessed.affected_dimensions),
                    )
                )
        # n/a is not clean: a trial whose every criterion was n/a was not audited at all.
        if any(a.verdict != "n/a" for a in criteria.values()):
            decided_trials += 1
            clean += not failed
    return Fidelity(
        trials_audited=len(audits),
        trials_decided=decided_trials,
        no_deviation_trials=clean,
        no_deviation_share=share(clean, decided_trials),
        criteria_decided_share=share(decided, total),
        criteria={c: VerdictCounts(passed=n["pass"], failed=n["fail"], na=n["n/a"]) for c, n in counts.items()},
        failures=failures,
    )
