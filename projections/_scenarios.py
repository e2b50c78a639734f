"""Which scenario instances apply to a trial, and where their windows are.

A scenario instance is one probe of the trial's script, or one passive
(trajectory-level) check, in one COLLAB trial.  Its window starts where the
agent could first see the probe (the probe's ``UserMessaged``, else its
``ProbeFired``), or at the trial start for passive checks; with
``timing: first_response`` it ends at (and includes) the agent's first
message or command after that point, otherwise at the end of the trace.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import msgspec

from realcli.events import (
    AGENT_PURPOSES,
    AgentMessaged,
    ChecklistItem,
    PassiveCheckInfo,
    Probe,
    ProbeFired,
    UserMessaged,
)
from realcli.projections._facts import CommandRun, TraceEntry, TrialFacts

__all__ = [
    "ItemVerdict",
    "Scenario",
    "VerdictKind",
    "first_response",
    "is_agent_action",
    "scenarios_of",
]

VerdictKind = Literal["pass", "fail", "n/a", "undecided", "unjudged"]


class ItemVerdict(msgspec.Struct, frozen=True, kw_only=True):
    """A judge's verdict on one checklist item of one scenario instance (pure value; the
    runtime turns it into a ``VerdictRendered`` event)."""

    trial_id: str
    scenario: str
    template: str
    item_id: str
    verdict: VerdictKind
    rationale: str = ""
    evidence: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Scenario:
    """One scenario instance of a trial."""

    id: str  # probe id or passive-check id
    template: str
    kind: Literal["probe", "passive"]
    items: tuple[ChecklistItem, ...]
    probe: Probe | None
    fired: bool
    anchor: int  # trace index the window starts after (-1: the whole trace)
    not_fired_reason: str = ""
    # What a verdict cites when nothing more specific applies: the stimulus message of a fired
    # probe (``msg:<id>``), the probe that never fired (``probe:<id>``), or the trial (``trial:<id>``).
    anchor_ref: str = ""

    def window(self, trace: Sequence[TraceEntry], item: ChecklistItem) -> tuple[int, int]:
        """``[start, stop)`` trace indices of ``item``'s window."""
        start = self.anchor + 1
        if item.timing == "first_response":
            first = first_response(trace, start)
            return start, (len(trace) if first is None else first + 1)
        return start, len(trace)


def is_agent_action(entry: TraceEntry) -> bool:
    """An agent message, or an agent command the sandbox ran."""
    if isinstance(entry, AgentMessaged):
        return True
    return isinstance(entry, CommandRun) and entry.purpose in AGENT_PURPOSES and entry.ran


def first_response(trace: Sequence[TraceEntry], start: int) -> int | None:
    """Index of the agent's first message or command at or after ``start``."""
    for i in range(start, len(trace)):
        if is_agent_action(trace[i]):
            return i
    return None


def scenarios_of(trial: TrialFacts, passive_checks: Sequence[PassiveCheckInfo]) -> list[Scenario]:
    """The trial's scenario instances: its script's probes, then the passive checks.

    Collaboration is scored in COLLAB trials only (as in the paper), so an
    EXEC trial has none.  Needs the trial's trace.
    """
    if trial.mode != "collab":
        return []
    trace = trial.trace or []
    anchors = _probe_anchors(trace)
    out: list[Scenario] = []
    script = trial.script
    for probe in script.probes if script is not None else []:
        fired = probe.id in trial.probes_fired and probe.id in anchors
        reason, ref = "", f"probe:{probe.id}"
        if fired:
            anchor = trace[anchors[probe.id]]
            ref = f"msg:{anchor.id}" if isinstance(anchor, UserMessaged) else ref
        else:
            nf = trial.probes_not_fired.get(probe.id)
            reason = nf.reason if nf is not None and nf.reason else "no record of the probe firing"
        out.append(
            Scenario(
                probe.id,
                probe.template,
                "probe",
                tuple(probe.checklist),
                probe,
                fired,
                anchors.get(probe.id, -1),
                reason,
                ref,
            )
        )
    for check in passive_checks:
        out.append(
            Scenario(check.id, check.id, "passive", tuple(check.items), None, True, -1, "", f"trial:{trial.trial_id}")
        )
    return out


def _probe_anchors(trace: Sequence[TraceEntry]) -> dict[str, int]:
    """Probe id -> index of its stimulus message (else of its ``ProbeFired``)."""
    fired: dict[str, int] = {}
    delivered: dict[str, int] = {}
    for i, entry in enumerate(trace):
        if isinstance(entry, ProbeFired):
            fired.setdefault(entry.probe_id, i)
        elif isinstance(entry, UserMessaged) and entry.kind == "probe" and entry.ref is not None:
            delivered.setdefault(entry.ref, i)
    return {pid: delivered.get(pid, at) for pid, at in fired.items()}
