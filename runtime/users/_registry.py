"""The user simulators a run can name (``realcli run --user-sim``): one entry each, loaded when a run uses one.

This module imports nothing of the runtime: the command line reads names and help from it.
An entry points at a ``UserSimulator`` (a function from the user model's endpoint to a voice
factory and what the run records); plug-ins add theirs under ``realcli.user_simulators``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from realcli import ConfigError, Extension, Registry

if TYPE_CHECKING:
    from realcli.runtime.users._simulators import UserSimulator


def _simulator(entry: Extension, obj: object) -> UserSimulator:
    if not callable(obj):
        raise ConfigError(
            f"user simulator {entry.name!r} ({entry.origin}): {entry.target!r} is not callable "
            "(expected a UserSimulator: endpoint -> (voice factory, UserSimInfo))"
        )
    return cast("UserSimulator", obj)


_U = "realcli.runtime.users._simulators"
USER_SIMULATORS: Final[Registry[UserSimulator]] = Registry(
    "user simulator",
    "realcli.user_simulators",
    [
        Extension("scripted", f"{_U}:SCRIPTED", "deterministic: the script's own words"),
        Extension("llm", f"{_U}:LLM", "a model phrases the script's slices and probes"),
    ],
    _simulator,
)
"""Every user simulator a run can name, built in then plug-ins."""
