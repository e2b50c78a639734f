"""``realcli nats-setup``: the NATS server's configuration and one credential per role (README, NATS credentials)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from realcli.cli._app import app, console
from realcli.eventlog import config_dir, write_setup


@app.command("nats-setup")
def nats_setup(
    directory: Annotated[
        Path | None,
        typer.Option("--dir", help="Where to write (default: ~/.config/realcli, or $XDG_CONFIG_HOME/realcli)."),
    ] = None,
    renew: Annotated[
        bool, typer.Option("--renew", help="New keys: every credential issued before stops working.")
    ] = False,
) -> None:
    """Write the NATS server's configuration and the credentials of each role (read, worker, run), mode 0600.

    Keys already there are kept and the credentials issued again; --renew replaces them (restart the
    server with the new configuration).
    """
    target = directory or config_dir()
    written = write_setup(target, renew=renew)
    for path in written:
        console.print(f"wrote {path}", markup=False)
    console.print(
        f"start the server with: nats-server -js -sd /var/lib/realcli-nats -c {target / 'nats-server.conf'}\n"
        f"on a worker machine, put worker.creds and orders.key in ~/.config/realcli/nats/ (mode 0600); "
        f"on a machine that only reads, read.creds",
        markup=False,
    )
