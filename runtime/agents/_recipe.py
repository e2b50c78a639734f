"""How a run builds its agent: the command line's choice, an agent's recipe, and building one from the registry."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from realcli import ConfigError
from realcli import events as ev
from realcli.models import GatewayLimits, ModelEndpoint
from realcli.runtime.agents._protocol import Agent
from realcli.runtime.agents._registry import AGENTS
from realcli.taskformat import Task

AgentFactory = Callable[[Task], Agent]
"""Makes the agent of one trial, from its task."""


@dataclass(frozen=True)
class ModelOptions:
    """Model flags of a command; unset values come from the environment (``<PREFIX>_MODEL`` ...)."""

    model: str | None = None
    base_url: str | None = None
    provider: str | None = None

    def endpoint(self, prefix: str) -> ModelEndpoint:
        """The model endpoint these flags name, its key read from the environment under ``prefix``."""
        return ModelEndpoint.from_env(prefix, model=self.model, base_url=self.base_url, provider=self.provider)


@dataclass(frozen=True)
class InstalledOptions:
    """Flags of the installed CLI agents: the pinned version and the gateway's budget caps."""

    version: str | None = None
    max_tokens: int | None = None
    max_cost_usd: float | None = None

    @property
    def limits(self) -> GatewayLimits:
        """The gateway's budget caps these flags set."""
        return GatewayLimits(max_tokens=self.max_tokens, max_cost_usd=self.max_cost_usd)


@dataclass(frozen=True)
class AgentChoice:
    """What the command line (or a recorded run) says about the agent: model flags, installed-agent flags, and
    its ``--agent-option KEY=VALUE`` pairs (``tuning``)."""

    options: ModelOptions
    installed: InstalledOptions
    tuning: Mapping[str, str]


@dataclass(frozen=True)
class AgentRecipe:
    """What an ``AGENTS`` entry points at: how to build the agent from the choice, and (agents that take
    ``--agent-option``) how to read those options back from a recorded run's ``AgentInfo.params``."""

    build: Callable[[AgentChoice], tuple[ev.AgentInfo, AgentFactory]]
    recorded_options: Callable[[Mapping[str, str]], dict[str, str]] | None = None

    @classmethod
    def fixed(cls, info: ev.AgentInfo, make: AgentFactory) -> AgentRecipe:
        """The recipe of an agent that takes no options: its info, and how to make it for a task."""
        return cls(lambda choice: (info, make))


def agent_factory(
    name: str,
    options: ModelOptions,
    installed: InstalledOptions | None = None,
    agent_options: Mapping[str, str] | None = None,
) -> tuple[ev.AgentInfo, AgentFactory]:
    """What a run records about the agent, and how to make one per trial.

    ``agent_options`` are ``--agent-option KEY=VALUE`` pairs; only agents that
    have options accept them.
    """
    if name not in AGENTS:
        if agent_options:
            raise ConfigError(f"--agent-option: agent {name!r} takes no options")
        raise ConfigError(f"--agent {name!r} is unknown (expected one of: {AGENTS.describe(', ')})")
    recipe = AGENTS.load(name)
    if agent_options and recipe.recorded_options is None:
        raise ConfigError(f"--agent-option: agent {name!r} takes no options")
    return recipe.build(AgentChoice(options, installed or InstalledOptions(), agent_options or {}))


def agent_from_info(info: ev.AgentInfo, options: ModelOptions) -> AgentFactory:
    """Rebuild a run's agent for ``resume`` (model and endpoint as recorded; the key from the environment)."""
    recorded = ModelOptions(
        model=options.model or info.model,
        base_url=options.base_url or info.endpoint,
        provider=options.provider or info.params.get("provider"),
    )
    params = info.params
    installed = InstalledOptions(
        version=info.version or None,
        max_tokens=int(params["max_tokens"]) if "max_tokens" in params else None,
        max_cost_usd=float(params["max_cost_usd"]) if "max_cost_usd" in params else None,
    )
    recipe = AGENTS.load(info.name) if info.name in AGENTS else None
    tuned = recipe.recorded_options(params) if recipe is not None and recipe.recorded_options is not None else None
    return agent_factory(info.name, recorded, installed, tuned)[1]
