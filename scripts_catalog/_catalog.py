"""The catalog object over validated, typed models; ``_loader`` builds it from the package data."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from realcli._errors import NotFoundError, TaskFormatError
from realcli.events import (
    CatalogInfo,
    ChecklistItem,
    DimensionInfo,
    HardCheck,
    PassiveCheckInfo,
    RuleKind,
    SubDimensionInfo,
    TemplateInfo,
    rule_kinds,
)

if TYPE_CHECKING:  # read at runtime, ``Rule`` loads every rule kind (see ._models)
    from realcli.events import Rule
from realcli.scripts_catalog._models import (
    CatalogRule,
    ChecklistTemplate,
    Dimension,
    Placeholder,
    RuleKindDef,
    SubDimension,
    TagDef,
    Template,
    rule_kind,
)
from realcli.scripts_catalog._render import fill


def template_sort_key(template_id: str) -> tuple[int, int, str]:
    """Natural order of ``D.S.x`` ids (``1.2.b`` before ``1.10.a`` should that ever exist)."""
    d, s, x = template_id.split(".")
    return int(d), int(s), x


class Catalog:
    """The scenario catalog: five dimensions, their sub-dimensions, templates and passive checks.

    Immutable once built; obtain it with ``load_catalog()``.
    """

    __slots__ = (
        "_by_id",
        "_dimensions",
        "_placeholders",
        "_rule_kinds",
        "_scenarios",
        "_sub_dimensions",
        "_tags",
        "digest",
        "version",
    )

    def __init__(
        self,
        *,
        version: str,
        digest: str,
        dimensions: Iterable[Dimension],
        scenarios: Iterable[Template],
        placeholders: Mapping[str, Placeholder],
        rule_kinds: Mapping[str, RuleKindDef],
        tags: Mapping[str, TagDef],
    ) -> None:
        self.version = version
        self.digest = digest
        self._dimensions = tuple(dimensions)
        self._sub_dimensions = {s.id: s for d in self._dimensions for s in d.sub_dimensions}
        self._scenarios = tuple(sorted(scenarios, key=lambda t: template_sort_key(t.id)))
        self._by_id = {t.id: t for t in self._scenarios}
        self._placeholders = MappingProxyType(dict(placeholders))
        self._rule_kinds = MappingProxyType(dict(rule_kinds))
        self._tags = MappingProxyType(dict(tags))

    # ------------------------------------------------------------ taxonomy

    @property
    def dimensions(self) -> tuple[Dimension, ...]:
        """The five dimensions in order, each with its sub-dimensions."""
        return self._dimensions

    @property
    def sub_dimensions(self) -> tuple[SubDimension, ...]:
        """All sub-dimensions, in id order."""
        return tuple(self._sub_dimensions.values())

    @property
    def scenarios(self) -> tuple[Template, ...]:
        """Every template and passive check, in id order."""
        return self._scenarios

    @property
    def templates(self) -> tuple[Template, ...]:
        """The active templates (what a probe's ``template`` names), in id order."""
        return tuple(t for t in self._scenarios if t.kind == "active")

    @property
    def passive_checks(self) -> tuple[Template, ...]:
        """The trajectory-level checks that apply to every COLLAB trial, in id order."""
        return tuple(t for t in self._scenarios if t.kind == "passive")

    @property
    def placeholders(self) -> Mapping[str, Placeholder]:
        """The placeholder glossary, by name."""
        return self._placeholders

    @property
    def rule_kinds(self) -> Mapping[str, RuleKindDef]:
        """The rule kinds the catalog defines beyond task-format.md's five, by name."""
        return self._rule_kinds

    @property
    def tags(self) -> Mapping[str, TagDef]:
        """The template tags and what each means, by name."""
        return self._tags

    def template(self, template_id: str) -> Template:
        """The template or passive check with this id; ``NotFoundError`` if there is none."""
        try:
            return self._by_id[template_id]
        except KeyError:
            raise NotFoundError(
                f"scenario catalog {self.version} has no template {template_id!r}; "
                "ids look like '2.2.a' (see docs/catalog.md)"
            ) from None

    def sub_dimension(self, sub_dimension_id: str) -> SubDimension:
        """The sub-dimension with this id (``"2.3"``); ``NotFoundError`` if there is none."""
        try:
            return self._sub_dimensions[sub_dimension_id]
        except KeyError:
            raise NotFoundError(
                f"scenario catalog {self.version} has no sub-dimension {sub_dimension_id!r}; "
                "ids run 1.1-1.4, 2.1-2.5, 3.1-3.3, 4.1-4.5, 5.1-5.5"
            ) from None

    def dimension(self, dimension_id: str) -> Dimension:
        """The dimension with this id (``"1"`` .. ``"5"``); ``NotFoundError`` if there is none."""
        for d in self._dimensions:
            if d.id == dimension_id:
                return d
        raise NotFoundError(f"scenario catalog {self.version} has no dimension {dimension_id!r}; use 1-5")

    def templates_of(self, sub_dimension_id: str) -> tuple[Template, ...]:
        """The templates and passive checks that score inside one sub-dimension."""
        return tuple(self.template(t) for t in self.sub_dimension(sub_dimension_id).templates)

    def info(self) -> CatalogInfo:
        """What a run records about the catalog it was scored against.

        ``version`` is the declared version plus a content digest
        (``"1.0+3f2a..."``), so two logs can tell whether the catalogs match.
        """
        return CatalogInfo(
            version=f"{self.version}+{self.digest[:12]}",
            dimensions=[
                DimensionInfo(
                    id=d.id,
                    code=d.code,
                    name=d.name,
                    sub_dimensions=[SubDimensionInfo(id=s.id, name=s.name) for s in d.sub_dimensions],
                )
                for d in self._dimensions
            ],
            templates=[
                TemplateInfo(id=t.id, sub_dimension=t.sub_dimension, name=t.name, kind=t.kind, tags=list(t.tags))
                for t in self._scenarios
            ],
            passive_checks=[
                PassiveCheckInfo(id=t.id, sub_dimension=t.sub_dimension, items=_passive_items(t))
                for t in self.passive_checks
            ],
        )

    # ----------------------------------------------------------- rendering

    def placeholder_values(self, values: Mapping[str, str]) -> dict[str, str]:
        """``values`` over the glossary's defaults (defaults fill what ``values`` leaves out)."""
        merged = {n: p.default for n, p in self._placeholders.items() if p.default is not None}
        merged.update(values)
        return merged

    def render_item(
        self,
        template: Template,
        key: str,
        *,
        item_id: str,
        values: Mapping[str, str],
        hard_check: str | None = None,
        rule_index: int = 0,
    ) -> ChecklistItem:
        """A script checklist item from an active template's item ``key``.

        Text placeholders are filled verbatim in ``text`` and regex-escaped in
        the rule; ``rule_index`` picks one of the item's alternative rules.
        Items with environment evidence need ``hard_check`` (the id of the
        probe's hard check built with ``render_hard_check``).
        """
        item = _item(template, key)
        where = f"template {template.id} item {key}"
        if item.evidence != "trace" and hard_check is None:
            raise TaskFormatError(f"{where} has {item.evidence} evidence; pass hard_check=<id of its hard check>")
        rule = self._render_rule(item, rule_index, values, where) if item.rules else None
        text = fill(item.text, values, context="text", where=where)
        return ChecklistItem(
            id=item_id,
            text=text,
            evidence=item.evidence,
            hard_check=hard_check,
            timing=item.timing,
            rule=rule,
        )

    def render_hard_check(self, template: Template, key: str, *, check_id: str, values: Mapping[str, str]) -> HardCheck:
        """The hard check of item ``key`` (text values shell-quoted, ``*_check`` values verbatim)."""
        item = _item(template, key)
        if not item.check:
            raise TaskFormatError(f"template {template.id} item {key} has no hard check (its evidence is trace)")
        where = f"template {template.id} item {key} check"
        run = fill(item.check, self.placeholder_values(values), context="shell", where=where)
        return HardCheck(id=check_id, run=run)

    def _render_rule(self, item: ChecklistTemplate, rule_index: int, values: Mapping[str, str], where: str) -> Rule:
        if not 0 <= rule_index < len(item.rules):
            raise TaskFormatError(f"{where} has {len(item.rules)} rule(s); rule_index {rule_index} is out of range")
        rule = item.rules[rule_index]
        kind = _kind(rule)
        if not kind.task_format:
            raise TaskFormatError(
                f"{where}: rule kind {kind.name!r} is not one script.json accepts ({', '.join(_task_format_kinds())})"
            )
        merged = self.placeholder_values(values)
        raw = msgspec.to_builtins(rule)
        rendered = {
            k: fill(v, merged, context="regex", where=where) if isinstance(v, str) and k != "kind" else v
            for k, v in raw.items()
        }
        return msgspec.convert(rendered, type=kind.type)


def _passive_items(check: Template) -> list[ChecklistItem]:
    """A passive check's items as the log records them (rules already filled at load)."""
    items = []
    for item in check.checklist:
        rule = item.rules[0] if item.rules else None
        items.append(
            ChecklistItem(
                id=check.item_id(item.key),
                text=item.text,
                evidence=item.evidence,
                timing=item.timing,
                rule=rule,
            )
        )
    return items


def _item(template: Template, key: str) -> ChecklistTemplate:
    for item in template.checklist:
        if item.key == key:
            return item
    keys = ", ".join(i.key for i in template.checklist)
    raise NotFoundError(f"template {template.id} has no checklist item {key!r}; it has {keys}")


def _kind(rule: CatalogRule) -> RuleKind:
    return rule_kinds()[rule_kind(rule)]


def _task_format_kinds() -> list[str]:
    return [name for name, kind in rule_kinds().items() if kind.task_format]
