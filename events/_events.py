"""Every fact realcli records, as frozen msgspec Structs in one tagged union.

Names are past tense: an event says what happened, never what to do next
(requests are facts too: ``CommandRequested`` records that an actor asked).
The ``type`` tag of each event is its class name.  Schema-evolution rules are
in ``docs/schema-evolution.md`` and are tested against committed fixture logs.

Every event carries ``id`` (unique, used for idempotent appends) and ``at``
(wall-clock seconds, stamped by the actor that produced it; projections read
it as data and never consult a clock themselves).

The classes live in modules by subject (``_parts``: the base and value objects,
``_trial_events``, ``_dialogue_events``, ``_judging_events``); this module joins
them into the one union, whose order is part of the schema.
"""

from __future__ import annotations

from realcli.events._causes import TrialEndReason
from realcli.events._dialogue_events import (
    DONT_KNOW,
    AgentMessaged,
    AgentStopped,
    AgentTurnTaken,
    AgentYielded,
    ContextSummarized,
    ModelCalled,
    ProbeFired,
    ProbeNotFired,
    SliceNotReleased,
    SliceReleased,
    UserFinished,
    UserMessaged,
)
from realcli.events._judging_events import (
    FidelityAssessed,
    FidelityCriterion,
    JudgingFinished,
    JudgingStarted,
    SynthesisArtifactDrafted,
    SynthesisChecked,
    SynthesisFinished,
    SynthesisModelCalled,
    SynthesisStageAnswered,
    SynthesisStarted,
    VerdictRendered,
)
from realcli.events._parts import (
    AGENT_PURPOSES,
    JUDGE_KINDS,
    MAX_PATH_CHANGES,
    AgentInfo,
    Budgets,
    CatalogInfo,
    CheckResult,
    CommandPurpose,
    DimensionInfo,
    Event,
    EvidenceFile,
    FilesystemChanges,
    JudgeKind,
    Output,
    PassiveCheckInfo,
    PathChange,
    PathChangeKind,
    StreamHead,
    SubDimensionInfo,
    TamperFinding,
    TemplateInfo,
    TimeoutMultipliers,
    UserSimInfo,
    new_id,
)
from realcli.events._trial_events import (
    CommandFinished,
    CommandRequested,
    CommandStarted,
    EntrypointExited,
    EvidenceSnapshotted,
    FilesCopied,
    HardCheckFinished,
    ImageBuilt,
    LogRecovered,
    RunFinished,
    RunResumed,
    RunStarted,
    SandboxCreated,
    SandboxRemoved,
    SandboxReset,
    SnapshotRequested,
    StepFinished,
    StepPrepared,
    StepsScored,
    StepStarted,
    StorageExceeded,
    TrialFinished,
    TrialScheduled,
    TrialStarted,
    VerificationRequested,
    VerifierFinished,
    VerifierPrepared,
)

__all__ = [
    "AGENT_PURPOSES",
    "MAX_PATH_CHANGES",
    "JUDGE_KINDS",
    "JudgeKind",
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
    "FilesystemChanges",
    "HardCheckFinished",
    "LogRecovered",
    "ImageBuilt",
    "JudgingFinished",
    "JudgingStarted",
    "ModelCalled",
    "Output",
    "PassiveCheckInfo",
    "PathChange",
    "PathChangeKind",
    "TamperFinding",
    "TimeoutMultipliers",
    "ProbeFired",
    "ProbeNotFired",
    "RunFinished",
    "RunResumed",
    "RunStarted",
    "SandboxCreated",
    "SandboxRemoved",
    "SandboxReset",
    "EntrypointExited",
    "StorageExceeded",
    "StreamHead",
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
    "VerdictRendered",
    "VerificationRequested",
    "VerifierFinished",
    "VerifierPrepared",
    "new_id",
]


AnyEvent = (
    RunStarted
    | TrialScheduled
    | RunResumed
    | RunFinished
    | TrialStarted
    | TrialFinished
    | ImageBuilt
    | VerificationRequested
    | VerifierPrepared
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
    | EntrypointExited
    | LogRecovered
)
