"""The ``realcli`` command line: the outermost layer."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from realcli._errors import find_error
from realcli.cli import (  # noqa: F401  (they register their commands)
    _cmd_model,
    _cmd_report,
    _cmd_run,
    _cmd_synth,
    _cmd_tasks,
    _cmd_view,
)
from realcli.cli._app import app

__all__ = ["app", "main"]


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the console script: one line per error, never a traceback."""
    try:
        app(args=list(argv) if argv is not None else None, prog_name="realcli")
    except SystemExit:
        raise
    except BaseException as e:
        found = find_error(e)
        if found is None:
            raise
        print(f"realcli: error: {found}", file=sys.stderr)
        sys.exit(1)
