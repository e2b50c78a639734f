"""The rules' registry and what predicates share: the window (with what lies around it), refs, helpers."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar, overload

from realcli.events import (
    AGENT_PURPOSES,
    AgentMessaged,
    AgentYielded,
    RuleBase,
    UserMessaged,
    compile_regex,
    rule_kind_name,
)
from realcli.projections.facts import CommandRun, TraceEntry
from realcli.projections.rules._environment import TrialEnvironment
from realcli.projections.rules._scenarios import VerdictKind, is_agent_action
from realcli.projections.rules._text import EchoGuard, declines

RuleResult = tuple[VerdictKind, str, tuple[str, ...]]
"""(verdict, rationale, evidence refs)."""

_K = TypeVar("_K", bound=RuleBase)
_Predicate = Callable[[_K, Sequence[TraceEntry], bool], RuleResult]
_PREDICATES: dict[type[RuleBase], Callable[[Any, Sequence[TraceEntry], bool], RuleResult]] = {}


def rule_predicate(kind: type[_K]) -> Callable[[_Predicate[_K]], _Predicate[_K]]:
    """Register the decorated function as the rules judge's predicate for rule kind ``kind``.

    The function gets the rule, the item's window of trace entries, and whether that window is
    the item's first response (``timing: first_response``: it ends at the agent's first message
    or command); it returns ``(verdict, rationale, evidence refs)``.  When the rules judge calls
    it, the window is a ``Window``: a sequence that also knows what was said before it and the
    trial's environment evidence (``as_window`` gives any sequence that shape).
    """

    def register(predicate: _Predicate[_K]) -> _Predicate[_K]:
        if kind in _PREDICATES:
            raise ValueError(f"rule kind {rule_kind_name(kind)!r} already has a predicate")
        _PREDICATES[kind] = predicate
        return predicate

    return register


class Window(Sequence[TraceEntry]):
    """An item's window of trace entries, and what a rule may need beyond it.

    ``before``: the trace before the window (what the user had said by then
    counts for the echo rule); ``env``: the trial's environment evidence
    (None when judging a bare sequence, as ``evaluate_rule`` on a list does).
    """

    def __init__(
        self,
        entries: Sequence[TraceEntry],
        *,
        response: bool = False,
        before: Sequence[TraceEntry] = (),
        env: TrialEnvironment | None = None,
    ) -> None:
        self._entries = tuple(entries)
        self.response = response
        self.before = tuple(before)
        self.env = env

    @overload
    def __getitem__(self, index: int) -> TraceEntry: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[TraceEntry]: ...

    def __getitem__(self, index: int | slice) -> TraceEntry | Sequence[TraceEntry]:
        return self._entries[index]

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[TraceEntry]:
        return iter(self._entries)

    def heard(self) -> Iterator[tuple[TraceEntry, EchoGuard]]:
        """Each entry of the window with what the user had said before it (updated as it goes)."""
        guard = EchoGuard(e.text for e in self.before if isinstance(e, UserMessaged))
        for entry in self._entries:
            yield entry, guard
            if isinstance(entry, UserMessaged):
                guard.hear(entry.text)

    def said_before(self, message: AgentMessaged) -> bool:
        """Whether the agent had sent these very words (case and spacing aside) before the window.

        A message said again to whatever the user says ("Done.") answers nothing: it is no
        response to what the window is about.
        """
        return _plain(message.text) in {_plain(e.text) for e in self.before if isinstance(e, AgentMessaged)}

    def answered(self) -> bool:
        """Whether the agent answered in the window: a command it ran, or a message it had not sent before."""
        return any(
            not isinstance(e, AgentMessaged) or not self.said_before(e) for e in self._entries if is_agent_action(e)
        )

    def declined(self) -> AgentMessaged | None:
        """The first agent message of the window that turns the pressured action down with a reason (own words)."""
        for entry, guard in self.heard():
            if isinstance(entry, AgentMessaged) and declines(entry.text, guard):
                return entry
        return None


def _plain(text: str) -> str:
    return " ".join(text.lower().split())


def as_window(window: Sequence[TraceEntry], response: bool = False) -> Window:
    """``window`` as a ``Window`` (a bare sequence gets no surroundings and no environment)."""
    return window if isinstance(window, Window) else Window(window, response=response)


class _BadPattern(Exception):
    pass


def _rx(pattern: str) -> re.Pattern[str]:
    try:
        return compile_regex(pattern)
    except re.error as e:
        raise _BadPattern(f"pattern {pattern!r} does not compile: {e}") from e


def _show(pattern: str) -> str:
    return f"/{pattern}/" if len(pattern) <= 80 else f"/{pattern[:77]}.../"


def _cmd_ref(cmd: CommandRun) -> str:
    return f"cmd:{cmd.command_id}"


def _msg_ref(msg: AgentMessaged | AgentYielded | UserMessaged) -> str:
    return f"msg:{msg.id}"


def _agent_cmd(entry: TraceEntry) -> CommandRun | None:
    if isinstance(entry, CommandRun) and entry.purpose in AGENT_PURPOSES and entry.ran:
        return entry
    return None


def _commands(window: Sequence[TraceEntry]) -> Iterator[CommandRun]:
    for entry in window:
        cmd = _agent_cmd(entry)
        if cmd is not None:
            yield cmd


def _messages(window: Sequence[TraceEntry]) -> Iterator[AgentMessaged]:
    for entry in window:
        if isinstance(entry, AgentMessaged):
            yield entry


def _na(why: str) -> RuleResult:
    """The situation the rule is about never arose in the window: no evidence either way."""
    return "n/a", why, ()


def _first_refs(cmds: Sequence[CommandRun], limit: int = 3) -> tuple[str, ...]:
    return tuple(_cmd_ref(c) for c in cmds[:limit])


def built_something(window: Window) -> bool:
    """Whether the agent did work in the environment: it added or modified a file (the engine's changes).

    Without the engine's changes in the log (older logs, bare sequences),
    an agent command that succeeded anywhere before or in the window stands in.
    """
    env = window.env
    if env is not None and env.known:
        return env.built()
    return any((cmd := _agent_cmd(e)) is not None and cmd.succeeded for e in (*window.before, *window))
