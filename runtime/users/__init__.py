"""The simulated user of COLLAB trials: a trigger engine that follows the trial, and the voices it speaks with.

``UserActor`` releases the script's slices and fires its probes by the
conditions of docs/task-format.md; a ``Voice`` phrases them and answers the
agent's questions (``ScriptedVoice``: deterministic; ``LlmVoice``: a model,
within the script's red lines).  ``USER_SIMULATORS`` is the registry
``--user-sim`` names them from.
"""

# ruff: noqa: F405  (the names of __all__ come from the star import type checkers see; __getattr__ serves them)
from typing import TYPE_CHECKING

from realcli.runtime.users._registry import USER_SIMULATORS

if TYPE_CHECKING:
    from realcli.runtime.users._api import *  # noqa: F403

__all__ = [
    "USER_SIMULATORS",
    "LlmVoice",
    "ScriptedVoice",
    "UserActor",
    "Voice",
    "llm_user_info",
    "topic_match",
    "user_simulator",
]


def __getattr__(name: str) -> object:
    # Everything but the registry is imported on first use: the command line reads
    # ``USER_SIMULATORS`` (names and help) without loading the actors.
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from realcli.runtime.users import _api

    value = getattr(_api, name)
    globals()[name] = value
    return value
