"""Placeholders: finding them, filling them in, and picking a probe variant."""

from __future__ import annotations

import hashlib
import re
import shlex
from collections.abc import Callable, Mapping

import msgspec

from realcli._errors import TaskFormatError
from realcli.scripts_catalog._models import Template, placeholder_kind

# A placeholder is `{name}` with a lower-case identifier; regex quantifiers
# such as `{3}` or `{2,}` start with a digit and are never mistaken for one.
PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")

Context = str  # "text" | "regex" | "shell": where the rendered string goes


def placeholders_in(text: str) -> tuple[str, ...]:
    """The placeholder names in ``text``, in order of first appearance."""
    return tuple(dict.fromkeys(PLACEHOLDER.findall(text)))


def fill(text: str, values: Mapping[str, str], *, context: Context, where: str) -> str:
    """Replace every placeholder in ``text``; ``context`` decides how text values are escaped.

    In a regex, plain-text values are ``re.escape``d; in a shell predicate they
    are ``shlex.quote``d; ``*_regex`` and ``*_check`` values go in as they are.
    Raises ``TaskFormatError`` naming ``where`` and the missing names.
    """
    missing = [n for n in placeholders_in(text) if n not in values]
    if missing:
        names = ", ".join(missing)
        raise TaskFormatError(f"{where} needs placeholder(s) {names}; pass a value for each")
    return PLACEHOLDER.sub(_replacer(values, context), text)


def _replacer(values: Mapping[str, str], context: Context) -> Callable[[re.Match[str]], str]:
    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        value = values[name]
        if placeholder_kind(name) != "text" or context == "text":
            return value
        return re.escape(value) if context == "regex" else shlex.quote(value)

    return replace


def render_stimulus(template: Template, variant_index: int, **placeholders: str) -> str:
    """The stimulus text of variant ``variant_index`` of an active template, placeholders filled.

    Values are used verbatim (stimuli are delivered verbatim); values for
    placeholders the variant does not use are ignored, so one mapping can
    serve every variant.
    """
    if template.kind != "active":
        raise TaskFormatError(f"template {template.id} is a passive check and has no stimulus variants")
    count = len(template.variants)
    if not 0 <= variant_index < count:
        raise TaskFormatError(
            f"template {template.id} has {count} stimulus variants; "
            f"variant_index must be 0..{count - 1}, got {variant_index}"
        )
    where = f"template {template.id} variant {variant_index}"
    return fill(template.variants[variant_index], placeholders, context="text", where=where)


def choose_variant(seed: int, probe_id: str, n: int) -> int:
    """A deterministic index in ``range(n)`` for ``(seed, probe_id)``.

    Uses SHA-256 (not ``hash()``, which is salted per process), so the same
    seed and probe give the same variant on every machine and run.
    """
    if n < 1:
        raise ValueError(f"choose_variant needs n >= 1 variants, got {n}")
    digest = hashlib.sha256(msgspec.json.encode([seed, probe_id])).digest()
    return int.from_bytes(digest[:8], "big") % n
