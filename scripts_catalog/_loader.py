"""Loading a catalog directory: decoding its TOML files and checking them into a Catalog."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from importlib import resources
from importlib.resources.abc import Traversable
from typing import TypeVar

import msgspec

from realcli._errors import TaskFormatError
from realcli.events import (
    regex_error,
    rule_kinds,
)
from realcli.scripts_catalog._catalog import Catalog, _kind, _task_format_kinds, template_sort_key
from realcli.scripts_catalog._models import (
    CatalogFile,
    CatalogRule,
    ChecklistEntry,
    ChecklistTemplate,
    Dimension,
    DimensionFile,
    Placeholder,
    RuleKindDef,
    SubDimension,
    TagDef,
    Template,
    TemplateEntry,
    placeholder_kind,
)
from realcli.scripts_catalog._render import fill, placeholders_in

_T = TypeVar("_T")

CATALOG_FILE = "catalog.toml"
_DIMENSION_FILE = re.compile(r"^dimension_([1-9])\.toml$")
_TEMPLATE_ID = re.compile(r"^([1-9])\.([1-9])\.([a-z])$")
_ITEM_KEY = re.compile(r"^c[1-9][0-9]*$")


# --------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------


def load_catalog_from(directory: Traversable) -> Catalog:
    """Load and validate the catalog files in ``directory`` (not cached).

    Raises ``TaskFormatError`` naming the file and entry for any inconsistency.
    """
    files = {p.name: p.read_bytes() for p in directory.iterdir() if p.name.endswith(".toml")}
    if CATALOG_FILE not in files:
        raise TaskFormatError(f"{directory}: no {CATALOG_FILE}; the scenario catalog is incomplete")
    head = _decode(CATALOG_FILE, files[CATALOG_FILE], CatalogFile)
    dim_files = sorted(n for n in files if _DIMENSION_FILE.match(n))
    if not dim_files:
        raise TaskFormatError(f"{directory}: no dimension_<n>.toml files; the scenario catalog is empty")
    builder = _Builder(head)
    for name in dim_files:
        builder.add(name, _decode(name, files[name], DimensionFile))
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + files[name] + b"\0")
    return builder.build(digest.hexdigest())


def _decode(name: str, data: bytes, kind: type[_T]) -> _T:
    try:
        return msgspec.toml.decode(data, type=kind)
    except msgspec.ValidationError as e:
        raise TaskFormatError(f"scripts_catalog/{name}: {e}; fix the entry") from e
    except msgspec.DecodeError as e:
        raise TaskFormatError(f"scripts_catalog/{name}: not valid TOML ({e})") from e


class _Builder:
    """Validates dimension files one by one and assembles the catalog."""

    def __init__(self, head: CatalogFile) -> None:
        self.head = head
        self.placeholders = {
            n: Placeholder(name=n, description=p.description, example=p.example, default=p.default)
            for n, p in head.placeholders.items()
        }
        self.defaults = {n: p.default for n, p in self.placeholders.items() if p.default is not None}
        self.dimensions: list[Dimension] = []
        self.scenarios: list[Template] = []
        self._check_head()

    def _check_head(self) -> None:
        for name, p in self.placeholders.items():
            where = f"scripts_catalog/{CATALOG_FILE}: placeholders.{name}"
            if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
                raise TaskFormatError(f"{where}: placeholder names are lower-case identifiers")
            if p.default is None and not p.example:
                raise TaskFormatError(f"{where}: give an example (or a default)")
            if p.default is not None and p.kind == "regex":
                _compile(p.default, f"{where}.default")
        # realcli's own kinds beyond task-format.md's must be documented here; a plug-in's may be.
        documented = set(self.head.rule_kinds)
        extra = {name: kind for name, kind in rule_kinds().items() if not kind.task_format}
        own = {name for name, kind in extra.items() if kind.entry.built_in}
        if not own <= documented <= set(extra):
            raise TaskFormatError(
                f"scripts_catalog/{CATALOG_FILE}: [rule_kinds] documents {sorted(documented)} but "
                f"realcli's rule kinds beyond task-format.md's are {sorted(own)} (plug-ins': "
                f"{sorted(set(extra) - own)}); make them agree"
            )
        for name, doc in self.head.rule_kinds.items():
            fields = {f.name for f in msgspec.structs.fields(extra[name].type)}
            if set(doc.fields) != fields:
                raise TaskFormatError(
                    f"scripts_catalog/{CATALOG_FILE}: rule_kinds.{name}.fields documents "
                    f"{sorted(doc.fields)}, "
                    f"the model has {sorted(fields)}"
                )

    def add(self, file: str, data: DimensionFile) -> None:
        number = _DIMENSION_FILE.match(file)
        assert number is not None
        d = data.dimension
        if d.id != number.group(1):
            raise TaskFormatError(f"scripts_catalog/{file}: dimension id {d.id!r} does not match the file name")
        sub_ids = [s.id for s in data.sub_dimensions]
        expected = [f"{d.id}.{i}" for i in range(1, len(sub_ids) + 1)]
        if sub_ids != expected:
            raise TaskFormatError(
                f"scripts_catalog/{file}: sub-dimensions must be numbered {', '.join(expected)} in order, "
                f"found {', '.join(sub_ids)}"
            )
        members: dict[str, list[str]] = {s: [] for s in sub_ids}
        for entry in data.templates:
            template = self._template(file, d.id, entry)
            if template.sub_dimension not in members:
                raise TaskFormatError(
                    f"scripts_catalog/{file}: template {entry.id} names sub-dimension "
                    f"{template.sub_dimension}, which this file does not declare"
                )
            members[template.sub_dimension].append(template.id)
            self.scenarios.append(template)
        for sub, ids in members.items():
            letters = "".join(i[-1] for i in sorted(ids, key=template_sort_key))
            if not ids or letters != "abcdefghijklmnopqrstuvwxyz"[: len(ids)]:
                raise TaskFormatError(
                    f"scripts_catalog/{file}: sub-dimension {sub} needs templates lettered a, b, c... "
                    f"without gaps, found {letters or 'none'}"
                )
        self.dimensions.append(
            Dimension(
                id=d.id,
                code=d.code,
                name=d.name,
                summary=d.summary,
                sub_dimensions=tuple(
                    SubDimension(
                        id=s.id,
                        dimension=d.id,
                        name=s.name,
                        observes=s.observes,
                        templates=tuple(sorted(members[s.id], key=template_sort_key)),
                    )
                    for s in data.sub_dimensions
                ),
            )
        )

    def _template(self, file: str, dimension_id: str, entry: TemplateEntry) -> Template:
        where = f"scripts_catalog/{file}: template {entry.id}"
        match = _TEMPLATE_ID.match(entry.id)
        if match is None or match.group(1) != dimension_id:
            raise TaskFormatError(f"{where}: ids are 'D.S.x' with D = {dimension_id} (e.g. {dimension_id}.1.a)")
        if any(t.id == entry.id for t in self.scenarios):
            raise TaskFormatError(f"{where}: the id is used twice")
        self._check_shape(where, entry)
        self._check_tags(where, entry.tags)
        checklist = tuple(self._item(where, entry, item) for item in entry.checklist)
        self._check_placeholders(where, entry)
        return Template(
            id=entry.id,
            dimension=dimension_id,
            sub_dimension=f"{match.group(1)}.{match.group(2)}",
            name=entry.name,
            kind=entry.kind,
            observes=entry.observes,
            expected_behavior=entry.expected_behavior,
            evidence=entry.evidence,
            checklist=checklist,
            triggers=entry.triggers,
            variants=entry.variants,
            decoys=dict(entry.decoys),
            tags=entry.tags,
        )

    def _check_shape(self, where: str, entry: TemplateEntry) -> None:
        if entry.kind == "active":
            if not entry.triggers:
                raise TaskFormatError(f"{where}: an active template lists the trigger kinds it suits")
            if len(entry.variants) < 2:
                raise TaskFormatError(f"{where}: an active template needs at least two stimulus variants")
        elif entry.triggers or entry.variants or entry.decoys:
            raise TaskFormatError(f"{where}: a passive check has no triggers, variants or decoys")
        if not entry.checklist:
            raise TaskFormatError(f"{where}: a template needs checklist items")
        keys = [i.key for i in entry.checklist]
        if len(set(keys)) != len(keys) or not all(_ITEM_KEY.match(k) for k in keys):
            raise TaskFormatError(f"{where}: checklist keys must be unique and look like c1, c2, ...")

    def _check_tags(self, where: str, tags: Iterable[str]) -> None:
        for tag in tags:
            if tag not in self.head.tags:
                known = ", ".join(self.head.tags)
                raise TaskFormatError(f"{where}: tag {tag!r} is not defined in catalog.toml [tags] ({known})")

    def _item(self, where: str, entry: TemplateEntry, item: ChecklistEntry) -> ChecklistTemplate:
        where = f"{where} item {item.key}"
        passive = entry.kind == "passive"
        if item.evidence == "trace" and item.check:
            raise TaskFormatError(f"{where}: trace evidence takes no hard check; set evidence to both")
        if item.evidence in ("trace", "both") and not (item.rules or item.llm):
            raise TaskFormatError(f"{where}: a trace part needs rules or llm = true")
        if item.evidence in ("environment", "both") and not (item.check or (passive and item.llm)):
            raise TaskFormatError(f"{where}: an environment part needs a hard-check template (check = ...)")
        if item.evidence == "environment" and item.rules:
            raise TaskFormatError(f"{where}: rules judge the trace; set evidence to both or drop the rules")
        if passive and item.check:
            raise TaskFormatError(f"{where}: passive checks apply to every task and cannot carry a hard check")
        rules = tuple(self._rule(where, r, passive) for r in item.rules)
        return ChecklistTemplate(
            key=item.key,
            text=item.text,
            evidence=item.evidence,
            timing=item.timing,
            rules=rules,
            check=item.check,
            llm=item.llm,
        )

    def _rule(self, where: str, rule: CatalogRule, passive: bool) -> CatalogRule:
        kind = _kind(rule)
        if not passive and not kind.task_format:
            raise TaskFormatError(
                f"{where}: active templates use the rule kinds script.json accepts "
                f"({', '.join(_task_format_kinds())}); "
                f"{kind.name!r} is for passive checks until events adds it"
            )
        raw = msgspec.to_builtins(rule)
        if passive:
            # Passive checks apply as they are: fill their (defaulted) placeholders now.
            raw = {k: self._fill_default(f"{where} {k}", v) for k, v in raw.items()}
            rule = msgspec.convert(raw, type=kind.type)
        for name in kind.regex_fields:
            value = raw.get(name)
            if isinstance(value, str):
                _compile(_neutralize(value), f"{where} rule {kind.name}.{name}")
        return rule

    def _fill_default(self, where: str, value: object) -> object:
        if not isinstance(value, str):
            return value
        missing = [n for n in placeholders_in(value) if n not in self.defaults]
        if missing:
            raise TaskFormatError(f"{where}: passive rules may only use placeholders with a default, not {missing}")
        return fill(value, self.defaults, context="regex", where=where)

    def _check_placeholders(self, where: str, entry: TemplateEntry) -> None:
        texts = [*entry.variants, entry.expected_behavior, entry.observes, entry.name]
        texts += [i.text for i in entry.checklist]
        for text in texts:
            self._known(where, text, allowed=("text",))
        for item in entry.checklist:
            self._known(f"{where} item {item.key} check", item.check, allowed=("text", "shell", "regex"))
            for rule in item.rules:
                for value in msgspec.to_builtins(rule).values():
                    if isinstance(value, str):
                        self._known(f"{where} item {item.key} rule", value, allowed=("text", "regex"))
        used = {n for t in texts for n in placeholders_in(t)}
        for name in entry.decoys:
            if name not in used:
                raise TaskFormatError(f"{where}: decoys.{name} is not a placeholder the template's text uses")

    def _known(self, where: str, text: str, *, allowed: tuple[str, ...]) -> None:
        for name in placeholders_in(text):
            if name not in self.placeholders:
                raise TaskFormatError(
                    f"{where}: placeholder {{{name}}} is not documented in catalog.toml [placeholders]"
                )
            if placeholder_kind(name) not in allowed:
                raise TaskFormatError(f"{where}: placeholder {{{name}}} ({placeholder_kind(name)}) cannot appear here")

    def build(self, digest: str) -> Catalog:
        return Catalog(
            version=self.head.version,
            digest=digest,
            dimensions=self.dimensions,
            scenarios=self.scenarios,
            placeholders=self.placeholders,
            rule_kinds={
                n: RuleKindDef(name=n, summary=r.summary, passes_when=r.passes_when, fields=dict(r.fields))
                for n, r in self.head.rule_kinds.items()
            },
            tags={n: TagDef(name=n, description=t.description) for n, t in self.head.tags.items()},
        )


def _neutralize(pattern: str) -> str:
    """A pattern template with every placeholder replaced by a literal, to test that it compiles."""
    return re.sub(r"\{([a-z][a-z0-9_]*)\}", "x", pattern)


def _compile(pattern: str, where: str) -> None:
    error = regex_error(pattern)
    if error is not None:
        raise TaskFormatError(f"{where}: not a valid regular expression ({error})")


def packaged_catalog_dir() -> Traversable:
    """The directory holding the catalog shipped with realcli."""
    return resources.files("realcli.scripts_catalog")
