"""What every command shares: the ``--log`` option and running async code."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar

import anyio
import typer

from realcli import ConfigError, Registry
from realcli.eventlog import ENV_VAR, LOG_BACKENDS, NATS_CREDS_ENV

_CREDS_DIR = "~/.config/realcli/nats/"

T = TypeVar("T")


def listed(registry: Registry[Any], last: str = " or ", forms: bool = False) -> str:
    """A registry's names (``forms``: its entries' help, as a log URL's form) for a help text.

    Help texts are made when the command line starts: a plug-in that clashes with another entry
    must not stop every command, so they then list the built-in entries (``realcli extensions``
    and any command that uses the registry say what is wrong).
    """
    try:
        entries = registry.extensions()
    except ConfigError:
        entries = registry.built_ins()
    words = [(e.help or f"{e.name}:...") if forms else e.name for e in entries]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + last + words[-1]


LogOption = Annotated[
    str | None,
    typer.Option(
        "--log",
        help=f"Event log: {listed(LOG_BACKENDS, forms=True)} (default: ${ENV_VAR} or "
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
