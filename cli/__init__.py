"""The ``realcli`` command line: the outermost layer."""

from __future__ import annotations

import sys
import warnings
from collections.abc import Sequence
from typing import TextIO

from rich.markup import escape

from realcli._errors import RealcliWarning, find_error
from realcli.cli import (  # noqa: F401  (they register their commands)
    _cmd_extensions,
    _cmd_model,
    _cmd_nats,
    _cmd_report,
    _cmd_run,
    _cmd_synth,
    _cmd_tasks,
    _cmd_view,
)
from realcli.cli._app import app, err_console
from realcli.cli._terminal import visible

__all__ = ["main"]


_python_shows = warnings.showwarning


def _show(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """realcli's own warnings as one loud line; any other as Python shows it."""
    if issubclass(category, RealcliWarning):
        err_console.print(f"[bold red]warning:[/] {escape(str(message))}", soft_wrap=True)
    else:
        _python_shows(message, category, filename, lineno, file, line)


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the console script: one line per error, never a traceback; warnings once, loudly."""
    warnings.showwarning = _show
    try:
        app(args=list(argv) if argv is not None else None, prog_name="realcli")
    except SystemExit:
        raise
    except BaseException as e:
        found = find_error(e)
        if found is None:
            raise
        print(f"realcli: error: {visible(str(found), one_line=True)}", file=sys.stderr)
        sys.exit(1)
