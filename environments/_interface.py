"""The ``Sandbox`` interface: what the runtime does with a trial's environment, whatever runs it.

It is exactly the surface the warden uses: open it (``async with``),
run commands with limits, copy files in and out, read evidence, stop
processes, remove it.  ``DockerSandbox`` implements it (the default and the
only isolated one); ``LocalSandbox`` implements it with local processes (no
isolation: fast tests and development only).  ``realcli.environments.conformance``
holds the contract every implementation passes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Protocol, Self

from realcli.environments._sandbox_types import (
    DEFAULT_MAX_OUTPUT_BYTES,
    ArchiveCopy,
    DiskPhase,
    DiskUse,
    ExecResult,
    FileRead,
    MiB,
    PathStat,
    SandboxInfo,
)
from realcli.events import FilesystemChanges, PathChange

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
        """The disk budget (the task's ``storage_mb``); None when there is none."""
        ...

    async def search_path(self) -> str:
        """The PATH commands get unless told otherwise ("" when there is none)."""
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

    async def mark_own_processes(self) -> None:
        """Take the processes running now as the sandbox's own (its init, what its image started).

        Called once the sandbox is ready, before any command of the agent:
        ``stop_processes`` spares them and ``stray_processes`` leaves them out.
        """
        ...

    async def stray_processes(self) -> list[str]:
        """The command lines of the live processes that are not the sandbox's own, seen from outside it.

        Nothing running in the sandbox can hide from it (Docker's comes from
        the engine's process listing, the local sandbox's from ``/proc``).
        """
        ...

    async def stop_processes(self) -> None:
        """Kill every process the sandbox's commands started; the files stay and the sandbox keeps running."""
        ...

    async def reset_processes(self) -> None:
        """Kill every process, even when the process limit is exhausted (nothing can be started).

        What the sandbox starts again by itself (its init, its image's own)
        becomes its own processes.
        """
        ...

    async def disk_use(self) -> DiskUse:
        """How much the sandbox wrote, against its disk cap in force (``SandboxInfo.storage`` says how it is kept)."""
        ...

    async def set_disk_phase(self, phase: DiskPhase) -> None:
        """Whose disk cap applies from now on: the agent's budget, or the verifier's room beyond what is there."""
        ...

    async def changes(self) -> FilesystemChanges:
        """The files that differ from the sandbox's image (added, modified, deleted), from outside the sandbox.

        Nothing running in the sandbox can forge it: Docker's comes from the
        engine's changes API, the local sandbox's from a comparison with the
        directory as it was created.  ``changed_paths`` folded (``fold_changes``).
        """
        ...

    async def changed_paths(self) -> list[PathChange]:
        """Every path that differs from the sandbox's image, unfolded and unbounded, as the engine lists it.

        A directory that changed through its content is listed (``modified``)
        beside that content; a deleted directory is listed once.
        """
        ...

    async def stat_paths(self, paths: Sequence[str]) -> dict[str, PathStat | None]:
        """Each path's type, size and link target (symlinks not followed), from outside the sandbox; None: missing."""
        ...

    async def commit(self, repository: str, tag: str = "latest", *, labels: Mapping[str, str] | None = None) -> str:
        """Keep the current filesystem as an image; returns its id (raises where there are no images)."""
        ...

    async def remove(self) -> None:
        """Remove the sandbox now (idempotent); the ``async with`` exit then has nothing to do."""
        ...
