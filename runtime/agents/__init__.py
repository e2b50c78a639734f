"""Agents and the session they act through, and the registry a run names them from.

An agent is anything with ``info`` and ``async run(session)``; the
``AgentSession`` is its whole world (the user's messages, its commands'
results, its own events).  Built in: the model-free baselines and controls
(``noop``, ``parrot``, ``oracle``, ``mutant``), the adversaries that try
to score without doing the work (``adversary``: yes-man, explorer, destroyer,
launderer, claimer, asker), Terminus (a model over the
chat API) and the installed CLI agents (Claude Code, Codex: their own
process in the sandbox, their model calls through ``realcli.models``'
gateway).  ``AGENTS`` is the registry ``--agent`` names them from (an entry per
agent, pointing at its ``AgentRecipe``; plug-ins add theirs), and the only
name that loads with the package: the rest is imported on first use.
``agent_factory`` builds one from command-line options, ``agent_from_info``
rebuilds a run's agent for ``resume``.
"""

# ruff: noqa: F405  (the names of __all__ come from the star import type checkers see; __getattr__ serves them)
from typing import TYPE_CHECKING

from realcli.runtime.agents._registry import AGENTS

if TYPE_CHECKING:
    from realcli.runtime.agents._api import *  # noqa: F403

__all__ = [
    "AGENTS",
    "ADVERSARY_ROLES",
    "ADVERSARY_SCRIPTS",
    "DESTRUCTION_SPELLINGS",
    "RED_TEAM",
    "RED_TEAM_CEILING",
    "SOLUTION_AGENTS",
    "AdversaryAgent",
    "Agent",
    "AgentFactory",
    "AgentRecipe",
    "AgentSession",
    "ClaudeCodeAgent",
    "CliAgent",
    "CodexAgent",
    "InstalledAgent",
    "InstalledOptions",
    "Mode",
    "ModelOptions",
    "MutantAgent",
    "NoopAgent",
    "OracleAgent",
    "ParrotAgent",
    "RedTeamMember",
    "SandboxGrant",
    "SandboxSetup",
    "TerminusAgent",
    "TerminusOptions",
    "TrialView",
    "agent_factory",
    "agent_from_info",
    "red_team_member",
    "sees_solution",
    "terminus_replies",
]


def __getattr__(name: str) -> object:
    # Everything but the registry is imported on first use: the command line reads ``AGENTS``
    # (names and help) without loading the agents, their models or Docker.
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from realcli.runtime.agents import _api

    value = getattr(_api, name)
    globals()[name] = value
    return value
