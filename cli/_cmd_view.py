"""``realcli view``: serve the live web viewer of a log."""

from __future__ import annotations

import signal
from collections.abc import AsyncIterator
from typing import Annotated

import anyio
import typer

from realcli import events as ev
from realcli.cli._app import app, console, err_console
from realcli.cli._common import LogOption, run_async
from realcli.eventlog import open_log
from realcli.viewer import DEFAULT_HOST, DEFAULT_PORT, Viewer, is_loopback


@app.command("view")
def view_cmd(
    run_id: Annotated[str | None, typer.Argument(metavar="RUN", help="Open this run's page.")] = None,
    host: Annotated[str, typer.Option("--host", help="Address to listen on (loopback by default).")] = DEFAULT_HOST,
    port: Annotated[int, typer.Option("--port", help="Port to listen on (0: any free port).")] = DEFAULT_PORT,
    log: LogOption = None,
) -> None:
    """Serve a live web viewer of the log's runs, trials and scores (Ctrl-C to stop)."""
    if run_id is not None:
        ev.check_token(run_id, "run id")
    if not is_loopback(host):
        err_console.print(
            f"warning: --host {host} is not a loopback address: anyone who can reach it can read every run "
            "in the log through the viewer (there is no login)",
            markup=False,
            soft_wrap=True,
        )
    run_async(_view, log, host, port, run_id)


async def _view(url: str | None, host: str, port: int, run_id: str | None) -> None:
    # Signals first: a Ctrl-C while a big log is being folded stops the viewer cleanly too.
    with anyio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
        async with anyio.create_task_group() as tg:
            tg.start_soon(_stop_on_signal, signals, tg.cancel_scope)
            await _serve(url, host, port, run_id)
    err_console.print("realcli view: stopped", markup=False)


async def _stop_on_signal(signals: AsyncIterator[int], scope: anyio.CancelScope) -> None:
    async for _ in signals:
        scope.cancel()
        return


async def _serve(url: str | None, host: str, port: int, run_id: str | None) -> None:
    async with open_log(url, create=False, role="read") as log, Viewer.start(log, host=host, port=port) as viewer:
        if run_id is not None and run_id not in viewer.state.runs:
            raise ev.unknown_run(run_id, log.url, sorted(viewer.state.runs))
        page = f"{viewer.url}/runs/{run_id}" if run_id is not None else f"{viewer.url}/"
        console.print(f"realcli view: {log.url} at {page} (Ctrl-C to stop)", markup=False, soft_wrap=True)
        await anyio.sleep_forever()
