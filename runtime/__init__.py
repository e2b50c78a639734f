"""The trial runtime: tasks, sandboxes, agents, the user simulator, runs.

Actors (supervisor, sandbox, agent, user simulator) communicate only by
appending events to the log and following it (``realcli.runtime._bus``).
"""

from realcli.environments import DockerUnavailableError, ImageBuildError, connect
from realcli.runtime._agent import Agent, AgentSession, NoopAgent, OracleAgent, TrialView
from realcli.runtime._images import TaskImage, ensure_task_image
from realcli.runtime._model import (
    ChatResult,
    ModelClient,
    ModelEndpoint,
    ModelRejectedError,
    ModelUnavailableError,
    Secret,
)
from realcli.runtime._run import (
    RunPlan,
    RunResult,
    new_run_id,
    resume_run,
    schedule,
    start_run,
    trial_status,
)
from realcli.runtime._sandbox import DockerSandbox, ExecResult, gc
from realcli.runtime._taskdir import Task, find_tasks, load_task, tree_digest
from realcli.runtime._trial import TrialOutcome, TrialRunner, TrialSpec, budgets_for, trial_id
from realcli.runtime._user import DONT_KNOW, LlmVoice, ScriptedVoice, UserActor, Voice

__all__ = [
    "DONT_KNOW",
    "Agent",
    "AgentSession",
    "ChatResult",
    "DockerSandbox",
    "DockerUnavailableError",
    "ExecResult",
    "ImageBuildError",
    "LlmVoice",
    "ModelClient",
    "ModelEndpoint",
    "ModelRejectedError",
    "ModelUnavailableError",
    "NoopAgent",
    "OracleAgent",
    "RunPlan",
    "RunResult",
    "ScriptedVoice",
    "Secret",
    "Task",
    "TaskImage",
    "TrialOutcome",
    "TrialRunner",
    "TrialSpec",
    "TrialView",
    "UserActor",
    "Voice",
    "budgets_for",
    "connect",
    "ensure_task_image",
    "find_tasks",
    "gc",
    "load_task",
    "new_run_id",
    "resume_run",
    "schedule",
    "start_run",
    "trial_id",
    "trial_status",
    "tree_digest",
]
