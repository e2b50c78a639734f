"""Tar archives between the host and a container (the engine's archive API speaks tar)."""

from __future__ import annotations

import base64
import io
import tarfile
import time
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import IO, Any

import anyio
import msgspec

__all__ = [
    "CHUNK",
    "SYMLINK_BIT",
    "TYPE_BITS",
    "extract",
    "file_chunks",
    "path_stat",
    "tar_of_bytes",
    "tar_of_dirs",
    "tar_of_path",
]

CHUNK = 1 << 16
SYMLINK_BIT = 1 << 27  # os.ModeSymlink
# Go's os.ModeType: dir, symlink, device, named pipe, socket, char device, irregular.
TYPE_BITS = (1 << 31) | (1 << 27) | (1 << 26) | (1 << 25) | (1 << 24) | (1 << 21) | (1 << 19)


def tar_of_dirs(entries: tuple[tuple[str, int], ...]) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for name, mode in entries:
            info = tarfile.TarInfo(name)
            info.type = tarfile.DIRTYPE
            info.mode = mode
            info.mtime = int(time.time())
            tar.addfile(info)
    return buf.getvalue()


def tar_of_bytes(name: str, data: bytes, mode: int) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        info = tarfile.TarInfo(name)
        info.size = len(data)
        info.mode = mode
        info.mtime = int(time.time())
        tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def tar_of_path(src: Path, out: IO[bytes], prefix: str = "") -> int:
    """Tar ``src`` (a file, or a directory's contents) into ``out``; returns the bytes of file data.

    With ``prefix`` the members sit under that directory (which the tar
    creates), so the tar can be unpacked into the destination's parent.
    """
    if not src.exists():
        raise FileNotFoundError(f"{src}: no such file or directory to copy into the sandbox")

    def owned_by_root(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    def name(rel: str) -> str:
        return f"{prefix}/{rel}" if prefix else rel

    total = 0
    with tarfile.open(fileobj=out, mode="w", format=tarfile.PAX_FORMAT) as tar:
        if prefix:
            top = tarfile.TarInfo(prefix)
            top.type, top.mode = tarfile.DIRTYPE, 0o755
            tar.addfile(top)
        if src.is_dir():
            for path in sorted(src.rglob("*")):
                tar.add(path, arcname=name(path.relative_to(src).as_posix()), recursive=False, filter=owned_by_root)
                total += path.lstat().st_size if path.is_file() and not path.is_symlink() else 0
        else:
            tar.add(src, arcname=name(src.name), recursive=False, filter=owned_by_root)
            total = src.lstat().st_size
    out.seek(0)
    return total


async def file_chunks(f: IO[bytes]) -> AsyncIterator[bytes]:
    while chunk := await anyio.to_thread.run_sync(f.read, CHUNK):
        yield chunk


def path_stat(headers: Mapping[str, str]) -> dict[str, Any]:
    raw = headers.get("X-Docker-Container-Path-Stat", "")
    try:
        stat: dict[str, Any] = msgspec.json.decode(base64.b64decode(raw))
    except (ValueError, msgspec.DecodeError):
        return {}
    return stat


def extract(spool: IO[bytes], dest: Path) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    count = 0
    with tarfile.open(fileobj=spool, mode="r|") as tar:
        try:
            for member in tar:
                tar.extract(member, dest, filter="data")
                count += 1
        except (tarfile.ReadError, EOFError):
            pass  # a stream cut at max_bytes ends mid-member
    return count
