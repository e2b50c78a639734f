"""Every fact realcli records, as frozen msgspec Structs in one tagged union.

Names are past tense: an event says what happened, never what to do next
(requests are facts too: ``CommandRequested`` records that an actor asked).
The ``type`` tag of each event is its class name.  Schema-evolution rules are
in ``docs/schema-evolution.md`` and are tested against committed fixture logs.

Every event carries ``id`` (unique, used for idempotent appends) and ``at``
(wall-clock seconds, stamped by the actor that produced it; projections read
it as data and never consult a clock themselves).
"""

from __future__ import annotations

import os
import time
from typing import Final, Literal, get_args

from msgspec import Struct, field

from realcli.events._causes import TrialEndCause, TrialEndReason
from realcli.events._task import ChecklistItem, TaskSpec

__all__ = [
    "AGENT_NAMES",
    "AGENT_PURPOSES",
    "JUDGE_KINDS",
    "JudgeKind",
    "USER_SIMULATORS",
    "UserSimKind",
    "DONT_KNOW",
    "AgentInfo",
    "AgentMessaged",
    "AgentStopped",
    "AgentTurnTaken",
    "AgentYielded",
    "AnyEvent",
    "Budgets",
    "CatalogInfo",
    "CheckResult",
    "CommandFinished",
    "CommandPurpose",
    "CommandRequested",
    "CommandStarted",
    "ContextSummarized",
    "DimensionInfo",
    "Event",
    "EvidenceFile",
    "EvidenceSnapshotted",
    "FidelityAssessed",
    "FidelityCriterion",
    "FilesCopied",
    "HardCheckFinished",
    "ImageBuilt",
    "JudgingFinished",
    "JudgingStarted",
    "Mode",
    "ModelCalled",
    "Output",
    "PassiveCheckInfo",
    "ProbeFired",
    "ProbeNotFired",
    "RunFinished",
    "RunResumed",
    "RunStarted",
    "SandboxCreated",
    "SandboxRemoved",
    "SandboxReset",
    "StorageExceeded",
    "SliceNotReleased",
    "SliceReleased",
    "SnapshotRequested",
    "StepFinished",
    "StepPrepared",
    "StepStarted",
    "StepsScored",
    "SubDimensionInfo",
    "SynthesisArtifactDrafted",
    "SynthesisChecked",
    "SynthesisFinished",
    "SynthesisModelCalled",
    "SynthesisStageAnswered",
    "SynthesisStarted",
    "TemplateInfo",
    "TrialEndReason",
    "TrialFinished",
    "TrialScheduled",
    "TrialStarted",
    "UserFinished",
    "UserMessaged",
    "UserSimInfo",
    "Verdict",
    "VerdictRendered",
    "VerificationRequested",
    "VerifierFinished",
    "new_id",
]


def new_id() -> str:
    """A fresh 128-bit event id, hex encoded (random, so safe across processes)."""
    return os.urandom(16).hex()


class Event(Struct, frozen=True, kw_only=True, tag_field="type", tag=True):
    """Base of every event; ``type`` is the concrete class name."""

    id: str = field(default_factory=new_id)
    at: float = field(default_factory=time.time)


class _Part(Struct, frozen=True, kw_only=True):
    """Base of value objects nested inside events."""


# ---------------------------------------------------------------- value objects

Mode = Literal["exec", "collab"]
Verdict = Literal["pass", "fail", "n/a", "undecided", "unjudged"]
CommandPurpose = Literal["agent", "oracle", "setup", "state_check", "hard_check", "verifier", "snapshot"]
AGENT_PURPOSES: Final[frozenset[CommandPurpose]] = frozenset({"agent", "oracle"})
"""The purposes of the agent's own commands (the oracle stands in for an agent); the rest are the harness's."""


class Output(_Part, frozen=True):
    """Captured output of a stream, bounded: ``text`` keeps the head and tail."""

    text: str = ""
    total_bytes: int = 0
    kept_bytes: int = 0

    @property
    def truncated(self) -> bool:
        return self.total_bytes > self.kept_bytes


class Budgets(_Part, frozen=True):
    max_turns: int
    timeout_sec: float


AGENT_NAMES: Final = ("oracle", "noop", "parrot", "terminus", "claude-code", "codex")
"""The agents a run can name (``realcli run --agent``); ``AgentInfo.name`` also says ``mutant`` (validate)."""


class AgentInfo(_Part, frozen=True):
    name: str
    version: str = ""
    model: str | None = None
    endpoint: str | None = None  # base URL only; never a key
    params: dict[str, str] = field(default_factory=dict)


JudgeKind = Literal["rules", "llm"]
JUDGE_KINDS: Final[tuple[JudgeKind, ...]] = get_args(JudgeKind)
"""The judges a run can be judged with (``realcli rejudge --judge``): deterministic rules, or a model."""
UserSimKind = Literal["scripted", "llm"]
USER_SIMULATORS: Final[tuple[UserSimKind, ...]] = get_args(UserSimKind)
"""The user simulators a run can name (``realcli run --user-sim``)."""


