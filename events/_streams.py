"""Stream names: one stream per actor per trial, so every stream has one writer.

``<run>.run``                   the run coordinator (run and trial scheduling)
``<run>.<trial>.<actor>``       supervisor | agent | user | sandbox
``<run>.judge.<judge_id>``      every verdict of one judge over a run

Each dot-separated token is ``[A-Za-z0-9_-]+`` so a stream name is also a
valid NATS subject suffix.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final, Literal

from realcli._errors import ConfigError, NotFoundError

Actor = Literal["supervisor", "agent", "user", "sandbox"]
ACTORS: Final[tuple[Actor, ...]] = ("supervisor", "agent", "user", "sandbox")
_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]+")


def check_token(value: str, what: str) -> str:
    """Return ``value`` if it can be a stream-name token, else raise ``ConfigError``."""
    if not _TOKEN.fullmatch(value):
        raise ConfigError(f"{what} {value!r} is not usable: use letters, digits, '-' and '_' only")
    return value


def run_stream(run_id: str) -> str:
    """The name of a run's own stream (``<run>.run``); raises ``ConfigError`` for a run id that is not a valid token."""
    return f"{check_token(run_id, 'run id')}.run"


def trial_stream(run_id: str, trial_id: str, actor: Actor) -> str:
    """The name of one actor's stream in a trial (``<run>.<trial>.<actor>``); raises
    ``ConfigError`` for an invalid id."""
    return f"{check_token(run_id, 'run id')}.{check_token(trial_id, 'trial id')}.{actor}"


def judge_stream(run_id: str, judge_id: str) -> str:
    """The name of one judge's stream of a run (``<run>.judge.<judge_id>``); raises
    ``ConfigError`` for an invalid id."""
    return f"{check_token(run_id, 'run id')}.judge.{check_token(judge_id, 'judge id')}"


def check_stream(stream: str) -> str:
    """Validate a full stream name (two or more tokens, the first is the run id)."""
    parts = stream.split(".")
    if len(parts) < 2 or not all(_TOKEN.fullmatch(p) for p in parts):
        raise ConfigError(
            f"stream name {stream!r} is not usable: expected '<run>.<name>[.<name>...]' "
            "with letters, digits, '-' and '_' in each part"
        )
    return stream


def run_of(stream: str) -> str:
    """The run id a stream belongs to."""
    return stream.split(".", 1)[0]


def trial_of(stream: str) -> str | None:
    """The trial id of a trial stream, or ``None`` for run and judge streams."""
    parts = stream.split(".")
    if len(parts) == 3 and parts[1] != "judge":
        return parts[1]
    return None


def unknown_run(run_id: str, log_url: str, known: Sequence[str]) -> NotFoundError:
    """The error for a run that is not in the log at ``log_url``, naming the latest ``known`` runs."""
    hint = f"known runs: {', '.join(known[-5:])}" if known else "the log has no runs yet"
    return NotFoundError(f"run {run_id!r} is not in {log_url} ({hint})")
