"""The immutable event log: one contract, three backends (SQLite, NATS JetStream, memory).

Open one with ``open_log(url)``; see ``EventLog`` for the contract, and
``realcli.eventlog.conformance`` for the suite every backend passes (import
it from tests only: it needs pytest).
"""

from realcli.eventlog._archive import export_run, import_archive
from realcli.eventlog._base import AppendResult, EventLog, LogOutage
from realcli.eventlog._natsconn import CREDS_ENV as NATS_CREDS_ENV
from realcli.eventlog._natsconn import DIR_ENV as NATS_DIR_ENV
from realcli.eventlog._natsconn import TOKEN_ENV as NATS_TOKEN_ENV
from realcli.eventlog._natsconn import TOKEN_FILE_ENV as NATS_TOKEN_FILE_ENV
from realcli.eventlog._natsconn import Credential as NatsCredential
from realcli.eventlog._natsconn import config_dir
from realcli.eventlog._natsroles import write_setup
from realcli.eventlog._open import ENV_VAR, LOG_BACKENDS, check_url, open_log
from realcli.eventlog._verify import Verification, seal_of, verify_run
from realcli.eventlog._workqueue import WorkItem, WorkOrder, WorkQueue

__all__ = [
    "ENV_VAR",
    "LOG_BACKENDS",
    "NATS_CREDS_ENV",
    "NATS_DIR_ENV",
    "NATS_TOKEN_ENV",
    "NATS_TOKEN_FILE_ENV",
    "AppendResult",
    "EventLog",
    "LogOutage",
    "NatsCredential",
    "Verification",
    "WorkItem",
    "WorkOrder",
    "WorkQueue",
    "check_url",
    "config_dir",
    "export_run",
    "import_archive",
    "open_log",
    "seal_of",
    "verify_run",
    "write_setup",
]
