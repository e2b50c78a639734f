"""The agents a run can name (``realcli run --agent``): one entry each, loaded when a run builds one.

This module imports nothing of the runtime: the command line reads names and help from it
without loading the actors or Docker.  An entry points at an ``AgentRecipe``; plug-ins add
theirs under the entry-point group ``realcli.agents``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from realcli import Extension, Registry, instance_of

if TYPE_CHECKING:
    from realcli.runtime.agents._recipe import AgentRecipe


def _recipe_type() -> type[AgentRecipe]:
    from realcli.runtime.agents._recipe import AgentRecipe

    return AgentRecipe


_A = "realcli.runtime.agents"
AGENTS: Final[Registry[AgentRecipe]] = Registry(
    "agent",
    "realcli.agents",
    [
        Extension("oracle", f"{_A}._scripted:ORACLE", "the task's reference solution (a control that must pass)"),
        Extension("noop", f"{_A}._scripted:NOOP", "does nothing (a control that must score low)"),
        Extension("parrot", f"{_A}._scripted:PARROT", "only says it is done (a control that must score low)"),
        Extension("terminus", f"{_A}._terminus:RECIPE", "a model over the chat API, driving a shell"),
        Extension("claude-code", f"{_A}._claude_code:RECIPE", "Claude Code, installed in the sandbox"),
        Extension("codex", f"{_A}._codex:RECIPE", "Codex CLI, installed in the sandbox"),
        Extension("adversary", f"{_A}._adversaries:RECIPE", "tries to score without doing the work (the red team)"),
    ],
    instance_of(_recipe_type),
)
"""Every agent a run can name, built in then plug-ins; ``AgentInfo.name`` also says ``mutant`` (validate)."""
