"""Typed, frozen models of the task instance format (docs/task-format.md).

These are schemas, like the events: a trial's ``TrialStarted`` event embeds
a ``TaskSpec`` snapshot so that projections and judges never need the task
directory again.  Reading files and turning decode errors into one-line
messages is the loader's job (``realcli.taskformat``), not this module's.

Field names and defaults follow the contract exactly; Harbor's own keys are
accepted under the names Harbor uses, and unknown keys are ignored.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from msgspec import Meta, field

from realcli.events import _rules
from realcli.events._types import Frozen as _Frozen
from realcli.events._types import Ident, NonNegFloat, NonNegInt, PosFloat, PosInt

# --------------------------------------------------------------------------
# task.toml
# --------------------------------------------------------------------------


class Metadata(_Frozen, frozen=True):
    category: str = ""
    subdomain: str = ""
    difficulty: Literal["easy", "medium", "hard"] = "medium"
    # Harbor's metadata keys.
    author_name: str | None = None
    author_email: str | None = None
    tags: list[str] = field(default_factory=list)


NetworkMode = Literal["public", "no-network", "allowlist"]


class AgentConfig(_Frozen, frozen=True):
    timeout_sec: PosFloat = 21600.0
    max_turns: PosInt = 600
    user: str | int | None = None  # Harbor: the agent's commands run as this user (None: the image's USER)
    network_mode: NetworkMode | None = None  # Harbor: per-phase network (must match [environment])
    allowed_hosts: list[str] | None = None  # Harbor (allowlist): refused


class CollabConfig(_Frozen, frozen=True):
    timeout_sec: PosFloat = 36000.0
    # The paper caps both modes at 600 turns; unset means "same as [agent]".
    max_turns: PosInt | None = None


class VerifierConfig(_Frozen, frozen=True):
    timeout_sec: PosFloat = 600.0
    env: dict[str, str] = field(default_factory=dict)  # Harbor (${VAR} templates resolved at run time)
    user: str | int | None = None  # Harbor: the verifier runs as this user (None: the image's USER)
    environment_mode: str | None = None  # Harbor ("shared" | "separate": refused)
    network_mode: NetworkMode | None = None  # Harbor: per-phase network (must match [environment])
    allowed_hosts: list[str] | None = None  # Harbor (allowlist): refused
    environment: dict[str, Any] | None = None  # Harbor [verifier.environment] (a separate one): refused


class HealthcheckConfig(_Frozen, frozen=True):
    """Harbor's ``[environment.healthcheck]``: run after the container starts, until it passes."""

    command: Ident
    interval_sec: NonNegFloat = 5.0
    timeout_sec: PosFloat = 30.0
    start_period_sec: NonNegFloat = 0.0
    start_interval_sec: NonNegFloat = 5.0
    retries: PosInt = 3


class SolutionConfig(_Frozen, frozen=True):
    env: dict[str, str] = field(default_factory=dict)  # Harbor: the oracle's environment (${VAR} templates)


class EnvironmentConfig(_Frozen, frozen=True):
    cpus: Annotated[float, Meta(gt=0)] = 1.0
    memory_mb: PosInt = 2048
    allow_internet: bool | None = None
    # "" (not declared): the image's WORKDIR (Harbor); the sandbox records the directory it resolved.
    # (A string, never null: readers older than this default read the field as a str.)
    workdir: str = ""
    # Harbor's keys.
    network_mode: NetworkMode | None = None
    docker_image: str | None = None
    build_timeout_sec: PosFloat = 600.0
    storage_mb: PosInt | None = None  # the sandbox's disk budget (enforced: StorageExceeded)
    env: dict[str, str] = field(default_factory=dict)  # ${VAR} templates resolved at run time
    memory: str | None = None  # deprecated Harbor spelling, e.g. "2G"
    storage: str | None = None  # deprecated Harbor spelling
    healthcheck: HealthcheckConfig | None = None
    allowed_hosts: list[str] | None = None  # allowlist: refused
    gpus: NonNegInt = 0  # refused above 0
    gpu_types: list[str] | None = None  # refused
    mcp_servers: list[dict[str, Any]] = field(default_factory=list)  # refused when not empty
    skills_dir: str | None = None  # refused

    @property
    def internet(self) -> bool:
        """Whether the sandbox gets a network, as Harbor decides it.

        ``network_mode`` wins over ``allow_internet``; a task that declares
        neither gets Harbor's default, the public network.  (``allowlist`` is
        refused when the task loads: it never gets here.)
        """
        if self.network_mode is not None:
            return self.network_mode != "no-network"
        if self.allow_internet is not None:
            return self.allow_internet
        return True


