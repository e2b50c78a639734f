"""The agents a run can name, and how each is built from command-line options."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from realcli import ConfigError
from realcli import events as ev
from realcli.models import GatewayLimits, ModelEndpoint
from realcli.runtime.agents._claude_code import ClaudeCodeAgent
from realcli.runtime.agents._cli_agent import CliAgent
from realcli.runtime.agents._codex import CodexAgent
from realcli.runtime.agents._protocol import Agent
from realcli.runtime.agents._scripted import NoopAgent, OracleAgent, ParrotAgent
from realcli.runtime.agents._terminus import TerminusAgent, TerminusOptions
from realcli.taskformat import Task

AGENT_NAMES: Final = ev.AGENT_NAMES  # the words live in events: `realcli run --help` lists them without the runtime
_CLI_AGENTS: Final[dict[str, type[CliAgent]]] = {"claude-code": ClaudeCodeAgent, "codex": CodexAgent}


@dataclass(frozen=True)
class ModelOptions:
    """Model flags of a command; unset values come from the environment (``<PREFIX>_MODEL`` ...)."""

    model: str | None = None
    base_url: str | None = None
    provider: str | None = None

    def endpoint(self, prefix: str) -> ModelEndpoint:
        return ModelEndpoint.from_env(prefix, model=self.model, base_url=self.base_url, provider=self.provider)


@dataclass(frozen=True)
class InstalledOptions:
    """Flags of the installed CLI agents: the pinned version and the gateway's budget caps."""

    version: str | None = None
    max_tokens: int | None = None
    max_cost_usd: float | None = None

    @property
    def limits(self) -> GatewayLimits:
        return GatewayLimits(max_tokens=self.max_tokens, max_cost_usd=self.max_cost_usd)


AgentFactory = Callable[[Task], Agent]


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
    if agent_options and name != "terminus":
        raise ConfigError(f"--agent-option: agent {name!r} takes no options")
    if name in _CLI_AGENTS:
        return _cli_agent(_CLI_AGENTS[name], options, installed or InstalledOptions())
    match name:
        case "oracle":
            return OracleAgent.info, lambda task: OracleAgent(task.spec.oracle)
        case "noop":
            return NoopAgent.info, lambda task: NoopAgent()
        case "parrot":
            return ParrotAgent.info, lambda task: ParrotAgent()
        case "terminus":
            endpoint = options.endpoint("REALCLI_AGENT")
            tuned = TerminusOptions.parse(agent_options or {})
            agent = TerminusAgent(endpoint, tuned)
            return agent.info, lambda task: TerminusAgent(endpoint, tuned)
    raise ConfigError(f"--agent {name!r} is unknown (expected one of: {', '.join(AGENT_NAMES)})")


def _cli_agent(
    kind: type[CliAgent], options: ModelOptions, installed: InstalledOptions
) -> tuple[ev.AgentInfo, AgentFactory]:
    chosen = ModelOptions(model=options.model, base_url=options.base_url, provider=options.provider or kind.provider)
    endpoint = chosen.endpoint("REALCLI_AGENT")
    agent = kind(endpoint, version=installed.version, limits=installed.limits)
    return agent.info, lambda task: kind(endpoint, version=installed.version, limits=installed.limits)


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
    tuned = TerminusOptions.recorded(params).params() if info.name == "terminus" else None
    return agent_factory(info.name, recorded, installed, tuned)[1]
