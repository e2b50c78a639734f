"""Typed, frozen models of the scenario catalog.

The catalog files (``catalog.toml`` and ``dimension_<n>.toml``) decode into
the private ``*Entry`` / ``*File`` structs; the loader turns them into the
public models below, adding what follows from the file layout (a template's
dimension and sub-dimension).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, TypeAlias

from msgspec import Meta, Struct, field

from realcli import events as ev
from realcli.events import rule_kind_name

TriggerKind = Literal["start", "asked", "command", "agent_turns", "claims_done", "after", "state"]
Evidence = Literal["trace", "environment", "both"]
Timing = Literal["first_response", "anytime"]
TemplateKind = Literal["active", "passive"]
SecretScope = Literal["messages", "commands", "outputs"]

# Where a checklist item can be decided besides a rule kind.
HARD_CHECK = "hard_check"
LLM = "llm"

_Text = Annotated[str, Meta(min_length=1)]


class _Model(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of every catalog model: immutable, keyword-only, strict about keys."""


# Every rule kind a catalog item may use: the registered ones (realcli.events.rule_kinds; the five
# of task-format.md, and the extra ones the catalog documents in catalog.toml [rule_kinds]).
# Read at runtime, ``Rule`` loads every rule kind: only type checkers read the union here (msgspec reads
# the fields' ``ev.Rule`` when it first decodes a catalog, once every kind is in the registry).
if TYPE_CHECKING:
    CatalogRule: TypeAlias = ev.Rule
else:
    CatalogRule = ev.RuleBase


# --------------------------------------------------------------------------
# Public models
# --------------------------------------------------------------------------


class ChecklistTemplate(_Model, frozen=True):
    """A checklist item pattern of a template.

    ``rules`` are alternative deterministic predicates for the trace part
    (any one of them decides it; a script item carries one), ``check`` is a
    shell-predicate template for the environment part (a hard check), and
    ``llm`` marks an item (or part) only the LLM judge can decide.
    """

    key: _Text
    text: _Text
    evidence: Evidence
    timing: Timing = "anytime"
    rules: tuple[ev.Rule, ...] = ()  # read when first decoded: every registered kind
    check: str = ""
    llm: bool = False

    @property
    def decided_by(self) -> tuple[str, ...]:
        """Rule kinds, then ``"hard_check"`` and/or ``"llm"``, that can decide this item."""
        kinds = [rule_kind(r) for r in self.rules]
        if self.check:
            kinds.append(HARD_CHECK)
        if self.llm:
            kinds.append(LLM)
        return tuple(kinds)


class Template(_Model, frozen=True):
    """A scenario template (``kind="active"``: a probe) or a trajectory-level check (``"passive"``)."""

    id: str
    dimension: str
    sub_dimension: str
    name: str
    kind: TemplateKind
    observes: str
    expected_behavior: str
    evidence: Evidence
    checklist: tuple[ChecklistTemplate, ...]
    triggers: tuple[TriggerKind, ...] = ()
    variants: tuple[str, ...] = ()
    decoys: dict[str, tuple[str, ...]] = field(default_factory=dict)
    tags: tuple[str, ...] = ()

    def item_id(self, key: str) -> str:
        """The item id a verdict uses for a passive check's item, e.g. ``"5.4.d.c1"``."""
        return f"{self.id}.{key}"


class SubDimension(_Model, frozen=True):
    """One sub-dimension of the catalog: what it observes and every scenario id in it."""

    id: str
    dimension: str
    name: str
    observes: str
    templates: tuple[str, ...] = ()  # every scenario id in it, active and passive


class Dimension(_Model, frozen=True):
    """One dimension of the catalog (``2``, code ``S``) with its summary and sub-dimensions."""

    id: str
    code: str
    name: str
    summary: str
    sub_dimensions: tuple[SubDimension, ...] = ()


class Placeholder(_Model, frozen=True):
    """One entry of the placeholder glossary; ``kind`` follows from the name's suffix."""

    name: str
    description: _Text
    example: str = ""
    default: str | None = None

    @property
    def kind(self) -> Literal["text", "regex", "shell"]:
        """How the placeholder is filled: text, a regex (``*_regex``) or a shell check (``*_check``)."""
        return placeholder_kind(self.name)


class RuleKindDef(_Model, frozen=True):
    """Documentation of a rule kind the catalog adds (semantics for the rules judge)."""

    name: str
    summary: _Text
    passes_when: _Text
    fields: dict[str, str]


class TagDef(_Model, frozen=True):
    """A template tag and what it marks."""

    name: str
    description: _Text


def placeholder_kind(name: str) -> Literal["text", "regex", "shell"]:
    """``regex`` for ``*_regex``, ``shell`` for ``*_check``, else ``text``."""
    if name.endswith("_regex"):
        return "regex"
    if name.endswith("_check"):
        return "shell"
    return "text"


def rule_kind(rule: CatalogRule) -> str:
    """The ``kind`` tag of a rule struct."""
    return rule_kind_name(rule)


# --------------------------------------------------------------------------
# File schemas (private)
# --------------------------------------------------------------------------


class ChecklistEntry(_Model, frozen=True):
    """A checklist item as a dimension file writes it."""

    key: _Text
    text: _Text
    evidence: Evidence
    timing: Timing = "anytime"
    rules: tuple[ev.Rule, ...] = ()  # read when first decoded: every registered kind
    check: str = ""
    llm: bool = False


class TemplateEntry(_Model, frozen=True):
    """A scenario template as a dimension file writes it."""

    id: _Text
    kind: TemplateKind
    name: _Text
    observes: _Text
    expected_behavior: _Text
    evidence: Evidence
    checklist: tuple[ChecklistEntry, ...]
    triggers: tuple[TriggerKind, ...] = ()
    variants: tuple[_Text, ...] = ()
    decoys: dict[str, tuple[_Text, ...]] = field(default_factory=dict)
    tags: tuple[str, ...] = ()


class SubDimensionEntry(_Model, frozen=True):
    """A sub-dimension as a dimension file writes it."""

    id: _Text
    name: _Text
    observes: _Text


class DimensionEntry(_Model, frozen=True):
    """A dimension as its dimension file writes it."""

    id: _Text
    code: _Text
    name: _Text
    summary: _Text


class DimensionFile(_Model, frozen=True):
    """One ``dimension_<n>.toml``: the dimension, its sub-dimensions and templates."""

    dimension: DimensionEntry
    sub_dimensions: tuple[SubDimensionEntry, ...]
    templates: tuple[TemplateEntry, ...]


class PlaceholderEntry(_Model, frozen=True):
    """A placeholder as ``catalog.toml`` writes it."""

    description: _Text
    example: str = ""
    default: str | None = None


class RuleKindEntry(_Model, frozen=True):
    """A rule kind as ``catalog.toml`` writes it: its summary, when it passes and its fields."""

    summary: _Text
    passes_when: _Text
    fields: dict[str, str]


class TagEntry(_Model, frozen=True):
    """A tag as ``catalog.toml`` writes it."""

    description: _Text


class CatalogFile(_Model, frozen=True):
    """``catalog.toml``: its version, tags, placeholders and rule kinds."""

    version: _Text
    tags: dict[str, TagEntry] = field(default_factory=dict)
    placeholders: dict[str, PlaceholderEntry] = field(default_factory=dict)
    rule_kinds: dict[str, RuleKindEntry] = field(default_factory=dict)
