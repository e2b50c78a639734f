"""Task images: what a task's trials run in, found, pulled or built, and how it came to be.

Harbor's order: ``[environment] docker_image`` is used when it is present
locally or can be pulled; otherwise ``environment/Dockerfile`` is built (its
force-build path).  A built image's tag is ``realcli-task/<task-id>:<hash12>``,
where the hash covers the build context and everything that changes the build
(the Dockerfile as rewritten, the image map's substitutions, extra CA
certificates), so an unchanged task never rebuilds and a changed one always
does; concurrent trials of one task build it once, and a build that failed is
not tried again by the same process for a while (``validate`` runs the oracle
and then the controls on the same images).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import time
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

import aiodocker
import anyio

from realcli._errors import TaskFormatError
from realcli.environments._docker import ProgressFn, inspect_image
from realcli.environments._dockerfile import Rewrite
from realcli.environments._imagemap import ImageMap
from realcli.environments._images import (
    ImageBuildError,
    ImageUnavailableError,
    build_image,
    context_hash,
    prepare_dockerfile,
    pull_image,
)

__all__ = ["ImageSource", "TaskImage", "ensure_task_image", "task_image_tag"]

ImageSource = Literal["built", "cached", "local", "pulled"]


@dataclass(frozen=True, slots=True)
class TaskImage:
    """The image a task's trials run in (fields match the ``ImageBuilt`` event).

    ``source``: ``built`` now, ``cached`` (built before from the same content),
    ``local`` (``docker_image`` present here), ``pulled`` (``docker_image``
    pulled now).  ``mapped``: the image map's substitutions (asked -> used).
    """

    tag: str
    content_hash: str
    cached: bool
    duration_sec: float
    source: ImageSource = "built"
    mapped: dict[str, str] = field(default_factory=dict)
    docker_image: str | None = None
    entrypoint: tuple[str, ...] = ()  # the image's ENTRYPOINT (empty: none): it runs in the sandbox, as in Harbor


# Mixed into a task image's content hash: bump when the way task images are built changes meaning.
_BUILD_VERSION: Final = b"buildkit-v1"  # BuildKit, heredocs rewritten for its built-in frontend
_FAILURE_MEMORY_SEC: Final = 1800.0
_NOT_TAG_CHARS = re.compile(r"[^a-z0-9._-]+")
_locks: weakref.WeakValueDictionary[str, anyio.Lock] = weakref.WeakValueDictionary()
_failures: dict[str, tuple[float, ImageBuildError]] = {}  # tag -> (when, the build's error)


def task_image_tag(task_id: str, content_hash: str) -> str:
    """``realcli-task/<task-id>:<hash12>``, with the id folded into Docker's repository alphabet."""
    name = _NOT_TAG_CHARS.sub("-", task_id.lower()).strip("._-") or "task"
    return f"realcli-task/{name[:100]}:{content_hash[:12]}"


def _lock_for(tag: str) -> anyio.Lock:
    lock = _locks.get(tag)
    if lock is None:
        lock = anyio.Lock()
        _locks[tag] = lock
    return lock


async def ensure_task_image(
    docker: aiodocker.Docker,
    task_id: str,
    environment_dir: Path,
    *,
    docker_image: str | None = None,
    build_timeout_sec: float = 600.0,
    progress: ProgressFn | None = None,
    image_map: ImageMap | None = None,
    ca: str | None = None,
) -> TaskImage:
    """The image for a task's trials, as Harbor chooses it (see the module doc).

    Raises ``ImageUnavailableError`` (names the image and the ways out) when
    ``docker_image`` or a base image is neither here nor pullable,
    ``ImageBuildError`` when the build fails (both are ``image_error``) and
    ``TaskFormatError`` when there is neither a Dockerfile nor an image.
    """
    started = time.monotonic()
    image_map = image_map or ImageMap()
    dockerfile = environment_dir / "Dockerfile"
    if docker_image:
        ref = image_map.apply(docker_image)
        mapped = {docker_image: ref} if ref != docker_image else {}
        found = await _local_or_pulled(docker, ref)
        if isinstance(found, tuple):
            source, info = found
            took = time.monotonic() - started
            return TaskImage(ref, str(info["Id"]), True, took, source, mapped, docker_image, _entrypoint(info))
        if not dockerfile.is_file():
            raise ImageUnavailableError(_docker_image_missing(task_id, docker_image, ref, found), image=ref)
    elif not dockerfile.is_file():
        raise TaskFormatError(
            f"task {task_id}: {dockerfile} is missing and [environment] docker_image is not set; add one of them"
        )
    image = await _build(docker, task_id, environment_dir, build_timeout_sec, progress, image_map, ca)
    took = time.monotonic() - started
    return dataclasses.replace(image, duration_sec=took, docker_image=docker_image)


