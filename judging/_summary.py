"""What one judging call did: trials judged and skipped, verdict counts, notes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from realcli.events import JudgeKind
from realcli.projections import FidelityVerdict, ItemVerdict

__all__ = ["JudgeKind", "JudgeSummary"]


@dataclass
class JudgeSummary:
    """What one judging call did."""

    run_id: str
    judge_id: str
    kind: JudgeKind
    completed_existing: bool = False  # the judge id existed (same config) and was completed
    trials_judged: list[str] = field(default_factory=list)
    trials_skipped: dict[str, str] = field(default_factory=dict)  # trial -> why not judged
    verdicts: dict[str, int] = field(default_factory=dict)  # verdict -> items
    fidelity_failures: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def items(self) -> int:
        """The item verdicts rendered, all verdicts counted."""
        return sum(self.verdicts.values())

    def count(self, verdicts: Sequence[ItemVerdict], fidelity: Sequence[FidelityVerdict]) -> None:
        """Count one trial's verdicts in."""
        for v in verdicts:
            self.verdicts[v.verdict] = self.verdicts.get(v.verdict, 0) + 1
        self.fidelity_failures += sum(f.verdict == "fail" for f in fidelity)
