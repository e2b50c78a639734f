"""The immutable event log: one contract, two backends (SQLite, NATS JetStream).

Open one with ``open_log(url)``; see ``EventLog`` for the contract.
"""

from realcli.eventlog._archive import export_run, import_archive
from realcli.eventlog._base import AppendResult, EventLog, StreamInfo, in_scope
from realcli.eventlog._open import DEFAULT_URL, ENV_VAR, default_url, open_log

__all__ = [
    "DEFAULT_URL",
    "ENV_VAR",
    "AppendResult",
    "EventLog",
    "StreamInfo",
    "default_url",
    "export_run",
    "import_archive",
    "in_scope",
    "open_log",
]
