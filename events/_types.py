"""Constrained value types and the frozen base shared by the task-format models and the rule kinds."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct

NonNegFloat = Annotated[float, Meta(ge=0)]
PosFloat = Annotated[float, Meta(gt=0)]
PosInt = Annotated[int, Meta(ge=1)]
NonNegInt = Annotated[int, Meta(ge=0)]
Ident = Annotated[str, Meta(min_length=1)]


class Frozen(Struct, frozen=True, kw_only=True):
    """Base of every task-format model: immutable and keyword-only."""