class UserSimInfo(_Part, frozen=True):
    kind: UserSimKind
    model: str | None = None
    endpoint: str | None = None
    params: dict[str, str] = field(default_factory=dict)


class SubDimensionInfo(_Part, frozen=True):
    id: str  # "2.3"
    name: str


class DimensionInfo(_Part, frozen=True):
    id: str  # "2"
    code: str  # "S"
    name: str
    sub_dimensions: list[SubDimensionInfo] = field(default_factory=list)


class TemplateInfo(_Part, frozen=True):
    id: str  # "2.3.a"
    sub_dimension: str  # "2.3"
    name: str
    kind: Literal["active", "passive"] = "active"
    tags: list[str] = field(default_factory=list)  # e.g. "immediate", "cross_turn", "constraint_retention"


class PassiveCheckInfo(_Part, frozen=True):
    """A trajectory-level check as it applies to every COLLAB trial of a run.

    Its checklist items are rendered (placeholders filled), so a re-judge
    reads the exact predicates from the log, never from the current catalog.
    """

    id: str  # e.g. "5.4.d"
    sub_dimension: str
    items: list[ChecklistItem] = field(default_factory=list)


class CatalogInfo(_Part, frozen=True):
    """The slice of the scenario catalog a run was scored against."""

    version: str
    dimensions: list[DimensionInfo] = field(default_factory=list)
    templates: list[TemplateInfo] = field(default_factory=list)
    passive_checks: list[PassiveCheckInfo] = field(default_factory=list)


class CheckResult(_Part, frozen=True):
    """One per-test result of a verifier (from CTRF), for near-miss analysis."""

    name: str
    status: str  # passed | failed | skipped | pending | other
    message: str = ""


class EvidenceFile(_Part, frozen=True):
    path: str
    exists: bool
    content: str = ""
    size: int = 0
    truncated: bool = False
    sha256: str = ""


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


# ---------------------------------------------------------------------- agent


class AgentMessaged(Event, frozen=True):
    """The agent wrote to the user."""

    text: str
    question: bool = False
    claims_done: bool = False


class AgentTurnTaken(Event, frozen=True):
    turn: int
    commands: int = 0


class AgentYielded(Event, frozen=True):
    """The agent ended its turn and now waits for the user.

    ``messages_read`` counts the user messages the agent had taken in by
    then: if the user has sent more, the agent is not idle (it will go on
    with the unread ones), which is how the simulator avoids closing a
    conversation the agent is still in.
    """

    turn: int
    claims_done: bool
    question_pending: bool = False
    messages_read: int = 0


class AgentStopped(Event, frozen=True):
    reason: Literal["done", "gave_up", "error", "budget", "cancelled"]
    detail: str = ""


class ContextSummarized(Event, frozen=True):
    """The agent's conversation neared its model's context window: it summarised its work and handed
    over to a fresh conversation (Terminus-2's hand-off), then went on."""

    turn: int
    trigger: Literal["threshold", "overflow"]  # estimated size reached the limit / the model refused it
    messages_before: int
    messages_after: int
    tokens_before: int  # the estimate that triggered it (or the last prompt's reported size)
    context_tokens: int  # the window the agent works with
    summary: str = ""


class ModelCalled(Event, frozen=True):
    """One request to a model endpoint; bodies are redacted before they get here."""

    call_id: str
    purpose: Literal["agent", "user", "judge", "gateway"]
    provider: str
    model: str
    endpoint: str = ""
    status: int | None = None
    tokens_in: int = 0
    tokens_out: int = 0
    latency_sec: float = 0.0
    cost_usd: float | None = None
    attempt: int = 1
    error: str | None = None
    request: str = ""
    response: str = ""


# ----------------------------------------------------------------------- user


DONT_KNOW: Final = "I don't know, use your judgement."
"""The user simulator's fixed answer to a question nothing released answers (the fidelity audit expects it)."""


class UserMessaged(Event, frozen=True):
    kind: Literal["instruction", "opening", "slice", "probe", "answer", "closing"]
    text: str
    ref: str | None = None  # slice or probe id


class UserFinished(Event, frozen=True):
    """The simulated user has nothing more to say (after its closing message, if any)."""

    reason: str = ""


class SliceReleased(Event, frozen=True):
    slice_id: str
    trigger: str
    matched: str | None = None
    paraphrased: bool = False
    text: str = ""


class SliceNotReleased(Event, frozen=True):
    slice_id: str
    reason: str


class ProbeFired(Event, frozen=True):
    probe_id: str
    template: str
    trigger: str
    stimulus: str
    variant: int = 0


class ProbeNotFired(Event, frozen=True):
    probe_id: str
    template: str
    reason: str


# --------------------------------------------------------------------- judges


