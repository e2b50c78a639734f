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
    FilesystemChanges,
    Mode,
    Output,
    PathChange,
    StreamHead,
    TamperFinding,
    TimeoutMultipliers,
    UserSimInfo,
)
from realcli.events._task import TaskSpec

# ------------------------------------------------------------------------ run


class RunStarted(Event, frozen=True):
    """A run began: its mode, agent, attempts, concurrency, tasks and every setting that decides what it measures."""

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
    # The process running the run's trials (``realcli.environments.owner_id``) and its host's id: a second
    # `resume` refuses while it lives.  "" in runs recorded before.
    owner: str = ""
    host_id: str = ""
    # What the run multiplied its tasks' timeouts by (--timeout-multiplier and its kin); the default,
    # 1 for every kind, is how runs recorded before the setting ran.
    timeouts: TimeoutMultipliers = field(default_factory=TimeoutMultipliers)


class TrialScheduled(Event, frozen=True):
    """A trial (one task, mode and attempt) was scheduled in a run, with the task's digest for a
    remote worker to check."""

    trial_id: str
    task_id: str
    mode: Mode
    attempt: int
    seed: int = 0
    task_digest: str = ""  # lets a worker elsewhere check it has the very same task


class RunResumed(Event, frozen=True):
    """``realcli resume`` picked the run up again; ``trials`` are the ones it re-runs.

    ``host``, ``host_id`` and ``owner`` name the resuming process, as ``RunStarted``'s do.
    """

    run_id: str
    trials: list[str] = field(default_factory=list)
    # The reward.json metric the resumed trials use (`realcli resume --metric`); None: the run's own.
    metric: str | None = None
    host: str = ""
    host_id: str = ""
    owner: str = ""


class RunFinished(Event, frozen=True):
    """The run's process ended (or a distributed run was closed).

    ``heads``: the seal of the run, every other stream of the run as it stood
    (``realcli verify`` finds what was appended or rewritten after it).
    """

    run_id: str
    status: Literal["completed", "interrupted", "failed"]
    trials_finished: int = 0
    detail: str = ""
    heads: list[StreamHead] = field(default_factory=list)


class LogRecovered(Event, frozen=True):
    """The run's log (a NATS server) was away and came back within the outage bound: the run rode it out."""

    run_id: str
    began_at: float  # wall clock, when it went away
    down_sec: float
    bound_sec: float = 0.0


# ---------------------------------------------------------------------- trial


class TrialStarted(Event, frozen=True):
    """A try of a trial began: the task snapshot, agent, budgets and image it runs with (a new one on the same streams
    starts a new try)."""

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
    # The reward.json metric that decides V when the verifier writes several and no "reward":
    # the run's (--metric), else the task's ([verifier] metric); None: neither chose one.
    metric: str | None = None


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
    # The seal of the try: the trial's other streams as they stood when it ended ([] in older logs).
    heads: list[StreamHead] = field(default_factory=list)


class ImageBuilt(Event, frozen=True):
    """The trial's image is ready, and how it came to be (built, cached, local or pulled)."""

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
    """The supervisor asked the sandbox to run the verifier (of the task, or of one step of a multi-step task)."""

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
    """The verifier ran: its reward and checks, or the infrastructure error or timeout that left no usable reward."""

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
    # The verifier's environment was tampered with (VerifierPrepared.tampering): it did not run, reward 0.
    tampered: bool = False
    # It ran on the agent's final state and gave no usable reward (crashed, wrote none, wrote no number):
    # why, and the reward is 0 (the agent's doing).  Empty when it gave one.
    no_reward: str = ""


class VerifierPrepared(Event, frozen=True):
    """What the harness did before the verifier ran, and what it found (docs/judging.md, "The verdict").

    The agent's processes still running were killed (``stopped``, their
    command lines from the engine's listing; ``reset``: they survived the
    kill and the sandbox was restarted), what the agent left in ``/tests``
    and ``/logs/verifier`` was removed (``discarded``; the reward files among
    them with their content in ``forged``), and the agent's changes to the
    filesystem (``checked`` paths, from the engine) were checked against what
    the verifier's run rests on.  ``tampering`` not empty: the verifier did
    not run, V = 0, the trial's cause is ``verifier_tampered``.  Lists are
    cut (their ``*_total`` count everything).
    """

    trial_id: str
    step: str | None = None
    stopped: list[str] = field(default_factory=list)
    stopped_total: int = 0
    reset: bool = False
    checked: int = 0
    tampering: list[TamperFinding] = field(default_factory=list)
    tampering_total: int = 0
    discarded: list[PathChange] = field(default_factory=list)
    discarded_total: int = 0
    forged: list[EvidenceFile] = field(default_factory=list)
    duration_sec: float = 0.0
    # A separate verifier's own image ([verifier] environment_mode = "separate"): the verifier ran in a
    # container of its own, with the agent's artifacts only, and nothing here was checked ("" when shared).
    environment: str = ""

    @property
    def tampered(self) -> bool:
        """Whether the sandbox found the agent tampered with what the verifier relies on."""
        return bool(self.tampering)


