"""What every part of the report shares: the frozen Struct base, per-mode pairs, and how numbers are carried."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar, overload

import msgspec

__all__ = ["ByMode", "ReportPart", "StatusCounts", "count_by", "num", "share", "status_counts"]

T = TypeVar("T")


class ReportPart(msgspec.Struct, frozen=True, kw_only=True):
    """Base of every Struct of the report: immutable, keyword-built, encoded field by field in order."""


class ByMode(ReportPart, Generic[T], frozen=True, kw_only=True):
    """One value per mode."""

    exec: T
    collab: T


class StatusCounts(ReportPart, frozen=True, kw_only=True):
    """Scenario instances by status."""

    passed: int = msgspec.field(name="pass")
    failed: int = msgspec.field(name="fail")
    na: int = msgspec.field(name="n/a")
    undecided: int


def status_counts(tally: dict[str, int]) -> StatusCounts:
    """``StatusCounts`` from a tally keyed by status (``pass``, ``fail``, ``n/a``, ``undecided``)."""
    return StatusCounts(passed=tally["pass"], failed=tally["fail"], na=tally["n/a"], undecided=tally["undecided"])


@overload
def num(value: float) -> float: ...
@overload
def num(value: float | None) -> float | None: ...
def num(value: float | None) -> float | None:
    """A float as reports carry it: rounded to 6 decimals (None stays None)."""
    if value is None:
        return None
    rounded = round(float(value), 6)
    return 0.0 if rounded == 0 else rounded


def share(part: int, whole: int) -> float | None:
    """``part / whole`` as reports carry it; None for an empty whole."""
    return num(part / whole) if whole else None


def count_by(keys: Iterable[str]) -> dict[str, int]:
    """How often each key occurs, sorted by key."""
    counts: dict[str, int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))
