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
        """Whether the output lost bytes to the cap (``total_bytes`` exceeds ``kept_bytes``)."""
        return self.total_bytes > self.kept_bytes


class Budgets(_Part, frozen=True):
    """The limits one trial's agent ran under: the most turns and the wall-clock seconds it had."""

    max_turns: int
    timeout_sec: float


TimeoutKind = Literal["agent", "verifier", "environment_build"]


class TimeoutMultipliers(_Part, frozen=True):
    """What a run multiplied its tasks' timeouts by (Harbor's ``--timeout-multiplier`` and its kin).

    ``overall`` scales every timeout a task declares; ``agent`` (the agent's
    time budget, EXEC and COLLAB), ``verifier`` (``[verifier] timeout_sec``)
    and ``environment_build`` (``[environment] build_timeout_sec``), when set,
    replace it for their own kind, as Harbor's do.  A run recorded before
    the setting existed ran every timeout as its task declared it: 1.
    """

    overall: float = 1.0
    agent: float | None = None
    verifier: float | None = None
    environment_build: float | None = None

    def factor(self, kind: TimeoutKind) -> float:
        """What a ``kind`` timeout is multiplied by: its own multiplier when set, else ``overall``."""
        own: float | None = getattr(self, kind)
        return self.overall if own is None else own

    def scale(self, kind: TimeoutKind, declared: float) -> float:
        """The seconds a ``kind`` timeout the task declares as ``declared`` seconds gets in this run."""
        return declared * self.factor(kind)

    @property
    def scaled(self) -> bool:
        """Whether any timeout differs from what its task declares."""
        return any(self.factor(kind) != 1.0 for kind in get_args(TimeoutKind))


class StreamHead(_Part, frozen=True):
    """A stream's version and chain digest at some moment: a seal (``TrialFinished.heads``, ``RunFinished.heads``).

    Events appended to the stream after the seal, or a stream rewritten
    before it, no longer match (``realcli verify``).
    """

    stream: str
    version: int
    digest: str = ""


class AgentInfo(_Part, frozen=True):
    """Which agent a run or trial used: its name and version, its model and endpoint (a base URL, never a key) and
    parameters.

    ``name`` is an entry of the runtime's agent registry (``realcli.runtime.AGENTS``, plug-ins included; ``mutant``
    under validate), checked where a run is started, not when a log is read.
    """

    name: str
    version: str = ""
    model: str | None = None
    endpoint: str | None = None  # base URL only; never a key
    params: dict[str, str] = field(default_factory=dict)


JudgeKind = Literal["rules", "llm"]
JUDGE_KINDS: Final[tuple[JudgeKind, ...]] = get_args(JudgeKind)
"""The judges a run can be judged with (``realcli rejudge --judge``): deterministic rules, or a model."""


class UserSimInfo(_Part, frozen=True):
    """Which user simulator a COLLAB run used: its kind, and its model, endpoint and parameters when it has one.

    ``kind`` is an entry of the runtime's user-simulator registry (``realcli.runtime.USER_SIMULATORS``, plug-ins
    included), checked where a run is started, not when a log is read.
    """

    kind: str
    model: str | None = None
    endpoint: str | None = None
    params: dict[str, str] = field(default_factory=dict)


class SubDimensionInfo(_Part, frozen=True):
    """One sub-dimension of the scenario catalog (``2.3``) and its name."""

    id: str  # "2.3"
    name: str


class DimensionInfo(_Part, frozen=True):
    """One dimension of the scenario catalog (``2``, code ``S``), its name and its sub-dimensions."""

    id: str  # "2"
    code: str  # "S"
    name: str
    sub_dimensions: list[SubDimensionInfo] = field(default_factory=list)


class TemplateInfo(_Part, frozen=True):
    """One scenario template of the catalog (``2.3.a``): its sub-dimension, its name, active (a probe fires it) or
    passive (a check over the trajectory), and its tags."""

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
    """One file the sandbox read as evidence after the agent's work: whether it existed, its (possibly truncated)
    content, size and sha256."""

    path: str
    exists: bool
    content: str = ""
    size: int = 0
    truncated: bool = False
    sha256: str = ""


PathChangeKind = Literal["added", "modified", "deleted"]


class PathChange(_Part, frozen=True):
    """A path of the sandbox's filesystem that differs from its image (or, for a local sandbox, its start)."""

    path: str
    kind: PathChangeKind


class TamperFinding(_Part, frozen=True):
    """A change the agent made to what the verifier's run rests on (docs/judging.md, "The verdict").

    ``rule`` names the protected set it falls in: ``tool`` (a program on the
    verifier's PATH), ``shadow`` (a new file that comes before one of the
    image's on the PATH, the loader's or Python's search path), ``loader``
    (the dynamic loader's preload or configuration), ``library`` (a shared
    library or an interpreter's standard library), ``hook`` (code an
    interpreter runs when it starts), ``test_runner`` (the test runner's own
    files or its configuration where the tests are collected), ``verifier_io``
    (``/logs/verifier`` or ``/tests`` as the verifier finds them).
    """

    path: str
    change: PathChangeKind
    rule: str
    detail: str = ""


class FilesystemChanges(_Part, frozen=True):
    """How the sandbox's files differ from its image when the agent's time ended (the engine's changes API).

    Only files count: a directory that changed only because of what is inside
    it is left out.  ``changes`` holds deletions first, then modifications,
    then additions (each in path order), cut after ``MAX_PATH_CHANGES``; the
    totals count every change, kept or not.
    """

    changes: list[PathChange] = field(default_factory=list)
    added: int = 0
    modified: int = 0
    deleted: int = 0
    truncated: bool = False


MAX_PATH_CHANGES: Final = 2000
"""The most ``PathChange``s one ``FilesystemChanges`` keeps (about 100 KiB: it travels in one event)."""
