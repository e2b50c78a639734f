"""Files in and out of a sandbox container, through the engine's archive API (a part of ``DockerSandbox``).

Every copy is a tar: in with one ``PUT .../archive``, out with one ``GET``.
A file read follows symlinks; a directory's archive answers for several
files at once (``read_files``).
"""

from __future__ import annotations

import contextlib
import io
import posixpath
import tarfile
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import IO, Protocol

import aiohttp
import anyio
from aiodocker.exceptions import DockerError

from realcli._errors import InfrastructureError
from realcli.environments._archives import (
    CHUNK,
    DIR_BIT,
    SYMLINK_BIT,
    TYPE_BITS,
    bytes_chunks,
    extract,
    path_stat,
    settle_members,
    tar_of_bytes,
    tar_of_path,
)
from realcli.environments._container_handle import ContainerHandle
from realcli.environments._docker import file_chunks, is_not_found, one_line, tar_request
from realcli.environments._sandbox_types import ArchiveCopy, ExecResult, FileRead, MiB, PathStat, path_type

__all__ = ["ContainerFiles", "Exec", "at_once", "tar_into"]

# At most this much of a directory's archive is read for files that share it (read_files).
_DIR_READ_BYTES = 32 * MiB
# How many path stats (HEAD requests) are in flight at once.
_STATS_AT_ONCE = 16


class Exec(Protocol):
    """How the files part runs the one command it needs (``mkdir -p``, for what the archive API cannot do)."""

    async def __call__(
        self, command: str, *, timeout_sec: float, env: Mapping[str, str] | None = None
    ) -> ExecResult: ...


