"""What the sandbox actor's collaborators share: a finished command's event, and its output merged."""

from __future__ import annotations

from realcli import events as ev
from realcli.environments import ExecResult

__all__ = ["finished", "merge"]


def finished(command_id: str, purpose: ev.CommandPurpose, result: ExecResult) -> ev.CommandFinished:
    """The ``CommandFinished`` of ``result``."""
    return ev.CommandFinished(
        command_id=command_id,
        exit_code=result.exit_code,
        stdout=result.stdout,
        stderr=result.stderr,
        duration_sec=result.duration_sec,
        timed_out=result.timed_out,
        purpose=purpose,
    )


def merge(result: ExecResult) -> ev.Output:
    """stdout then stderr as one bounded output (for hard checks and the verifier)."""
    text = result.stdout.text + (
        ("\n" if result.stdout.text else "") + result.stderr.text if result.stderr.text else ""
    )
    return ev.Output(
        text=text,
        total_bytes=result.stdout.total_bytes + result.stderr.total_bytes,
        kept_bytes=result.stdout.kept_bytes + result.stderr.kept_bytes,
    )
