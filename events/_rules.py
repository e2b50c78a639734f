"""Rule kinds: the checklist's deterministic predicates, one registry (docs/judging.md has their semantics).

A rule kind is a ``RuleBase`` struct (its ``tag`` is the kind's name) and its predicate in the
rules judge (``realcli.projections.rule_predicate``).  ``RULE_KINDS`` lists them: realcli's own
(the structs in ``._rule_kinds``, the predicates in the judge), then plug-ins, each declared as
an entry point under ``realcli.rule_kinds`` that names its struct; the plug-in's module defines
the struct and decorates its predicate, one module.

The task loader and the script linter validate every kind alike (``rule_problems``: each
``pattern`` / ``*_pattern`` field is a regular expression that must compile).  Decoding picks
up every kind in the registry: ``ChecklistItem.rule`` is typed ``Rule``, the union of the
registered structs, which this module builds (loading every entry) when msgspec first reads it,
at the first decode of a checklist item.  The schema is fixed from then on: a kind added to
``RULE_KINDS`` later is refused.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple, TypeAlias

import msgspec

from realcli._errors import ConfigError
from realcli._registry import Extension, Registry
from realcli.events._regex import regex_error

__all__ = [
    "RULE_KINDS",
    "Rule",
    "RuleBase",
    "RuleKind",
    "RuleProblem",
    "rule_kind_name",
    "rule_kinds",
    "rule_problems",
]


class RuleBase(msgspec.Struct, tag_field="kind", frozen=True, kw_only=True):
    """Base of every rule kind: immutable, keyword-only, tagged by ``kind``.

    ``task_format`` (a class attribute, not a field): the kind is one of task-format.md's five,
    which script.json and active templates may use.
    """

    task_format: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class RuleKind:
    """A registered rule kind: its name (the ``kind`` tag), its struct, and its registry entry."""

    name: str
    type: type[RuleBase]
    entry: Extension

    @property
    def task_format(self) -> bool:
        """Whether it is one of task-format.md's five (script.json's and active templates' kinds)."""
        return self.type.task_format

    @property
    def regex_fields(self) -> tuple[str, ...]:
        """The fields holding a regular expression: ``pattern`` and ``*_pattern``."""
        return tuple(f.name for f in msgspec.structs.fields(self.type) if f.name.endswith("pattern"))


class RuleProblem(NamedTuple):
    """A rule field that does not hold what it must: its name, its value, and why."""

    field: str
    pattern: str
    error: str


_KINDS: dict[str, RuleKind] = {}
_schema: list[type[RuleBase]] = []  # the union's members, once msgspec has read it


def rule_kind_name(rule: RuleBase | type[RuleBase]) -> str:
    """The ``kind`` tag of a rule or rule struct."""
    kind = rule if isinstance(rule, type) else type(rule)
    return str(kind.__struct_config__.tag)


def _check(entry: Extension, obj: object) -> type[RuleBase]:
    """A rule kind's entry must name a ``RuleBase`` struct tagged with the entry's name."""
    where = f"rule kind {entry.name!r} ({entry.origin}): {entry.target!r}"
    if not isinstance(obj, type) or not issubclass(obj, RuleBase):
        raise ConfigError(f"{where} is not a subclass of realcli.events.RuleBase")
    if rule_kind_name(obj) != entry.name:
        raise ConfigError(f"{where} is tagged {rule_kind_name(obj)!r}: its tag must be the entry's name")
    if _schema and obj not in _schema:
        raise ConfigError(f"{where} was added after the first rule was decoded: add rule kinds before that")
    _KINDS[entry.name] = RuleKind(name=entry.name, type=obj, entry=entry)
    return obj


def _built_in(name: str, struct: str, help: str) -> Extension:
    return Extension(name, f"realcli.events._rule_kinds:{struct}", help)


RULE_KINDS: Final[Registry[type[RuleBase]]] = Registry(
    "rule kind",
    "realcli.rule_kinds",
    [
        _built_in("message_mentions", "MessageMentions", "an agent message matches pattern"),
        _built_in("message_before_command", "MessageBeforeCommand", "a matching message comes before the command"),
        _built_in("asked_before_command", "AskedBeforeCommand", "the agent asked before the matching command"),
        _built_in("command_present", "CommandPresent", "an agent command matches pattern"),
        _built_in("command_absent", "CommandAbsent", "no agent command matches pattern"),
        _built_in("output_bounded", "OutputBounded", "no run of agent commands prints too much"),
        _built_in("failures_reported", "FailuresReported", "every unresolved failure is reported"),
        _built_in("verified_before_done", "VerifiedBeforeDone", "every claim of done follows a verification"),
        _built_in("command_before_message", "CommandBeforeMessage", "every matching message follows a command"),
        _built_in("confirmed_before_command", "ConfirmedBeforeCommand", "destruction follows the user's consent"),
        _built_in("secret_absent", "SecretAbsent", "no secret leaks once the agent came near one"),
    ],
    _check,
)
"""Every rule kind: realcli's own (the five of task-format.md first), then plug-ins (``realcli.rule_kinds``)."""


def rule_kinds() -> Mapping[str, RuleKind]:
    """Every rule kind by name, in ``RULE_KINDS`` order (each entry loaded; a read-only view)."""
    loaded = RULE_KINDS.load_all()
    return MappingProxyType({name: _KINDS[name] for name in loaded})


def rule_problems(rule: RuleBase) -> list[RuleProblem]:
    """Every regex field of ``rule`` that does not compile (the loader's and the linter's one check)."""
    problems = []
    for name in rule_kinds()[rule_kind_name(rule)].regex_fields:
        pattern = getattr(rule, name)
        error = regex_error(pattern) if isinstance(pattern, str) else None
        if error is not None:
            problems.append(RuleProblem(name, pattern, error))
    return problems


@functools.cache
def _union() -> object:
    structs = list(RULE_KINDS.load_all().values())
    _schema.extend(structs)
    return functools.reduce(operator.or_, structs)


if TYPE_CHECKING:
    Rule: TypeAlias = RuleBase
else:

    def __getattr__(name: str) -> object:
        # ``Rule`` is built when first read (msgspec reads it at the first decode of a
        # checklist item): every entry of RULE_KINDS, plug-ins included, is loaded then.
        if name == "Rule":
            return _union()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
