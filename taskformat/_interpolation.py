"""Docker Compose's variable syntax, read by realcli so that Compose never reads the host's environment.

``$$`` is a literal ``$``; ``$VAR`` and ``${VAR}`` are the value of ``VAR``
(empty when unset); ``${VAR:-d}`` / ``${VAR-d}`` fall back to ``d`` when it is
unset or empty / unset; ``${VAR:?msg}`` / ``${VAR?msg}`` are an error then;
``${VAR:+alt}`` / ``${VAR+alt}`` are ``alt`` when it is set and not empty / set.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

__all__ = ["Reference", "references", "substitute", "unescape"]

_PATTERN: Final = re.compile(
    r"\$(?:(?P<escaped>\$)|(?P<named>[A-Za-z_][A-Za-z0-9_]*)"
    r"|\{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)(?:(?P<op>:?[-?+])(?P<arg>[^}]*))?\})"
)


@dataclass(frozen=True)
class Reference:
    """One variable a text reads: its name, the operator (``""``, ``-``, ``:-``, ``?``, ``:?``, ``+``, ``:+``) and
    the operator's argument."""

    name: str
    op: str = ""
    arg: str = ""

    @property
    def default(self) -> str | None:
        """What it becomes while the variable is unset: its default, ``""`` (plain or ``+``), None (an error)."""
        if self.op in ("-", ":-"):
            return self.arg
        if self.op in ("?", ":?"):
            return None
        return ""

    @property
    def fallback(self) -> str | None:
        """Its explicit default (``${VAR:-x}``, ``${VAR-x}``), None without one."""
        return self.arg if self.op in ("-", ":-") else None

    def value(self, value: str | None) -> str | None:
        """Its text for the variable's ``value`` (None: unset); None when that is Compose's error."""
        empty = not value if self.op.startswith(":") else value is None
        if self.op in ("-", ":-"):
            return self.arg if empty else value
        if self.op in ("?", ":?"):
            return None if empty else value
        if self.op in ("+", ":+"):
            return "" if empty else self.arg
        return value or ""


def references(text: str) -> list[Reference]:
    """The variables ``text`` reads, in order (``$$`` reads none)."""
    return [ref for m in _PATTERN.finditer(text) if (ref := _reference(m)) is not None]


def substitute(text: str, replace: Callable[[Reference], str | None]) -> str:
    """``text`` with each reference replaced by ``replace(ref)``; where that is None the reference stays as written.

    ``$$`` stays ``$$`` (it is unescaped by ``unescape`` once nothing is left to substitute).
    """

    def one(m: re.Match[str]) -> str:
        ref = _reference(m)
        if ref is None:
            return m.group(0)
        found = replace(ref)
        return m.group(0) if found is None else found.replace("$", "$$")

    return _PATTERN.sub(one, text)


def unescape(text: str) -> str:
    """``text`` with ``$$`` as ``$`` (call once every reference is substituted)."""
    return text.replace("$$", "$")


def _reference(m: re.Match[str]) -> Reference | None:
    if m["escaped"]:
        return None
    if m["named"]:
        return Reference(m["named"])
    return Reference(m["braced"], m["op"] or "", m["arg"] or "")
