"""``realcli profile``: difficulty from real rollouts, with infrastructure failures kept apart.

Each task runs ``k`` times with one agent (EXEC by default).  A trial counts
toward the pass rate only when it was *scored* (``trial_status``): the agent
or its model ending it, however badly, is the task's doing; an
infrastructure cause (engine, image, sandbox lost, model endpoint, the
task's own verifier breaking its contract ...) is not, and such trials are
counted apart and flag the task.  The pass rate of the scored trials puts
the task in a band: ``easy`` at or above ``Bands.easy``, ``hard`` at or
below ``Bands.hard``, ``medium`` between (the paper sends easy tasks back
for rework and keeps medium and hard ones).

``write_profile`` records ``difficulty`` and a ``[metadata.profile]`` table
in ``task.toml``, changing nothing else in the file.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Literal

from realcli import ConfigError
from realcli import events as ev
from realcli.eventlog import EventLog
from realcli.judging import load_run
from realcli.projections import trial_cause, trial_status
from realcli.runtime.agents import AgentFactory
from realcli.runtime.trials import OnTrial, RunMode, RunPlan, RunSettings, start_run
from realcli.runtime.users import ScriptedVoice
from realcli.taskformat import Task, TaskEnv, load_task

__all__ = ["Bands", "Difficulty", "TaskProfile", "profile_tasks", "set_table", "write_profile"]

Difficulty = Literal["easy", "medium", "hard"]
_HEADER: Final = re.compile(r"^\s*\[([^\[\]]+)\]\s*(?:#.*)?$")


@dataclass(frozen=True)
class Bands:
    """Pass-rate bands: ``easy`` when the rate is at least ``easy``, ``hard`` when at most ``hard``."""

    easy: float = 0.8
    hard: float = 0.2

    def __post_init__(self) -> None:
        if not 0.0 <= self.hard < self.easy <= 1.0:
            raise ConfigError(
                f"--bands easy={self.easy:g},hard={self.hard:g}: need 0 <= hard < easy <= 1 (e.g. easy=0.8,hard=0.2)"
            )

    @classmethod
    def parse(cls, text: str) -> Bands:
        """``easy=0.8,hard=0.2`` (either may be left out); a clear ``ConfigError`` otherwise."""
        values: dict[str, float] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, eq, number = part.partition("=")
            name = name.strip()
            if not eq or name not in ("easy", "hard") or name in values:
                raise ConfigError(f"--bands {text!r}: expected easy=RATE,hard=RATE (e.g. easy=0.8,hard=0.2)")
            try:
                values[name] = float(number)
            except ValueError:
                raise ConfigError(f"--bands {text!r}: {number.strip()!r} is not a number") from None
        return cls(**values)

    def classify(self, pass_rate: float) -> Difficulty:
        """The difficulty a pass rate falls in."""
        if pass_rate >= self.easy:
            return "easy"
        if pass_rate <= self.hard:
            return "hard"
        return "medium"


@dataclass
class TaskProfile:
    """One task's rollouts: scored trials, passes, and the infrastructure failures kept apart."""

    task_id: str
    root: Path
    scored: int = 0
    passed: int = 0
    infrastructure: Counter[str] = field(default_factory=Counter)  # cause -> trials
    difficulty: Difficulty | None = None

    @property
    def pass_rate(self) -> float | None:
        """The share of scored trials that passed; None without one."""
        return self.passed / self.scored if self.scored else None

    @property
    def flagged(self) -> bool:
        """Some trials failed for infrastructure reasons: the profile says less than k rollouts would."""
        return bool(self.infrastructure)

    @property
    def verdict(self) -> str:
        """What to do with the task, in the paper's terms."""
        if self.difficulty is None:
            return "no scored rollout: fix the infrastructure problem and profile again"
        return "send back for rework (too easy)" if self.difficulty == "easy" else "keep"


