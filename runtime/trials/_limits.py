"""A task whose events cannot fit the log is refused when it loads, never recorded as something else.

The largest event a trial appends is its ``TrialStarted``, which embeds the
task (``TaskSpec``: instruction, script, oracle, steps).  A NATS server holds
at most ``max_payload`` bytes per message (1 MB unless configured), and one
append is one message: a task that does not fit would start a trial that can
record nothing.  So a run checks every task against the log's limit before
it records anything, and names the file that makes the task too large.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

import msgspec

from realcli.eventlog import EventLog
from realcli.taskformat import Task

__all__ = ["oversized", "too_large"]

# What TrialStarted carries besides the task (agent, budgets, ids), with room to spare.
_OVERHEAD: Final = 4096


def too_large(task: Task, log: EventLog) -> str | None:
    """Why ``task`` cannot be recorded in ``log`` (one line naming the file and the limit), or None."""
    limit = log.max_event_bytes
    if limit is None:
        return None
    size = _size(task.spec) + _OVERHEAD
    if size <= limit:
        return None
    part, path, part_size = max(_parts(task), key=lambda p: p[2])
    return (
        f"task {task.task_id}: its trials would record {_mb(size)} in one event (TrialStarted: the task's "
        f"{part}, {path}, is {_mb(part_size)}), over the {_mb(limit)} a message of the log at {log.url} holds: "
        "shorten that file, or raise max_payload in the NATS server's configuration (at most 64 MB)"
    )


def oversized(tasks: Iterable[Task], log: EventLog) -> list[tuple[Task, str]]:
    """The tasks ``log`` cannot record, each with its one-line reason."""
    return [(task, reason) for task in tasks if (reason := too_large(task, log)) is not None]


def _parts(task: Task) -> list[tuple[str, Path, int]]:
    """The pieces of a task's snapshot, the file each comes from, and their encoded sizes."""
    spec = task.spec
    parts = [
        ("instruction", task.root / "instruction.md", _size(spec.instruction)),
        ("configuration", task.root / "task.toml", _size(spec.config)),
    ]
    if spec.script is not None:
        parts.append(("interaction script", task.interaction_dir or task.root / "interaction", _size(spec.script)))
    if spec.oracle is not None:
        parts.append(("oracle contract", task.interaction_dir or task.root / "interaction", _size(spec.oracle)))
    parts += [
        (f"step {step.name}'s instruction", task.step_dir(step.name) / "instruction.md", _size(step.instruction))
        for step in spec.steps
    ]
    return parts


def _size(value: Any) -> int:
    return len(msgspec.json.encode(value))


def _mb(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size >= 100_000 else f"{size:,} bytes"
