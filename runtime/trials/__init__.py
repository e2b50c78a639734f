"""Running trials: the supervisor and the warden, runs and resumes, distributed workers.

A trial is a supervisor (``TrialRunner``), a warden, an agent and
(COLLAB) a user simulator: anyio actors that talk only through the event
log.  ``start_run`` / ``resume_run`` run a run's trials on this machine's
Docker engine; ``distribute_run`` queues them for ``serve_worker``s on other
machines and ``follow_run`` follows them from anywhere; whichever process finds a run finished
records its end, once.
"""

from realcli.runtime.trials._limits import oversized, too_large
from realcli.runtime.trials._run import (
    AfterTrial,
    OnTrial,
    RunMode,
    RunPlan,
    RunResult,
    check_resume_metric,
    new_run_id,
    resume_run,
    schedule,
    start_run,
)
from realcli.runtime.trials._settings import (
    RunSettings,
    load_build_ca,
    load_image_map,
    load_task_env,
    parse_network,
    parse_timeouts,
)
from realcli.runtime.trials._spec import TrialOutcome, TrialSpec, VoiceFactory, worker_id
from realcli.runtime.trials._trial import TrialRunner
from realcli.runtime.trials._workers import WorkerConfig, distribute_run, follow_run, serve_worker

__all__ = [
    "AfterTrial",
    "OnTrial",
    "RunMode",
    "RunPlan",
    "RunResult",
    "RunSettings",
    "TrialOutcome",
    "TrialRunner",
    "TrialSpec",
    "VoiceFactory",
    "WorkerConfig",
    "distribute_run",
    "follow_run",
    "load_build_ca",
    "load_task_env",
    "load_image_map",
    "new_run_id",
    "oversized",
    "parse_network",
    "parse_timeouts",
    "resume_run",
    "check_resume_metric",
    "schedule",
    "serve_worker",
    "start_run",
    "too_large",
    "worker_id",
]
