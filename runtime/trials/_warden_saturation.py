"""A sandbox whose process limit the agent's processes exhausted: reset so that our own commands can run."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Final

from realcli import events as ev
from realcli.environments import ExecResult, Sandbox
from realcli.runtime.bus import StreamWriter
from realcli.runtime.trials._warden_output import merge

__all__ = ["could_not_fork", "run_unsaturated", "reset_saturated"]

# What a command prints when it cannot start a process at the pids limit (EAGAIN from fork): coreutils
# (`timeout: fork system call failed: ...`), bash (`fork: retry: ...`), dash (`sh: 1: Cannot fork`), runc.
_FAILED_FORK: Final = re.compile(r"cannot fork|\bfork\b[^\n]*(resource temporarily unavailable|failed)", re.IGNORECASE)


def could_not_fork(output: str) -> bool:
    """Whether a command's output says it could not start a process (the sandbox is at its pids limit)."""
    return _FAILED_FORK.search(output) is not None


async def reset_saturated(box: Sandbox, out: StreamWriter, failed: str) -> None:
    """Kill every process of a sandbox in which a command of ours could not start one (``failed``: its output).

    Background processes the agent started (a service the task asked for)
    keep running for the verifier, as in Harbor; but a sandbox whose process
    limit is exhausted can start nothing, the hard checks and the verifier
    included: then every process is killed (the files stay) and a
    ``SandboxReset`` says so.  The failed fork is the evidence, not a count
    of processes: the engine's listing misses processes a fork bomb keeps
    starting and ending around the limit.
    """
    running = await box.process_count()
    await box.reset_processes()
    said = next((line for line in failed.splitlines() if could_not_fork(line)), "")[:200]
    await out.append(
        ev.SandboxReset(
            container_id=box.info.container_id,
            reason=f"a command of the harness could not start a process ({said}); {running} processes listed "
            f"against a limit of {box.pids_limit}: every process was killed, the files kept",
            processes=running,
        )
    )


async def run_unsaturated(box: Sandbox, out: StreamWriter, run: Callable[[], Awaitable[ExecResult]]) -> ExecResult:
    """Run one of our commands (a hard check, the listing); once more after a reset if it could not fork."""
    result = await run()
    if could_not_fork(merge(result).text):
        await reset_saturated(box, out, merge(result).text)
        result = await run()
    return result
