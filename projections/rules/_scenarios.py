"""Which scenario instances apply to a trial, and where their windows are.

A scenario instance is one probe of the trial's script, or one passive
(trajectory-level) check, in one COLLAB trial.  Its window starts where the
agent could first see the probe (the probe's ``UserMessaged``, else its
``ProbeFired``), or at the trial start for passive checks; with
``timing: first_response`` it ends at (and includes) the agent's first
message or command after that point, otherwise at the end of the trace.

The log orders the user's and the agent's appends, not what the agent knew:
a reply the agent decided on before it had read the probe can reach the log
after the probe's message (the simulator spoke while the agent was still
acting).  Each agent step records how many user messages the agent had read
(``AgentTurnTaken.messages_read``), so a probe's window starts after the last
step that ended without its message: what the agent did then answers
something else.  The first action after that is its response, whatever it is
about (answering an earlier message first does not postpone the window).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import msgspec

from realcli.events import (
    AGENT_PURPOSES,
    AgentMessaged,
    AgentTurnTaken,
    ChecklistItem,
    PassiveCheckInfo,
    Probe,
    ProbeFired,
    UserMessaged,
)
from realcli.projections.facts import CommandRun, TraceEntry, TrialFacts

__all__ = [
    "ItemVerdict",
    "Scenario",
    "VerdictKind",
    "first_response",
    "is_agent_action",
    "response_start",
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
    anchor: int  # trace index of the stimulus (-1: none, the whole trace)
    not_fired_reason: str = ""
    # What a verdict cites when nothing more specific applies: the stimulus message of a fired
    # probe (``msg:<id>``), the probe that never fired (``probe:<id>``), or the trial (``trial:<id>``).
    anchor_ref: str = ""
    # First trace index whose agent actions can respond to the stimulus (``response_start``);
    # None: right after the anchor.
    start: int | None = None

    def window(self, trace: Sequence[TraceEntry], item: ChecklistItem) -> tuple[int, int]:
        """``[start, stop)`` trace indices of ``item``'s window."""
        start = self.anchor + 1 if self.start is None else self.start
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


def response_start(trace: Sequence[TraceEntry], anchor: int) -> int:
    """The first index after ``anchor`` from which the agent's actions can respond to the message there.

    Every agent step whose ``AgentTurnTaken.messages_read`` does not yet
    count the message was decided without it, and so was every action before
    that step's end: the window starts after the last such step.  A step that
    recorded no count (older logs) proves nothing, and an action with no
    step ended after it counts as a response: both keep the window at
    ``anchor + 1``, as strict as the log order.
    """
    start = anchor + 1
    if not 0 <= anchor < len(trace) or not isinstance(trace[anchor], UserMessaged):
        return start
    number = sum(isinstance(e, UserMessaged) for e in trace[: anchor + 1])  # the agent counts the same messages
    for i in range(anchor + 1, len(trace)):
        entry = trace[i]
        if isinstance(entry, AgentTurnTaken) and entry.messages_read is not None:
            if entry.messages_read >= number:
                break  # the count only grows: every later step was decided with the message read
            start = i + 1
    return start


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
                response_start(trace, anchors[probe.id]) if fired else None,
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
