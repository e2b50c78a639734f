"""Where a run stands, read from the log alone: finished when every scheduled trial's latest try is.

No process owns a run's status: whoever ran its trials (this machine,
workers elsewhere, a process killed without a word), ``run_status`` reads
it from the run stream and the supervisors' streams.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from realcli import events as ev
from realcli._errors import NotFoundError
from realcli.eventlog import EventLog

__all__ = ["RunStatus", "read_run", "run_status", "trial_status"]


async def trial_status(log: EventLog, run_id: str) -> dict[str, str]:
    """The end reason of each trial's latest try ("running" if it has none)."""
    status: dict[str, str] = {}
    for stream in await log.streams(run_id):
        trial = ev.trial_of(stream.name)
        if trial is None or not stream.name.endswith(".supervisor"):
            continue
        async for rec in log.read(stream.name):
            match rec.event:
                case ev.TrialStarted():
                    status[trial] = "running"
                case ev.TrialFinished(reason=reason):
                    status[trial] = reason
    return status


@dataclass(frozen=True)
class RunStatus:
    """Where a run stands, from the log alone (``run_status``)."""

    run_id: str
    state: Literal["finished", "running", "interrupted"]
    scheduled: int
    finished: int  # trials whose latest try ended (any reason)
    to_resume: int  # of those, ended by an infrastructure error or cancelled
    closed: bool  # the run stream ends with RunFinished(completed)
    judges: tuple[str, ...]

    def describe(self) -> str:
        """``finished``, ``finished, 2 to resume``, ``running, 3/8 trials finished``, ..."""
        if self.state == "finished":
            return "finished" + (f", {self.to_resume} to resume" if self.to_resume else "")
        return f"{self.state}, {self.finished}/{self.scheduled} trials finished"


async def run_status(log: EventLog, run_id: str) -> RunStatus:
    """A run's status: finished when every scheduled trial's latest try is, whoever ran it.

    ``interrupted`` when trials are left and the last word on the run stream
    is a ``RunFinished`` that did not complete (a local run stopped: resume
    it); ``running`` otherwise (its trials run somewhere, or a process running
    them was killed without a word: ``realcli resume`` picks them up).
    """
    started, scheduled, last = await read_run(log, run_id)
    status = await trial_status(log, run_id)
    ends = [status.get(t.trial_id, "") for t in scheduled]
    finished = sum(end in ev.TRIAL_END_REASONS for end in ends)
    state: Literal["finished", "running", "interrupted"] = "running"
    if finished == len(ends):
        state = "finished"
    elif isinstance(last, ev.RunFinished) and last.status != "completed":
        state = "interrupted"
    return RunStatus(
        run_id=run_id,
        state=state,
        scheduled=len(ends),
        finished=finished,
        to_resume=sum(end in ev.RESUMABLE_REASONS for end in ends),
        closed=isinstance(last, ev.RunFinished) and last.status == "completed",
        judges=tuple(started.judges),
    )


async def read_run(
    log: EventLog, run_id: str
) -> tuple[ev.RunStarted, list[ev.TrialScheduled], ev.RunFinished | ev.RunResumed | None]:
    """The run stream: its header, its trials, and its last ``RunFinished`` or ``RunResumed``."""
    started: ev.RunStarted | None = None
    scheduled: list[ev.TrialScheduled] = []
    last: ev.RunFinished | ev.RunResumed | None = None
    async for rec in log.read(ev.run_stream(run_id)):
        match rec.event:
            case ev.RunStarted():
                started = rec.event
            case ev.TrialScheduled():
                scheduled.append(rec.event)
            case ev.RunFinished() | ev.RunResumed():
                last = rec.event
    if started is None:
        known = await log.runs()
        hint = f"known runs: {', '.join(known[-5:])}" if known else "the log has no runs"
        raise NotFoundError(f"run {run_id!r} is not in {log.url} ({hint})")
    return started, scheduled, last