class ContainerFiles:
    """The files part of ``DockerSandbox``: copies in and out of its container through the engine's archive API."""

    def __init__(self, handle: ContainerHandle, exec_command: Exec) -> None:
        self._handle = handle
        self._exec = exec_command

    async def put_tar(self, dest_dir: str, data: bytes | AsyncIterator[bytes], *, started: bool = True) -> bool:
        """Unpack a tar into ``dest_dir``; False when ``dest_dir`` does not exist.

        ``started``: the container runs (a write into a stopped one is refused as the sandbox lost), else it is
        written before its start or while it is stopped.
        """
        container_id = self._handle.require().id
        running: list[bool] = []
        error: DockerError | None = None

        async def put() -> None:
            nonlocal error
            try:
                archive = f"containers/{container_id}/archive"
                async with tar_request(self._handle.docker, archive, "PUT", {"path": dest_dir}, data) as response:
                    response.release()
            except DockerError as e:
                error = e

        async def check() -> None:
            if started:
                running.append(await self._handle.is_running())

        # The engine writes into stopped containers too, where a write would be lost silently:
        # whether it runs is asked beside the write rather than before it.
        await at_once(put, check)
        if started and not running[0]:
            raise await self._handle.gone(f"copying files into {dest_dir}") from error
        if error is None:
            return True
        if is_not_found(error) and (running[0] if started else await self._handle.is_running()):
            return False
        raise await self._handle.gone(f"copying files into {dest_dir}", error) from error

    async def _ensure_dir(self, path: str) -> None:
        result = await self._exec('mkdir -p -- "$REALCLI_DIR"', timeout_sec=30, env={"REALCLI_DIR": path})
        if result.exit_code != 0:
            raise InfrastructureError(
                f"sandbox {self._handle.name}: cannot create directory {path}: {one_line(result.stderr.text, 160)}"
            )

    async def put_bytes(self, path: str, data: bytes, *, mode: int = 0o644) -> int:
        """Write ``data`` to the absolute container ``path`` (parents created); returns the bytes written."""
        target = PurePosixPath(path)
        tar = tar_of_bytes(target.name, data, mode)
        # A large body goes in chunks: aiohttp would send raw bytes in one blocking write.
        if not await self.put_tar(str(target.parent), bytes_chunks(tar)):
            await self._ensure_dir(str(target.parent))
            await self.put_tar(str(target.parent), bytes_chunks(tar))
        return len(data)

    async def put_files(self, dest_dir: str, src: Path) -> int:
        """Copy host file ``src`` into ``dest_dir``, or host directory ``src``'s contents into it.

        ``dest_dir`` is created when missing; modes are kept, owner is root.
        Returns the bytes of file data copied.
        """
        async with tar_into(dest_dir, src) as (parent, tar, total):
            if not await self.put_tar(parent, file_chunks(tar)):
                await self._ensure_dir(parent)
                tar.seek(0)
                await self.put_tar(parent, file_chunks(tar))
        return total

    @contextlib.asynccontextmanager
    async def _archive(self, path: str) -> AsyncIterator[aiohttp.ClientResponse | None]:
        """GET the archive of ``path``; yields None when there is no such path."""
        container_id = self._handle.require().id
        try:
            response = await self._handle.docker._do_query(
                f"containers/{container_id}/archive", "GET", params={"path": path}, timeout=None
            )
        except DockerError as e:
            if is_not_found(e) and await self._handle.is_running():
                yield None
                return
            raise await self._handle.gone(f"copying {path} out", e) from e
        try:
            yield response
        except aiohttp.ClientError as e:
            raise await self._handle.gone(f"copying {path} out", e) from e
        finally:
            response.close()

    async def read_file(self, path: str, *, max_bytes: int = 16 * MiB) -> FileRead | None:
        """Read a regular file (symlinks followed): None when there is no such file.

        At most ``max_bytes`` are transferred and kept; ``FileRead.size`` is the
        whole file's size.
        """
        for _ in range(8):
            got = await self._read_once(path, max_bytes)
            if not isinstance(got, str):
                return got
            path = posixpath.normpath(posixpath.join(posixpath.dirname(path), got))
        return None

    async def read_files(self, limits: Mapping[str, int]) -> dict[str, FileRead | None]:
        """Read several files (path -> at most that many bytes), as ``read_file`` would one by one.

        Files that share a directory come in one request, that directory's
        archive read until all of them were seen (up to a budget); a file
        the archive cannot settle (a symlink, one past the budget) is read
        on its own.
        """
        found: dict[str, FileRead | None] = {}
        by_dir: dict[str, dict[str, int]] = {}
        for path, limit in limits.items():
            by_dir.setdefault(posixpath.dirname(path), {})[path] = limit
        for parent, wanted in by_dir.items():
            if len(wanted) > 1 and parent != "/":
                found.update(await self._read_from_dir(parent, wanted))
        for path, limit in limits.items():
            if path not in found:
                found[path] = await self.read_file(path, max_bytes=limit)
        return {path: found[path] for path in limits}

    async def _read_from_dir(self, parent: str, wanted: Mapping[str, int]) -> dict[str, FileRead | None]:
        """The files of ``wanted`` that the archive of directory ``parent`` settles."""
        budget = min(sum(wanted.values()) + MiB, _DIR_READ_BYTES)
        buf = bytearray()
        complete = True
        async with self._archive(parent) as response:
            if response is None:
                return dict.fromkeys(wanted)
            if not int(path_stat(response.headers).get("mode", 0)) & DIR_BIT:
                return {}  # a symlink to a directory, or not a directory: each file on its own
            async for chunk in response.content.iter_chunked(CHUNK):
                buf += chunk
                if len(buf) >= budget:
                    complete = False
                    break
        return settle_members(bytes(buf), posixpath.basename(parent), wanted, complete=complete)

    async def stat_paths(self, paths: Sequence[str]) -> dict[str, PathStat | None]:
        """Each path's type, size and link target (not followed), from the engine's archive API; None: missing."""
        found: dict[str, PathStat | None] = {}
        limiter = anyio.CapacityLimiter(_STATS_AT_ONCE)

        async def one(path: str) -> None:
            async with limiter:
                found[path] = await self._stat(path)

        async with anyio.create_task_group() as tg:
            for path in dict.fromkeys(paths):
                tg.start_soon(one, path)
        return {path: found[path] for path in paths}

    async def _stat(self, path: str) -> PathStat | None:
        # A HEAD request, answered with headers only (aiodocker's query helpers would parse an empty body).
        container_id = self._handle.require().id
        docker = self._handle.docker
        try:
            await docker._check_version()
            url = docker._canonicalize_url(f"containers/{container_id}/archive", versioned_api=True)
            async with docker.session.head(url, params={"path": path}) as response:
                status, stat = response.status, path_stat(response.headers)
        except aiohttp.ClientError as e:
            raise await self._handle.gone(f"looking at {path}", e) from e
        if status == 404 and await self._handle.is_running():
            return None
        if status != 200:
            raise await self._handle.gone(f"looking at {path}", DockerError(status, f"HEAD archive: HTTP {status}"))
        mode = int(stat.get("mode", 0))
        kind = path_type(symlink=bool(mode & SYMLINK_BIT), directory=bool(mode & DIR_BIT), regular=not mode & TYPE_BITS)
        return PathStat(kind=kind, size=int(stat.get("size", 0)), link=str(stat.get("linkTarget") or ""))

    async def get_file(self, path: str, *, max_bytes: int = 16 * MiB) -> bytes | None:
        """The first ``max_bytes`` of a regular file, or None when there is no such file."""
        got = await self.read_file(path, max_bytes=max_bytes)
        return None if got is None else got.data

    async def _read_once(self, path: str, max_bytes: int) -> FileRead | str | None:
        """The file, a symlink target to follow, or None."""
        budget = max_bytes + 64 * 1024  # tar headers (PAX included) come before the data
        buf = bytearray()
        async with self._archive(path) as response:
            if response is None:
                return None
            mode = int(path_stat(response.headers).get("mode", 0))
            if mode & SYMLINK_BIT:
                return str(path_stat(response.headers).get("linkTarget") or "") or None
            if mode & TYPE_BITS:
                return None
            async for chunk in response.content.iter_chunked(CHUNK):
                buf += chunk
                if len(buf) >= budget:
                    break
        with tarfile.open(fileobj=io.BytesIO(bytes(buf)), mode="r|") as tar:
            member = tar.next()
            if member is None or not member.isfile():
                return None
            f = tar.extractfile(member)
            data = f.read(min(member.size, max_bytes)) if f is not None else b""
        return FileRead(data=data, size=member.size, mode=mode & 0o777)

    async def read_dir(self, path: str, *, max_bytes: int = 4 * MiB) -> dict[str, bytes] | None:
        """The regular files of directory ``path`` (relative name -> bytes) in one request; None if missing.

        Files that do not fit in the first ``max_bytes`` of the archive are left out.
        """
        buf = bytearray()
        async with self._archive(path) as response:
            if response is None:
                return None
            async for chunk in response.content.iter_chunked(CHUNK):
                buf += chunk
                if len(buf) >= max_bytes:
                    break
        files: dict[str, bytes] = {}
        try:
            with tarfile.open(fileobj=io.BytesIO(bytes(buf)), mode="r|") as tar:
                for member in tar:
                    f = tar.extractfile(member) if member.isfile() else None
                    if f is not None:
                        data = f.read()
                        if len(data) == member.size:
                            files[member.name.split("/", 1)[1] if "/" in member.name else member.name] = data
        except (tarfile.TarError, EOFError):
            pass  # the budget cut the archive: keep what was complete
        return files

    async def get_archive(self, path: str, dest: Path, *, max_bytes: int = 256 * MiB) -> ArchiveCopy:
        """Copy container ``path`` (file or directory) into host directory ``dest``.

        The tar stream is cut after ``max_bytes``; members complete by then are
        extracted (``truncated`` says so).  Extraction uses tarfile's ``data``
        filter: no absolute paths, no links out of ``dest``, no devices.
        A missing ``path`` gives ``ArchiveCopy(0, 0, False)``.
        """
        received = 0
        truncated = False
        with tempfile.TemporaryFile() as spool:
            async with self._archive(path) as response:
                if response is None:
                    return ArchiveCopy(bytes=0, files=0, truncated=False)
                async for chunk in response.content.iter_chunked(CHUNK):
                    if received + len(chunk) > max_bytes:
                        chunk = chunk[: max_bytes - received]
                        truncated = True
                    await anyio.to_thread.run_sync(spool.write, chunk)
                    received += len(chunk)
                    if truncated:
                        break
            spool.seek(0)
            files = await anyio.to_thread.run_sync(extract, spool, dest)
        return ArchiveCopy(bytes=received, files=files, truncated=truncated)


async def at_once(*calls: Callable[[], Awaitable[object]]) -> None:
    """Run ``calls`` concurrently; the first failure is raised as itself, not in an exception group."""
    errors: list[Exception] = []

    async def run(call: Callable[[], Awaitable[object]]) -> None:
        try:
            await call()
        except Exception as e:
            errors.append(e)

    async with anyio.create_task_group() as tg:
        for call in calls:
            tg.start_soon(run, call)
    if errors:
        raise errors[0]


@contextlib.asynccontextmanager
async def tar_into(dest_dir: str, src: Path) -> AsyncIterator[tuple[str, IO[bytes], int]]:
    """A tar of ``src`` to unpack into ``dest_dir``'s parent: (that parent, the tar, the bytes of file data).

    The destination is the tar's top directory, so unpacking it makes the
    destination too: one request, and no exec to create it.
    """
    target = PurePosixPath(dest_dir)
    parent, prefix = (str(target.parent), target.name) if target.name else (str(target), "")
    with tempfile.SpooledTemporaryFile(max_size=16 * MiB) as tar:
        total = await anyio.to_thread.run_sync(tar_of_path, src, tar, prefix)
        yield parent, tar, total
