"""What a sandbox returns: command results, what was created, mounts, files read and archives copied."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import msgspec

from realcli.events import Output

__all__ = [
    "DEFAULT_MAX_OUTPUT_BYTES",
    "DEFAULT_PIDS_LIMIT",
    "MiB",
    "ArchiveCopy",
    "BindMount",
    "DiskPhase",
    "DiskUse",
    "ExecResult",
    "FileCopy",
    "FileRead",
    "PathStat",
    "PathType",
    "SandboxInfo",
    "path_type",
]

MiB = 1 << 20
DEFAULT_PIDS_LIMIT = 1024
DEFAULT_MAX_OUTPUT_BYTES = 1 << 20  # per stream of one command
DiskPhase = Literal["agent", "verifier"]
"""Who works in a sandbox, as far as its disk cap is concerned (``Sandbox.set_disk_phase``)."""


class ExecResult(msgspec.Struct, frozen=True, kw_only=True):
    """The outcome of one command (fields match ``CommandFinished``).

    ``exit_code`` is None only when the host-side backstop had to give up on
    the command; ``timed_out`` is True when the deadline killed it.
    """

    exit_code: int | None
    stdout: Output
    stderr: Output
    duration_sec: float
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class SandboxInfo:
    """What was actually created (fields match ``SandboxCreated``); ``cpus`` is after clamping."""

    container_id: str
    name: str
    image: str
    cpus: float
    memory_mb: int
    network: str
    pids_limit: int
    workdir: str = "/"  # resolved: the one asked for, else the image's WORKDIR, else /
    entrypoint: tuple[str, ...] = ()  # the image's ENTRYPOINT, run as in Harbor (empty: the keep-alive alone)
    storage_mb: int | None = None  # the disk budget, None without one
    storage: str = ""  # how it is kept: "quota" (the engine caps it), "poll" (measured), "" (no budget)


@dataclass(frozen=True, slots=True)
class DiskUse:
    """What a sandbox's writable layer holds against the disk cap in force, in MiB (``cap_mb`` None: no cap).

    ``full`` once less than 1% of the cap (at least 1 MiB) is left: writes
    stop short of a cap by less than that, a reservation or a block.
    """

    used_mb: int
    cap_mb: int | None

    @property
    def full(self) -> bool:
        """Whether the writable layer has reached its cap (within 1 %, at least 1 MB)."""
        return self.cap_mb is not None and self.used_mb >= self.cap_mb - max(1, self.cap_mb // 100)


@dataclass(frozen=True, slots=True)
class BindMount:
    """A host path mounted into the sandbox at ``target`` (e.g. a directory holding a Unix socket)."""

    source: Path
    target: str
    read_only: bool = False

    def config(self) -> dict[str, Any]:
        """The Engine API ``HostConfig.Mounts`` entry."""
        return {"Type": "bind", "Source": str(self.source), "Target": self.target, "ReadOnly": self.read_only}


@dataclass(frozen=True, slots=True)
class FileRead:
    """A file read from the sandbox: at most ``max_bytes`` of ``data`` out of ``size``."""

    data: bytes
    size: int
    mode: int

    @property
    def truncated(self) -> bool:
        """Whether the file was larger than what was read."""
        return len(self.data) < self.size


@dataclass(frozen=True, slots=True)
class ArchiveCopy:
    """A copy out of the sandbox: bytes of tar received, members extracted, whether it was cut."""

    bytes: int
    files: int
    truncated: bool


@dataclass(frozen=True, slots=True)
class FileCopy:
    """Something to copy into a sandbox when it is created, before its first command.

    ``src`` is a host path (a file, or a directory whose contents go into
    ``dest`` as ``put_files`` would copy them) or bytes written to the file
    ``dest`` with ``mode``.  ``dest`` is absolute.
    """

    dest: str
    src: Path | bytes
    mode: int = 0o644


PathType = Literal["file", "dir", "symlink", "other"]


@dataclass(frozen=True, slots=True)
class PathStat:
    """A path as the engine sees it (symlinks not followed): its type, size and, for a symlink, its target."""

    kind: PathType
    size: int = 0
    link: str = ""


def path_type(*, symlink: bool, directory: bool, regular: bool) -> PathType:
    """A path's type from what its mode says (a symlink first: its mode is the link's, not its target's)."""
    if symlink:
        return "symlink"
    if directory:
        return "dir"
    return "file" if regular else "other"
