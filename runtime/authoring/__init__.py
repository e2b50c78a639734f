"""Making and checking tasks: validate, profile, align, and synthesize with a model.

``validate_tasks`` runs the paper's construction checks (the oracle passes,
the no-op and parrot controls and the mutant solutions fail, scripts reach
every probe); ``profile_tasks`` classifies tasks by pass rate over k
rollouts; ``align_task`` maps instruction.md's requirements to the
verifier's checks (no Docker); ``synthesize_layer`` / ``synthesize_task``
draft an interaction layer or a base task with a model, every model call
recorded in the log so a synthesis can be replayed (``replay_synthesis``).
The prompts ship in ``prompts/synthesize/<version>/``.
"""

from realcli.runtime.authoring._align import (
    Alignment,
    Requirement,
    VerifierCheck,
    align_task,
    requirement_sentences,
)
from realcli.runtime.authoring._align_model import align_with_model
from realcli.runtime.authoring._profile import Bands, TaskProfile, profile_tasks, write_profile
from realcli.runtime.authoring._synth import PROMPT_VERSION as SYNTH_PROMPT_VERSION
from realcli.runtime.authoring._synth import (
    ReplayResult,
    SynthesisReport,
    new_synthesis_id,
    replay_synthesis,
)
from realcli.runtime.authoring._synth_layer import LayerOptions, synthesize_layer
from realcli.runtime.authoring._synth_probes import template_fit
from realcli.runtime.authoring._synth_task import TaskOptions, synthesize_task
from realcli.runtime.authoring._validate import ControlResult, TaskValidation, sample_tasks, validate_tasks

__all__ = [
    "SYNTH_PROMPT_VERSION",
    "Alignment",
    "Bands",
    "ControlResult",
    "LayerOptions",
    "ReplayResult",
    "Requirement",
    "SynthesisReport",
    "TaskOptions",
    "TaskProfile",
    "TaskValidation",
    "VerifierCheck",
    "align_task",
    "align_with_model",
    "new_synthesis_id",
    "profile_tasks",
    "replay_synthesis",
    "requirement_sentences",
    "sample_tasks",
    "synthesize_layer",
    "synthesize_task",
    "template_fit",
    "validate_tasks",
    "write_profile",
]
