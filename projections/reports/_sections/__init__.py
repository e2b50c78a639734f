"""The sections of a rendered report, one module each, in the order every renderer draws them.

Adding a section: a module here with a ``Section`` (its key, title and layout over the
``Report``), and its entry in ``REPORT_SECTIONS`` (the entry's name is the section's key).
A plug-in's sections come after realcli's own (entry-point group ``realcli.report_sections``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from realcli import ConfigError, Extension, Registry
from realcli.projections.reports._compare import JudgeAgreement
from realcli.projections.reports._layout import Document, Section, compose
from realcli.projections.reports._report import Report
from realcli.projections.reports._sections import _compare

__all__ = [
    "REPORT_SECTIONS",
    "compare_document",
    "report_document",
    "report_sections",
]


def _section(entry: Extension, obj: object) -> Section[Report]:
    if not isinstance(obj, Section):
        raise ConfigError(f"report section {entry.name!r} ({entry.origin}): {entry.target!r} is not a Section")
    if obj.key != entry.name:
        raise ConfigError(f"report section {entry.name!r} ({entry.origin}): its key is {obj.key!r}, not its name")
    section: Section[Any] = obj
    return section


def _own(key: str, module: str, what: str, name: str = "SECTION") -> Extension:
    return Extension(key, f"realcli.projections.reports._sections.{module}:{name}", what)


REPORT_SECTIONS: Final[Registry[Section[Report]]] = Registry(
    "report section",
    "realcli.report_sections",
    [
        _own("run", "_run", "the run: tasks, agent, judge, dates"),
        _own("headline", "_headline", "the paper's headline numbers"),
        _own("dimensions", "_dimensions", "collaboration by dimension"),
        _own("sub_dimensions", "_dimensions", "collaboration by sub-dimension", "SUB_SECTION"),
        _own("templates", "_templates", "collaboration by scenario template"),
        _own("outcome", "_outcome", "task outcome (avg@k)"),
        _own("trajectory", "_trajectory", "trajectory statistics (appendix E)"),
        _own("statistics", "_statistics", "EXEC vs COLLAB statistics"),
        _own("fidelity", "_fidelity", "the user simulator's fidelity"),
        _own("categories", "_categories", "results by task category"),
        _own("trials", "_trials", "one line per trial"),
    ],
    _section,
)
"""Every section of the report, in order: realcli's own, then plug-ins' (``realcli.report_sections``)."""


def report_sections() -> tuple[Section[Report], ...]:
    """Every section of ``REPORT_SECTIONS``, loaded, in order (what the renderers draw by default)."""
    return tuple(REPORT_SECTIONS.load_all().values())


COMPARE_SECTIONS: tuple[Section[JudgeAgreement], ...] = (_compare.AGREEMENT, _compare.DISAGREEMENTS)
"""Every section of a judge comparison, in order."""


def report_document(report: Report, sections: Sequence[Section[Report]] | None = None) -> Document:
    """The report laid out, ready for any renderer (``sections``: default, every one of ``REPORT_SECTIONS``)."""
    return compose(
        f"realcli report: run {report.run.run_id}", report_sections() if sections is None else sections, report
    )


def compare_document(data: JudgeAgreement, sections: Sequence[Section[JudgeAgreement]] = COMPARE_SECTIONS) -> Document:
    """A judge comparison laid out, ready for any renderer."""
    a, b = data.judges
    return compose(f"Judge agreement: {a} vs {b}", sections, data)
