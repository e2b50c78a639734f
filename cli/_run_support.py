"""What the trial-running commands share: loading a suite, progress, signals, the summary and its exit code."""

from __future__ import annotations

import signal
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeVar

import anyio
import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from realcli import ConfigError, TaskFormatError
from realcli import events as ev
from realcli.cli._app import console, err_console
from realcli.cli._common import run_async
from realcli.cli._report_term import terminal
from realcli.eventlog import EventLog
from realcli.judging import load_run
from realcli.projections import Report, report, report_document
from realcli.taskformat import Task, find_tasks, load_task

if TYPE_CHECKING:  # the runtime (actors, Docker) is imported by the commands that run trials, not by `realcli`
    from realcli.runtime import ModelOptions, RunResult, TrialOutcome, VoiceFactory


T = TypeVar("T")


def load_suite(paths: list[Path]) -> tuple[list[Task], list[tuple[Path, str]]]:
    """Load every task under ``paths``; one line for each task that fails to load, which is skipped.

    When nothing loads: the one task's error (one line), or every skipped
    line and exit 1.  The caller lists the skipped tasks again in its
    summary (``report_skipped``).
    """
    loaded: list[Task] = []
    skipped: list[tuple[Path, str]] = []
    for path in find_tasks(paths):
        try:
            loaded.append(load_task(path))
        except TaskFormatError as e:
            if len(paths) == 1 and path == paths[0]:
                raise  # one task asked for: its error is the answer
            skipped.append((path, str(e)))
    for _, message in skipped:
        err_console.print(f"skipped: {message}", markup=False, soft_wrap=True)
    if not loaded:
        err_console.print("no task loaded: nothing to run", markup=False)
        raise typer.Exit(1)
    return loaded, skipped


def report_skipped(skipped: list[tuple[Path, str]]) -> None:
    """The summary's list of tasks that failed to load; exits 1 when there are any."""
    if not skipped:
        return
    console.print(f"{len(skipped)} task(s) skipped because they failed to load:", markup=False)
    for _, message in skipped:
        console.print(f"  {message}", markup=False, soft_wrap=True)
    raise typer.Exit(1)


# --------------------------------------------------------------------------- helpers


def _voice(kind: str, options: ModelOptions) -> tuple[VoiceFactory, ev.UserSimInfo]:
    from realcli.runtime import user_simulator

    if kind not in ev.USER_SIMULATORS:
        raise typer.BadParameter(f"expected {' or '.join(ev.USER_SIMULATORS)}", param_hint="--user-sim")
    return user_simulator(kind, lambda: options.endpoint("REALCLI_USER"))


async def _headline(log: EventLog, run_id: str) -> Report:
    """The paper's headline numbers for the summary, from the log (the report's own fold)."""
    facts = await load_run(log, run_id)
    return report(facts, judge_id="rules" if "rules" in facts.judges else None, resamples=0)


async def _until_signal(work: Awaitable[T], *, detach: str | None = None) -> T:
    """Run ``work``; SIGINT or SIGTERM cancels it cleanly (containers removed, log consistent).

    ``detach``: the work only follows run ``detach`` (its trials run elsewhere), which goes on.
    """
    result: list[T] = []
    async with anyio.create_task_group() as tg:

        async def watch() -> None:
            with anyio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
                async for _ in signals:
                    if detach is None:
                        err_console.print("stopping: removing containers and recording the interruption ...")
                    else:
                        err_console.print(
                            f"stopped following run {detach}; its workers carry on: `realcli wait {detach}` re-attaches"
                        )
                    tg.cancel_scope.cancel()
                    return

        async def main() -> None:
            result.append(await work)
            tg.cancel_scope.cancel()

        tg.start_soon(watch)
        tg.start_soon(main)
    if not result:
        raise typer.Exit(130)
    return result[0]


class _TrialProgress:
    """A live bar of finished trials with pass / fail / infrastructure-error counts."""

    def __init__(self) -> None:
        self.counts = {"pass": 0, "fail": 0, "error": 0}
        self._bar: Progress | None = None
        self._task: TaskID | None = None

    def attach(self, bar: Progress, total: int | None) -> None:
        self._bar = bar
        self._task = bar.add_task("trials", total=total, **self.counts)  # type: ignore[arg-type]

    def set_total(self, total: int) -> None:
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, total=total)

    def trial(self, outcome: TrialOutcome) -> None:
        self.counts[_verdict(outcome)] += 1
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, advance=1, **self.counts)  # type: ignore[arg-type]


def _with_progress(
    total: int | None,
    go: Callable[[Callable[[TrialOutcome], None]], Awaitable[T]],
    progress: _TrialProgress | None = None,
) -> T:
    progress = progress or _TrialProgress()
    columns = (
        TextColumn("[bold]trials"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(
            "[green]{task.fields[pass]} pass[/] [red]{task.fields[fail]} fail[/] [yellow]{task.fields[error]} infra[/]"
        ),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=err_console, transient=False) as bar:
        progress.attach(bar, total)
        return run_async(go, progress.trial)


def _key_values(pairs: list[str], option: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"{option} {pair!r}: expected KEY=VALUE")
        out[key.strip()] = value.strip()
    return out


def _verdict(outcome: TrialOutcome) -> Literal["pass", "fail", "error"]:
    if outcome.reason in ev.RESUMABLE_REASONS or outcome.reward is None:
        return "error"
    return "pass" if outcome.reward >= 1.0 else "fail"


# `realcli run`/`resume` exit status when trials ended in infrastructure errors (scores rest on fewer trials).
INFRASTRUCTURE_EXIT = 3


# The report's sections the run summary shows (the rest: `realcli report`).
SUMMARY_SECTIONS = ("headline", "dimensions")


def _summarize(result: RunResult, headline: Report) -> int:
    """Print the run's table and scores; returns how many trials ended in infrastructure errors."""
    table = Table("task", "mode", "trial", "end", "reward", title=f"run {result.run_id}")
    for o in sorted(result.outcomes, key=lambda o: (o.task_id, o.mode, o.trial_id)):
        reward = "-" if o.reward is None else f"{o.reward:g}"
        end = o.cause if not o.detail else f"{o.cause}: {o.detail[:60]}"
        table.add_row(escape(o.task_id), o.mode, escape(o.trial_id), escape(end), reward)
    console.print(table)
    for renderable in terminal(report_document(headline), SUMMARY_SECTIONS):
        console.print(renderable)
    errors = sum(_verdict(o) == "error" for o in result.outcomes)
    if errors:
        console.print(
            f"{errors} trial(s) ended in infrastructure errors (not scored): `realcli resume {result.run_id}`"
        )
    console.print(
        f"run id: {result.run_id}  (full report: realcli report {result.run_id} --format html -o report.html)"
    )
    if result.interrupted:
        raise typer.Exit(130)
    return errors
