"""Image builds through the Engine API: content hashes of build contexts, builds, removal.

The hash covers the build context after ``.dockerignore``, so an unchanged
context never rebuilds and a changed one always does.  Builds go through the
Engine API's ``/build`` endpoint with the engine's own BuildKit
(``version=2``: ``RUN --mount``, ``COPY --chmod``; heredocs are rewritten for
its built-in frontend, see ``_dockerfile``) and ``networkmode=host`` (this
engine has no bridge network, and ``RUN apt-get`` needs the network).  Why
the API and not the ``docker`` CLI: ``bench/bench_build.py``.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import stat
import tarfile
import tempfile
import time
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import aiodocker
import anyio
import msgspec
from aiodocker.exceptions import DockerError

from realcli._errors import InfrastructureError
from realcli.environments._buildkit import TRACE_ID, TraceLog
from realcli.environments._docker import (
    ProgressFn,
    docker_error,
    file_chunks,
    inspect_image,
    iter_json_lines,
    one_line,
    session_labels,
    tar_request,
)
from realcli.environments._dockerfile import Rewrite, rewrite_dockerfile
from realcli.environments._imagemap import ImageMap

__all__ = [
    "BuildResult",
    "ImageBuildError",
    "ImageUnavailableError",
    "build_image",
    "context_hash",
    "log_tail",
    "prepare_dockerfile",
    "pull_image",
    "remove_image",
]

# Bump when the hashing or the build parameters change meaning, so old tags stop matching.
# (Base images share it: a bump rebuilds them on every machine.  Task images mix in their own
# build version instead, see realcli.environments._task_images.)
_HASH_VERSION = b"realcli-context-v1"
_CHUNK = 1 << 16
_LOG_LIMIT = 4 << 20  # characters of build log kept on an ImageBuildError
_TAIL_LINES = 3
_TAIL_CHARS = 240


class ImageBuildError(InfrastructureError):
    """An image build failed or timed out.

    ``str(err)`` is one line with the failing step's error and the log tail;
    ``err.log`` holds the whole build log (bounded to its last 4 MiB).
    """

    cause = "image_error"

    def __init__(self, message: str, *, image: str, error: str, log: str) -> None:
        super().__init__(message)
        self.image = image
        self.error = error
        self.log = log


class ImageUnavailableError(InfrastructureError):
    """An image a task needs is neither here nor pullable; the message names it and the ways out."""

    cause = "image_error"

    def __init__(self, message: str, *, image: str) -> None:
        super().__init__(message)
        self.image = image


@dataclass(frozen=True, slots=True)
class BuildResult:
    """A finished build: the image id and its full log."""

    image_id: str
    log: str
    duration_sec: float


# ---------------------------------------------------------------- build context


class _DockerIgnore:
    """The subset of ``.dockerignore`` semantics Docker documents: globs, ``**``, ``!`` exceptions.

    The last matching pattern wins; a pattern also matches everything below a
    matched directory.
    """

    def __init__(self, text: str) -> None:
        self._rules: list[tuple[re.Pattern[str], bool]] = []
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            negate = line.startswith("!")
            pattern = os.path.normpath(line[1:].strip() if negate else line).lstrip("/")
            if pattern in ("", "."):
                continue
            self._rules.append((re.compile(_glob_to_regex(pattern)), negate))

    def excluded(self, rel: str) -> bool:
        result = False
        for rx, negate in self._rules:
            if rx.fullmatch(rel):
                result = not negate
        return result


def _glob_to_regex(pattern: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if pattern.startswith("**", i):
            # "**/" matches zero or more directories; a trailing "**" matches anything.
            if pattern.startswith("**/", i):
                out.append("(?:.*/)?")
                i += 3
            else:
                out.append(".*")
                i += 2
            continue
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[":
            end = pattern.find("]", i + 1)
            if end < 0:
                out.append(re.escape(c))
            else:
                body = pattern[i + 1 : end].replace("\\", "\\\\")
                out.append("[" + ("^" + body[1:] if body.startswith("!") else body) + "]")
                i = end
        else:
            out.append(re.escape(c))
        i += 1
    # A matched directory excludes everything under it.
    return "".join(out) + "(?:/.*)?"


def _context_entries(root: Path, dockerfile: str = "Dockerfile") -> list[tuple[str, Path]]:
    """The (relative path, host path) pairs a build sends, sorted, after ``.dockerignore``."""
    ignore_file = root / ".dockerignore"
    ignore = _DockerIgnore(ignore_file.read_text(errors="replace")) if ignore_file.is_file() else None
    always = {dockerfile, ".dockerignore"}  # sent even when ignored, as the docker CLI does
    entries: list[tuple[str, Path]] = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        base = Path(dirpath)
        for name in [*dirnames, *sorted(filenames)]:
            path = base / name
            rel = path.relative_to(root).as_posix()
            if ignore is not None and rel not in always and ignore.excluded(rel):
                continue
            entries.append((rel, path))
    entries.sort()
    return entries


def _hash_entries(entries: list[tuple[str, Path]], extra: bytes) -> str:
    h = hashlib.sha256(_HASH_VERSION + b"\0" + extra + b"\0")
    for rel, path in entries:
        st = path.lstat()
        if stat.S_ISLNK(st.st_mode):
            h.update(b"l\0" + rel.encode() + b"\0" + os.readlink(path).encode() + b"\0")
        elif stat.S_ISDIR(st.st_mode):
            h.update(b"d\0" + rel.encode() + b"\0")
        elif stat.S_ISREG(st.st_mode):
            # Only the executable bit: other mode bits vary with the checkout's umask.
            kind = b"x" if st.st_mode & 0o111 else b"f"
            h.update(kind + b"\0" + rel.encode() + b"\0" + str(st.st_size).encode() + b"\0")
            with path.open("rb") as f:
                while chunk := f.read(_CHUNK):
                    h.update(chunk)
    return h.hexdigest()


def context_hash(directory: Path, *, extra: bytes = b"") -> str:
    """Hex sha256 of a build context: paths, file contents, executable bits, symlink targets.

    Honours ``.dockerignore`` the way the build does, so ignored files never
    change the hash.  ``extra`` is mixed in (e.g. a parent image's hash).
    """
    return _hash_entries(_context_entries(directory), extra)


def _write_context_tar(
    entries: list[tuple[str, Path]], out: IO[bytes], replaced: Mapping[str, bytes] | None = None
) -> None:
    """The build context as a tar; ``replaced`` gives new content for some members (the rewritten Dockerfile).

    Replaced members come first: BuildKit recognizes a tar context by its
    first header, which must be a plain one (whole-second mtimes, short name).
    """

    def normalize(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        info.mtime = int(info.mtime)  # a fractional mtime needs a PAX header
        return info

    replaced = replaced or {}
    with tarfile.open(fileobj=out, mode="w", format=tarfile.PAX_FORMAT) as tar:
        made: set[str] = set()
        for rel, data in replaced.items():
            for parent in reversed(Path(rel).parents[:-1]):  # folders of added files (COPY heredocs' text)
                if parent.as_posix() not in made:
                    made.add(parent.as_posix())
                    folder = tarfile.TarInfo(parent.as_posix())
                    folder.type, folder.mode, folder.mtime = tarfile.DIRTYPE, 0o755, 0
                    tar.addfile(folder)
            info = tarfile.TarInfo(rel)
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tar.addfile(info, io.BytesIO(data))
        for rel, path in entries:
            if rel not in replaced:
                tar.add(path, arcname=rel, recursive=False, filter=normalize)
    out.seek(0)


def prepare_dockerfile(
    context_dir: Path, dockerfile: str = "Dockerfile", *, image_map: ImageMap | None = None, ca: str | None = None
) -> Rewrite:
    """The Dockerfile a build sends: rewritten for the engine's BuildKit, the image map and CA certificates applied."""
    path = context_dir / dockerfile
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InfrastructureError(f"{path}: cannot read the Dockerfile ({e})") from e
    return rewrite_dockerfile(text, image_map=image_map, ca=ca)


async def pull_image(docker: aiodocker.Docker, ref: str, *, timeout_sec: float = 600.0) -> str | None:
    """Pull ``ref`` when the engine can; None when it cannot (no registry, unknown image), else the reason."""
    name, tag = _split_ref(ref)
    try:
        with anyio.fail_after(timeout_sec):
            await docker.images.pull(name, tag=tag)
    except DockerError as e:
        return one_line(str(e.message), 160)
    except TimeoutError:
        return f"the pull took over {timeout_sec:g} s"
    return None


def _split_ref(ref: str) -> tuple[str, str | None]:
    if "@" in ref:
        return ref, None
    name, sep, tag = ref.rpartition(":")
    if sep and "/" not in tag:
        return name, tag
    return ref, "latest"


# ---------------------------------------------------------------------- build


class _LogBuffer:
    """The build log, bounded to its last ``_LOG_LIMIT`` characters."""

    def __init__(self) -> None:
        self._parts: deque[str] = deque()
        self._size = 0

    def add(self, text: str) -> None:
        self._parts.append(text)
        self._size += len(text)
        while self._size > _LOG_LIMIT and len(self._parts) > 1:
            self._size -= len(self._parts.popleft())

    def text(self) -> str:
        return "".join(self._parts)


_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# The builder's own bookkeeping lines say nothing about why a step failed.
# (BuildKit's "#N ERROR:" line repeats the error the message already carries.)
_BUILDER_NOISE = re.compile(r"^(Removing intermediate container |---> |Running in |#\d+ ERROR: )")


def log_tail(log: str, lines: int = _TAIL_LINES, limit: int = _TAIL_CHARS) -> str:
    """The last few meaningful lines of a build log, joined with `` | `` and kept short."""
    kept = (ln.strip() for ln in log.splitlines())
    tail = [ln for ln in kept if ln and not _BUILDER_NOISE.match(ln)][-lines:]
    joined = " | ".join(tail)
    return joined if len(joined) <= limit else "..." + joined[-(limit - 3) :]


def _build_params(tag: str, labels: Mapping[str, str], network: str, dockerfile: str, nocache: bool) -> dict[str, str]:
    return {
        "t": tag,
        "dockerfile": dockerfile,
        "networkmode": network,
        "labels": msgspec.json.encode(dict(labels)).decode(),
        "version": "2",  # the engine's BuildKit
        "rm": "1",
        "forcerm": "1",
        "nocache": "1" if nocache else "0",
        "pull": "0",  # BuildKit then prefers local images: nothing is pulled that exists here
    }


async def build_image(
    docker: aiodocker.Docker,
    context_dir: Path,
    *,
    tag: str,
    labels: Mapping[str, str],
    what: str,
    network: str = "host",
    dockerfile: str = "Dockerfile",
    timeout_sec: float = 1800.0,
    nocache: bool = False,
    progress: ProgressFn | None = None,
    image_map: ImageMap | None = None,
    ca: str | None = None,
) -> BuildResult:
    """Build ``context_dir`` into image ``tag`` with the engine's BuildKit (``networkmode`` = ``network``).

    ``what`` names the thing being built in error messages ("task foo").
    ``image_map`` substitutes ``FROM`` images; ``ca`` (a PEM bundle) is
    trusted by every ``RUN`` (see ``_dockerfile``).
    Raises ``ImageBuildError`` when a step fails or the build exceeds
    ``timeout_sec``; the engine drops the build when the request is aborted.
    """
    started = time.monotonic()
    log = _LogBuffer()
    trace = TraceLog()
    image_id = ""
    error = ""
    params = _build_params(tag, {**labels, **session_labels()}, network, dockerfile, nocache)
    rewrite = prepare_dockerfile(context_dir, dockerfile, image_map=image_map, ca=ca)
    if rewrite.build_args:
        params["buildargs"] = msgspec.json.encode(rewrite.build_args).decode()
    for note in rewrite.notes:
        log.add(f"realcli: {note}\n")
    with tempfile.SpooledTemporaryFile(max_size=32 << 20) as ctx:
        entries = await anyio.to_thread.run_sync(_context_entries, context_dir, dockerfile)
        added = {dockerfile: rewrite.text.encode(), **rewrite.files}
        await anyio.to_thread.run_sync(_write_context_tar, entries, ctx, added)
        try:
            with anyio.fail_after(timeout_sec):
                async with tar_request(docker, "build", "POST", params, file_chunks(ctx)) as response:
                    async for msg in iter_json_lines(response.content.iter_any()):
                        if "error" in msg or "errorDetail" in msg:
                            error = _error_text(msg)
                            break
                        image_id = _aux_id(msg) or image_id
                        text = _message_text(msg, trace)
                        log.add(text)
                        if progress is not None and text.strip():
                            progress(text.rstrip("\n"))
        except TimeoutError:
            error = f"build timed out after {timeout_sec:g} s"
        except DockerError as e:
            raise docker_error(e, f"building {what} ({tag})") from e
    if not error and not image_id:
        # Old engines do not send "aux"; the tag now names the result.
        info = await inspect_image(docker, tag)
        image_id = str(info["Id"]) if info else ""
        error = "" if info else "the engine reported no image"
    if error:
        tail = log_tail(log.text())
        log.add(error + "\n")
        full = log.text()
        raise ImageBuildError(
            f"{what}: image build failed: {one_line(error, 200)}"
            + (f"; log tail: {tail}" if tail else "")
            + _hint(error),
            image=tag,
            error=error,
            log=full,
        )
    return BuildResult(image_id=image_id, log=log.text(), duration_sec=time.monotonic() - started)


def _aux_id(msg: dict[str, object]) -> str:
    aux = msg.get("aux")
    if isinstance(aux, dict):
        return str(aux.get("ID") or "")
    return ""


def _message_text(msg: dict[str, object], trace: TraceLog) -> str:
    if msg.get("id") == TRACE_ID:
        return "".join(line + "\n" for line in trace.lines(msg.get("aux")))
    if isinstance(msg.get("stream"), str):
        return _ANSI.sub("", str(msg["stream"]))
    if isinstance(msg.get("status"), str):
        return str(msg["status"]) + "\n"
    return ""


def _error_text(msg: dict[str, object]) -> str:
    detail = msg.get("errorDetail")
    if isinstance(detail, dict) and detail.get("message"):
        return str(detail["message"])
    return str(msg.get("error") or "unknown build error")


def _hint(error: str) -> str:
    if re.search(r"pull access denied|repository does not exist|manifest .*not found|dial tcp|lookup ", error):
        return (
            " (an image could not be pulled: `docker load` it, map it to a local one with "
            "--image-map FROM=TO, or build realcli's base images with `python -m realcli.environments`)"
        )
    return ""


async def remove_image(docker: aiodocker.Docker, ref: str, *, force: bool = False) -> bool:
    """Remove image ``ref``; False when it was not there."""
    try:
        await docker.images.delete(ref, force=force)
    except DockerError as e:
        if e.status == 404:
            return False
        raise docker_error(e, f"removing image {ref}") from e
    return True


# ----------------------------------------------------------------- task images
