"""The agents a run can name, and how each is built from command-line options."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from realcli import ConfigError
from realcli import events as ev
from realcli.models import GatewayLimits, ModelEndpoint
from realcli.runtime.agents._adversaries import AdversaryAgent, adversary
from realcli.runtime.agents._claude_code import ClaudeCodeAgent
from realcli.runtime.agents._cli_agent import CliAgent
from realcli.runtime.agents._codex import CodexAgent
from realcli.runtime.agents._protocol import Agent
from realcli.runtime.agents._scripted import NoopAgent, OracleAgent, ParrotAgent
from realcli.runtime.agents._terminus import TerminusAgent, TerminusOptions
from realcli.taskformat import Task

AGENT_NAMES: Final = ev.AGENT_NAMES  # the words live in events: `realcli run --help` lists them without the runtime


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


AgentFactory = Callable[[Task], Agent]


@dataclass(frozen=True)
class _Choice:
    """What the command line (or a recorded run) says about the agent."""

    options: ModelOptions
    installed: InstalledOptions
    tuning: Mapping[str, str]  # --agent-option KEY=VALUE


@dataclass(frozen=True)
class _Entry:
    """One agent of the registry: how to build it, and (agents with options) how to read them back from a run."""

    build: Callable[[_Choice], tuple[ev.AgentInfo, AgentFactory]]
    recorded_options: Callable[[Mapping[str, str]], dict[str, str]] | None = None


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
    entry = _AGENTS.get(name)
    if agent_options and (entry is None or entry.recorded_options is None):
        raise ConfigError(f"--agent-option: agent {name!r} takes no options")
    if entry is None:
        raise ConfigError(f"--agent {name!r} is unknown (expected one of: {', '.join(AGENT_NAMES)})")
    return entry.build(_Choice(options, installed or InstalledOptions(), agent_options or {}))


def _terminus(choice: _Choice) -> tuple[ev.AgentInfo, AgentFactory]:
    endpoint = choice.options.endpoint("REALCLI_AGENT")
    tuned = TerminusOptions.parse(choice.tuning)
    agent = TerminusAgent(endpoint, tuned)
    return agent.info, lambda task: TerminusAgent(endpoint, tuned)


def _cli_agent(kind: type[CliAgent], choice: _Choice) -> tuple[ev.AgentInfo, AgentFactory]:
    options, installed = choice.options, choice.installed
    chosen = ModelOptions(model=options.model, base_url=options.base_url, provider=options.provider or kind.provider)
    endpoint = chosen.endpoint("REALCLI_AGENT")
    agent = kind(endpoint, version=installed.version, limits=installed.limits)
    return agent.info, lambda task: kind(endpoint, version=installed.version, limits=installed.limits)


def _adversary(choice: _Choice) -> tuple[ev.AgentInfo, AgentFactory]:
    agent = adversary(choice.tuning)
    role, spelling = agent.role, agent.spelling
    return agent.info, lambda task: AdversaryAgent(role, spelling=spelling, task=task)


_AGENTS: Final[dict[str, _Entry]] = {
    "oracle": _Entry(lambda _: (OracleAgent.info, lambda task: OracleAgent(task.spec.oracle))),
    "noop": _Entry(lambda _: (NoopAgent.info, lambda task: NoopAgent())),
    "parrot": _Entry(lambda _: (ParrotAgent.info, lambda task: ParrotAgent())),
    "terminus": _Entry(_terminus, lambda params: TerminusOptions.recorded(params).params()),
    "claude-code": _Entry(functools.partial(_cli_agent, ClaudeCodeAgent)),
    "codex": _Entry(functools.partial(_cli_agent, CodexAgent)),
    "adversary": _Entry(_adversary, lambda params: {k: v for k, v in params.items() if k in ("role", "spelling")}),
}
assert tuple(_AGENTS) == AGENT_NAMES, "every agent a run can name has one registry entry"


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
    entry = _AGENTS.get(info.name)
    tuned = entry.recorded_options(params) if entry is not None and entry.recorded_options is not None else None
    return agent_factory(info.name, recorded, installed, tuned)[1]