class JudgingStarted(Event, frozen=True):
    judge_id: str
    kind: JudgeKind
    model: str | None = None
    params: dict[str, str] = field(default_factory=dict)


class VerdictRendered(Event, frozen=True):
    judge_id: str
    trial_id: str
    scenario: str  # probe id, or passive-check id for trajectory-level checks
    template: str
    item_id: str
    verdict: Verdict
    rationale: str = ""
    evidence: list[str] = field(default_factory=list)


FidelityCriterion = Literal[
    "script_intent",
    "disclosure",
    "answers",
    "state_assertions",
    "probe_coverage",
    "message_validity",
    "refusals",
    "timing",
]


class FidelityAssessed(Event, frozen=True):
    judge_id: str
    trial_id: str
    criterion: FidelityCriterion
    verdict: Literal["pass", "fail", "n/a"]
    rationale: str = ""
    affected_dimensions: list[str] = field(default_factory=list)


class JudgingFinished(Event, frozen=True):
    judge_id: str
    trials: int
    items: int


# ----------------------------------------------------------------- synthesis


class SynthesisStarted(Event, frozen=True):
    """``realcli synthesize`` began drafting (stream ``<synthesis>.synth``).

    ``kind`` ``layer``: an interaction layer for the base task ``target``;
    ``task``: a base task from ``pattern``.  ``prompt_version`` names the
    prompt files used (``runtime/prompts/synthesize/<version>/``).
    """

    synthesis_id: str
    kind: Literal["layer", "task", "align"]
    target: str  # the task id drafted for (aligned, for ``align``)
    prompt_version: str
    model: str = ""
    endpoint: str = ""  # base URL only; never a key
    params: dict[str, str] = field(default_factory=dict)
    pattern: str = ""  # the one-paragraph pattern (task synthesis)
    base_digest: str = ""  # tree digest of the base task (layer synthesis)
    catalog_version: str = ""
    out_dir: str = ""
    realcli_version: str = ""


class SynthesisModelCalled(Event, frozen=True):
    """One request of the pipeline to its model; the fields mean what they mean on ``ModelCalled``.

    A separate type rather than a new ``ModelCalled.purpose`` value, so that
    older readers see an unknown event instead of rejecting a known one.
    """

    stage: str
    call_id: str
    provider: str
    model: str
    endpoint: str = ""
    status: int | None = None
    tokens_in: int = 0
    tokens_out: int = 0
    latency_sec: float = 0.0
    cost_usd: float | None = None
    attempt: int = 1
    error: str | None = None
    request: str = ""
    response: str = ""


class SynthesisStageAnswered(Event, frozen=True):
    """A stage's answer after strict parsing: ``accepted`` or not, with a note per repair or rejection."""

    stage: str
    accepted: bool
    notes: list[str] = field(default_factory=list)
    answer: str = ""  # the parsed JSON, as the pipeline used it


class SynthesisArtifactDrafted(Event, frozen=True):
    """A file the pipeline wrote, whole: replay re-materializes it from ``text``."""

    path: str  # relative to the task directory
    sha256: str
    text: str
    stage: str = ""
    executable: bool = False


class SynthesisChecked(Event, frozen=True):
    """One check of the drafted files: ``load``, ``lint``, ``coverage``, ``alignment``, ``pilot`` ..."""

    check: str
    passed: bool
    problems: list[str] = field(default_factory=list)  # one line each, naming file and field
    warnings: list[str] = field(default_factory=list)
    run_id: str = ""  # the validate runs' prefix, for the pilot


class SynthesisFinished(Event, frozen=True):
    synthesis_id: str
    status: Literal["passed", "failed", "interrupted"]
    files: int = 0
    problems: int = 0
    calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    duration_sec: float = 0.0
    detail: str = ""


AnyEvent = (
    RunStarted
    | TrialScheduled
    | RunResumed
    | RunFinished
    | TrialStarted
    | TrialFinished
    | ImageBuilt
    | VerificationRequested
    | VerifierFinished
    | StepStarted
    | StepPrepared
    | StepFinished
    | StepsScored
    | SnapshotRequested
    | EvidenceSnapshotted
    | SandboxCreated
    | SandboxReset
    | StorageExceeded
    | SandboxRemoved
    | FilesCopied
    | CommandRequested
    | CommandStarted
    | CommandFinished
    | HardCheckFinished
    | AgentMessaged
    | AgentTurnTaken
    | AgentYielded
    | AgentStopped
    | ContextSummarized
    | ModelCalled
    | UserMessaged
    | UserFinished
    | SliceReleased
    | SliceNotReleased
    | ProbeFired
    | ProbeNotFired
    | JudgingStarted
    | VerdictRendered
    | FidelityAssessed
    | JudgingFinished
    | SynthesisStarted
    | SynthesisModelCalled
    | SynthesisStageAnswered
    | SynthesisArtifactDrafted
    | SynthesisChecked
    | SynthesisFinished
)
