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
    """``task.toml`` ``[metadata]``: the task's category, subdomain and difficulty, and Harbor's author and tag keys."""

    category: str = ""
    subdomain: str = ""
    difficulty: Literal["easy", "medium", "hard"] = "medium"
    # Harbor's metadata keys.
    author_name: str | None = None
    author_email: str | None = None
    tags: list[str] = field(default_factory=list)


NetworkMode = Literal["public", "no-network", "allowlist"]


class AgentConfig(_Frozen, frozen=True):
    """``task.toml`` ``[agent]``: the agent's time and turn budgets in EXEC, and Harbor's user and network keys."""

    timeout_sec: PosFloat = 21600.0
    max_turns: PosInt = 600
    user: str | int | None = None  # Harbor: the agent's commands run as this user (None: the image's USER)
    network_mode: NetworkMode | None = None  # Harbor: per-phase network (must match [environment])
    allowed_hosts: list[str] | None = None  # Harbor (allowlist): refused


class CollabConfig(_Frozen, frozen=True):
    """``task.toml`` ``[collab]``: the agent's budgets in COLLAB (turns default to ``[agent]``'s)."""

    timeout_sec: PosFloat = 36000.0
    # The paper caps both modes at 600 turns; unset means "same as [agent]".
    max_turns: PosInt | None = None


class VerifierConfig(_Frozen, frozen=True):
    """``task.toml`` ``[verifier]``: the verifier's timeout, environment, user, environment and network mode, and the
    metric that decides V."""

    timeout_sec: PosFloat = 600.0
    env: dict[str, str] = field(default_factory=dict)  # Harbor (${VAR} templates resolved at run time)
    user: str | int | None = None  # Harbor: the verifier runs as this user (None: the image's USER)
    environment_mode: str | None = None  # Harbor: "shared" (the agent's container) | "separate" (one of its own)
    network_mode: NetworkMode | None = None  # Harbor: per-phase network (must match the verifier's environment)
    allowed_hosts: list[str] | None = None  # Harbor (allowlist): refused
    # realcli's own key (Harbor ignores it): the reward.json metric that decides V when the verifier
    # writes several and no "reward"; a run's --metric wins.
    metric: str | None = None
    # Harbor's [verifier.environment]: the separate verifier's own environment (implies environment_mode separate).
    environment: EnvironmentConfig | None = None

    @property
    def separate(self) -> bool:
        """Whether the verifier runs in an environment of its own (Harbor's resolution of the mode)."""
        if self.environment_mode is not None:
            return self.environment_mode == "separate"
        return self.environment is not None


class HealthcheckConfig(_Frozen, frozen=True):
    """Harbor's ``[environment.healthcheck]``: run after the container starts, until it passes."""

    command: Ident
    interval_sec: NonNegFloat = 5.0
    timeout_sec: PosFloat = 30.0
    start_period_sec: NonNegFloat = 0.0
    start_interval_sec: NonNegFloat = 5.0
    retries: PosInt = 3


class SolutionConfig(_Frozen, frozen=True):
    """``task.toml`` ``[solution]``: the oracle solution's environment variables (Harbor)."""

    env: dict[str, str] = field(default_factory=dict)  # Harbor: the oracle's environment (${VAR} templates)


class EnvironmentConfig(_Frozen, frozen=True):
    """``task.toml`` ``[environment]``: the sandbox's resources, network, working directory and image."""

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


class ArtifactConfig(_Frozen, frozen=True):
    """Harbor's object form of an ``artifacts`` entry: a path of the agent's container (``source``)."""

    source: Ident
    destination: str | None = None  # where Harbor keeps it on the host (realcli: where it is recorded)
    service: str | None = None  # a compose service's (refused: one container per trial)


class TaskConfig(_Frozen, frozen=True):
    """A task's whole ``task.toml``, decoded and validated."""

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
    # Harbor: paths of the agent's container handed to a separate verifier (restored at the same paths).
    artifacts: list[str | ArtifactConfig] = field(default_factory=list)

    def artifact_sources(self) -> list[str]:
        """Every ``artifacts`` path of the agent's container, in order (the object form's ``source``)."""
        return [a if isinstance(a, str) else a.source for a in self.artifacts]


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
    """One item a judge checks for a probe or passive check: its text, where the evidence is, an optional hard check,
    and for the rules judge its rule."""

    id: Ident
    text: Ident
    evidence: Evidence
    hard_check: str | None = None
    timing: Timing = "anytime"
    # Resolved when msgspec first decodes a ChecklistItem: every rule kind registered by then decodes.
    rule: _rules.Rule | None = None


class HardCheck(_Frozen, frozen=True):
    """A command the sandbox runs after the agent's work to check a probe's effect on the environment, and the exit code
    that passes."""

    id: Ident
    run: Ident
    expect_exit: int = 0
    timeout_sec: PosFloat = 60.0


# --------------------------------------------------------------------------
# Script
# --------------------------------------------------------------------------


class Slice(_Frozen, frozen=True):
    """A piece of the task the user simulator withholds until its trigger fires (``verbatim``: sent as written, not
    paraphrased)."""

    id: Ident
    content: Ident
    release: Trigger
    verbatim: bool = False


class Probe(_Frozen, frozen=True):
    """A scenario the user simulator plays: when its trigger fires it sends the stimulus, and the checklist (and hard
    checks) judge the agent's response."""

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
    """A file copied into the sandbox before the agent starts (a COLLAB scenario's setup): from ``src`` in the task to
    ``dest``."""

    src: Ident
    dest: Ident


class Closing(_Frozen, frozen=True):
    """The user simulator's last message, and when it is sent (all probes done, or the agent's claims done)."""

    text: Ident
    on: Literal["all_probes_done", "claims_done"] = "all_probes_done"


class Script(_Frozen, frozen=True):
    """A COLLAB task's interaction script (``script.toml``): the opening, the persona, slices, probes, traps and the
    closing."""

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
    """What the oracle agent says (and runs) in answer to one probe or slice."""

    reply: str = ""
    commands: list[str] = field(default_factory=list)
    question: bool = False  # the reply asks the user something (AgentMessaged.question)


class OracleContract(_Frozen, frozen=True):
    """The oracle agent's answers per probe and slice, and the topics it asks about, so the reference solution plays the
    collaboration too."""

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
        """The task's category, ``uncategorized`` when its metadata names none."""
        return self.config.metadata.category or "uncategorized"


def _check_trigger_tags() -> None:
    # Guard against a trigger class being added without its name in TRIGGER_KINDS (the loader's
    # error messages list those names).
    tags = tuple(t.__struct_config__.tag for t in Trigger.__args__)
    assert tags == TRIGGER_KINDS, (tags, TRIGGER_KINDS)


_check_trigger_tags()
