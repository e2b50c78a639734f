"""Typed values from parsed TOML and JSON, with msgspec's validation errors as one-line messages."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

import msgspec
import msgspec.inspect as mi

from realcli._errors import TaskFormatError
from realcli.taskformat._files import lower_first, quote_key, task_error

__all__ = ["Syntax", "check_finite", "convert"]

Syntax = Literal["toml", "json"]
_T = TypeVar("_T")


def convert(path: Path, data: Any, kind: type[_T], syntax: Syntax) -> _T:
    """``data`` converted to ``kind``; a validation error becomes a ``TaskFormatError`` naming the file, the key and
    what was expected."""
    try:
        return msgspec.convert(data, kind)
    except msgspec.ValidationError as e:
        raise _translate(path, str(e), data, mi.type_info(kind), syntax) from e


_AT = re.compile(r"^(?P<body>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)
_SEGMENT = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")
_TYPE_ERROR = re.compile(r"^Expected `(?P<expected>[^`]+)`, got `(?P<got>[^`]+)`$")
_CONSTRAINT = re.compile(r"^Expected `(?P<type>[^`]+)` (?P<rule>.+)$")
_MISSING = re.compile(r"^Object missing required field `(?P<field>[^`]+)`$")
_BAD_VALUE = re.compile(r"^Invalid (?:enum )?value (?P<value>.+)$")
_TAG_NOUNS = {"on": "trigger", "kind": "rule kind"}

# A path segment: a field name, a list index, or None for msgspec's ``[...]`` (some dict value).
Segment = str | int | None


def _translate(path: Path, message: str, data: Any, root: mi.Type, syntax: Syntax) -> TaskFormatError:
    m = _AT.match(message)
    assert m is not None  # the pattern matches any text
    body = m["body"]
    segments = _resolve_dict_keys(_parse_path(m["path"] or ""), data, body)
    site = _Site.locate(root, data, segments)
    where = _render_path(segments)
    tag_nouns = site.tag_union_noun()
    if tag_nouns is not None and not _MISSING.match(body):
        noun, tags = tag_nouns
        expected = f"expected one of: {', '.join(tags)}"
        return task_error(path, where, f"unknown {noun} {_show(site.value)}", expected)
    if mm := _MISSING.match(body):
        tags = site.tags_if_tag_field(mm["field"])
        expected = f"expected one of: {', '.join(tags)}" if tags else ""
        return task_error(path, where, f"missing required field {mm['field']!r}", expected)
    if mm := _TYPE_ERROR.match(body):
        expected = _nouns(mm["expected"], syntax, for_got=False)
        return task_error(path, where, f"expected {expected}, got {_nouns(mm['got'], syntax, for_got=True)}")
    if mm := _CONSTRAINT.match(body):
        return task_error(
            path,
            where,
            f"invalid value {_show(site.value)}",
            f"expected {_constraint(site.type, mm['type'], mm['rule'], syntax)}",
        )
    if _BAD_VALUE.match(body):
        values = site.literal_values()
        expected = f"expected one of: {', '.join(str(v) for v in values)}" if values else ""
        return task_error(path, where, f"invalid value {_show(site.value)}", expected)
    return task_error(path, where, lower_first(body))


def _parse_path(text: str) -> list[Segment]:
    segments: list[Segment] = []
    for name, index in _SEGMENT.findall(text):
        if name:
            segments.append(name)
        else:
            segments.append(int(index) if index.isdigit() else None)
    return segments


def _resolve_dict_keys(segments: list[Segment], data: Any, body: str) -> list[Segment]:
    """Replace msgspec's ``[...]`` (a dict value) by the key of the offending entry, found in ``data``."""
    if None not in segments:
        return segments
    cut = segments.index(None)
    container = _value_at(data, segments[:cut])
    if not isinstance(container, dict):
        return segments
    rest = segments[cut + 1 :]
    for key, value in container.items():
        candidate = [*segments[:cut], key, *rest]
        if _is_offender(_value_at(value, rest), body):
            return _resolve_dict_keys(candidate, data, body)
    return segments


def _is_offender(value: Any, body: str) -> bool:
    if mm := _TYPE_ERROR.match(body):
        return _type_name(value) == mm["got"]
    if mm := _MISSING.match(body):
        return isinstance(value, dict) and mm["field"] not in value
    return True


def _value_at(data: Any, segments: Sequence[Segment]) -> Any:
    for seg in segments:
        if isinstance(seg, int) and isinstance(data, list) and seg < len(data):
            data = data[seg]
        elif isinstance(seg, str) and isinstance(data, dict):
            data = data.get(seg)
        else:
            return None
    return data


def _render_path(segments: Sequence[Segment]) -> str:
    out = ""
    for seg in segments:
        if isinstance(seg, int):
            out += f"[{seg}]"
        else:
            out += "[...]" if seg is None else f".{quote_key(seg)}"
    return out.removeprefix(".")


