"""What a trial is before and after it runs: its spec, its id and budgets, how it ended."""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from realcli import events as ev
from realcli.eventlog import EventLog
from realcli.models import known_secrets
from realcli.runtime.agents import Mode
from realcli.runtime.bus import Redactor, StreamWriter
from realcli.runtime.trials._settings import RunSettings
from realcli.runtime.users import Voice
from realcli.taskformat import Task

__all__ = ["TrialOutcome", "TrialSpec", "VoiceFactory", "budgets_for", "trial_id", "worker_id"]


@dataclass(frozen=True)
class TrialSpec:
    """One trial to run: a task, a mode and an attempt within a run."""

    run_id: str
    trial_id: str
    task: Task
    mode: Mode
    attempt: int
    seed: int = 0
    keep_image: bool = False
    max_turns: int | None = None  # the run's cap on the task's turn budget
    settings: RunSettings = field(default_factory=RunSettings)

    @cached_property
    def redactor(self) -> Redactor:
        """What this trial's writers redact: the host values its task gets (``--task-env``), and the
        values of this process's secret-named variables (``*_API_KEY``, ``*_TOKEN``, ``*_SECRET``)."""
        return Redactor(self.settings.task_env.values(self.task) | known_secrets())

    async def writer(self, log: EventLog, actor: ev.Actor) -> StreamWriter:
        """The writer of ``actor``'s stream of this trial (it continues a retried trial's stream)."""
        stream = ev.trial_stream(self.run_id, self.trial_id, actor)
        return await StreamWriter.open(log, stream, redactor=self.redactor)


@dataclass(frozen=True)
class TrialOutcome:
    """How a trial ended (the log holds everything; this is for progress displays)."""

    trial_id: str
    task_id: str
    mode: Mode
    reason: ev.TrialEndReason
    reward: float | None
    detail: str = ""
    cause: ev.TrialEndCause = "agent_done"


def worker_id() -> str:
    """``host:pid`` of this process, recorded on every try it runs."""
    return f"{socket.gethostname()}:{os.getpid()}"


def trial_id(task_id: str, mode: Mode, attempt: int) -> str:
    """The id of a trial: ``<task>-<mode>-<attempt>``."""
    return f"{task_id}-{mode}-{attempt}"


def budgets_for(spec: TrialSpec) -> ev.Budgets:
    """EXEC and COLLAB budgets differ (paper: 6 h / 10 h, 600 turns each); the run's ``max_turns`` caps the
    turns, and its timeout multipliers scale the time."""
    config = spec.task.config
    if spec.mode == "exec":
        turns, timeout = config.agent.max_turns, config.agent.timeout_sec
    else:
        turns, timeout = config.collab.max_turns or config.agent.max_turns, config.collab.timeout_sec
    return ev.Budgets(
        max_turns=min(turns, spec.max_turns or turns), timeout_sec=spec.settings.timeouts.scale("agent", timeout)
    )


VoiceFactory = Callable[[ev.Script, StreamWriter], Voice]