async def profile_tasks(
    log: EventLog,
    tasks: Sequence[Task],
    *,
    agent: ev.AgentInfo,
    make_agent: AgentFactory,
    k: int,
    run_id: str,
    bands: Bands = Bands(),
    mode: RunMode = "exec",
    concurrency: int = 4,
    on_trial: OnTrial | None = None,
    metric: str | None = None,
    task_env: TaskEnv | None = None,
) -> list[TaskProfile]:
    """Run ``k`` rollouts of every task (recorded as run ``run_id``) and profile each task.

    ``metric``: the ``reward.json`` metric that decides V when a verifier writes several (``--metric``);
    ``task_env``: the host variables the tasks' templates may read (``--task-env``).
    """
    plan = RunPlan(
        run_id=run_id,
        tasks=tasks,
        mode=mode,
        agent=agent,
        make_agent=make_agent,
        voice=lambda script, writer: ScriptedVoice(),
        attempts=k,
        concurrency=concurrency,
        judges=(),
        user_sim=ScriptedVoice.info,
        settings=RunSettings(metric=metric, task_env=task_env or TaskEnv()),
    )
    await start_run(log, plan, on_trial=on_trial)
    facts = await load_run(log, run_id)
    profiles = {t.task_id: TaskProfile(task_id=t.task_id, root=t.root) for t in tasks}
    for trial in facts.trials.values():
        profile = profiles[trial.task_id]
        if trial_status(trial) == "scored":
            profile.scored += 1
            profile.passed += int((trial.verifier.reward or 0.0) >= 1.0) if trial.verifier is not None else 0
        else:
            profile.infrastructure[trial_cause(trial) or trial_status(trial)] += 1
    for profile in profiles.values():
        rate = profile.pass_rate
        profile.difficulty = bands.classify(rate) if rate is not None else None
    return [profiles[t.task_id] for t in tasks]


def write_profile(profile: TaskProfile, *, agent: str, k: int, date: str | None = None) -> Task:
    """Record ``difficulty`` and ``[metadata.profile]`` in the task's ``task.toml``; the rest stays byte for byte.

    Returns the task as the loader reads it back (so a file the loader would
    refuse is caught here).  A task without a scored rollout keeps its
    difficulty; only the profile table is written.
    """
    path = profile.root / "task.toml"
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    if profile.difficulty is not None:
        text = _set_difficulty(text, profile.difficulty)
    rate = profile.pass_rate
    table = [
        "[metadata.profile]",
        f"agent = {_quote(agent)}",
        f"k = {k}",
        f"pass_rate = {round(rate, 4) if rate is not None else -1}",
        f"scored = {profile.scored}",
        f"infrastructure_failures = {sum(profile.infrastructure.values())}",
        f"date = {_quote(date or time.strftime('%Y-%m-%d', time.gmtime()))}",
    ]
    text = set_table(text, "metadata.profile", "\n".join(table) + "\n")
    path.write_text(text, encoding="utf-8")
    return load_task(profile.root)


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _sections(lines: list[str]) -> list[tuple[str, int, int]]:
    """(table name, header line index, end index) of every ``[table]``; the root table is ``""``."""
    heads = [(m.group(1).strip(), i) for i, line in enumerate(lines) if (m := _HEADER.match(line))]
    out = []
    starts = [("", -1), *heads]
    for n, (name, start) in enumerate(starts):
        end = starts[n + 1][1] if n + 1 < len(starts) else len(lines)
        out.append((name, start, end))
    return out


def _set_difficulty(text: str, difficulty: str) -> str:
    lines = text.splitlines(keepends=True)
    line = f'difficulty = "{difficulty}"\n'
    for name, start, end in _sections(lines):
        if name != "metadata":
            continue
        for i in range(start + 1, end):
            if re.match(r"\s*difficulty\s*=", lines[i]):
                lines[i] = line
                return "".join(lines)
        lines.insert(start + 1, line)
        return "".join(lines)
    sep = "" if not text or text.endswith("\n") else "\n"
    return f"{text}{sep}\n[metadata]\n{line}"


def set_table(text: str, table: str, block: str) -> str:
    """``text`` (a TOML file) with the table ``table`` replaced by ``block``, or ``block`` appended; every
    other byte kept (comments and order included)."""
    lines = text.splitlines(keepends=True)
    for name, start, end in _sections(lines):
        if name == table:
            # Keep the blank lines that separate it from the next table.
            while end - 1 > start and not lines[end - 1].strip():
                end -= 1
            return "".join([*lines[:start], block, *lines[end:]])
    sep = "" if not text or text.endswith("\n") else "\n"
    return f"{text}{sep}\n{block}"
