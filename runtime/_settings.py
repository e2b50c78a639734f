"""Run-level settings: choices a user makes for a whole run that change how its trials run.

They are recorded in ``RunStarted`` so that ``resume`` and distributed
workers run the remaining trials exactly as the run started them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from realcli import ConfigError
from realcli import events as ev

__all__ = ["NETWORK_CHOICES", "NetworkChoice", "RunSettings", "parse_network"]

NetworkChoice = Literal["task", "none"]
NETWORK_CHOICES: Final = ("task", "none")


def parse_network(value: str) -> NetworkChoice:
    """``task`` (each task's own declaration, Harbor's default public) or ``none`` (every sandbox isolated)."""
    if value == "task":
        return "task"
    if value == "none":
        return "none"
    raise ConfigError(
        f"--network {value!r}: expected task (each task's declaration; public when it declares none) "
        "or none (isolate every sandbox, as the paper's runs)"
    )


@dataclass(frozen=True)
class RunSettings:
    """What a run decided for all its trials.

    ``network``: ``task`` gives each sandbox what its task declares
    (Harbor's default, public, when it declares nothing); ``none`` isolates
    every sandbox whatever its task declares.  ``metric``: the ``reward.json``
    metric that decides V when a verifier writes several and no ``reward``.
    """

    network: NetworkChoice = "task"
    metric: str | None = None

    def internet(self, environment: ev.EnvironmentConfig) -> bool:
        """Whether a sandbox of a task with this ``[environment]`` gets a network in this run."""
        return self.network != "none" and environment.internet

    @classmethod
    def recorded(cls, started: ev.RunStarted) -> RunSettings:
        """The settings a run recorded (a run recorded before settings existed used the defaults)."""
        return cls(network=parse_network(started.network) if started.network else "task", metric=started.metric)
