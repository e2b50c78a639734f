"""``realcli view``: a live web viewer of a log's runs, trials and scores.

    async with open_log(url, create=False) as log:
        async with Viewer.start(log, host="127.0.0.1", port=8765) as viewer:
            print(viewer.url)          # the runs page; /runs/<run>, /runs/<run>/trials/<trial>, /compare
            await anyio.sleep_forever()

The server (aiohttp, on the caller's event loop) folds the log once and
follows it with ``subscribe``; pages update live as events are appended, by
this process, another one (SQLite) or another machine (NATS).  Everything
from the log reaches the page as text.  Reads ``realcli.events``,
``realcli.eventlog`` and ``realcli.projections`` only.
"""

from realcli.viewer._server import DEFAULT_HOST, DEFAULT_PORT, Viewer, is_loopback
from realcli.viewer._status import RUNNING_WINDOW
from realcli.viewer._text import REDACTED, Sanitizer

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "REDACTED",
    "RUNNING_WINDOW",
    "Sanitizer",
    "Viewer",
    "is_loopback",
]
