"""The simulated user of COLLAB trials: a trigger engine that follows the trial, and the voices it speaks with.

``UserActor`` releases the script's slices and fires its probes by the
conditions of docs/task-format.md; a ``Voice`` phrases them and answers the
agent's questions (``ScriptedVoice``: deterministic; ``LlmVoice``: a model,
within the script's red lines).
"""

from realcli.runtime.users._actor import STATE_CHECK_TIMEOUT, UserActor
from realcli.runtime.users._registry import USER_SIMULATORS, user_simulator
from realcli.runtime.users._voices import LlmVoice, ScriptedVoice, Voice, llm_user_info, topic_match

__all__ = [
    "STATE_CHECK_TIMEOUT",
    "USER_SIMULATORS",
    "LlmVoice",
    "ScriptedVoice",
    "UserActor",
    "Voice",
    "llm_user_info",
    "topic_match",
    "user_simulator",
]
