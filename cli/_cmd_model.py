"""``realcli model serve``: a real model on loopback, offline (llama.cpp through the ``local`` extra)."""

from __future__ import annotations

import signal
from typing import Annotated

import anyio
import typer

from realcli.cli._app import app, console, err_console
from realcli.cli._common import run_async
from realcli.models import DEFAULT_LOCAL_MODEL, LocalModelServer, resolve_local_model

model_app = typer.Typer(name="model", help="Local models: serve a GGUF model on loopback (OpenAI-compatible).")
app.add_typer(model_app)


@model_app.command("serve")
def serve(
    model: Annotated[
        str, typer.Option("--model", help=f"A known model ({DEFAULT_LOCAL_MODEL}) or the path of a .gguf file.")
    ] = DEFAULT_LOCAL_MODEL,
    port: Annotated[int | None, typer.Option("--port", min=1, max=65535, help="Port (default: a free one).")] = None,
    ctx: Annotated[int, typer.Option("--ctx", min=512, help="Context window of each conversation, in tokens.")] = 4096,
    parallel: Annotated[
        int, typer.Option("--parallel", min=1, help="Conversations served at once, each with its own cache.")
    ] = 4,
    threads: Annotated[int | None, typer.Option("--threads", min=1, help="CPU threads (default: all).")] = None,
) -> None:
    """Serve a local model until Ctrl-C; prints the base URL for --base-url / REALCLI_*_BASE_URL."""
    chosen = resolve_local_model(model)

    async def go() -> None:
        async with LocalModelServer(chosen, port=port, ctx=ctx, parallel=parallel, threads=threads) as server:
            console.print(f"{server.base_url}  (model {chosen.name}: {chosen.path})")
            err_console.print("serving; Ctrl-C stops it")
            with anyio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
                async for _ in signals:
                    break

    run_async(go)
