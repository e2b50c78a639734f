"""Tar archives between the host and a container (the engine's archive API speaks tar)."""

from __future__ import annotations

import base64
import io
import posixpath
import tarfile
import time
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import IO, Any

import msgspec

from realcli.environments._sandbox_types import FileCopy, FileRead

__all__ = [
    "CHUNK",
    "DIR_BIT",
    "SYMLINK_BIT",
    "TYPE_BITS",
    "bytes_chunks",
    "extract",
    "path_stat",
    "settle_members",
    "tar_of_bytes",
    "tar_of_copies",
    "tar_of_path",
]

CHUNK = 1 << 16
SYMLINK_BIT = 1 << 27  # os.ModeSymlink
DIR_BIT = 1 << 31  # os.ModeDir
# Go's os.ModeType: dir, symlink, device, named pipe, socket, char device, irregular.
TYPE_BITS = (1 << 31) | (1 << 27) | (1 << 26) | (1 << 25) | (1 << 24) | (1 << 21) | (1 << 19)


def tar_of_bytes(name: str, data: bytes, mode: int) -> bytes:
    """A tar archive holding one file ``name`` with ``data`` and ``mode`` (to upload a file through the engine's archive
    API)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        info = tarfile.TarInfo(name)
        info.size = len(data)
        info.mode = mode
        info.mtime = int(time.time())
        tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def _owned_by_root(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def _add_path(tar: tarfile.TarFile, src: Path, prefix: str) -> int:
    """Add ``src`` (a file, or a directory's contents) under ``prefix``; returns the bytes of file data."""
    if not src.exists():
        raise FileNotFoundError(f"{src}: no such file or directory to copy into the sandbox")

    def name(rel: str) -> str:
        return f"{prefix}/{rel}" if prefix else rel

    if prefix:
        top = tarfile.TarInfo(prefix)
        top.type, top.mode = tarfile.DIRTYPE, 0o755
        tar.addfile(top)
    if not src.is_dir():
        tar.add(src, arcname=name(src.name), recursive=False, filter=_owned_by_root)
        return src.lstat().st_size
    total = 0
    for path in sorted(src.rglob("*")):
        tar.add(path, arcname=name(path.relative_to(src).as_posix()), recursive=False, filter=_owned_by_root)
        total += path.lstat().st_size if path.is_file() and not path.is_symlink() else 0
    return total


def tar_of_path(src: Path, out: IO[bytes], prefix: str = "") -> int:
    """Tar ``src`` (a file, or a directory's contents) into ``out``; returns the bytes of file data.

    With ``prefix`` the members sit under that directory (which the tar
    creates), so the tar can be unpacked into the destination's parent.
    """
    with tarfile.open(fileobj=out, mode="w", format=tarfile.PAX_FORMAT) as tar:
        total = _add_path(tar, src, prefix)
    out.seek(0)
    return total


def tar_of_copies(dirs: tuple[tuple[str, int], ...], copies: Sequence[FileCopy], out: IO[bytes]) -> list[int]:
    """One tar, to unpack at ``/``: directories ``dirs`` (relative path, mode), then every copy in order.

    Returns the bytes of file data of each copy.
    """
    sizes: list[int] = []
    with tarfile.open(fileobj=out, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, mode in dirs:
            info = tarfile.TarInfo(name)
            info.type, info.mode, info.mtime = tarfile.DIRTYPE, mode, int(time.time())
            tar.addfile(info)
        for copy in copies:
            dest = PurePosixPath(copy.dest).relative_to("/").as_posix()
            if isinstance(copy.src, bytes):
                info = tarfile.TarInfo(dest)
                info.size, info.mode, info.mtime = len(copy.src), copy.mode, int(time.time())
                tar.addfile(info, io.BytesIO(copy.src))
                sizes.append(len(copy.src))
            else:
                sizes.append(_add_path(tar, copy.src, dest if dest != "." else ""))
    out.seek(0)
    return sizes


async def bytes_chunks(data: bytes) -> AsyncIterator[bytes]:
    """``data`` in upload-sized chunks."""
    for start in range(0, len(data), CHUNK):
        yield data[start : start + CHUNK]


def path_stat(headers: Mapping[str, str]) -> dict[str, Any]:
    """The engine's stat of a copied path, from the ``X-Docker-Container-Path-Stat`` header ({} when absent or
    unreadable)."""
    raw = headers.get("X-Docker-Container-Path-Stat", "")
    try:
        stat: dict[str, Any] = msgspec.json.decode(base64.b64decode(raw))
    except (ValueError, msgspec.DecodeError):
        return {}
    return stat


def extract(spool: IO[bytes], dest: Path) -> int:
    """Extract a tar stream into ``dest`` with tarfile's ``data`` filter (members it refuses are skipped); returns how
    many were extracted."""
    dest.mkdir(parents=True, exist_ok=True)
    count = 0
    with tarfile.open(fileobj=spool, mode="r|") as tar:
        try:
            for member in tar:
                try:
                    tar.extract(member, dest, filter="data")
                except tarfile.FilterError:
                    continue  # a link out of dest, a device: what the sandbox holds cannot reach the host's files
                count += 1
        except (tarfile.ReadError, EOFError):
            pass  # a stream cut at max_bytes ends mid-member
    return count


def settle_members(tar: bytes, top: str, wanted: Mapping[str, int], *, complete: bool) -> dict[str, FileRead | None]:
    """The files of ``wanted`` (path -> max bytes) found in ``tar``, a directory's archive whose top is ``top``.

    A wanted regular file whose first bytes are all in ``tar`` is read; a
    directory or other non-file is None; when the archive is ``complete``, a
    file not in it does not exist (None).  Symlinks and files cut off are
    left out (to be read on their own).
    """
    names = {f"{top}/{posixpath.basename(path)}": path for path in wanted}
    settled: dict[str, FileRead | None] = {}
    try:
        with tarfile.open(fileobj=io.BytesIO(tar), mode="r:") as archive:
            for member in archive:
                path = names.get(member.name.rstrip("/"))
                if path is None:
                    continue
                if member.issym() or member.islnk():
                    continue
                if not member.isfile():
                    settled[path] = None
                    continue
                keep = min(member.size, wanted[path])
                if member.offset_data + keep > len(tar):
                    continue
                data = tar[member.offset_data : member.offset_data + keep]
                settled[path] = FileRead(data=data, size=member.size, mode=member.mode & 0o777)
    except (tarfile.TarError, EOFError):
        complete = False  # the budget cut the archive mid-header
    if complete:
        for path in wanted:
            settled.setdefault(path, None)
    return settled
