"""Events of a run's and a trial's lifecycle, of the sandbox and of the commands run in it."""

from __future__ import annotations

from typing import Literal

from msgspec import field

from realcli.events._causes import TrialEndCause, TrialEndReason
from realcli.events._parts import (
    AgentInfo,
    Budgets,
    CatalogInfo,
    CheckResult,
    CommandPurpose,
    Event,
    EvidenceFile,
    Mode,
    Output,
    UserSimInfo,
)
from realcli.events._task import TaskSpec

# ------------------------------------------------------------------------ run


class RunStarted(Event, frozen=True):
    run_id: str
    mode: Literal["exec", "collab", "paired"]
    agent: AgentInfo
    attempts: int
    concurrency: int
    tasks: list[str]
    user_sim: UserSimInfo | None = None
    catalog: CatalogInfo | None = None
    host: str = ""
    realcli_version: str = ""
    judges: list[str] = field(default_factory=list)
    task_dirs: list[str] = field(default_factory=list)  # where the tasks were loaded from (for resume)
    seed: int = 0
    max_turns: int | None = None  # a run-level cap on every task's turn budget (None: the tasks' own)
    # Run-level network: "task" (each task's declaration) or "none" (every sandbox isolated);
    # "" in runs recorded before the setting existed, which ran as "task".
    network: str = ""
    # The reward.json metric that decides V when a verifier writes several and no "reward" (--metric).
    metric: str | None = None
    # Image substitutions ("FROM=TO", first match wins; --image-map) and the sha256 of the extra CA
    # bundle image builds trusted (--build-ca; "" for none).
    image_map: list[str] = field(default_factory=list)
    build_ca: str = ""
    # Sandboxes that need network may take the host's when the engine cannot bridge (--allow-host-network).
    allow_host_network: bool = False


class TrialScheduled(Event, frozen=True):
    trial_id: str
    task_id: str
    mode: Mode
    attempt: int
    seed: int = 0
    task_digest: str = ""  # lets a worker elsewhere check it has the very same task


class RunResumed(Event, frozen=True):
    """``realcli resume`` picked the run up again; ``trials`` are the ones it re-runs."""

    run_id: str
    trials: list[str] = field(default_factory=list)


class RunFinished(Event, frozen=True):
    run_id: str
    status: Literal["completed", "interrupted", "failed"]
    trials_finished: int = 0
    detail: str = ""


# ---------------------------------------------------------------------- trial


class TrialStarted(Event, frozen=True):
    trial_id: str
    mode: Mode
    attempt: int
    task: TaskSpec
    agent: AgentInfo
    budgets: Budgets
    image: str = ""
    user_sim: UserSimInfo | None = None
    seed: int = 0
    worker: str = ""  # host:pid of the process that ran this try


class TrialFinished(Event, frozen=True):
    """The trial is over.  ``cause`` says who ended it (``realcli.events.CAUSES``); ``reason`` is
    its older, coarser form (``reason_for(cause)``).  ``cause`` is None in logs written before
    causes existed: read ``cause_for_reason(reason)`` then."""

    trial_id: str
    reason: TrialEndReason
    detail: str = ""
    turns: int = 0
    duration_sec: float = 0.0
    cause: TrialEndCause | None = None


class ImageBuilt(Event, frozen=True):
    image: str
    content_hash: str
    cached: bool
    duration_sec: float = 0.0
    # How the image came to be: "built" | "cached" | "local" (docker_image present) | "pulled"; "" in
    # older logs.  ``mapped``: the image map's substitutions (asked -> used); ``docker_image``: the
    # task's [environment] docker_image when it has one (absent and unpullable: the Dockerfile was built).
    source: str = ""
    mapped: dict[str, str] = field(default_factory=dict)
    docker_image: str | None = None


class VerificationRequested(Event, frozen=True):
    trial_id: str
    timeout_sec: float
    step: str | None = None  # a multi-step task's step (its tests go over the task's); None otherwise


class StepStarted(Event, frozen=True):
    """A step of a multi-step task begins (supervisor); the sandbox prepares it and answers ``StepPrepared``."""

    trial_id: str
    index: int  # 0-based position in [[steps]]
    name: str
    inherit_prior_session: bool = False


