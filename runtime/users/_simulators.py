"""The built-in user simulators, and making the one a run names (``realcli run --user-sim``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from realcli import ConfigError
from realcli import events as ev
from realcli.models import ModelEndpoint
from realcli.runtime.bus import StreamWriter
from realcli.runtime.users._registry import USER_SIMULATORS
from realcli.runtime.users._voices import LlmVoice, ScriptedVoice, Voice, llm_user_info

__all__ = ["LLM", "SCRIPTED", "UserSimulator", "user_simulator"]

VoiceFactory = Callable[[ev.Script, StreamWriter], Voice]
"""A voice per trial, from the trial's script and the user stream's writer."""
Endpoint = Callable[[], ModelEndpoint]
"""The user model's endpoint, read only by simulators that use a model (it may need settings the others do not)."""
UserSimulator = Callable[[Endpoint], tuple[VoiceFactory, ev.UserSimInfo]]
"""What a ``USER_SIMULATORS`` entry points at: the voice factory of a run, and what the run records about it."""


def _scripted(endpoint: Endpoint) -> tuple[VoiceFactory, ev.UserSimInfo]:
    return (lambda script, writer: ScriptedVoice()), ScriptedVoice.info


def _llm(endpoint: Endpoint) -> tuple[VoiceFactory, ev.UserSimInfo]:
    model = endpoint()

    def make(script: ev.Script, writer: StreamWriter) -> LlmVoice:
        return LlmVoice(model, script, writer)

    return make, llm_user_info(model)


SCRIPTED: Final[UserSimulator] = _scripted
"""The ``scripted`` entry of ``USER_SIMULATORS``."""
LLM: Final[UserSimulator] = _llm
"""The ``llm`` entry of ``USER_SIMULATORS``."""


def user_simulator(kind: str, endpoint: Endpoint) -> tuple[VoiceFactory, ev.UserSimInfo]:
    """How to make user simulator ``kind``'s voice per trial, and what a run records about it."""
    if kind not in USER_SIMULATORS:
        raise ConfigError(f"--user-sim {kind!r} is unknown (expected {USER_SIMULATORS.describe()})")
    return USER_SIMULATORS.load(kind)(endpoint)
