"""What the warden's collaborators share: a finished command's event, and its output merged."""

from __future__ import annotations

import hashlib

from realcli import events as ev
from realcli.environments import ExecResult, FileRead

__all__ = ["evidence_file", "finished", "merge"]


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


def evidence_file(path: str, read: FileRead | None, limit: int) -> ev.EvidenceFile:
    """A file read from the sandbox as evidence, cut to ``limit`` bytes (its size and existence always kept)."""
    if read is None:
        return ev.EvidenceFile(path=path, exists=False)
    data = read.data[:limit]  # an exhausted budget keeps the file's size and existence only
    whole = len(data) == read.size
    return ev.EvidenceFile(
        path=path,
        exists=True,
        content=data.decode("utf-8", "replace"),
        size=read.size,
        truncated=not whole,
        sha256=hashlib.sha256(data).hexdigest() if whole else "",
    )
