"""The base of every event and the value objects events carry (outputs, budgets, agents, judges, catalog)."""

from __future__ import annotations

import os
import time
from typing import Final, Literal, get_args

from msgspec import Struct, field

from realcli.events._task import ChecklistItem


def new_id() -> str:
    """A fresh 128-bit event id, hex encoded (random, so safe across processes)."""
    return os.urandom(16).hex()


class Event(Struct, frozen=True, kw_only=True, tag_field="type", tag=True):
    """Base of every event; ``type`` is the concrete class name."""

    id: str = field(default_factory=new_id)
    at: float = field(default_factory=time.time)


class _Part(Struct, frozen=True, kw_only=True):
    """Base of value objects nested inside events."""


# ---------------------------------------------------------------- value objects

Mode = Literal["exec", "collab"]
Verdict = Literal["pass", "fail", "n/a", "undecided", "unjudged"]
CommandPurpose = Literal["agent", "oracle", "setup", "state_check", "hard_check", "verifier", "snapshot"]
AGENT_PURPOSES: Final[frozenset[CommandPurpose]] = frozenset({"agent", "oracle"})
"""The purposes of the agent's own commands (the oracle stands in for an agent); the rest are the harness's."""


class Output(_Part, frozen=True):
    """Captured output of a stream, bounded: ``text`` keeps the head and tail."""

    text: str = ""
    total_bytes: int = 0
    kept_bytes: int = 0

    @property
    def truncated(self) -> bool:
        return self.total_bytes > self.kept_bytes


class Budgets(_Part, frozen=True):
    max_turns: int
    timeout_sec: float


AGENT_NAMES: Final = ("oracle", "noop", "parrot", "terminus", "claude-code", "codex")
"""The agents a run can name (``realcli run --agent``); ``AgentInfo.name`` also says ``mutant`` (validate)."""


class AgentInfo(_Part, frozen=True):
    name: str
    version: str = ""
    model: str | None = None
    endpoint: str | None = None  # base URL only; never a key
    params: dict[str, str] = field(default_factory=dict)


JudgeKind = Literal["rules", "llm"]
JUDGE_KINDS: Final[tuple[JudgeKind, ...]] = get_args(JudgeKind)
"""The judges a run can be judged with (``realcli rejudge --judge``): deterministic rules, or a model."""
UserSimKind = Literal["scripted", "llm"]
USER_SIMULATORS: Final[tuple[UserSimKind, ...]] = get_args(UserSimKind)
"""The user simulators a run can name (``realcli run --user-sim``)."""


class UserSimInfo(_Part, frozen=True):
    kind: UserSimKind
    model: str | None = None
    endpoint: str | None = None
    params: dict[str, str] = field(default_factory=dict)


class SubDimensionInfo(_Part, frozen=True):
    id: str  # "2.3"
    name: str


class DimensionInfo(_Part, frozen=True):
    id: str  # "2"
    code: str  # "S"
    name: str
    sub_dimensions: list[SubDimensionInfo] = field(default_factory=list)


class TemplateInfo(_Part, frozen=True):
    id: str  # "2.3.a"
    sub_dimension: str  # "2.3"
    name: str
    kind: Literal["active", "passive"] = "active"
    tags: list[str] = field(default_factory=list)  # e.g. "immediate", "cross_turn", "constraint_retention"


class PassiveCheckInfo(_Part, frozen=True):
    """A trajectory-level check as it applies to every COLLAB trial of a run.

    Its checklist items are rendered (placeholders filled), so a re-judge
    reads the exact predicates from the log, never from the current catalog.
    """

    id: str  # e.g. "5.4.d"
    sub_dimension: str
    items: list[ChecklistItem] = field(default_factory=list)


class CatalogInfo(_Part, frozen=True):
    """The slice of the scenario catalog a run was scored against."""

    version: str
    dimensions: list[DimensionInfo] = field(default_factory=list)
    templates: list[TemplateInfo] = field(default_factory=list)
    passive_checks: list[PassiveCheckInfo] = field(default_factory=list)


class CheckResult(_Part, frozen=True):
    """One per-test result of a verifier (from CTRF), for near-miss analysis."""

    name: str
    status: str  # passed | failed | skipped | pending | other
    message: str = ""


class EvidenceFile(_Part, frozen=True):
    path: str
    exists: bool
    content: str = ""
    size: int = 0
    truncated: bool = False
    sha256: str = ""
