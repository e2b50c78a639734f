"""A sandbox whose process limit the agent's processes exhausted: reset before the evidence and the verifier."""

from __future__ import annotations

from typing import Final

from realcli import events as ev
from realcli.environments import Sandbox
from realcli.runtime.bus import StreamWriter

__all__ = ["SATURATED_SHARE", "could_not_fork", "reset_if_saturated"]

SATURATED_SHARE: Final = 0.9  # of the pids limit: the sandbox can no longer start a process


def could_not_fork(output: str) -> bool:
    """Whether a command's output says it could not start a process (``fork``: EAGAIN at the pids limit)."""
    return "fork" in output and "Resource temporarily unavailable" in output


async def reset_if_saturated(box: Sandbox, running: int, out: StreamWriter, *, failed_to_fork: bool = False) -> bool:
    """Kill every process of a sandbox that can start none (``running`` processes); whether it did.

    Background processes the agent started (a service the task asked for)
    keep running for the verifier, as in Harbor; but a sandbox whose process
    limit is exhausted can start nothing, the hard checks and the verifier
    included: then every process is killed (the files stay) and a
    ``SandboxReset`` says so.  ``failed_to_fork``: a command of ours could
    not start a process, whatever the count says (a fork bomb's processes
    come and go around the limit).
    """
    if running < box.pids_limit * SATURATED_SHARE and not failed_to_fork:
        return False
    await box.reset_processes()
    await out.append(
        ev.SandboxReset(
            container_id=box.info.container_id,
            reason=f"{running} processes left at the end of the agent's time, against a limit of "
            f"{box.pids_limit}: every process was killed before the evidence and the verifier",
            processes=running,
        )
    )
    return True
