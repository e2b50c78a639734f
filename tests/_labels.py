"""Docker list filters for what this test process made.

Every container, network and image realcli makes under pytest carries ``realcli.session`` (set in
``conftest.py``, one per process).  pytest-xdist workers run tests that use the same run and trial
names at the same time, so a test that looks for "its" containers by run or trial label must also
ask for its own session's.
"""

from __future__ import annotations

import os

import aiodocker
import anyio

from realcli.environments import LABEL_SESSION, SESSION_ENV

__all__ = ["kill_when_running", "mine", "session_label"]


def session_label() -> str:
    """``realcli.session=<this process's session>``, as a ``label`` filter value."""
    return f"{LABEL_SESSION}={os.environ[SESSION_ENV]}"


def mine(*labels: str) -> dict[str, list[str]]:
    """A ``filters`` argument matching ``labels`` among the objects this process's session made."""
    return {"label": [*labels, session_label()]}


async def kill_when_running(docker: aiodocker.Docker, *labels: str, after_sec: float = 1.0) -> None:
    """Kill this session's first running container with ``labels`` from outside, ``after_sec`` after it is
    seen running (into the command under way): the world failing a trial."""
    while True:
        found = await docker.containers.list(filters=mine(*labels))
        if found:
            await anyio.sleep(after_sec)
            await found[0].kill()
            return
        await anyio.sleep(0.2)