def _entrypoint(info: Mapping[str, Any]) -> tuple[str, ...]:
    """The image's ENTRYPOINT, from the engine's inspection of it."""
    config = info.get("Config") or {}
    return tuple(str(part) for part in config.get("Entrypoint") or ())


async def _local_or_pulled(docker: aiodocker.Docker, ref: str) -> tuple[ImageSource, Mapping[str, Any]] | str:
    """(source, the engine's inspection) when ``ref`` is here or could be pulled; else why the pull failed."""
    info = await inspect_image(docker, ref)
    if info is not None:
        return "local", info
    why = await pull_image(docker, ref)
    if why is None and (info := await inspect_image(docker, ref)) is not None:
        return "pulled", info
    return why or "the engine reported no image after the pull"


def _docker_image_missing(task_id: str, asked: str, ref: str, why: str) -> str:
    shown = asked if asked == ref else f"{asked} (mapped to {ref})"
    return (
        f"task {task_id}: [environment] docker_image {shown} is not present locally and cannot be pulled ({why}); "
        f"ways out: `docker load -i IMAGE.tar` it here, map it to a local image with --image-map {asked}=LOCAL "
        "(or REALCLI_IMAGE_MAP), or remove docker_image and add environment/Dockerfile to build it"
    )


def _base_missing(task_id: str, base: str, why: str) -> str:
    return (
        f"task {task_id}: environment/Dockerfile builds on {base} (FROM, COPY --from or RUN --mount from=), "
        f"which is not present locally and cannot be pulled ({why}); ways out: `docker load -i IMAGE.tar` it "
        f"here, map it to a local image with "
        f"--image-map {base}=LOCAL (or REALCLI_IMAGE_MAP), or build it here under that name"
    )


def _content_hash(environment_dir: Path, rewrite: Rewrite, ca: str | None) -> str:
    extra = b"\0".join(
        [
            _BUILD_VERSION,
            hashlib.sha256(rewrite.text.encode()).hexdigest().encode(),
            hashlib.sha256((ca or "").encode()).hexdigest().encode(),
        ]
    )
    return context_hash(environment_dir, extra=extra)


async def _build(
    docker: aiodocker.Docker,
    task_id: str,
    environment_dir: Path,
    build_timeout_sec: float,
    progress: ProgressFn | None,
    image_map: ImageMap,
    ca: str | None,
) -> TaskImage:
    rewrite = await anyio.to_thread.run_sync(lambda: prepare_dockerfile(environment_dir, image_map=image_map, ca=ca))
    digest = await anyio.to_thread.run_sync(lambda: _content_hash(environment_dir, rewrite, ca))
    tag = task_image_tag(task_id, digest)
    async with _lock_for(tag):
        if (info := await inspect_image(docker, tag)) is not None:
            return TaskImage(tag, digest, True, 0.0, "cached", rewrite.mapped, entrypoint=_entrypoint(info))
        _raise_recent_failure(tag)
        for base in dict.fromkeys(rewrite.bases):
            if base != "scratch":
                found = await _local_or_pulled(docker, base)
                if isinstance(found, str):
                    raise ImageUnavailableError(_base_missing(task_id, base, found), image=base)
        labels = {"realcli.kind": "task-image", "realcli.content-hash": digest, "realcli.task": task_id}
        try:
            await build_image(
                docker,
                environment_dir,
                tag=tag,
                labels=labels,
                what=f"task {task_id}",
                timeout_sec=build_timeout_sec,
                progress=progress,
                image_map=image_map,
                ca=ca,
            )
        except ImageBuildError as e:
            _failures[tag] = (time.monotonic(), e)
            raise
        built = await inspect_image(docker, tag)
    return TaskImage(tag, digest, False, 0.0, "built", rewrite.mapped, entrypoint=_entrypoint(built or {}))


def _raise_recent_failure(tag: str) -> None:
    """A build of this very content failed a moment ago in this process: its error again, without a rebuild."""
    failed = _failures.get(tag)
    if failed is None:
        return
    when, error = failed
    if time.monotonic() - when > _FAILURE_MEMORY_SEC:
        del _failures[tag]
        return
    again = ImageBuildError(
        f"{error} (not rebuilt: this build failed {time.monotonic() - when:.0f} s ago)",
        image=error.image,
        error=error.error,
        log=error.log,
    )
    raise again from error