@dataclass(frozen=True)
class _Site:
    """Where a validation error points: the expected type there, its parent, and the value found."""

    type: mi.Type | None
    parent: mi.Type | None
    last: Segment | None
    value: Any

    @classmethod
    def locate(cls, root: mi.Type, data: Any, segments: Sequence[Segment]) -> _Site:
        parent: mi.Type | None = None
        current: mi.Type | None = root
        for seg in segments:
            parent = current
            current = _child_type(_pick(current, data), seg)
            data = _value_at(data, [seg])
        return cls(current, parent, segments[-1] if segments else None, data)

    def tag_union_noun(self) -> tuple[str, list[str]] | None:
        """(noun, tags) if this site is the tag field of a tagged union ('on' of a trigger...)."""
        if not isinstance(self.last, str):
            return None
        tags = _union_tags(self.parent, self.last)
        return (_TAG_NOUNS.get(self.last, "value"), tags) if tags else None

    def tags_if_tag_field(self, name: str) -> list[str]:
        return _union_tags(self.type, name)

    def literal_values(self) -> tuple[Any, ...]:
        t = _pick(self.type, None)
        if isinstance(t, mi.UnionType):
            t = next((m for m in t.types if isinstance(m, mi.LiteralType)), None)
        return t.values if isinstance(t, mi.LiteralType) else ()


def _union_tags(t: mi.Type | None, field: str) -> list[str]:
    if isinstance(t, mi.Metadata):
        t = t.type
    if not isinstance(t, mi.UnionType):
        return []
    members = [m for m in t.types if isinstance(m, mi.StructType) and m.tag_field == field]
    return [str(m.tag) for m in members]


def _pick(t: mi.Type | None, data: Any) -> mi.Type | None:
    """The member of a union that ``data`` is meant as (by tag, or the only non-null member)."""
    if isinstance(t, mi.Metadata):
        t = t.type
    if not isinstance(t, mi.UnionType):
        return t
    members = [m for m in t.types if not isinstance(m, mi.NoneType)]
    if isinstance(data, dict):
        for m in members:
            if isinstance(m, mi.StructType) and m.tag_field and data.get(m.tag_field) == m.tag:
                return m
    return members[0] if len(members) == 1 else t


def _child_type(t: mi.Type | None, seg: Segment) -> mi.Type | None:
    if isinstance(t, mi.StructType) and isinstance(seg, str):
        return next((f.type for f in t.fields if f.encode_name == seg), None)
    if isinstance(t, mi.ListType | mi.SetType | mi.FrozenSetType | mi.VarTupleType) and isinstance(seg, int):
        return t.item_type
    if isinstance(t, mi.DictType):
        return t.value_type
    return None


_EXPECTED_NOUNS = {
    "int": "an integer",
    "float": "a number",
    "str": "a string",
    "bool": "true or false",
    "array": "an array",
    "datetime": "a date-time",
    "date": "a date",
    "time": "a time",
}
_GOT_NOUNS = {**_EXPECTED_NOUNS, "float": "a float", "bool": "a boolean", "null": "null"}


def _nouns(spec: str, syntax: Syntax, *, for_got: bool) -> str:
    table = _GOT_NOUNS if for_got else _EXPECTED_NOUNS
    object_noun = "a table" if syntax == "toml" else "an object"
    # A TOML or JSON author can always omit a key, so "or null" only adds noise.
    names = [n.strip() for n in spec.split("|") if n.strip() != "null" or for_got]
    words = [object_noun if n == "object" else table.get(n, f"`{n}`") for n in names]
    return " or ".join(dict.fromkeys(words))


def _constraint(t: mi.Type | None, type_name: str, rule: str, syntax: Syntax) -> str:
    t = _pick(t, None)
    noun = _nouns(type_name, syntax, for_got=False)
    min_length = getattr(t, "min_length", None)
    if rule.startswith("of length") and min_length == 1 and getattr(t, "max_length", None) is None:
        return "a non-empty " + noun.split(" ", 1)[1]
    if isinstance(t, mi.IntType | mi.FloatType):
        bounds = [
            f"{op} {_number(v)}" for op, v in ((">", t.gt), (">=", t.ge), ("<", t.lt), ("<=", t.le)) if v is not None
        ]
        if bounds:
            return f"{noun} {' and '.join(bounds)}"
    return f"{noun} {rule}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _type_name(value: Any) -> str:
    names: list[tuple[type, str]] = [
        (bool, "bool"),
        (int, "int"),
        (float, "float"),
        (str, "str"),
        (list, "array"),
        (dict, "object"),
        (type(None), "null"),
    ]
    return next((name for kind, name in names if isinstance(value, kind)), type(value).__name__)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return _number(value) if isinstance(value, float) and value.is_integer() else str(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 60 else value[:57] + "...")
    if isinstance(value, list):
        return "[]" if not value else "[...]"
    if isinstance(value, dict):
        return "{}" if not value else "{...}"
    return _type_name(value)


def check_finite(path: Path, value: Any, where: str = "") -> None:
    # TOML and Python's json accept inf and nan; no budget, limit or resource can be either.
    """Raise ``TaskFormatError`` for any infinite or NaN number in ``value`` (TOML and JSON accept them; no budget may
    be one)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise task_error(path, where, f"invalid value {value}", "expected a finite number")
    if isinstance(value, msgspec.Struct):
        for f in msgspec.structs.fields(value):
            check_finite(path, getattr(value, f.name), f"{where}.{f.encode_name}".removeprefix("."))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            check_finite(path, item, f"{where}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            check_finite(path, item, f"{where}.{quote_key(str(key))}")
