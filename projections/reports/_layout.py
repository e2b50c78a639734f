"""How a report lays out, apart from any output format: sections of blocks (tables, text, bullets, charts).

A ``Section`` is defined once: its key, its title and a function from the
report to its blocks.  The Markdown, HTML and terminal renderers each know
how to draw every kind of block, and nothing about any one section, so a
section looks the same everywhere (charts are drawn by HTML only).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = [
    "BarChart",
    "Block",
    "Bullets",
    "Cell",
    "Document",
    "FlipChart",
    "Metric",
    "Metrics",
    "PairedBarChart",
    "Part",
    "Section",
    "Span",
    "Strong",
    "Table",
    "Text",
    "compose",
    "fmt_cell",
    "fmt_interval",
    "fmt_pct",
    "text",
]

R = TypeVar("R")
Cell = str | int | float | bool | None
"""A table cell: floats show with 3 decimals, booleans as yes/no, None as ``-``."""


def fmt_pct(value: float | None, digits: int = 1) -> str:
    """``0.624`` -> ``62.4%``; None -> ``-``."""
    return "-" if value is None else f"{value * 100:.{digits}f}%"


def fmt_interval(interval: tuple[float, float] | None) -> str:
    """``(0.5, 0.75)`` -> ``50.0% to 75.0%``; None -> ``-``."""
    return "-" if interval is None else f"{fmt_pct(interval[0])} to {fmt_pct(interval[1])}"


def fmt_cell(value: Cell) -> str:
    """A cell as every renderer shows it."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


# ---------------------------------------------------------------- blocks


@dataclass(frozen=True, slots=True)
class Strong:
    """Emphasised words inside a line of text."""

    text: str


Span = str | Strong


@dataclass(frozen=True, slots=True)
class Text:
    """A paragraph of one or more lines; ``note``: an aside (HTML shows it quieter)."""

    lines: tuple[tuple[Span, ...], ...]
    note: bool = False


def text(*lines: str | Sequence[Span], note: bool = False) -> Text:
    """A paragraph from lines, each a string or a sequence of spans."""
    return Text(tuple((line,) if isinstance(line, str) else tuple(line) for line in lines), note)


@dataclass(frozen=True, slots=True)
class Bullets:
    """A bulleted list block."""

    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Table:
    """A table block: its header, its rows, and which columns hold numbers."""

    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    numeric: frozenset[int] = frozenset()  # columns of numbers (aligned right where alignment exists)


@dataclass(frozen=True, slots=True)
class Metric:
    """A headline number with its bootstrap interval and what it rests on."""

    name: str
    value: float | None
    interval: tuple[float, float] | None
    caveat: str = ""  # said beside the value, e.g. "1 finished trial(s) unjudged"
    note: str = ""  # what the value rests on, e.g. "coverage 38% of items: under half decided"


@dataclass(frozen=True, slots=True)
class Metrics:
    """Headline numbers (HTML draws cards, the others a table); ``intervals``: whether any were computed."""

    metrics: tuple[Metric, ...]
    intervals: bool = True


@dataclass(frozen=True, slots=True)
class BarChart:
    """Horizontal bars of scores in [0, 1] (None: no score)."""

    label: str
    bars: tuple[tuple[str, float | None], ...]


@dataclass(frozen=True, slots=True)
class FlipChart:
    """A 2x2 matrix of paired outcomes."""

    label: str
    both_pass: int
    pass_to_fail: int
    fail_to_pass: int
    both_fail: int


@dataclass(frozen=True, slots=True)
class PairedBarChart:
    """Two bars per group (EXEC, COLLAB) of rates in [0, 1]."""

    label: str
    groups: tuple[tuple[str, float | None, float | None], ...]


Block = Text | Bullets | Table | Metrics | BarChart | FlipChart | PairedBarChart


# ---------------------------------------------------------------- sections


@dataclass(frozen=True, slots=True)
class Section(Generic[R]):
    """One section of a rendered report, defined once for every renderer.

    ``title``: its heading ("" for none), or a function of the report for a
    heading that says something (``Task outcome (avg@3)``).  ``layout``:
    its blocks; no blocks leave the section out, heading included.
    """

    key: str
    title: str | Callable[[R], str]
    layout: Callable[[R], Sequence[Block]]

    def heading(self, source: R) -> str:
        """The section's heading for ``source`` (its fixed title, or the title computed from the report)."""
        return self.title if isinstance(self.title, str) else self.title(source)


@dataclass(frozen=True, slots=True)
class Part:
    """A section laid out for one report."""

    key: str
    heading: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class Document:
    """A report laid out: what every renderer draws."""

    title: str
    parts: tuple[Part, ...]


def compose(title: str, sections: Sequence[Section[R]], source: R) -> Document:
    """Lay out ``source`` section by section (in registry order), leaving out the empty ones."""
    parts = []
    for section in sections:
        blocks = tuple(section.layout(source))
        if blocks:
            parts.append(Part(section.key, section.heading(source), blocks))
    return Document(title, tuple(parts))
