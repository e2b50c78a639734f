"""The simulated user's API as ``realcli.runtime.users`` exports it, imported on first use (see the package)."""

from realcli.runtime.users._actor import UserActor
from realcli.runtime.users._simulators import user_simulator
from realcli.runtime.users._voices import LlmVoice, ScriptedVoice, Voice, llm_user_info, topic_match

__all__ = [
    "LlmVoice",
    "ScriptedVoice",
    "UserActor",
    "Voice",
    "llm_user_info",
    "topic_match",
    "user_simulator",
]
