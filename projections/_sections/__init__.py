"""The sections of a rendered report, one module each, in the order every renderer draws them.

Adding a section: a module here with a ``Section`` (its key, title and
layout over the ``Report``), and its line in ``SECTIONS``.
"""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections._compare import JudgeAgreement
from realcli.projections._layout import Document, Section, compose
from realcli.projections._report import Report
from realcli.projections._sections import (
    _categories,
    _compare,
    _dimensions,
    _fidelity,
    _headline,
    _outcome,
    _run,
    _statistics,
    _templates,
    _trajectory,
    _trials,
)
from realcli.projections._sections._headline import coverage_note

__all__ = ["COMPARE_SECTIONS", "SECTIONS", "compare_document", "coverage_note", "report_document"]

SECTIONS: tuple[Section[Report], ...] = (
    _run.SECTION,
    _headline.SECTION,
    _dimensions.SECTION,
    _dimensions.SUB_SECTION,
    _templates.SECTION,
    _outcome.SECTION,
    _trajectory.SECTION,
    _statistics.SECTION,
    _fidelity.SECTION,
    _categories.SECTION,
    _trials.SECTION,
)
"""Every section of the report, in order."""

COMPARE_SECTIONS: tuple[Section[JudgeAgreement], ...] = (_compare.AGREEMENT, _compare.DISAGREEMENTS)
"""Every section of a judge comparison, in order."""


def report_document(report: Report, sections: Sequence[Section[Report]] = SECTIONS) -> Document:
    """The report laid out, ready for any renderer."""
    return compose(f"realcli report: run {report.run.run_id}", sections, report)


def compare_document(data: JudgeAgreement, sections: Sequence[Section[JudgeAgreement]] = COMPARE_SECTIONS) -> Document:
    """A judge comparison laid out, ready for any renderer."""
    a, b = data.judges
    return compose(f"Judge agreement: {a} vs {b}", sections, data)