class StepPrepared(Event, frozen=True):
    """The sandbox prepared a step: its ``workdir/`` copied, its ``setup.sh`` run, its healthcheck passed."""

    trial_id: str
    index: int
    name: str


class StepFinished(Event, frozen=True):
    """A step was verified (supervisor): its reward and metrics, and whether it met its ``min_reward``."""

    trial_id: str
    index: int
    name: str
    reward: float | None
    metrics: dict[str, float] = field(default_factory=dict)
    min_reward_met: bool = True


class StepsScored(Event, frozen=True):
    """A multi-step trial's reward as Harbor computes it from its steps (``strategy`` mean or final).

    It supersedes the last step's ``VerifierFinished.reward`` for scoring.
    """

    trial_id: str
    strategy: str
    reward: float | None
    metrics: dict[str, float] = field(default_factory=dict)
    steps_run: int = 0
    steps_total: int = 0
    stopped_early: str = ""  # why later steps did not run ("" when every step ran)


class VerifierFinished(Event, frozen=True):
    trial_id: str
    reward: float | None
    checks: list[CheckResult] = field(default_factory=list)
    exit_code: int | None = None
    output: Output = field(default_factory=Output)
    duration_sec: float = 0.0
    error: str | None = None  # set when no usable reward: an infrastructure error
    timed_out: bool = False  # the verifier ran out of time on the agent's work: reward 0
    metrics: dict[str, float] = field(default_factory=dict)  # every metric of reward.json ({} when none)
    step: str | None = None  # the step verified, for a multi-step task


class SnapshotRequested(Event, frozen=True):
    trial_id: str
    paths: list[str] = field(default_factory=list)
    # A ``VerificationRequested`` follows at once (appended with this request): the sandbox may take the
    # listing and run the tests in one command, the listing first.  False in older logs.
    then_verify: bool = False


class EvidenceSnapshotted(Event, frozen=True):
    trial_id: str
    files: list[EvidenceFile] = field(default_factory=list)
    listing: Output = field(default_factory=Output)
    image: str | None = None  # committed final state, when kept


# -------------------------------------------------------------------- sandbox


class SandboxCreated(Event, frozen=True):
    container_id: str
    image: str
    cpus: float
    memory_mb: int
    network: str
    pids_limit: int
    # The working directory every command, the verifier and the agent's prompt use: the task's
    # [environment] workdir, else the image's WORKDIR ("/" when it has none); "" in older logs.
    workdir: str = ""


class SandboxReset(Event, frozen=True):
    """Every process in the sandbox was killed (its files kept): it could no longer start one."""

    container_id: str
    reason: str = ""
    processes: int = 0


class StorageExceeded(Event, frozen=True):
    """The sandbox's writable layer outgrew the task's ``storage_mb`` while the agent worked: every
    process was killed (the files stay) and the agent's time ended (cause ``storage_budget``)."""

    container_id: str
    limit_mb: int
    used_mb: int


class SandboxRemoved(Event, frozen=True):
    container_id: str
    reason: str = ""


class FilesCopied(Event, frozen=True):
    direction: Literal["in", "out"]
    src: str
    dest: str
    bytes: int = 0
    purpose: str = ""  # trap | tests | solution | evidence | ...


class CommandRequested(Event, frozen=True):
    command_id: str
    command: str
    timeout_sec: float
    purpose: CommandPurpose = "agent"


class CommandStarted(Event, frozen=True):
    command_id: str
    command: str
    purpose: CommandPurpose = "agent"


class CommandFinished(Event, frozen=True):
    command_id: str
    exit_code: int | None
    stdout: Output = field(default_factory=Output)
    stderr: Output = field(default_factory=Output)
    duration_sec: float = 0.0
    timed_out: bool = False
    purpose: CommandPurpose = "agent"


class HardCheckFinished(Event, frozen=True):
    probe_id: str
    check_id: str
    command: str
    exit_code: int | None
    expect_exit: int
    passed: bool
    output: Output = field(default_factory=Output)
