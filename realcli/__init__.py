"""realcli: the RealCLI benchmark (arXiv 2610.22507) as an event-sourced harness.

The package is split in layers whose dependencies point inward:

``realcli.events`` (schemas) <- ``realcli.eventlog`` (log backends), ``taskformat``,
``models``, ``environments`` (Docker) <- ``realcli.projections`` (folds) <-
``realcli.judging`` (the read side) <- ``realcli.runtime`` (actors) <- ``realcli.cli``.
"""

from realcli._errors import (
    AgentFailedError,
    ConfigError,
    ConflictError,
    EngineError,
    InfrastructureError,
    LogAccessDeniedError,
    LogUnavailableError,
    NotFoundError,
    RealcliError,
    RunInProgressError,
    SchemaError,
    TaskFormatError,
    find_error,
)
from realcli._registry import Extension, Registry, instance_of

__version__ = "0.1.0"

__all__ = [
    "AgentFailedError",
    "ConfigError",
    "ConflictError",
    "EngineError",
    "Extension",
    "InfrastructureError",
    "LogAccessDeniedError",
    "LogUnavailableError",
    "NotFoundError",
    "RealcliError",
    "Registry",
    "RunInProgressError",
    "SchemaError",
    "TaskFormatError",
    "__version__",
    "find_error",
    "instance_of",
]
