"""Making and checking tasks: validate, profile, align, and synthesize with a model.

``validate_tasks`` runs the paper's construction checks (the oracle passes,
the no-op and parrot controls and the mutant solutions fail, scripts reach
every probe); ``profile_tasks`` classifies tasks by pass rate over k
rollouts, ``difficulty_proxies`` estimates difficulty from a task's files
alone; ``align_task`` maps instruction.md's requirements to the
verifier's checks (no Docker); ``synthesize_layer`` / ``synthesize_task``
draft an interaction layer or a base task with a model (a base task from a pattern, or
from a recorded terminal session: ``parse_session``, ``synthesize_task_from_log``), every model call
recorded in the log so a synthesis can be replayed (``replay_synthesis``).
The prompts ship in ``prompts/synthesize/<version>/``.
"""

from realcli.runtime.authoring._align import Alignment, align_task, requirement_sentences
from realcli.runtime.authoring._align_model import align_with_model
from realcli.runtime.authoring._profile import Bands, TaskProfile, profile_tasks, write_profile
from realcli.runtime.authoring._proxies import TurnEstimate, difficulty_proxies, write_proxies
from realcli.runtime.authoring._session import Session, parse_session, render_session
from realcli.runtime.authoring._synth import SynthesisReport, new_synthesis_id, replay_synthesis
from realcli.runtime.authoring._synth_layer import LayerOptions, synthesize_layer
from realcli.runtime.authoring._synth_log import session_json, synthesize_task_from_log
from realcli.runtime.authoring._synth_probes import template_fit
from realcli.runtime.authoring._synth_task import TaskOptions, synthesize_task
from realcli.runtime.authoring._validate import (
    AdversaryReading,
    ControlResult,
    TaskValidation,
    read_red_team,
    sample_tasks,
    validate_tasks,
)

__all__ = [
    "Alignment",
    "Bands",
    "AdversaryReading",
    "ControlResult",
    "LayerOptions",
    "Session",
    "SynthesisReport",
    "TaskOptions",
    "TaskProfile",
    "TaskValidation",
    "TurnEstimate",
    "align_task",
    "align_with_model",
    "difficulty_proxies",
    "new_synthesis_id",
    "parse_session",
    "profile_tasks",
    "render_session",
    "replay_synthesis",
    "requirement_sentences",
    "sample_tasks",
    "session_json",
    "synthesize_layer",
    "synthesize_task",
    "synthesize_task_from_log",
    "template_fit",
    "read_red_team",
    "validate_tasks",
    "write_profile",
    "write_proxies",
]
