"""What the trial-running commands share: loading a suite, progress, signals, the summary and its exit code."""

from __future__ import annotations

import re
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal, TypeVar

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
from realcli.taskformat import Task, TaskEnv, find_tasks, load_task

if TYPE_CHECKING:  # the runtime (actors, Docker) is imported by the commands that run trials, not by `realcli`
    from realcli.runtime import ModelOptions, RunResult, TrialOutcome, VoiceFactory


T = TypeVar("T")


def load_suite(
    paths: list[Path], task_env: TaskEnv, *, oracle: bool = False, sample: int | None = None
) -> tuple[list[Task], list[tuple[Path, str]]]:
    """Load every task under ``paths``; one line for each task that fails to load, which is skipped.

    A task whose ``${VAR}`` templates ``task_env`` cannot resolve (a variable
    not opted into and without a default, unset, or secret-like) fails to load;
    with ``oracle`` (the oracle will run), so does one without a reference
    solution, as Harbor's oracle refuses it.
    When nothing loads: the one task's error (one line), or every skipped
    line and exit 1.  The caller lists the skipped tasks again in its
    summary (``report_skipped``).  With ``sample``, only that many of the
    loaded tasks, spread over their categories (``sample_tasks``), named in one line.
    """
    loaded: list[Task] = []
    skipped: list[tuple[Path, str]] = []
    for path in find_tasks(paths):
        try:
            task = load_task(path)
            task_env.check(task)
            if oracle:
                check_solution(task)
            loaded.append(task)
        except TaskFormatError as e:
            if len(paths) == 1 and path == paths[0]:
                raise  # one task asked for: its error is the answer
            skipped.append((path, str(e)))
    for _, message in skipped:
        err_console.print(f"skipped: {message}", markup=False, soft_wrap=True)
    if not loaded:
        err_console.print("no task loaded: nothing to run", markup=False)
        raise typer.Exit(1)
    if sample is not None and sample < len(loaded):
        from realcli.runtime import sample_tasks

        loaded = sample_tasks(loaded, sample)
        err_console.print(f"a sample of {sample}: {', '.join(t.task_id for t in loaded)}", soft_wrap=True)
    return loaded, skipped


def check_solution(task: Task) -> None:
    """``TaskFormatError`` (one line) when the oracle has nothing to run: no ``solution/solve.sh``, or a step
    with neither its own ``steps/<name>/solution/solve.sh`` nor the task's."""
    top = task.solution_dir / "solve.sh"
    missing = [task.step_dir(s.name) / "solution" / "solve.sh" for s in task.spec.steps]
    missing = [p for p in missing if not p.is_file() and not top.is_file()]
    if not task.spec.steps and not top.is_file():
        missing = [top]
    if missing:
        raise TaskFormatError(
            f"{missing[0]}: missing; the oracle runs the task's reference solution (Harbor's oracle refuses such a "
            "task too): run it with another agent"
        )


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
    from realcli.runtime import USER_SIMULATORS, user_simulator

    if kind not in USER_SIMULATORS:
        raise typer.BadParameter(f"expected {USER_SIMULATORS.describe()}", param_hint="--user-sim")
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


_DETAIL_CELL = 60  # characters of an end's detail the table shows; the whole detail is printed below it

# Causes that may not recur: running the trial again (`realcli resume`) is the fix.
_TRANSIENT: Final = frozenset(
    {
        "engine_error",
        "sandbox_lost",
        "model_unavailable",
        "gateway_error",
        "log_unavailable",
        "harness_error",
        "infrastructure_unrecorded",
        "cancelled",
    }
)
_METRIC_ERROR = re.compile(r"reward\.json has (several metrics|no metric)")


def _clip(detail: str) -> str:
    """``detail`` for the table: whole, or cut at a word with a pointer to the full text below the table."""
    if len(detail) <= _DETAIL_CELL:
        return detail
    cut = detail[:_DETAIL_CELL].rsplit(" ", 1)[0] or detail[:_DETAIL_CELL]
    return cut + " ... (in full below)"


def _fixes(run_id: str, errors: list[TrialOutcome]) -> list[str]:
    """What will help each kind of infrastructure error: a resume for transient causes, the fix for the others."""
    groups: dict[str, list[TrialOutcome]] = {}
    for o in errors:
        if o.cause in _TRANSIENT:
            kind = "transient"
        elif _METRIC_ERROR.search(o.detail):
            kind = "metric"
        else:
            kind = o.cause
        groups.setdefault(kind, []).append(o)
    resume = f"`realcli resume {run_id}`"
    advice = {
        "transient": f"may not happen again: {resume} runs them again",
        "metric": f"their verifier wrote several metrics and none was chosen: {resume} --metric NAME "
        "(or set [verifier] metric in the task's task.toml, then resume)",
        "image_error": f"had no image: fix what the error names (the Dockerfile, --image-map, `docker load`), "
        f"then {resume}; resuming alone builds the same thing again",
        "task_error": f"met a task that breaks the task format: fix the task as the error says, then {resume}",
    }
    lines = []
    for kind, group in groups.items():
        causes = ", ".join(sorted({o.cause for o in group}))
        fix = advice.get(kind, f"fix what the error says, then {resume}")
        lines.append(f"{len(group)} trial(s) ({causes}) {fix}")
    return lines


def _summarize(result: RunResult, headline: Report | None) -> int:
    """Print the run's table and scores; returns how many trials ended in infrastructure errors.

    A run whose log was lost for good gets one line (the log cannot be read
    for a summary) and counts as infrastructure errors.
    """
    if result.lost or headline is None:
        err_console.print(f"realcli: error: {result.lost or 'the log is unavailable'}", markup=False, soft_wrap=True)
        return max(1, len(result.outcomes))
    table = Table("task", "mode", "trial", "end", "reward", title=f"run {result.run_id}")
    outcomes = sorted(result.outcomes, key=lambda o: (o.task_id, o.mode, o.trial_id))
    for o in outcomes:
        reward = "-" if o.reward is None else f"{o.reward:g}"
        end = o.cause if not o.detail else f"{o.cause}: {_clip(o.detail)}"
        table.add_row(escape(o.task_id), o.mode, escape(o.trial_id), escape(end), reward)
    console.print(table)
    for o in outcomes:
        if len(o.detail) > _DETAIL_CELL:
            console.print(f"{o.trial_id}: {o.cause}: {o.detail}", markup=False, soft_wrap=True)
    for renderable in terminal(report_document(headline), SUMMARY_SECTIONS):
        console.print(renderable)
    errors = [o for o in result.outcomes if _verdict(o) == "error"]
    if errors:
        console.print(f"{len(errors)} trial(s) ended in infrastructure errors (not scored):", markup=False)
        for line in _fixes(result.run_id, errors):
            console.print(f"  {line}", markup=False, soft_wrap=True)
    if result.outages:
        longest = max(o.down_sec for o in result.outages)
        console.print(
            f"the log was unreachable {len(result.outages)} time(s) during the run (longest {longest:.0f} s, "
            f"bound {result.outages[0].bound_sec:.0f} s) and the run rode it out (LogRecovered in the log)",
            markup=False,
        )
    if result.head:
        console.print(
            f"run head: {result.head} (`realcli verify {result.run_id} --head {result.head}` checks later that "
            "the log still holds this run as it was written)",
            markup=False,
            soft_wrap=True,
        )
    console.print(
        f"run id: {result.run_id}  (full report: realcli report {result.run_id} --format html -o report.html)"
    )
    if result.interrupted:
        raise typer.Exit(130)
    return len(errors)
