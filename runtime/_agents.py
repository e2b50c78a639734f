"""The agents a run can name, and how each is built from command-line options."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from realcli import ConfigError
from realcli import events as ev
from realcli.runtime._agent import Agent, NoopAgent, OracleAgent
from realcli.runtime._model import ModelEndpoint
from realcli.runtime._taskdir import Task
from realcli.runtime._terminus import TerminusAgent

AGENT_NAMES: Final = ("oracle", "noop", "terminus")


@dataclass(frozen=True)
class ModelOptions:
    """Model flags of a command; unset values come from the environment (``<PREFIX>_MODEL`` ...)."""

    model: str | None = None
    base_url: str | None = None
    provider: str | None = None

    def endpoint(self, prefix: str) -> ModelEndpoint:
        return ModelEndpoint.from_env(prefix, model=self.model, base_url=self.base_url, provider=self.provider)


AgentFactory = Callable[[Task], Agent]


def agent_factory(name: str, options: ModelOptions) -> tuple[ev.AgentInfo, AgentFactory]:
    """What a run records about the agent, and how to make one per trial."""
    match name:
        case "oracle":
            return OracleAgent.info, lambda task: OracleAgent(task.spec.oracle)
        case "noop":
            return NoopAgent.info, lambda task: NoopAgent()
        case "terminus":
            endpoint = options.endpoint("REALCLI_AGENT")
            agent = TerminusAgent(endpoint)
            return agent.info, lambda task: TerminusAgent(endpoint)
    raise ConfigError(f"--agent {name!r} is unknown (expected one of: {', '.join(AGENT_NAMES)})")


def agent_from_info(info: ev.AgentInfo, options: ModelOptions) -> AgentFactory:
    """Rebuild a run's agent for ``resume`` (model and endpoint as recorded; the key from the environment)."""
    recorded = ModelOptions(
        model=options.model or info.model,
        base_url=options.base_url or info.endpoint,
        provider=options.provider or info.params.get("provider"),
    )
    return agent_factory(info.name, recorded)[1]
