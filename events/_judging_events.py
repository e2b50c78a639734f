"""Events of judging a run (verdicts, the fidelity audit) and of synthesizing a task."""

from __future__ import annotations

from typing import Literal

from msgspec import field

from realcli.events._parts import (
    Event,
    JudgeKind,
    Verdict,
)

# --------------------------------------------------------------------- judges


class JudgingStarted(Event, frozen=True):
    """A judge began judging a run: its id, kind (rules or LLM) and, for an LLM judge, its model and parameters."""

    judge_id: str
    kind: JudgeKind
    model: str | None = None
    params: dict[str, str] = field(default_factory=dict)


class VerdictRendered(Event, frozen=True):
    """A judge's verdict on one checklist item of one scenario of a trial, with its rationale and evidence."""

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
    """A judge's verdict on one fidelity criterion of a trial (was the user simulator faithful), and the dimensions a
    failure affects."""

    judge_id: str
    trial_id: str
    criterion: FidelityCriterion
    verdict: Literal["pass", "fail", "n/a"]
    rationale: str = ""
    affected_dimensions: list[str] = field(default_factory=list)


class JudgingFinished(Event, frozen=True):
    """A judge finished a run: how many trials and items it judged."""

    judge_id: str
    trials: int
    items: int


# ----------------------------------------------------------------- synthesis


class SynthesisStarted(Event, frozen=True):
    """``realcli synthesize`` began drafting (stream ``<synthesis>.synth``).

    ``kind`` ``layer``: an interaction layer for the base task ``target``;
    ``task``: a base task from ``pattern``, or from the recorded terminal
    session ``source_log`` (its file name; ``source_sha256`` of its bytes).
    ``prompt_version`` names the prompt files used
    (``runtime/prompts/synthesize/<version>/``).
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
    source_log: str = ""  # the recorded session a task was drafted from (``synthesize task --from-log``)
    source_sha256: str = ""


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
    """A ``realcli synthesize`` session ended (passed, failed or interrupted), with its files,
    problems and model use."""

    synthesis_id: str
    status: Literal["passed", "failed", "interrupted"]
    files: int = 0
    problems: int = 0
    calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    duration_sec: float = 0.0
    detail: str = ""
