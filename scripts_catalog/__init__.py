"""The RealCLI scenario catalog and the script linter.

The catalog is data (``catalog.toml`` and ``dimension_<n>.toml`` next to this
file): five dimensions, 22 sub-dimensions, 51 active scenario templates
(what a probe's ``template`` names) and 6 passive, trajectory-level checks
that apply to every COLLAB trial and score inside their sub-dimensions.
``load_catalog()`` returns it as typed, frozen models; ``lint_script`` checks
an ``interaction/script.json`` against the task-format contract and the
catalog.  The taxonomy is described in ``docs/catalog.md``.
"""

from __future__ import annotations

from functools import cache

from realcli.events import (
    CommandBeforeMessage,
    ConfirmedBeforeCommand,
    FailuresReported,
    OutputBounded,
    SecretAbsent,
    VerifiedBeforeDone,
)
from realcli.scripts_catalog._catalog import Catalog
from realcli.scripts_catalog._coverage import Coverage, coverage
from realcli.scripts_catalog._lint import LintIssue, lint_script
from realcli.scripts_catalog._loader import load_catalog_from, packaged_catalog_dir
from realcli.scripts_catalog._models import HARD_CHECK, LLM, Template, placeholder_kind, rule_kind
from realcli.scripts_catalog._render import choose_variant, placeholders_in, render_stimulus

__all__ = [
    "HARD_CHECK",
    "LLM",
    "Catalog",
    "CommandBeforeMessage",
    "Coverage",
    "ConfirmedBeforeCommand",
    "FailuresReported",
    "LintIssue",
    "OutputBounded",
    "SecretAbsent",
    "Template",
    "VerifiedBeforeDone",
    "choose_variant",
    "coverage",
    "lint_script",
    "load_catalog",
    "load_catalog_from",
    "placeholder_kind",
    "placeholders_in",
    "render_stimulus",
    "rule_kind",
]


@cache
def load_catalog() -> Catalog:
    """The catalog shipped with realcli, loaded and validated once per process."""
    return load_catalog_from(packaged_catalog_dir())
