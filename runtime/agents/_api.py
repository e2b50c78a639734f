"""The agents' API as ``realcli.runtime.agents`` exports it, imported on first use (see the package)."""

from realcli.runtime.agents._adversaries import ADVERSARY_ROLES, AdversaryAgent, sees_solution
from realcli.runtime.agents._attacks import (
    ADVERSARY_SCRIPTS,
    DESTRUCTION_SPELLINGS,
    terminus_replies,
)
from realcli.runtime.agents._claude_code import ClaudeCodeAgent
from realcli.runtime.agents._cli_agent import CliAgent
from realcli.runtime.agents._codex import CodexAgent
from realcli.runtime.agents._protocol import (
    Agent,
    AgentSession,
    InstalledAgent,
    Mode,
    SandboxGrant,
    SandboxSetup,
    TrialView,
)
from realcli.runtime.agents._recipe import (
    AgentFactory,
    AgentRecipe,
    InstalledOptions,
    ModelOptions,
    agent_factory,
    agent_from_info,
)
from realcli.runtime.agents._red_team import RED_TEAM, RED_TEAM_CEILING, RedTeamMember, red_team_member
from realcli.runtime.agents._scripted import (
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