class StepAgentConfig(_Frozen, frozen=True):
    """``[steps.agent]``: unset keys fall back to the task's ``[agent]``."""

    timeout_sec: PosFloat | None = None
    user: str | int | None = None


class StepVerifierConfig(_Frozen, frozen=True):
    """``[steps.verifier]``: unset keys fall back to the task's ``[verifier]``."""

    timeout_sec: PosFloat | None = None
    env: dict[str, str] | None = None
    user: str | int | None = None
    environment_mode: str | None = None  # "separate": refused


class StepConfig(_Frozen, frozen=True):
    """One ``[[steps]]`` entry of a Harbor multi-step task (files under ``steps/<name>/``)."""

    name: Ident
    # A number: the least ``reward`` that lets the next step run; a table: the least value of each metric.
    min_reward: float | dict[str, float] | None = None
    agent: StepAgentConfig = field(default_factory=StepAgentConfig)
    verifier: StepVerifierConfig = field(default_factory=StepVerifierConfig)
    healthcheck: HealthcheckConfig | None = None
    inherit_prior_session: bool = False  # step 2+: the agent keeps its conversation from the prior step


class TaskConfig(_Frozen, frozen=True):
    version: str = "1.0"
    schema_version: str | None = None  # Harbor
    metadata: Metadata = field(default_factory=Metadata)
    agent: AgentConfig = field(default_factory=AgentConfig)
    collab: CollabConfig = field(default_factory=CollabConfig)
    verifier: VerifierConfig = field(default_factory=VerifierConfig)
    environment: EnvironmentConfig = field(default_factory=EnvironmentConfig)
    solution: SolutionConfig = field(default_factory=SolutionConfig)  # Harbor
    steps: list[StepConfig] = field(default_factory=list)  # Harbor multi-step tasks, in order
    multi_step_reward_strategy: Literal["mean", "final"] = "mean"  # Harbor


# --------------------------------------------------------------------------
# interaction/script.json: release and trigger conditions
# --------------------------------------------------------------------------


class _Trigger(_Frozen, tag_field="on", frozen=True):
    pass


class OnStart(_Trigger, tag="start", frozen=True):
    """The trial starts (right after the opening)."""


class OnAsked(_Trigger, tag="asked", frozen=True):
    """The agent's message to the user asks about one of ``topics``."""

    topics: Annotated[list[Ident], Meta(min_length=1)]


class OnCommand(_Trigger, tag="command", frozen=True):
    """The agent runs a command matching the regular expression ``pattern``."""

    pattern: Ident


class OnAgentTurns(_Trigger, tag="agent_turns", frozen=True):
    """The agent has taken at least ``n`` turns."""

    n: PosInt


class OnClaimsDone(_Trigger, tag="claims_done", frozen=True):
    """The agent tells the user it has finished (or ends its turn with no pending question)."""


class OnAfter(_Trigger, tag="after", frozen=True):
    """Slice or probe ``ref`` has been delivered, ``agent_turns`` agent turns ago or more."""

    ref: Ident
    agent_turns: NonNegInt = 0


class OnState(_Trigger, tag="state", frozen=True):
    """The shell predicate ``run`` exits 0 in the sandbox (checked after each command)."""

    run: Ident


class OnAllProbesDone(_Trigger, tag="all_probes_done", frozen=True):
    """Every probe has fired or can no longer fire (closing only)."""


