"""The local sandbox: commands run as local processes in a temporary directory.  UNSAFE.

``LocalSandbox`` implements ``Sandbox`` without Docker, for fast tests and
development only.  It isolates nothing: commands run as the current user on
this machine, with its network and its whole filesystem.  It is never the
default and refuses to start unless asked for with ``unsafe=True``.

A fresh temporary directory plays the sandbox's root for the paths the
sandbox is *given*: ``put_files("/solution", ...)`` writes under it,
``read_file("/logs/verifier/reward.txt")`` reads from it and a command's
working directory (``/app``) is the directory of that name under it.  The
command text itself is not rewritten: an absolute path in a command names
the host's file; ``$REALCLI_SANDBOX_ROOT`` holds the directory, ``$HOME``
and ``$TMPDIR`` point into it.  Commands get no variable of the host's
environment but ``PATH`` (secrets stay out), and run with ``bash -c``.

Deadlines kill the command's whole process group (TERM, then KILL after a
grace period, as ``timeout -k`` does in a container); every process a
command starts carries a mark in its environment, by which
``stop_processes`` and ``remove`` find and kill what escaped its group.

``LocalSandbox`` is split like ``DockerSandbox``: its lifecycle here, its
commands and processes in ``_local_commands`` (``LocalCommands``), its files
and path mapping in ``_local_files`` (``LocalFiles``).
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Self

import anyio

from realcli._errors import ConfigError
from realcli.environments._archives import tar_of_copies
from realcli.environments._local_commands import LocalCommands
from realcli.environments._local_files import Manifest, clean_path, manifest, unpack
from realcli.environments._sandbox_types import DEFAULT_PIDS_LIMIT, FileCopy, SandboxInfo

__all__ = ["LocalSandbox"]

KILL_AFTER_SEC = 5.0  # as DockerSandbox's `timeout -k`
_MARK = "REALCLI_LOCAL_SANDBOX"
_LOG_DIRS = (("logs", 0o755), ("logs/agent", 0o777), ("logs/verifier", 0o777))


class LocalSandbox(LocalCommands):
    """A ``Sandbox`` of local processes in a temporary directory: UNSAFE, no isolation (see the module).

    ``async with LocalSandbox(run=..., trial=..., unsafe=True) as sb:``
    creates the directory (``/logs/agent``, ``/logs/verifier``, the working
    directory and ``files`` in it) and, on every way out, kills every
    process its commands started and deletes the directory.
    """

    def __init__(
        self,
        *,
        run: str,
        trial: str,
        unsafe: bool = False,
        workdir: str | None = "/app",
        env: Mapping[str, str] | None = None,
        files: Sequence[FileCopy] = (),
        pids_limit: int = DEFAULT_PIDS_LIMIT,
        kill_after_sec: float = KILL_AFTER_SEC,
    ) -> None:
        if unsafe is not True:
            raise ConfigError(
                "LocalSandbox runs commands on this machine with no isolation; "
                "pass unsafe=True to use it (tests and development only), else use DockerSandbox"
            )
        self.run = run
        self.trial = trial
        self.name = f"realcli-local-{run}-{trial}-{secrets.token_hex(4)}"
        self._workdir = clean_path(workdir or "/")
        self._env = dict(env or {})
        self._files = tuple(files)
        self._pids_limit = pids_limit
        self._kill_after_sec = kill_after_sec
        self._mark = f"{_MARK}={secrets.token_hex(8)}"
        self._root: Path | None = None
        self._info: SandboxInfo | None = None
        self._removed = False
        self._baseline: Manifest = {}
        self.copied: tuple[int, ...] = ()

    # ---------------------------------------------------------------- lifecycle

    async def __aenter__(self) -> Self:
        try:
            await anyio.to_thread.run_sync(self._create)
        except BaseException:
            await self._remove_shielded()
            raise
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self._remove_shielded()

    def _create(self) -> None:
        self._root = root = Path(tempfile.mkdtemp(prefix="realcli-local-"))
        with tempfile.TemporaryFile() as tar:
            self.copied = tuple(tar_of_copies(_LOG_DIRS, self._files, tar))
            unpack(tar, root)
        for name, mode in _LOG_DIRS:
            (root / name).chmod(mode)  # as created, whatever the umask
        for sub in (self._workdir, "/root", "/tmp"):
            self._host(sub).mkdir(parents=True, exist_ok=True)
        self._baseline = manifest(root)  # what changes() compares with, as the engine compares with the image
        self._info = SandboxInfo(
            container_id=f"local-{secrets.token_hex(6)}",
            name=self.name,
            image="local",
            cpus=float(os.cpu_count() or 1),
            memory_mb=0,
            network="host",
            pids_limit=self._pids_limit,
            workdir=self._workdir,
        )

    async def _remove_shielded(self) -> None:
        if self._removed:
            return
        self._removed = True
        with anyio.CancelScope(shield=True):
            await anyio.to_thread.run_sync(self._kill_marked)
            if self._root is not None:
                await anyio.to_thread.run_sync(shutil.rmtree, self._root, True)

    async def remove(self) -> None:
        """Kill every process the sandbox's commands started and delete its directory (idempotent)."""
        await self._remove_shielded()

    @property
    def info(self) -> SandboxInfo:
        """What was created; only valid inside the ``async with`` block."""
        if self._info is None:
            raise RuntimeError("the sandbox has not been started (use `async with`)")
        return self._info

    @property
    def root(self) -> Path:
        """The host directory that plays the sandbox's root (gone once the sandbox is removed)."""
        if self._root is None:
            raise RuntimeError("the sandbox has not been started (use `async with`)")
        return self._root

    @property
    def workdir(self) -> str:
        return self._workdir

    @property
    def storage_mb(self) -> int | None:
        return None  # no disk budget: nothing to enforce it with

    @property
    def pids_limit(self) -> int:
        return self._pids_limit
