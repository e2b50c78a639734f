"""Files in and out of a local sandbox's directory (``LocalSandbox``'s part), and its path mapping.

A sandbox path names the file of that name under the sandbox's temporary
directory (``..`` stops at it).  Copies in go through a tar realcli made,
unpacked exactly; copies out through a tar of the directory's files, as
``DockerSandbox``'s archive API would hand them.
"""

from __future__ import annotations

import os
import posixpath
import stat as st
import tarfile
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO

import anyio

from realcli._errors import InfrastructureError
from realcli.environments._archives import extract, tar_of_copies
from realcli.environments._changes import fold_changes
from realcli.environments._sandbox_types import (
    ArchiveCopy,
    DiskPhase,
    DiskUse,
    FileCopy,
    FileRead,
    MiB,
    PathStat,
    path_type,
)
from realcli.events import FilesystemChanges, PathChange

__all__ = ["LocalFiles", "Manifest", "clean_path", "manifest", "unpack"]

Manifest = dict[str, tuple[int, int, int, int]]
"""Sandbox path -> (mode, size, mtime in ns, inode) of every file and directory under a local sandbox's root."""


class LocalFiles:
    """The file half of ``LocalSandbox``: what it needs of the lifecycle half is declared below."""

    name: str
    _root: Path | None
    _removed: bool
    _baseline: Manifest

    def _live_root(self) -> Path:
        if self._root is None or self._removed:
            raise InfrastructureError(f"sandbox {self.name} is not running (never started or already removed)")
        return self._root

    def _host(self, path: str) -> Path:
        """The host path of sandbox path ``path`` (``..`` cannot climb out of the root)."""
        return self._live_root() / clean_path(path).lstrip("/")

    async def put_bytes(self, path: str, data: bytes, *, mode: int = 0o644) -> int:
        """Write ``data`` to ``path`` (parents created); returns the bytes written."""
        return await self._put([FileCopy(path, data, mode)])

    async def put_files(self, dest_dir: str, src: Path) -> int:
        """Copy host file ``src`` into ``dest_dir``, or host directory ``src``'s contents into it (modes kept)."""
        return await self._put([FileCopy(dest_dir, src)])

    async def _put(self, copies: list[FileCopy]) -> int:
        root = self._live_root()

        def put() -> int:
            with tempfile.TemporaryFile() as tar:
                sizes = tar_of_copies((), copies, tar)
                unpack(tar, root)
            return sum(sizes)

        return await anyio.to_thread.run_sync(put)

    async def read_file(self, path: str, *, max_bytes: int = 16 * MiB) -> FileRead | None:
        """Read a regular file (symlinks followed, within the root): None when there is none."""
        return await anyio.to_thread.run_sync(self._read, path, max_bytes)

    async def read_files(self, limits: Mapping[str, int]) -> dict[str, FileRead | None]:
        """Read several files (path -> at most that many bytes), as ``read_file`` would."""
        return {path: await self.read_file(path, max_bytes=limit) for path, limit in limits.items()}

    def _read(self, path: str, max_bytes: int) -> FileRead | None:
        target = self._host(path).resolve()
        root = self._live_root().resolve()
        if not target.is_relative_to(root) or not target.is_file():
            return None
        with target.open("rb") as f:
            data = f.read(max_bytes)
            stat = os.fstat(f.fileno())
        return FileRead(data=data, size=stat.st_size, mode=stat.st_mode & 0o777)

    async def get_archive(self, path: str, dest: Path, *, max_bytes: int = 256 * MiB) -> ArchiveCopy:
        """Copy ``path`` (file or directory) into host directory ``dest``, as ``DockerSandbox.get_archive`` does."""
        source = self._host(path)

        def copy() -> ArchiveCopy:
            if not source.exists() and not source.is_symlink():
                return ArchiveCopy(bytes=0, files=0, truncated=False)
            with tempfile.TemporaryFile() as spool:
                with tarfile.open(fileobj=spool, mode="w", format=tarfile.PAX_FORMAT) as tar:
                    tar.add(source, arcname=source.name)
                size = spool.tell()
                truncated = size > max_bytes
                spool.truncate(min(size, max_bytes))
                spool.seek(0)
                files = extract(spool, dest)
            return ArchiveCopy(bytes=min(size, max_bytes), files=files, truncated=truncated)

        return await anyio.to_thread.run_sync(copy)

    async def changes(self) -> FilesystemChanges:
        """What differs from the directory as it was created (the engine's changes API, played locally)."""
        return fold_changes((c.path, c.kind) for c in await self.changed_paths())

    async def changed_paths(self) -> list[PathChange]:
        """Every path that differs from the directory as it was created, as the engine would list it."""

        def diff() -> list[PathChange]:
            now, before = manifest(self._live_root()), self._baseline
            raw = [
                PathChange(path=path, kind="added" if path not in before else "modified")
                for path, stat in now.items()
                if before.get(path) != stat
            ]
            gone = {path for path in before if path not in now}
            # As the engine reports a deleted directory: once, not each thing that was inside it.
            raw += [
                PathChange(path=path, kind="deleted") for path in gone if (path.rsplit("/", 1)[0] or "/") not in gone
            ]
            return raw

        return await anyio.to_thread.run_sync(diff)

    async def stat_paths(self, paths: Sequence[str]) -> dict[str, PathStat | None]:
        """Each sandbox path's type, size and link target (symlinks not followed); None: missing."""

        def one(path: str) -> PathStat | None:
            try:
                info = os.lstat(self._host(path))
            except OSError:
                return None
            mode = info.st_mode
            kind = path_type(symlink=st.S_ISLNK(mode), directory=st.S_ISDIR(mode), regular=st.S_ISREG(mode))
            link = os.readlink(self._host(path)) if kind == "symlink" else ""
            return PathStat(kind=kind, size=info.st_size, link=link)

        return await anyio.to_thread.run_sync(lambda: {path: one(path) for path in paths})

    async def disk_use(self) -> DiskUse:
        """The blocks every file in the sandbox's directory occupies, in MiB (a sparse file: what it has).

        There is no cap: a local sandbox has no disk budget (``storage_mb`` is None).
        """

        def used() -> int:
            return sum(p.lstat().st_blocks * 512 for p in self._live_root().rglob("*"))

        return DiskUse(used_mb=await anyio.to_thread.run_sync(used) // MiB, cap_mb=None)

    async def set_disk_phase(self, phase: DiskPhase) -> None:
        """Nothing to move: a local sandbox has no disk cap."""


def manifest(root: Path) -> Manifest:
    """Every file and directory under ``root`` (symlinks not followed), by sandbox path."""
    out: Manifest = {}
    for folder, dirs, files in os.walk(root):
        for name in (*dirs, *files):
            host = os.path.join(folder, name)
            st = os.lstat(host)
            out["/" + os.path.relpath(host, root)] = (st.st_mode, st.st_size, st.st_mtime_ns, st.st_ino)
    return out


def clean_path(path: str) -> str:
    """``path`` as an absolute, normal sandbox path (``..`` stops at the root)."""
    return posixpath.normpath("/" + path.lstrip("/"))


def unpack(tar: IO[bytes], dest: Path) -> None:
    """Unpack a tar realcli made, exactly (modes included: tarfile's filters would change them)."""
    tar.seek(0)
    with tarfile.open(fileobj=tar, mode="r:") as archive:
        for member in archive.getmembers():
            if member.name.startswith("/") or ".." in member.name.split("/"):
                raise InfrastructureError(f"refusing to unpack {member.name!r} outside the sandbox")
        archive.extractall(dest, filter="fully_trusted")