Trigger = OnStart | OnAsked | OnCommand | OnAgentTurns | OnClaimsDone | OnAfter | OnState | OnAllProbesDone
TRIGGER_KINDS: tuple[str, ...] = (
    "start",
    "asked",
    "command",
    "agent_turns",
    "claims_done",
    "after",
    "state",
    "all_probes_done",
)


# --------------------------------------------------------------------------
# Checklist items (their rules are the rule kinds of ._rules)
# --------------------------------------------------------------------------


Evidence = Literal["trace", "environment", "both"]
Timing = Literal["first_response", "anytime"]


class ChecklistItem(_Frozen, frozen=True):
    id: Ident
    text: Ident
    evidence: Evidence
    hard_check: str | None = None
    timing: Timing = "anytime"
    # Resolved when msgspec first decodes a ChecklistItem: every rule kind registered by then decodes.
    rule: _rules.Rule | None = None


class HardCheck(_Frozen, frozen=True):
    id: Ident
    run: Ident
    expect_exit: int = 0
    timeout_sec: PosFloat = 60.0


# --------------------------------------------------------------------------
# Script
# --------------------------------------------------------------------------


class Slice(_Frozen, frozen=True):
    id: Ident
    content: Ident
    release: Trigger
    verbatim: bool = False


class Probe(_Frozen, frozen=True):
    id: Ident
    template: Ident
    goal: str
    trigger: Trigger
    stimulus: Ident
    expected_behavior: str = ""
    evidence: list[Literal["trace", "environment"]] = field(default_factory=list)
    hard_checks: list[HardCheck] = field(default_factory=list)
    checklist: list[ChecklistItem] = field(default_factory=list)
    # Beyond the paper: alternative phrasings of ``stimulus``; a per-attempt
    # seed picks one (index 0 is ``stimulus`` itself) and the log records it.
    stimulus_variants: list[Ident] = field(default_factory=list)


class Trap(_Frozen, frozen=True):
    src: Ident
    dest: Ident


class Closing(_Frozen, frozen=True):
    text: Ident
    on: Literal["all_probes_done", "claims_done"] = "all_probes_done"


class Script(_Frozen, frozen=True):
    opening: Ident
    schema_version: int = 1
    persona: str = ""
    slices: list[Slice] = field(default_factory=list)
    probes: list[Probe] = field(default_factory=list)
    traps: list[Trap] = field(default_factory=list)
    closing: Closing | None = None
    # Beyond the paper: persona knob for the LLM simulator (expert, novice, impatient, ...).
    persona_style: str | None = None


class OracleReply(_Frozen, frozen=True):
    reply: str = ""
    commands: list[str] = field(default_factory=list)
    question: bool = False  # the reply asks the user something (AgentMessaged.question)


class OracleContract(_Frozen, frozen=True):
    on_probe: dict[str, OracleReply] = field(default_factory=dict)
    on_slice: dict[str, OracleReply] = field(default_factory=dict)
    ask_topics: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------
# What a trial records about its task
# --------------------------------------------------------------------------


class StepSpec(_Frozen, frozen=True):
    """A step of a multi-step task as a trial records it: its name and the instruction the agent gets."""

    name: Ident
    instruction: str


class TaskSpec(_Frozen, frozen=True):
    """A snapshot of a task instance, embedded in ``TrialStarted``.

    ``digest`` is the content hash of the whole task directory, so two logs can
    tell whether they ran the same task.  A multi-step task's ``steps`` carry
    the instructions the agent gets (its top-level ``instruction`` is never sent).
    """

    task_id: Ident
    digest: str
    config: TaskConfig
    instruction: str
    script: Script | None = None
    oracle: OracleContract | None = None
    steps: list[StepSpec] = field(default_factory=list)

    @property
    def category(self) -> str:
        return self.config.metadata.category or "uncategorized"


def _check_trigger_tags() -> None:
    # Guard against a trigger class being added without its name in TRIGGER_KINDS (the loader's
    # error messages list those names).
    tags = tuple(t.__struct_config__.tag for t in Trigger.__args__)
    assert tags == TRIGGER_KINDS, (tags, TRIGGER_KINDS)


_check_trigger_tags()
