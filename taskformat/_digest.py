"""Content hashes of task directories, stable across machines and locations."""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from realcli.taskformat._files import task_error

__all__ = ["tree_digest"]


def tree_digest(path: Path) -> str:
    """sha256 (hex) of a directory's content, stable across machines and locations.

    Covers every regular file (relative POSIX path, one executable bit, bytes)
    and every symlink (relative path, target text), in sorted path order;
    mtimes, owners, other mode bits and empty directories do not count.  A
    missing directory hashes as an empty one.
    """
    digest = hashlib.sha256()
    for rel, full, st in sorted(_tree_entries(path, PurePosixPath()), key=lambda entry: entry[0]):
        if stat.S_ISLNK(st.st_mode):
            fields = [b"link", _fs_bytes(rel), _fs_bytes(os.readlink(full))]
        else:
            exec_flag = b"x" if st.st_mode & 0o111 else b"-"
            fields = [b"file", _fs_bytes(rel), exec_flag, _file_sha256(full).encode()]
        # NUL cannot occur in a path or in these fields, so the framing is unambiguous.
        digest.update(b"\0".join(fields) + b"\0")
    return digest.hexdigest()


def _tree_entries(path: Path, rel: PurePosixPath) -> Iterator[tuple[str, Path, os.stat_result]]:
    try:
        with os.scandir(path) as it:
            entries = [(Path(e.path), e.name, e.stat(follow_symlinks=False)) for e in it]
    except FileNotFoundError:
        return
    except OSError as e:
        raise task_error(path, "", f"cannot read: {e.strerror}", "expected a readable directory") from e
    for full, name, st in entries:
        child = rel / name
        if stat.S_ISDIR(st.st_mode):
            yield from _tree_entries(full, child)
        elif stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode):
            yield str(child), full, st


def _file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    try:
        with path.open("rb") as f:
            while chunk := f.read(1 << 20):
                digest.update(chunk)
    except OSError as e:
        raise task_error(path, "", f"cannot read: {e.strerror}", "expected a readable file") from e
    return digest.hexdigest()


def _fs_bytes(name: str) -> bytes:
    return name.encode("utf-8", "surrogateescape")
