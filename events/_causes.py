"""Why a trial ended: a fixed, documented set of causes, decided by who failed.

*Agent* causes are the agent's own doing (or the task's budgets): the trial is
scored from the state the agent left (snapshot, hard checks, verifier), as for
a budget cut-off, so an agent that crashes or talks nonsense scores 0 instead
of dropping out of R.  *Infrastructure* causes are failures of the harness or
of the world outside the agent: the trial is excluded from the scores and
``realcli resume`` runs it again.  ``cancelled`` (Ctrl-C, SIGTERM) is excluded
and resumed too.

``TrialFinished.reason`` keeps its five values for older readers; the cause
is recorded beside it (``TrialFinished.cause``), and ``reason_for`` maps one
to the other.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

__all__ = [
    "AGENT_CAUSES",
    "CAUSES",
    "INFRASTRUCTURE_CAUSES",
    "RESUMABLE_REASONS",
    "SCORED_REASONS",
    "TRIAL_END_REASONS",
    "AgentCause",
    "TrialEndCause",
    "TrialEndReason",
    "cause_for_reason",
    "is_agent_cause",
    "is_agent_failure",
    "parse_agent_cause",
    "parse_cause",
    "reason_for",
]

TrialEndReason = Literal["completed", "turn_budget", "time_budget", "infrastructure_error", "cancelled"]
SCORED_REASONS: Final[tuple[TrialEndReason, ...]] = ("completed", "turn_budget", "time_budget")
"""The reasons of a trial the agent ended: scored from the state it left."""
RESUMABLE_REASONS: Final[tuple[TrialEndReason, ...]] = ("infrastructure_error", "cancelled")
"""The reasons of a trial excluded from the scores, which ``realcli resume`` runs again."""
TRIAL_END_REASONS: Final[tuple[TrialEndReason, ...]] = (*SCORED_REASONS, *RESUMABLE_REASONS)
"""Every reason: a trial whose latest try has one of them has finished."""

AgentCause = Literal[
    "agent_done",
    "turn_budget",
    "time_budget",
    "storage_budget",
    "agent_budget",
    "agent_malformed_output",
    "agent_context_overflow",
    "agent_request_refused",
    "agent_crashed",
    "verifier_tampered",
]
InfrastructureCause = Literal[
    "engine_error",
    "image_error",
    "sandbox_lost",
    "model_unavailable",
    "gateway_error",
    "log_unavailable",
    "task_error",
    "harness_error",
    "infrastructure_unrecorded",
]
TrialEndCause = Literal[AgentCause, InfrastructureCause, "cancelled"]

CAUSES: Final[dict[str, str]] = {
    # the agent's own end: scored from its terminal state
    "agent_done": "the agent finished (it said it was done, stopped, or the user closed the conversation)",
    "turn_budget": "the task's turn budget ran out",
    "time_budget": "the task's time budget ran out",
    "storage_budget": "the agent filled the sandbox's disk to the task's storage_mb",
    "agent_budget": "the agent's own token or cost cap ran out",
    "agent_malformed_output": "the agent's model kept answering in a form the agent cannot use, past its retries",
    "agent_context_overflow": "the conversation outgrew the model's context window and the agent could not recover",
    "agent_request_refused": "the agent's model refused a request because of its content (a 4xx about the request)",
    "agent_crashed": "the installed agent exited non-zero or was killed by its own limits",
    "verifier_tampered": "the agent changed what the verifier runs with (its tools, their hooks, its inputs or "
    "outputs): the verifier did not run, V = 0",
    # the harness or the world outside the agent: excluded, run again by `realcli resume`
    "engine_error": "the Docker engine failed",
    "image_error": "the task or agent image could not be built or found",
    "sandbox_lost": "the sandbox disappeared or stopped answering (killed from outside)",
    "model_unavailable": "the model endpoint was unreachable, failing (5xx) or rate-limiting (429) past its retries, "
    "or refused the credentials or the model name",
    "gateway_error": "realcli's model gateway for an installed agent failed",
    "log_unavailable": "the event log was unreachable for longer than its bound",
    "task_error": "the task breaks the task-format contract",
    "harness_error": "realcli itself failed (a bug): the detail has the error",
    "infrastructure_unrecorded": "an infrastructure error recorded before causes existed (the detail says more)",
    "cancelled": "the run was cancelled (Ctrl-C, SIGTERM)",
}
"""Every cause with its one-line meaning (docs/events.md carries the same table)."""

AGENT_CAUSES: Final = frozenset(get_args(AgentCause))
INFRASTRUCTURE_CAUSES: Final = frozenset(CAUSES) - AGENT_CAUSES - {"cancelled"}


_BY_NAME: Final[dict[str, TrialEndCause]] = {c: c for c in get_args(TrialEndCause)}
_AGENT_BY_NAME: Final[dict[str, AgentCause]] = {c: c for c in get_args(AgentCause)}


def parse_cause(value: str) -> TrialEndCause | None:
    """``value`` as a cause, or None when it is not one of ``CAUSES``."""
    return _BY_NAME.get(value)


def parse_agent_cause(value: str) -> AgentCause | None:
    """``value`` as an agent cause, or None when it is not one of ``AGENT_CAUSES``."""
    return _AGENT_BY_NAME.get(value)


def is_agent_cause(cause: str) -> bool:
    """Whether the trial is scored: the agent (or a budget) ended it, not the harness."""
    return cause in AGENT_CAUSES


def is_agent_failure(cause: str) -> bool:
    """Whether a scored trial ended other than by the agent finishing: a budget or its own failure."""
    return is_agent_cause(cause) and cause != "agent_done"


def reason_for(cause: TrialEndCause) -> TrialEndReason:
    """The ``TrialFinished.reason`` older readers understand for ``cause``."""
    match cause:
        case "turn_budget" | "time_budget" | "cancelled":
            return cause
        case _ if cause in AGENT_CAUSES:
            return "completed"
    return "infrastructure_error"


def cause_for_reason(reason: TrialEndReason) -> TrialEndCause:
    """The cause of a trial recorded before causes existed (read from its ``reason``)."""
    match reason:
        case "completed":
            return "agent_done"
        case "infrastructure_error":
            return "infrastructure_unrecorded"
        case _:
            return reason
