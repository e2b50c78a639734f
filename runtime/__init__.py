"""The trial runtime: the actors and everything that runs trials.

Actors (supervisor, sandbox, agent, user simulator) communicate only by
appending events to the log and following it (``realcli.runtime.bus``).
Sub-packages, each an API of its own:

* ``bus``: stream writers and trial feeds, how actors talk;
* ``agents``: the agent protocol and session, the built-in agents, Terminus,
  the installed CLI agents and the registry ``--agent`` names them from;
* ``users``: the simulated user (trigger engine and voices);
* ``trials``: the trial supervisor, the warden, runs, resumes and
  distributed workers;
* ``authoring``: validate, profile, align and synthesize tasks.

This module re-exports their APIs, imported on first use: only the registries
(``AGENTS``, ``USER_SIMULATORS``) load with it, so the command line lists names
without loading the actors.  The layers below it have their own:
``realcli.taskformat`` (loading tasks), ``realcli.environments`` (Docker),
``realcli.models`` (model endpoints), ``realcli.judging`` (reading and
judging a recorded run).
"""

# ruff: noqa: F405  (the names of __all__ come from the star import type checkers see; __getattr__ serves them)
from typing import TYPE_CHECKING

from realcli.runtime.agents import AGENTS
from realcli.runtime.users import USER_SIMULATORS

if TYPE_CHECKING:
    from realcli.runtime._api import *  # noqa: F403

__all__ = [
    "AGENTS",
    "USER_SIMULATORS",
    "ADVERSARY_ROLES",
    "DESTRUCTION_SPELLINGS",
    "AdversaryAgent",
    "Agent",
    "AgentFactory",
    "AgentRecipe",
    "AgentSession",
    "Alignment",
    "Bands",
    "ClaudeCodeAgent",
    "CodexAgent",
    "AdversaryReading",
    "ControlResult",
    "InstalledOptions",
    "LayerOptions",
    "LlmVoice",
    "ModelOptions",
    "MutantAgent",
    "NoopAgent",
    "OracleAgent",
    "ADVERSARY_SCRIPTS",
    "RED_TEAM",
    "RED_TEAM_CEILING",
    "RedTeamMember",
    "terminus_replies",
    "Session",
    "RunMode",
    "RunPlan",
    "RunResult",
    "RunSettings",
    "ScriptedVoice",
    "Redactor",
    "StreamWriter",
    "SynthesisReport",
    "TaskOptions",
    "TaskProfile",
    "TaskValidation",
    "TurnEstimate",
    "TerminusAgent",
    "TerminusOptions",
    "TrialOutcome",
    "TrialRunner",
    "TrialSpec",
    "VoiceFactory",
    "WorkerConfig",
    "agent_factory",
    "agent_from_info",
    "align_task",
    "align_with_model",
    "difficulty_proxies",
    "oversized",
    "too_large",
    "distribute_run",
    "follow_run",
    "llm_user_info",
    "user_simulator",
    "load_build_ca",
    "load_task_env",
    "load_image_map",
    "new_run_id",
    "new_synthesis_id",
    "parse_session",
    "parse_network",
    "parse_timeouts",
    "profile_tasks",
    "render_session",
    "replay_synthesis",
    "requirement_sentences",
    "resume_run",
    "check_resume_metric",
    "sample_tasks",
    "session_json",
    "schedule",
    "serve_worker",
    "start_run",
    "synthesize_layer",
    "synthesize_task",
    "synthesize_task_from_log",
    "template_fit",
    "read_red_team",
    "red_team_member",
    "validate_tasks",
    "worker_id",
    "write_profile",
    "write_proxies",
]


def __getattr__(name: str) -> object:
    # Everything but the registries is imported on first use (see the docstring).
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from realcli.runtime import _api

    value = getattr(_api, name)
    globals()[name] = value
    return value
