"""What every command shares: the ``--log`` option and running async code."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar

import anyio
import typer

from realcli.eventlog import ENV_VAR, NATS_CREDS_ENV

_CREDS_DIR = "~/.config/realcli/nats/"

T = TypeVar("T")

LogOption = Annotated[
    str | None,
    typer.Option(
        "--log",
        help=f"Event log: sqlite:PATH or nats://HOST:PORT[?stream=NAME&outage=SEC] (default: ${ENV_VAR} or "
        f"sqlite:runs/realcli.db). NATS credentials: ${NATS_CREDS_ENV}, or the command's role in {_CREDS_DIR} "
        "(README, NATS credentials).",
        show_default=False,
    ),
]


def log_url(value: str | None) -> str | None:
    """The ``--log`` value as given; ``None`` lets ``open_log`` apply the default."""
    return value


def run_async(fn: Callable[..., Awaitable[T]], *args: Any) -> T:
    """Run a coroutine function on the asyncio backend; Ctrl-C exits 130 with one line."""
    try:
        return anyio.run(fn, *args)
    except KeyboardInterrupt:
        print("realcli: interrupted", file=sys.stderr)
        raise typer.Exit(130) from None
