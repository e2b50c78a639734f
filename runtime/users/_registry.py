"""The user simulators a run can name (``realcli run --user-sim``), and how each voice is made per trial."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from realcli import ConfigError
from realcli import events as ev
from realcli.models import ModelEndpoint
from realcli.runtime.bus import StreamWriter
from realcli.runtime.users._voices import LlmVoice, ScriptedVoice, Voice, llm_user_info

__all__ = ["USER_SIMULATORS", "user_simulator"]

# A voice per trial, from the trial's script and the user stream's writer.
_VoiceFactory = Callable[[ev.Script, StreamWriter], Voice]
# The user model's endpoint, read only by simulators that use a model (it may need settings the others do not).
_Endpoint = Callable[[], ModelEndpoint]


def _scripted(endpoint: _Endpoint) -> tuple[_VoiceFactory, ev.UserSimInfo]:
    return (lambda script, writer: ScriptedVoice()), ScriptedVoice.info


def _llm(endpoint: _Endpoint) -> tuple[_VoiceFactory, ev.UserSimInfo]:
    model = endpoint()

    def make(script: ev.Script, writer: StreamWriter) -> LlmVoice:
        return LlmVoice(model, script, writer)

    return make, llm_user_info(model)


_SIMULATORS: Final[dict[str, Callable[[_Endpoint], tuple[_VoiceFactory, ev.UserSimInfo]]]] = {
    "scripted": _scripted,
    "llm": _llm,
}
USER_SIMULATORS: Final = ev.USER_SIMULATORS  # the words live in events: `realcli run --help` lists them
assert tuple(_SIMULATORS) == USER_SIMULATORS, "every user simulator a run can name has one registry entry"


def user_simulator(kind: str, endpoint: _Endpoint) -> tuple[_VoiceFactory, ev.UserSimInfo]:
    """How to make user simulator ``kind``'s voice per trial, and what a run records about it."""
    build = _SIMULATORS.get(kind)
    if build is None:
        raise ConfigError(f"--user-sim {kind!r} is unknown (expected {' or '.join(USER_SIMULATORS)})")
    return build(endpoint)
