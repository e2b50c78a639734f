"""The ``realcli`` commands.  Each is a thin shell over the library layers."""

from __future__ import annotations

import sys
from contextlib import aclosing
from pathlib import Path
from typing import Annotated

import anyio
import msgspec
import typer
from rich.table import Table

from realcli import NotFoundError
from realcli import events as ev
from realcli.cli._common import LogOption, log_url, run_async
from realcli.cli._render import render_line
from realcli.cli._terminal import SafeConsole, json_safe, visible_text
from realcli.eventlog import EventLog, Verification, export_run, import_archive, open_log, verify_run
from realcli.judging import require_run, run_status

app = typer.Typer(
    name="realcli",
    help="RealCLI: paired EXEC/COLLAB evaluation of CLI agents, on an event-sourced runtime.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
# Piped output (CI logs, files) gets a wide console instead of rich's 80 columns.  Both show recorded
# text's control characters and escape sequences instead of obeying them (cli/_terminal.py).
console = SafeConsole(highlight=False, width=None if sys.stdout.isatty() else 160)
err_console = SafeConsole(stderr=True, highlight=False, width=None if sys.stderr.isatty() else 160)


# ------------------------------------------------------------------ tail


@app.command()
def tail(
    run_id: Annotated[str, typer.Argument(metavar="RUN", help="Run id to show.")],
    follow: Annotated[
        bool, typer.Option("--follow", "-f", help="Keep printing new events until the run finishes.")
    ] = False,
    trial: Annotated[str | None, typer.Option("--trial", help="Only this trial's events.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per line instead of text.")] = False,
    grace: Annotated[
        float,
        typer.Option(
            "--grace", min=0, help="With --follow: how long to wait for a run the log does not hold yet (seconds)."
        ),
    ] = 30.0,
    log: LogOption = None,
) -> None:
    """Print a run's events as they are appended, from this or another process or machine."""
    run_async(_tail, log_url(log), run_id, follow, trial, as_json, grace)


async def _tail(url: str, run_id: str, follow: bool, trial: str | None, as_json: bool, grace: float) -> None:
    ev.check_token(run_id, "run id")
    if trial is not None:
        ev.check_token(trial, "trial id")
    async with open_log(url, create=follow, role="read") as log:
        if not follow:
            await require_run(log, run_id)
        elif run_id not in await log.runs():
            err_console.print(f"waiting up to {grace:g} s for run {run_id} to start in {log.url} ...", soft_wrap=True)
            await _await_run(log, run_id, grace)
        if follow and trial is not None:
            await _await_trial(log, run_id, trial, grace)
        scope = run_id if trial is None else f"{run_id}.{trial}"
        # The end is the run's (or trial's) last RunFinished (TrialFinished) from now on: one
        # already followed by a resume (a retry) is not the end.
        last = ev.run_stream(run_id) if trial is None else ev.trial_stream(run_id, trial, "supervisor")
        end_from = await log.stream_version(last) if follow else 0
        records = log.subscribe(0, scope) if follow else log.read_all(0, scope)
        encoder = msgspec.json.Encoder()
        async for rec in records:
            if as_json:
                line = {"stream": rec.stream, "version": rec.version, "event": ev.to_builtins(rec.event)}
                sys.stdout.write(json_safe(encoder.encode(line).decode()) + "\n")
            else:
                sys.stdout.write(render_line(rec) + "\n")
            sys.stdout.flush()
            if follow and rec.stream == last and rec.version >= end_from and _finished(rec.event, trial):
                return


async def _await_run(log: EventLog, run_id: str, grace: float) -> None:
    """Return once the log holds ``run_id`` (its first event arrives); ``NotFoundError`` after ``grace`` seconds."""
    with anyio.move_on_after(grace):
        async with aclosing(log.subscribe(0, run_id)) as records:  # type: ignore[type-var]
            async for _ in records:
                return
    unknown = ev.unknown_run(run_id, log.url, await log.runs())
    raise NotFoundError(f"{unknown} after {grace:g} s of waiting for it to start (--grace SEC waits longer)")


async def _await_trial(log: EventLog, run_id: str, trial: str, grace: float) -> None:
    """Return once ``trial`` of ``run_id`` has events, or is scheduled (it starts when its turn comes);
    ``NotFoundError`` after ``grace`` seconds for a trial the run does not know."""
    scope = f"{run_id}.{trial}"
    if await log.streams(scope):
        return
    scheduled = [
        rec.event.trial_id async for rec in log.read(ev.run_stream(run_id)) if isinstance(rec.event, ev.TrialScheduled)
    ]
    if trial in scheduled:
        return
    err_console.print(f"waiting up to {grace:g} s for trial {trial} of run {run_id} to start ...", soft_wrap=True)
    with anyio.move_on_after(grace):
        async with aclosing(log.subscribe(0, scope)) as records:  # type: ignore[type-var]
            async for _ in records:
                return
    known = ", ".join(scheduled[:10]) + (", ..." if len(scheduled) > 10 else "") or "none"
    raise NotFoundError(
        f"run {run_id} has no trial {trial!r} (its trials: {known}) after {grace:g} s of waiting for it to start "
        "(--grace SEC waits longer)"
    )


def _finished(event: ev.DecodedEvent, trial: str | None) -> bool:
    """The end of a followed run: its ``RunFinished`` (a distributed run's coordinator writes none when it
    stops following; the run ends when its last trial does, see ``realcli wait``)."""
    if trial is None:
        return isinstance(event, ev.RunFinished)
    return isinstance(event, ev.TrialFinished) and event.trial_id == trial


# ---------------------------------------------------------------- archives


@app.command("export")
def export_cmd(
    run_id: Annotated[str, typer.Argument(metavar="RUN")],
    output: Annotated[Path, typer.Option("-o", "--output", help="Archive file (.jsonl, or .jsonl.gz to compress).")],
    log: LogOption = None,
) -> None:
    """Write a run to one portable archive file (JSON Lines)."""
    count = run_async(_export, log_url(log), run_id, output)
    err_console.print(f"exported {count} events of run {run_id} to {output}")


async def _export(url: str, run_id: str, output: Path) -> int:
    async with open_log(url, create=False, role="read") as log:
        return await export_run(log, run_id, output)


@app.command("import")
def import_cmd(
    archive: Annotated[Path, typer.Argument(metavar="FILE", help="Archive written by `realcli export`.")],
    log: LogOption = None,
) -> None:
    """Load a run archive into a log (either backend)."""
    run_id, count = run_async(_import, log_url(log), archive)
    err_console.print(f"imported run {run_id} ({count} events)")


async def _import(url: str, archive: Path) -> tuple[str, int]:
    if not await anyio.Path(archive).exists():
        raise NotFoundError(f"archive {archive} does not exist")
    async with open_log(url) as log:
        return await import_archive(log, archive)


# -------------------------------------------------------------------- runs


@app.command()
def runs(log: LogOption = None) -> None:
    """List the runs in a log with their status (from the trials: finished when every trial is)."""
    rows = run_async(_runs, log_url(log))
    table = Table("run", "mode", "agent", "tasks", "status")
    for row in rows:
        table.add_row(*(visible_text(cell) for cell in row))
    console.print(table)


async def _runs(url: str) -> list[tuple[str, str, str, str, str]]:
    rows = []
    async with open_log(url, create=False, role="read") as log:
        for run_id in await log.runs():
            mode = agent = tasks = ""
            async for rec in log.read(ev.run_stream(run_id)):
                if isinstance(rec.event, ev.RunStarted):
                    mode, agent, tasks = rec.event.mode, rec.event.agent.name, str(len(rec.event.tasks))
                    break
            status = (await run_status(log, run_id)).describe() if mode else "no RunStarted"
            rows.append((run_id, mode, agent, tasks, status))
    return rows


# ------------------------------------------------------------------ verify

VERIFY_BROKEN_EXIT = 4


@app.command()
def verify(
    run_id: Annotated[str, typer.Argument(metavar="RUN", help="Run id to verify.")],
    head: Annotated[
        str | None,
        typer.Option(
            "--head",
            metavar="HEX",
            help="A run head taken earlier (`realcli run` prints it): it must still be on the run's chain.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The findings as one JSON object.")] = False,
    log: LogOption = None,
) -> None:
    """Check a run end to end: every stream's hash chain, every seal, and (--head) the head taken earlier.

    Exit 0 when it holds (or the run was recorded before chains), 4 when it does not.
    """
    ev.check_token(run_id, "run id")
    if head is not None and not _is_digest(head):
        raise typer.BadParameter("expected the 64 hexadecimal digits `realcli run` printed", param_hint="--head")
    result = run_async(_verify, log_url(log), run_id, head)
    if as_json:
        sys.stdout.write(msgspec.json.encode(result).decode() + "\n")
    else:
        console.print(result.summary(), markup=False, soft_wrap=True)
        for problem in result.problems[:50]:
            console.print(f"  {problem}", markup=False, soft_wrap=True)
        if len(result.problems) > 50:
            console.print(f"  ... and {len(result.problems) - 50} more", markup=False)
        for note in result.notes:
            console.print(f"  note: {note}", markup=False, soft_wrap=True)
    if not result.intact:
        raise typer.Exit(VERIFY_BROKEN_EXIT)


async def _verify(url: str | None, run_id: str, head: str | None) -> Verification:
    async with open_log(url, create=False, role="read") as log:
        await require_run(log, run_id)
        return await verify_run(log, run_id, head=head)


def _is_digest(text: str) -> bool:
    return len(text) == 64 and all(c in "0123456789abcdefABCDEF" for c in text)
