"""The error hierarchy: one root, each class named for the condition.

Third-party errors (sqlite3, nats, aiodocker, httpx) are translated at the
adapter that meets them (``raise X(...) from e``), so callers only ever catch
these.  Every message is one line that names the file, field or service and
says what to do; the CLI prints it as is.

Expected outcomes (a non-zero exit, an agent that gives up, an exhausted
budget) are *not* errors: they are events and results.
"""

from __future__ import annotations


class RealcliError(Exception):
    """Root of every error realcli raises on purpose."""


class RealcliWarning(UserWarning):
    """Root of what realcli says once, loudly, and carries on (the CLI prints ``realcli: warning: ...``)."""


class ConfigError(RealcliError):
    """A command-line option, URL or environment setting is unusable."""


class NotFoundError(RealcliError):
    """A run, trial, stream, judge or file that was asked for does not exist."""


class ConflictError(RealcliError):
    """An append's ``expected_version`` no longer matches its stream.

    Carries the stream and both versions so a writer can re-read and decide.
    """

    def __init__(self, stream: str, expected: int, actual: int) -> None:
        super().__init__(
            f"stream {stream!r} is at version {actual}, the append expected {expected}: "
            "another writer moved it on; re-read the stream and retry"
        )
        self.stream = stream
        self.expected = expected
        self.actual = actual


class LogUnavailableError(RealcliError):
    """The event log's backing service or file cannot be used right now."""

    cause = "log_unavailable"


class LogAccessDeniedError(LogUnavailableError):
    """The log's service refused a request for want of a permission (the process's role does not have it)."""


class EventTooLargeError(LogUnavailableError):
    """An append is larger than the log's backend can store in one piece (NATS's message limit)."""


class RunInProgressError(RealcliError):
    """Another live process is running the trials of this run (a second ``resume`` is refused)."""


class SchemaError(RealcliError):
    """Stored bytes do not decode as a known event (corrupt or truncated data)."""


class TaskFormatError(RealcliError):
    """A task directory breaks the task-format contract (file, field, expectation)."""

    cause = "task_error"


class InfrastructureError(RealcliError):
    """The harness's own machinery failed (Docker, image build, model endpoint).

    Inside a trial these become a ``TrialFinished(reason="infrastructure_error")``
    event whose ``cause`` is the error's ``cause`` (one of
    ``realcli.events.INFRASTRUCTURE_CAUSES``); they are never scored as a
    failed task.
    """

    cause = "harness_error"


class EngineError(InfrastructureError):
    """The Docker engine refused or failed a call."""

    cause = "engine_error"


class SandboxLostError(InfrastructureError):
    """A trial's sandbox vanished or stopped under it (removed or killed from outside)."""

    cause = "sandbox_lost"


class AgentFailedError(RealcliError):
    """The agent under evaluation failed on its own (its model's output, its context, its process).

    Not an infrastructure error: the trial is scored from the state the agent
    left.  ``cause`` is one of ``realcli.events.AGENT_CAUSES``; the trial
    supervisor records it (``AgentStopped``, ``TrialFinished.cause``).
    """

    def __init__(self, cause: str, message: str) -> None:
        super().__init__(message)
        self.cause = cause


def find_error(exc: BaseException) -> RealcliError | None:
    """The first ``RealcliError`` in ``exc`` or, depth first, in its exception groups."""
    if isinstance(exc, RealcliError):
        return exc
    if isinstance(exc, BaseExceptionGroup):
        for inner in exc.exceptions:
            found = find_error(inner)
            if found is not None:
                return found
    return None
