"""Docker list filters for what this test process made.

Every container, network and image realcli makes under pytest carries ``realcli.session`` (set in
``conftest.py``, one per process).  pytest-xdist workers run tests that use the same run and trial
names at the same time, so a test that looks for "its" containers by run or trial label must also
ask for its own session's.
"""

from __future__ import annotations

import os

from realcli.environments import LABEL_SESSION, SESSION_ENV

__all__ = ["mine", "session_label"]


def session_label() -> str:
    """``realcli.session=<this process's session>``, as a ``label`` filter value."""
    return f"{LABEL_SESSION}={os.environ[SESSION_ENV]}"


def mine(*labels: str) -> dict[str, list[str]]:
    """A ``filters`` argument matching ``labels`` among the objects this process's session made."""
    return {"label": [*labels, session_label()]}
