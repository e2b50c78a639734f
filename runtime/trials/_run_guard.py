"""What keeps a run's record straight while it runs: one process at a time runs its trials; outages are recorded.

``check_idle``: ``RunStarted`` and ``RunResumed`` name the process running
the run's trials (its owner id and host id); another ``resume`` is refused
while that process lives.  ``record_outages``: each outage of the log the
run rode out becomes a ``LogRecovered`` on the run stream.
"""

from __future__ import annotations

import contextlib
import os

from realcli import LogUnavailableError, RunInProgressError
from realcli import events as ev
from realcli.environments import host_id, owner_id
from realcli.eventlog import EventLog, LogOutage
from realcli.runtime.bus import StreamWriter

__all__ = ["check_idle", "record_outages"]


async def check_idle(log: EventLog, run_id: str, *, force: bool) -> int:
    """The run stream's version, if no live process runs the run's trials (else ``RunInProgressError``).

    The process that last started or resumed the run (``RunStarted`` /
    ``RunResumed`` not followed by a ``RunFinished``) runs them while it
    lives.  On this host that is known (its pid and the pid's start time);
    another host's process is taken as alive unless ``force``.
    """
    claim: ev.RunStarted | ev.RunResumed | None = None
    version = 0
    async for rec in log.read(ev.run_stream(run_id)):
        version = rec.version
        if isinstance(rec.event, ev.RunStarted | ev.RunResumed):
            claim = rec.event
        elif isinstance(rec.event, ev.RunFinished):
            claim = None
    if claim is None or not claim.owner or force or claim.owner == owner_id(os.getpid()):
        return version  # (this very process ran it before: as a library, it may resume its own run)
    pid = claim.owner.split("/")[1] if claim.owner.count("/") == 2 else ""
    host = claim.host or "another host"
    if claim.host_id == host_id():
        if pid.isdigit() and owner_id(int(pid)) == claim.owner:
            raise RunInProgressError(
                f"run {run_id} is being run by process {pid} on this host: wait for it (`realcli wait {run_id}`) "
                "or stop it, then resume"
            )
        return version
    raise RunInProgressError(
        f"run {run_id} is being run by process {pid or '?'} on {host}: wait for it (`realcli wait {run_id}`); "
        f"if that process is gone, `realcli resume {run_id} --force`"
    )


async def record_outages(log: EventLog, writer: StreamWriter, outages: list[LogOutage]) -> None:
    """Record each outage of the log the run rides out (``LogRecovered``), once the log is back."""
    async for outage in log.outages():
        outages.append(outage)
        with contextlib.suppress(LogUnavailableError):  # gone again: the next one is recorded
            await writer.append(
                ev.LogRecovered(
                    run_id=writer.stream.split(".", 1)[0],
                    began_at=outage.began_at,
                    down_sec=round(outage.down_sec, 3),
                    bound_sec=outage.bound_sec,
                )
            )
