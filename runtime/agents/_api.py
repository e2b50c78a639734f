"""The agents' API as ``realcli.runtime.agents`` exports it, imported on first use (see the package)."""

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
from realcli.runtime.agents._recipe import (
    AgentChoice,
    AgentFactory,
    AgentRecipe,
    InstalledOptions,
    ModelOptions,
    agent_factory,
    agent_from_info,
)
from realcli.runtime.agents._red_team import RED_TEAM, RED_TEAM_CEILING, CeilingKind, RedTeamMember, red_team_member
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
    "AgentChoice",
    "AgentFactory",
    "AgentRecipe",
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
