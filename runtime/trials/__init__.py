"""Running trials: the supervisor and the warden, runs and resumes, distributed workers.

A trial is a supervisor (``TrialRunner``), a warden, an agent and
(COLLAB) a user simulator: anyio actors that talk only through the event
log.  ``start_run`` / ``resume_run`` run a run's trials on this machine's
Docker engine; ``distribute_run`` queues them for ``serve_worker``s on other
machines and ``follow_run`` follows them from anywhere; ``close_run``
records a finished run's end, once, from whichever process finds it.
"""

from realcli.runtime.trials._limits import oversized, too_large
from realcli.runtime.trials._rewards import REWARD_FILE_BYTES, RewardResult, parse_rewards
from realcli.runtime.trials._run import (
    AfterTrial,
    OnTrial,
    RunMode,
    RunPlan,
    RunResult,
    check_resume_metric,
    close_run,
    new_run_id,
    record_run,
    resume_run,
    schedule,
    start_run,
    sweep_every_sec,
)
from realcli.runtime.trials._settings import (
    NETWORK_CHOICES,
    NetworkChoice,
    RunSettings,
    load_build_ca,
    load_image_map,
    load_task_env,
    parse_network,
)
from realcli.runtime.trials._spec import TrialOutcome, TrialSpec, VoiceFactory, budgets_for, trial_id, worker_id
from realcli.runtime.trials._trial import TrialRunner, infrastructure_cause
from realcli.runtime.trials._warden import Warden, WardenPlan, evidence_paths
from realcli.runtime.trials._workers import WorkerConfig, distribute_run, follow_run, serve_worker

__all__ = [
    "NETWORK_CHOICES",
    "REWARD_FILE_BYTES",
    "AfterTrial",
    "NetworkChoice",
    "OnTrial",
    "RewardResult",
    "RunMode",
    "RunPlan",
    "RunResult",
    "RunSettings",
    "TrialOutcome",
    "TrialRunner",
    "TrialSpec",
    "VoiceFactory",
    "Warden",
    "WardenPlan",
    "WorkerConfig",
    "budgets_for",
    "close_run",
    "distribute_run",
    "evidence_paths",
    "follow_run",
    "infrastructure_cause",
    "load_build_ca",
    "load_task_env",
    "load_image_map",
    "new_run_id",
    "oversized",
    "parse_network",
    "parse_rewards",
    "record_run",
    "resume_run",
    "check_resume_metric",
    "schedule",
    "serve_worker",
    "start_run",
    "sweep_every_sec",
    "too_large",
    "trial_id",
    "worker_id",
]
