"""The simulated user's API as ``realcli.runtime.users`` exports it, imported on first use (see the package)."""

from realcli.runtime.users._actor import STATE_CHECK_TIMEOUT, UserActor
from realcli.runtime.users._simulators import UserSimulator, user_simulator
from realcli.runtime.users._voices import LlmVoice, ScriptedVoice, Voice, llm_user_info, topic_match

__all__ = [
    "STATE_CHECK_TIMEOUT",
    "LlmVoice",
    "ScriptedVoice",
    "UserActor",
    "UserSimulator",
    "Voice",
    "llm_user_info",
    "topic_match",
    "user_simulator",
]
