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
    """The agent finished one step (the turn budget counts these).

    ``messages_read`` counts the user messages the agent had taken in when
    the step ended (None: not recorded, logs written before it existed).  It
    only grows, so every action of the step was decided without the user
    messages after that count: the judge uses it to tell an agent's reply to
    an earlier message from its response to a probe that reached the log
    while the agent was still acting.
    """

    turn: int
    commands: int = 0
    messages_read: int | None = None


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
    """The agent's loop ended, and why: it said it was done, gave up, hit an error, spent its
    budget, or was cancelled."""

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
    """The user (simulator, or the supervisor in EXEC) sent the agent a message: the instruction, the opening, a slice,
    a probe's stimulus, an answer or the closing."""

    kind: Literal["instruction", "opening", "slice", "probe", "answer", "closing"]
    text: str
    ref: str | None = None  # slice or probe id
    # The ids of the agent messages (its questions) this message answers: an ``answer``, or a slice
    # released because a question asked about it.  Empty: it answers no question (an ``answer``
    # without it comes from a log written before the field, which did not link replies).
    in_reply_to: tuple[str, ...] = ()


class UserFinished(Event, frozen=True):
    """The simulated user has nothing more to say (after its closing message, if any)."""

    reason: str = ""


class SliceReleased(Event, frozen=True):
    """The user simulator released a slice of the task to the agent, and which trigger (and
    matched text) released it."""

    slice_id: str
    trigger: str
    matched: str | None = None
    paraphrased: bool = False
    text: str = ""


class SliceNotReleased(Event, frozen=True):
    """A slice was never released in the trial, and why (recorded when the user simulator finishes)."""

    slice_id: str
    reason: str


class ProbeFired(Event, frozen=True):
    """The user simulator fired a probe: its trigger matched and its stimulus (``variant``: which phrasing) went to the
    agent."""

    probe_id: str
    template: str
    trigger: str
    stimulus: str
    variant: int = 0


class ProbeNotFired(Event, frozen=True):
    """A probe never fired in the trial, and why (recorded when the user simulator finishes)."""

    probe_id: str
    template: str
    reason: str
