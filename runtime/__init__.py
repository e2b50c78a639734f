"""The trial runtime: tasks, sandboxes, agents, the user simulator, runs.

Actors (supervisor, sandbox, agent, user simulator) communicate only by
appending events to the log and following it (``realcli.runtime._bus``).
"""

from realcli.environments import DockerUnavailableError, ImageBuildError, connect
from realcli.models import (
    DEFAULT_LOCAL_MODEL,
    ChatResult,
    GatewayLimits,
    LocalModel,
    LocalModelServer,
    ModelClient,
    ModelEndpoint,
    ModelGateway,
    ModelRejectedError,
    ModelUnavailableError,
    Secret,
    resolve_local_model,
)
from realcli.runtime._agent import Agent, AgentSession, MutantAgent, NoopAgent, OracleAgent, ParrotAgent, TrialView
from realcli.runtime._agent_images import AgentImage, AgentInstallError, ensure_agent_image
from realcli.runtime._agents import AGENT_NAMES, InstalledOptions, ModelOptions, agent_factory, agent_from_info
from realcli.runtime._align import Alignment, Requirement, VerifierCheck, align_task, requirement_sentences
from realcli.runtime._bus import StreamWriter, TrialFeed
from realcli.runtime._cli_agents import ClaudeCodeAgent, CodexAgent
from realcli.runtime._images import TaskImage, ensure_task_image
from realcli.runtime._judge_llm import LlmJudge
from realcli.runtime._judging import (
    JudgeKind,
    JudgeSummary,
    LiveJudge,
    finish_judging,
    judge_trial,
    load_run,
    read_trial,
    rejudge,
    select_judge,
    unjudged_trials,
)
from realcli.runtime._profile import Bands, TaskProfile, profile_tasks, write_profile
from realcli.runtime._run import (
    RunMode,
    RunPlan,
    RunResult,
    RunStatus,
    close_run,
    new_run_id,
    resume_run,
    run_status,
    schedule,
    start_run,
    trial_status,
)
from realcli.runtime._sandbox import DockerSandbox, ExecResult, gc, prune_images
from realcli.runtime._settings import (
    NETWORK_CHOICES,
    NetworkChoice,
    RunSettings,
    load_build_ca,
    load_image_map,
    parse_network,
)
from realcli.runtime._synth import PROMPT_VERSION as SYNTH_PROMPT_VERSION
from realcli.runtime._synth import ReplayResult, SynthesisReport, new_synthesis_id, replay_synthesis
from realcli.runtime._synth_layer import LayerOptions, synthesize_layer, template_fit
from realcli.runtime._synth_task import TaskOptions, synthesize_task
from realcli.runtime._terminus import TerminusAgent
from realcli.runtime._trial import TrialOutcome, TrialRunner, TrialSpec, VoiceFactory, budgets_for, trial_id
from realcli.runtime._user import LlmVoice, ScriptedVoice, UserActor, Voice, llm_user_info
from realcli.runtime._validate import ControlResult, TaskValidation, sample_tasks, validate_tasks
from realcli.taskformat import Task, find_tasks, load_task, tree_digest, unimplemented_keys

__all__ = [
    "Alignment",
    "align_task",
    "Bands",
    "LayerOptions",
    "new_synthesis_id",
    "profile_tasks",
    "replay_synthesis",
    "ReplayResult",
    "Requirement",
    "requirement_sentences",
    "SYNTH_PROMPT_VERSION",
    "SynthesisReport",
    "synthesize_layer",
    "synthesize_task",
    "TaskOptions",
    "TaskProfile",
    "template_fit",
    "VerifierCheck",
    "write_profile",
    "DEFAULT_LOCAL_MODEL",
    "LocalModel",
    "LocalModelServer",
    "resolve_local_model",
    "ControlResult",
    "AGENT_NAMES",
    "Agent",
    "agent_factory",
    "agent_from_info",
    "AgentImage",
    "AgentInstallError",
    "AgentSession",
    "budgets_for",
    "ChatResult",
    "ClaudeCodeAgent",
    "close_run",
    "CodexAgent",
    "connect",
    "DockerSandbox",
    "DockerUnavailableError",
    "ensure_agent_image",
    "ensure_task_image",
    "ExecResult",
    "find_tasks",
    "finish_judging",
    "GatewayLimits",
    "gc",
    "ImageBuildError",
    "InstalledOptions",
    "judge_trial",
    "JudgeKind",
    "JudgeSummary",
    "LiveJudge",
    "llm_user_info",
    "LlmJudge",
    "LlmVoice",
    "load_build_ca",
    "load_image_map",
    "load_run",
    "load_task",
    "ModelClient",
    "ModelEndpoint",
    "ModelGateway",
    "ModelOptions",
    "ModelRejectedError",
    "ModelUnavailableError",
    "NETWORK_CHOICES",
    "NetworkChoice",
    "parse_network",
    "new_run_id",
    "prune_images",
    "MutantAgent",
    "NoopAgent",
    "OracleAgent",
    "ParrotAgent",
    "read_trial",
    "rejudge",
    "resume_run",
    "RunMode",
    "RunPlan",
    "RunResult",
    "RunSettings",
    "run_status",
    "RunStatus",
    "schedule",
    "ScriptedVoice",
    "Secret",
    "select_judge",
    "start_run",
    "StreamWriter",
    "Task",
    "TaskImage",
    "TaskValidation",
    "TerminusAgent",
    "tree_digest",
    "unimplemented_keys",
    "trial_id",
    "trial_status",
    "TrialFeed",
    "TrialOutcome",
    "TrialRunner",
    "TrialSpec",
    "TrialView",
    "unjudged_trials",
    "UserActor",
    "sample_tasks",
    "validate_tasks",
    "Voice",
    "VoiceFactory",
]
