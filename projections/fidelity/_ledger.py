"""The ledger the fidelity audit reads: a COLLAB trial's trace indexed by delivery, its triggers resolved."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from realcli.events import (
    AGENT_PURPOSES,
    AgentMessaged,
    AgentTurnTaken,
    AgentYielded,
    OnAfter,
    OnAgentTurns,
    OnAllProbesDone,
    OnAsked,
    OnClaimsDone,
    OnCommand,
    OnStart,
    OnState,
    ProbeFired,
    Script,
    SliceReleased,
    Trigger,
    UserMessaged,
)
from realcli.projections.facts import CommandRun, TraceEntry, TrialFacts
from realcli.projections.fidelity._faithful import word_stems

# Words a topic may leave out of a question without changing what it asks about.
_TOPIC_FILLER = frozenset({"a", "an", "the", "of", "to", "in", "on", "for", "and", "or", "with", "by", "at"})


@lru_cache(maxsize=1024)
def topic_regex(topic: str) -> re.Pattern[str]:
    """A topic as a case-insensitive whole word or phrase, any whitespace between its words
    (what the scripted simulator matches)."""
    words = r"\s+".join(re.escape(w) for w in topic.split())
    return re.compile(rf"(?i)(?<!\w){words}(?!\w)")


@lru_cache(maxsize=1024)
def _topic_stems(topic: str) -> frozenset[str]:
    return word_stems(topic) - _TOPIC_FILLER


def asks_about(text: str, topics: Sequence[str], *, by_meaning: bool = False) -> str | None:
    """The first topic that ``text`` asks about, or None.

    Literally (``by_meaning=False``, the scripted simulator's rule): the topic
    as a whole word or phrase.  ``by_meaning=True`` is the audit's own matcher
    for an LLM simulator, which judges relevance itself: also when the text
    names every word of the topic in any order and inflection ("crash dumps"
    for "crash dump", "the names of the files" for "file names").  It stays a
    matter of the topic's words, so a question about one thing does not
    release a slice about another.
    """
    for topic in topics:
        if topic_regex(topic).search(text):
            return topic
    if by_meaning:
        said = word_stems(text)
        for topic in topics:
            stems = _topic_stems(topic)
            if stems and stems <= said:
                return topic
    return None


def is_question(message: AgentMessaged) -> bool:
    """A message the simulator treats as a question: flagged as one, or containing '?'."""
    return message.question or "?" in message.text


@dataclass(frozen=True, slots=True)
class Problem:
    """A deviation a fidelity criterion found, and the probe it concerns (for the dimensions it affects)."""

    text: str
    probe: str | None = None  # the probe it concerns, for affected dimensions


class Ledger:
    """Indexes over one trial's trace that every criterion reads.

    ``asked_by_model`` maps an ``asked`` slice or probe to the id of the agent
    message that a judge model found asking about it (``LlmJudge.asked``):
    that question counts as meeting its trigger even where the topic words
    do not match.
    """

    def __init__(self, trial: TrialFacts, script: Script, asked_by_model: Mapping[str, str] | None = None) -> None:
        self.trial = trial
        self.script = script
        self.trace: Sequence[TraceEntry] = trial.trace or []
        self.scripted = trial.started.user_sim is None or trial.started.user_sim.kind == "scripted"
        self.asked_by_model = dict(asked_by_model or {})
        self.slices = {s.id: s for s in script.slices}
        self.probes = {p.id: p for p in script.probes}
        self.released: dict[str, int] = {}
        self.fired: dict[str, int] = {}
        self.delivered: dict[str, int] = {}  # slice/probe id -> index of its user message
        for i, entry in enumerate(self.trace):
            if isinstance(entry, SliceReleased):
                self.released.setdefault(entry.slice_id, i)
            elif isinstance(entry, ProbeFired):
                self.fired.setdefault(entry.probe_id, i)
            elif isinstance(entry, UserMessaged) and entry.kind in ("slice", "probe") and entry.ref:
                self.delivered.setdefault(entry.ref, i)

    def user_messages(self) -> list[tuple[int, UserMessaged]]:
        """Every user message of the trace with its index in the trace."""
        return [(i, e) for i, e in enumerate(self.trace) if isinstance(e, UserMessaged)]

    def spoken(self) -> list[tuple[int, UserMessaged]]:
        """The user's own words: slice and answer messages (openings, probes and closings are script text)."""
        return [(i, m) for i, m in self.user_messages() if m.kind in ("slice", "answer")]

    @cached_property
    def script_text(self) -> str:
        """Everything the script lets the user say."""
        script = self.script
        parts = [script.opening, script.persona, *(s.content for s in script.slices)]
        for probe in script.probes:
            parts += [probe.stimulus, *probe.stimulus_variants]
        if script.closing is not None:
            parts.append(script.closing.text)
        return "\n".join(parts)

    def agent_text_before(self, index: int) -> str:
        """What the agent said, ran and saw before trace index ``index`` (it may be repeated back)."""
        parts: list[str] = []
        for entry in self.trace[:index]:
            if isinstance(entry, AgentMessaged):
                parts.append(entry.text)
            elif isinstance(entry, CommandRun) and entry.purpose in AGENT_PURPOSES:
                parts += [entry.text, *(o.text for o in (entry.stdout, entry.stderr) if o is not None)]
        return "\n".join(parts)

    def known_before(self, index: int) -> str:
        """What may be said freely at ``index``: the opening, released slices, delivered probes, the agent's words."""
        parts = [self.script.opening, self.agent_text_before(index)]
        parts += [self.slices[s].content for s, at in self.released.items() if at <= index and s in self.slices]
        for i, msg in self.user_messages():
            if i <= index and msg.kind == "probe":
                parts.append(msg.text)
        return "\n".join(parts)

    def delivery(self, ref: str) -> int | None:
        """Where a slice or probe reached the agent (its message, else its ledger event)."""
        if ref in self.delivered:
            return self.delivered[ref]
        return self.released.get(ref, self.fired.get(ref))

    def holds_at(self, trigger: Trigger, item: str | None = None) -> int | None:
        """The first trace index at which ``trigger`` (of slice or probe ``item``) held, or None if it never did."""
        match trigger:
            case OnStart():
                return self._opening()
            case OnAsked(topics=topics):
                return self._asked(topics, item)
            case OnCommand(pattern=pattern):
                try:
                    rx = re.compile(pattern)
                except re.error:
                    return None
                return self._first_finished(lambda c: c.purpose in AGENT_PURPOSES and rx.search(c.text) is not None)
            case OnAgentTurns(n=n):
                return self._nth_turn(0, n)
            case OnClaimsDone():
                return self._idle_yield()
            case OnAfter(ref=ref, agent_turns=turns):
                return self._after(ref, turns)
            case OnState(run=run):
                return self._first_finished(
                    lambda c: c.purpose == "state_check" and c.succeeded and run.strip() in c.text
                )
            case OnAllProbesDone():
                return None
        return None

    def asks(self, text: str, topics: Sequence[str]) -> bool:
        """Whether a question asks about ``topics``: literally for the scripted simulator, by the
        audit's own matcher for an LLM one (``asks_about``)."""
        return asks_about(text, topics, by_meaning=not self.scripted) is not None

    def _asked(self, topics: Sequence[str], item: str | None) -> int | None:
        by_rules = self._first(lambda e: isinstance(e, AgentMessaged) and is_question(e) and self.asks(e.text, topics))
        found = self.asked_by_model.get(item or "")
        by_model = self._first(lambda e: isinstance(e, AgentMessaged) and is_question(e) and e.id == found)
        held = [i for i in (by_rules, by_model) if i is not None]
        return min(held) if held else None

    def last_question(self, before: int) -> AgentMessaged | None:
        """The agent's last question before trace index ``before``."""
        for entry in reversed(self.trace[:before]):
            if isinstance(entry, AgentMessaged) and is_question(entry):
                return entry
        return None

    def _opening(self) -> int:
        for i, entry in enumerate(self.trace):
            if isinstance(entry, UserMessaged) and entry.kind == "opening":
                return i
        return 0

    def _first_finished(self, pred: Callable[[CommandRun], bool]) -> int | None:
        """Where the first matching command's result came in (the simulator learns of a
        command or a state check only when it finishes)."""
        ends = [e.finished_at for e in self.trace if isinstance(e, CommandRun) and e.finished and pred(e)]
        return min(ends) if ends else None

    def _first(self, pred: Callable[[TraceEntry], bool]) -> int | None:
        for i, entry in enumerate(self.trace):
            if pred(entry):
                return i
        return None

    def _after(self, ref: str, turns: int) -> int | None:
        at = self.delivery(ref)
        if at is None or turns == 0:
            return at
        return self._nth_turn(at + 1, turns)

    def _nth_turn(self, start: int, n: int) -> int | None:
        """Index of the n-th ``AgentTurnTaken`` from ``start`` on (turns are counted as events)."""
        seen = 0
        for i in range(start, len(self.trace)):
            if isinstance(self.trace[i], AgentTurnTaken):
                seen += 1
                if seen >= n:
                    return i
        return None

    def _idle_yield(self) -> int | None:
        """The first yield with no pending question after the agent had read every user message.

        (A yield with unread messages is not the end of a turn for the user:
        the agent goes on with them; docs/events.md, ``AgentYielded``.)
        """
        sent = 0
        for i, entry in enumerate(self.trace):
            if isinstance(entry, UserMessaged):
                sent += 1
            elif isinstance(entry, AgentYielded) and not entry.question_pending and entry.messages_read >= sent:
                return i
        return None


@dataclass(frozen=True, slots=True)
class AskedRelease:
    """An ``asked`` slice or probe an LLM simulator let out with no question before it that the
    audit's matcher finds asking about its topics: for a judge model to look at."""

    item: str  # slice or probe id
    topics: tuple[str, ...]
    questions: tuple[tuple[str, str], ...]  # (message id, text) of the agent's questions before it


def unmatched_asked(trial: TrialFacts) -> list[AskedRelease]:
    """The ``asked`` releases and firings of an LLM simulator that the audit's own matcher cannot
    tie to a question (empty for the scripted simulator, whose rule is the matcher itself)."""
    script = trial.script
    if trial.trace is None or script is None:
        return []
    led = Ledger(trial, script)
    if led.scripted:
        return []
    items = [(s.id, s.release) for s in script.slices] + [(p.id, p.trigger) for p in script.probes]
    out = []
    for ident, trigger in items:
        at = led.delivery(ident)
        if not isinstance(trigger, OnAsked) or at is None:
            continue
        held = led.holds_at(trigger, ident)
        if held is not None and held <= at:
            continue
        questions = tuple((e.id, e.text) for e in led.trace[:at] if isinstance(e, AgentMessaged) and is_question(e))
        if questions:
            out.append(AskedRelease(ident, tuple(trigger.topics), questions))
    return out
