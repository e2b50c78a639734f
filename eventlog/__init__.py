"""The immutable event log: one contract, two backends (SQLite, NATS JetStream).

Open one with ``open_log(url)``; see ``EventLog`` for the contract.
"""

from realcli.eventlog._archive import export_run, import_archive
from realcli.eventlog._base import AppendResult, EventLog, StreamInfo, in_scope
from realcli.eventlog._natsconn import TOKEN_ENV as NATS_TOKEN_ENV
from realcli.eventlog._natsconn import TOKEN_FILE_ENV as NATS_TOKEN_FILE_ENV
from realcli.eventlog._natsconn import default_token_file
from realcli.eventlog._open import DEFAULT_URL, ENV_VAR, check_url, default_url, open_log
from realcli.eventlog._workqueue import WorkItem, WorkOrder, WorkQueue

__all__ = [
    "DEFAULT_URL",
    "ENV_VAR",
    "NATS_TOKEN_ENV",
    "NATS_TOKEN_FILE_ENV",
    "AppendResult",
    "EventLog",
    "StreamInfo",
    "WorkItem",
    "WorkOrder",
    "WorkQueue",
    "check_url",
    "default_token_file",
    "default_url",
    "export_run",
    "import_archive",
    "in_scope",
    "open_log",
]
