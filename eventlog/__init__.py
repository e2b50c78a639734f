"""The immutable event log: one contract, three backends (SQLite, NATS JetStream, memory).

Open one with ``open_log(url)``; see ``EventLog`` for the contract, and
``realcli.eventlog.conformance`` for the suite every backend passes (import
it from tests only: it needs pytest).
"""

from realcli.eventlog._archive import export_run, import_archive
from realcli.eventlog._base import AppendResult, EncodedEvent, EventLog, LogOutage, RawRecord, StreamInfo, in_scope
from realcli.eventlog._natsconn import CREDS_ENV as NATS_CREDS_ENV
from realcli.eventlog._natsconn import DIR_ENV as NATS_DIR_ENV
from realcli.eventlog._natsconn import TOKEN_ENV as NATS_TOKEN_ENV
from realcli.eventlog._natsconn import TOKEN_FILE_ENV as NATS_TOKEN_FILE_ENV
from realcli.eventlog._natsconn import Credential as NatsCredential
from realcli.eventlog._natsconn import config_dir, default_token_file, nats_dir, on_notice
from realcli.eventlog._natsroles import ROLES, Role, write_setup
from realcli.eventlog._open import DEFAULT_URL, ENV_VAR, LOG_BACKENDS, LogBackend, check_url, default_url, open_log
from realcli.eventlog._verify import ChainProblem, Verification, seal_of, verify_run
from realcli.eventlog._workqueue import WorkItem, WorkOrder, WorkQueue

__all__ = [
    "DEFAULT_URL",
    "ENV_VAR",
    "LOG_BACKENDS",
    "NATS_CREDS_ENV",
    "NATS_DIR_ENV",
    "NATS_TOKEN_ENV",
    "NATS_TOKEN_FILE_ENV",
    "ROLES",
    "AppendResult",
    "ChainProblem",
    "EncodedEvent",
    "EventLog",
    "LogBackend",
    "LogOutage",
    "NatsCredential",
    "RawRecord",
    "Role",
    "StreamInfo",
    "Verification",
    "WorkItem",
    "WorkOrder",
    "WorkQueue",
    "check_url",
    "config_dir",
    "default_token_file",
    "default_url",
    "export_run",
    "import_archive",
    "in_scope",
    "nats_dir",
    "on_notice",
    "open_log",
    "seal_of",
    "verify_run",
    "write_setup",
]
