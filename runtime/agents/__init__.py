"""Agents and the session they act through, and the registry a run names them from.

An agent is anything with ``info`` and ``async run(session)``; the
``AgentSession`` is its whole world (the user's messages, its commands'
results, its own events).  Built in: the model-free baselines and controls
(``noop``, ``parrot``, ``oracle``, ``mutant``), the adversaries that try
to score without doing the work (``adversary``: yes-man, explorer, destroyer,
launderer, claimer, asker), Terminus (a model over the
chat API) and the installed CLI agents (Claude Code, Codex: their own
process in the sandbox, their model calls through ``realcli.models``'
gateway).  ``agent_factory`` builds one from command-line options,
``agent_from_info`` rebuilds a run's agent for ``resume``.
"""

from realcli.runtime.agents._adversaries import ADVERSARY_ROLES, SOLUTION_ROLES, AdversaryAgent, sees_solution
from realcli.runtime.agents._attacks import (
    ADVERSARY_SCRIPTS,
    DESTRUCTION_SPELLINGS,
    AdversaryScript,
    AdversaryTurn,
    terminus_replies,
)
from realcli.runtime.agents._claude_code import ClaudeCodeAgent
from realcli.runtime.agents._cli_agent import GATEWAY_DIR, GATEWAY_PORT, CliAgent
from realcli.runtime.agents._codex import CodexAgent
from realcli.runtime.agents._protocol import (
    DEFAULT_COMMAND_TIMEOUT,
    Agent,
    AgentSession,
    InstalledAgent,
    Mode,
    SandboxGrant,
    SandboxSetup,
    TrialView,
)
from realcli.runtime.agents._red_team import RED_TEAM, RED_TEAM_CEILING, CeilingKind, RedTeamMember, red_team_member
from realcli.runtime.agents._registry import (
    AGENT_NAMES,
    AgentFactory,
    InstalledOptions,
    ModelOptions,
    agent_factory,
    agent_from_info,
)
from realcli.runtime.agents._scripted import (
    PARROT_REPLY,
    SOLUTION_AGENTS,
    MutantAgent,
    NoopAgent,
    OracleAgent,
    ParrotAgent,
)
from realcli.runtime.agents._terminus import TerminusAgent, TerminusOptions

__all__ = [
    "ADVERSARY_ROLES",
    "ADVERSARY_SCRIPTS",
    "AGENT_NAMES",
    "DEFAULT_COMMAND_TIMEOUT",
    "DESTRUCTION_SPELLINGS",
    "GATEWAY_DIR",
    "GATEWAY_PORT",
    "PARROT_REPLY",
    "RED_TEAM",
    "RED_TEAM_CEILING",
    "SOLUTION_AGENTS",
    "SOLUTION_ROLES",
    "AdversaryAgent",
    "AdversaryScript",
    "AdversaryTurn",
    "Agent",
    "AgentFactory",
    "AgentSession",
    "ClaudeCodeAgent",
    "CeilingKind",
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
