"""The ``Sandbox`` interface: what the runtime does with a trial's environment, whatever runs it.

It is exactly the surface the sandbox actor uses: open it (``async with``),
run commands with limits, copy files in and out, read evidence, stop
processes, remove it.  ``DockerSandbox`` implements it (the default and the
only isolated one); ``LocalSandbox`` implements it with local processes (no
isolation: fast tests and development only).  ``realcli.environments.conformance``
holds the contract every implementation passes.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Protocol, Self

from realcli.environments._sandbox_types import (
    DEFAULT_MAX_OUTPUT_BYTES,
    ArchiveCopy,
    ExecResult,
    FileRead,
    MiB,
    SandboxInfo,
)

__all__ = ["Sandbox"]


class Sandbox(Protocol):
    """One trial's environment, as an async context manager that creates it and removes it on every way out.

    Paths are absolute paths inside the sandbox.  Expected outcomes (non-zero
    exits, commands that time out, missing files) are results; a sandbox that
    is gone or machinery that fails raises ``InfrastructureError``.
    """

    async def __aenter__(self) -> Self:
        """Create and start the sandbox (``/logs/agent`` and ``/logs/verifier`` present)."""
        ...

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        """Remove the sandbox: nothing of it is left, no process and no file."""
        ...

    @property
    def info(self) -> SandboxInfo:
        """What was created (valid inside the ``async with`` block)."""
        ...

    @property
    def workdir(self) -> str:
        """The directory commands run in unless told otherwise (resolved once the sandbox exists)."""
        ...

    @property
    def storage_mb(self) -> int | None:
        """The disk budget the runtime enforces with ``disk_used_mb``; None when there is none."""
        ...

    @property
    def pids_limit(self) -> int:
        """How many processes the sandbox may hold at once."""
        ...

    async def exec(
        self,
        command: str,
        *,
        timeout_sec: float,
        workdir: str | None = None,
        env: Mapping[str, str] | None = None,
        user: str | int | None = None,
        max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES,
    ) -> ExecResult:
        """Run ``command`` in a shell; killed (with what it started) after ``timeout_sec``.

        Each stream keeps at most ``max_output_bytes`` (head and tail) and counts the total.
        """
        ...

    async def copy_and_exec(
        self,
        dest_dir: str,
        src: Path,
        command: str,
        *,
        timeout_sec: float,
        workdir: str | None = None,
        env: Mapping[str, str] | None = None,
        user: str | int | None = None,
        max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES,
    ) -> tuple[int, ExecResult]:
        """``put_files(dest_dir, src)`` then ``exec(command, ...)`` (in one round trip where the sandbox can).

        The command reads an empty stdin.  Returns the bytes of file data
        copied and the command's result.
        """
        ...

    async def put_bytes(self, path: str, data: bytes, *, mode: int = 0o644) -> int:
        """Write ``data`` to ``path`` (parents created); returns the bytes written."""
        ...

    async def put_files(self, dest_dir: str, src: Path) -> int:
        """Copy host file ``src`` into ``dest_dir``, or host directory ``src``'s contents into it (modes kept)."""
        ...

    async def read_file(self, path: str, *, max_bytes: int = 16 * MiB) -> FileRead | None:
        """Read a regular file (symlinks followed), at most ``max_bytes`` of it; None when there is none."""
        ...

    async def read_files(self, limits: Mapping[str, int]) -> dict[str, FileRead | None]:
        """Read several files at once (path -> at most that many bytes), as ``read_file`` would, one by one."""
        ...

    async def get_archive(self, path: str, dest: Path, *, max_bytes: int = 256 * MiB) -> ArchiveCopy:
        """Copy ``path`` (file or directory) into host directory ``dest``, cut after ``max_bytes`` of tar."""
        ...

    async def process_count(self) -> int:
        """How many processes run in the sandbox."""
        ...

    async def stop_processes(self) -> None:
        """Kill every process the sandbox's commands started; the files stay and the sandbox keeps running."""
        ...

    async def reset_processes(self) -> None:
        """Kill every process, even when the process limit is exhausted (nothing can be started)."""
        ...

    async def disk_used_mb(self) -> int:
        """How much the sandbox wrote, in MiB."""
        ...

    async def commit(self, repository: str, tag: str = "latest", *, labels: Mapping[str, str] | None = None) -> str:
        """Keep the current filesystem as an image; returns its id (raises where there are no images)."""
        ...

    async def remove(self) -> None:
        """Remove the sandbox now (idempotent); the ``async with`` exit then has nothing to do."""
        ...