class SnapshotRequested(Event, frozen=True):
    """The supervisor asked the sandbox to run the hard checks and read the evidence paths after the agent's work."""

    trial_id: str
    paths: list[str] = field(default_factory=list)
    # A ``VerificationRequested`` follows at once (appended with this request): the sandbox may take the
    # listing and run the tests in one command, the listing first.  False in older logs.
    then_verify: bool = False


class EvidenceSnapshotted(Event, frozen=True):
    """The sandbox read the evidence after the agent's work: the files, the listing, the filesystem changes and the
    committed image if kept."""

    trial_id: str
    files: list[EvidenceFile] = field(default_factory=list)
    listing: Output = field(default_factory=Output)
    image: str | None = None  # committed final state, when kept
    # What the agent's time left changed against the image (None: not taken, as in older logs).
    changes: FilesystemChanges | None = None


# -------------------------------------------------------------------- sandbox


class SandboxCreated(Event, frozen=True):
    """The trial's container was created: its image, resources, network, working directory and limits."""

    container_id: str
    image: str
    cpus: float
    memory_mb: int
    network: str
    pids_limit: int
    # The working directory every command, the verifier and the agent's prompt use: the task's
    # [environment] workdir, else the image's WORKDIR ("/" when it has none); "" in older logs.
    workdir: str = ""
    # The image's ENTRYPOINT, run as Harbor runs it (with a keep-alive as its arguments); empty: none.
    entrypoint: list[str] = field(default_factory=list)
    # The task's disk budget and how it was kept: "quota" (a cap the engine enforces, by blocks),
    # "poll" (the layer measured every few seconds: not a cap); "" without a budget, and in older logs.
    storage_mb: int | None = None
    storage: str = ""


class EntrypointExited(Event, frozen=True):
    """The image's entrypoint exited (sandbox): the sandbox stays up; its status and the end of its output."""

    container_id: str
    exit_code: int
    output: str = ""


class SandboxReset(Event, frozen=True):
    """Every process in the sandbox was killed (its files kept): it could no longer start one."""

    container_id: str
    reason: str = ""
    processes: int = 0


class StorageExceeded(Event, frozen=True):
    """The sandbox's disk was full while the agent worked: it reached the cap of the task's
    ``storage_mb`` (``storage`` "quota": writes past it were refused) or outgrew it between two
    measurements ("poll"; "" in older logs).  Every process was killed (the files stay) and the
    agent's time ended (cause ``storage_budget``)."""

    container_id: str
    limit_mb: int
    used_mb: int
    storage: str = ""

    @property
    def detail(self) -> str:
        """One line naming the limit: the trial's end detail."""
        if self.storage == "quota":
            return (
                f"the sandbox's disk reached its cap, the task's storage_mb = {self.limit_mb} MB ({self.used_mb} MB "
                "used; writes past it were refused): every process killed, the agent's time ended"
            )
        return (
            f"the sandbox's disk outgrew the task's storage_mb = {self.limit_mb} MB ({self.used_mb} MB measured): "
            "every process killed, the agent's time ended"
        )


class SandboxRemoved(Event, frozen=True):
    """The trial's container was removed, and why."""

    container_id: str
    reason: str = ""


class FilesCopied(Event, frozen=True):
    """Files were copied into (``in``) or out of the sandbox, how many bytes, and for what (a trap, the tests, the
    solution, evidence ...)."""

    direction: Literal["in", "out"]
    src: str
    dest: str
    bytes: int = 0
    purpose: str = ""  # trap | tests | solution | evidence | ...


class CommandRequested(Event, frozen=True):
    """An actor asked the sandbox to run a command, with its timeout and purpose (the agent's, the oracle's, a state
    check ...)."""

    command_id: str
    command: str
    timeout_sec: float
    purpose: CommandPurpose = "agent"


class CommandStarted(Event, frozen=True):
    """The sandbox started a requested command."""

    command_id: str
    command: str
    purpose: CommandPurpose = "agent"


class CommandFinished(Event, frozen=True):
    """A command ended: its exit code (None when it has none), its capped output, its duration and whether it timed
    out."""

    command_id: str
    exit_code: int | None
    stdout: Output = field(default_factory=Output)
    stderr: Output = field(default_factory=Output)
    duration_sec: float = 0.0
    timed_out: bool = False
    purpose: CommandPurpose = "agent"


class HardCheckFinished(Event, frozen=True):
    """A probe's hard check ran after the agent's work: the command, its exit code against the expected one, and whether
    it passed."""

    probe_id: str
    check_id: str
    command: str
    exit_code: int | None
    expect_exit: int
    passed: bool
    output: Output = field(default_factory=Output)
