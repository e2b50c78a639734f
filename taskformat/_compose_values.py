"""Compose's value forms read into plain values: environments, words, durations, sizes."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator, Mapping
from typing import Any, Final, overload

__all__ = ["environment", "limits", "megabytes", "seconds", "strings", "volume_spec", "words"]

_DURATION: Final = re.compile(r"(?P<n>\d+(?:\.\d+)?)(?P<unit>ns|us|ms|s|m|h)")
_UNITS: Final = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0, "h": 3600.0}


@overload
def environment(spec: Any) -> dict[str, str | None]: ...
@overload
def environment(spec: Any, *, blank: str) -> dict[str, str]: ...
def environment(spec: Any, *, blank: str | None = None) -> dict[str, str | None] | dict[str, str]:
    """A mapping or ``KEY=VALUE`` list; a name without a value maps to ``blank`` (None: Compose's "from the host")."""
    out: dict[str, str | None] = {}
    if isinstance(spec, Mapping):
        for key, value in spec.items():
            out[str(key)] = blank if value is None else str(value).lower() if isinstance(value, bool) else str(value)
        return out
    for item in spec or []:
        key, eq, value = str(item).partition("=")
        out[key] = value if eq else blank
    return out


def words(spec: Any) -> list[str] | None:
    """A command: a list as is, a string split into words as Compose splits it (no shell runs it)."""
    if spec is None:
        return None
    if isinstance(spec, str):
        return shlex.split(spec)
    return [str(w) for w in spec]


def seconds(value: Any, default: float) -> float:
    """A Compose duration (``1m30s``, ``500ms``, a number of seconds) in seconds."""
    if value is None:
        return default
    if isinstance(value, int | float):
        return float(value)
    total = sum(float(m["n"]) * _UNITS[m["unit"]] for m in _DURATION.finditer(str(value)))
    return total or default


def megabytes(value: Any) -> int:
    """A Compose size (bytes as a number, or ``512m``, ``2G``, ``1024k``) in MiB."""
    if isinstance(value, int | float):
        return max(1, int(value) // (1 << 20))
    text = str(value).strip().lower().removesuffix("b")
    units = {"k": 1 / 1024, "m": 1.0, "g": 1024.0}
    if text[-1:] in units:
        return max(1, int(float(text[:-1]) * units[text[-1]]))
    return max(1, int(float(text)) // (1 << 20))


def limits(spec: Mapping[str, Any]) -> dict[str, Any]:
    """A service's ``deploy.resources.limits`` ({} when it sets none)."""
    limits = ((spec.get("deploy") or {}).get("resources") or {}).get("limits") or {}
    return dict(limits)


def volume_spec(spec: Any) -> dict[str, Any] | None:
    """A volume in Compose's long form (``type``, ``source``, ``target``, ``read_only``)."""
    if isinstance(spec, str):  # Compose 1's short form: SOURCE:TARGET[:MODE]
        parts = spec.split(":")
        source, target = (parts[0], parts[1]) if len(parts) > 1 else ("", parts[0])
        bind = source.startswith(("/", "."))
        return {
            "type": "bind" if bind else "volume",
            "source": source,
            "target": target,
            "read_only": len(parts) > 2 and "ro" in parts[2].split(","),
        }
    return dict(spec) if isinstance(spec, Mapping) else None


def strings(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every string in ``value`` with its dotted path (``environment.KEY``, ``command[1]``)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from strings(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from strings(item, f"{path}[{i}]")
