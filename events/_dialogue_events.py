"""Events of the dialogue: what the agent said and did, and what the simulated user answered, released and probed."""

from __future__ import annotations

from typing import Final, Literal

from realcli.events._parts import (
    Event,
)

# ---------------------------------------------------------------------- agent


class AgentMessaged(Event, frozen=True):
    """The agent wrote to the user."""

    text: str
    question: bool = False
    claims_done: bool = False


class AgentTurnTaken(Event, frozen=True):
    turn: int
    commands: int = 0


class AgentYielded(Event, frozen=True):
    """The agent ended its turn and now waits for the user.

    ``messages_read`` counts the user messages the agent had taken in by
    then: if the user has sent more, the agent is not idle (it will go on
    with the unread ones), which is how the simulator avoids closing a
    conversation the agent is still in.
    """

    turn: int
    claims_done: bool
    question_pending: bool = False
    messages_read: int = 0


class AgentStopped(Event, frozen=True):
    reason: Literal["done", "gave_up", "error", "budget", "cancelled"]
    detail: str = ""


class ContextSummarized(Event, frozen=True):
    """The agent's conversation neared its model's context window: it summarised its work and handed
    over to a fresh conversation (Terminus-2's hand-off), then went on."""

    turn: int
    trigger: Literal["threshold", "overflow"]  # estimated size reached the limit / the model refused it
    messages_before: int
    messages_after: int
    tokens_before: int  # the estimate that triggered it (or the last prompt's reported size)
    context_tokens: int  # the window the agent works with
    summary: str = ""


class ModelCalled(Event, frozen=True):
    """One request to a model endpoint; bodies are redacted before they get here."""

    call_id: str
    purpose: Literal["agent", "user", "judge", "gateway"]
    provider: str
    model: str
    endpoint: str = ""
    status: int | None = None
    tokens_in: int = 0
    tokens_out: int = 0
    latency_sec: float = 0.0
    cost_usd: float | None = None
    attempt: int = 1
    error: str | None = None
    request: str = ""
    response: str = ""


# ----------------------------------------------------------------------- user


DONT_KNOW: Final = "I don't know, use your judgement."
"""The user simulator's fixed answer to a question nothing released answers (the fidelity audit expects it)."""


class UserMessaged(Event, frozen=True):
    kind: Literal["instruction", "opening", "slice", "probe", "answer", "closing"]
    text: str
    ref: str | None = None  # slice or probe id


class UserFinished(Event, frozen=True):
    """The simulated user has nothing more to say (after its closing message, if any)."""

    reason: str = ""


class SliceReleased(Event, frozen=True):
    slice_id: str
    trigger: str
    matched: str | None = None
    paraphrased: bool = False
    text: str = ""


class SliceNotReleased(Event, frozen=True):
    slice_id: str
    reason: str


class ProbeFired(Event, frozen=True):
    probe_id: str
    template: str
    trigger: str
    stimulus: str
    variant: int = 0


class ProbeNotFired(Event, frozen=True):
    probe_id: str
    template: str
    reason: str
