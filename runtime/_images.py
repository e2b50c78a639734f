"""Task images: a task's ``environment/`` built into a cached, content-addressed image.

The tag is ``realcli-task/<task-id>:<hash12>`` where the hash covers the
build context, so an unchanged task never rebuilds and a changed one always
does; concurrent trials of one task build it once.
"""

from __future__ import annotations

import re
import time
import weakref
from dataclasses import dataclass
from pathlib import Path

import aiodocker
import anyio

from realcli._errors import InfrastructureError, TaskFormatError
from realcli.environments import ProgressFn, build_image, context_hash, inspect_image

__all__ = ["TaskImage", "ensure_task_image", "task_image_tag"]


@dataclass(frozen=True, slots=True)
class TaskImage:
    """The image a task's trials run in (fields match the ``ImageBuilt`` event)."""

    tag: str
    content_hash: str
    cached: bool
    duration_sec: float


# Mixed into a task image's content hash: bump when the way task images are built changes meaning.
_BUILD_VERSION = b"buildkit-v1"  # BuildKit, heredocs rewritten for its built-in frontend
_NOT_TAG_CHARS = re.compile(r"[^a-z0-9._-]+")
_locks: weakref.WeakValueDictionary[str, anyio.Lock] = weakref.WeakValueDictionary()


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
) -> TaskImage:
    """The image for a task's trials: built from ``environment_dir`` once per content hash.

    With ``docker_image`` (Harbor's ``[environment] docker_image``) that image
    is used as is; it must already exist locally since nothing can be pulled.
    Concurrent calls for the same content in one process build once.
    Raises ``ImageBuildError`` (an ``InfrastructureError``) when the build
    fails, ``InfrastructureError`` for a missing ``docker_image`` and
    ``TaskFormatError`` when there is neither a Dockerfile nor an image.
    """
    started = time.monotonic()
    if docker_image:
        return await _prebuilt(docker, task_id, docker_image, started)
    if not (environment_dir / "Dockerfile").is_file():
        raise TaskFormatError(
            f"task {task_id}: {environment_dir / 'Dockerfile'} is missing and "
            "[environment] docker_image is not set; add one of them"
        )
    digest = await anyio.to_thread.run_sync(lambda: context_hash(environment_dir, extra=_BUILD_VERSION))
    tag = task_image_tag(task_id, digest)
    async with _lock_for(tag):
        if await inspect_image(docker, tag) is not None:
            return TaskImage(tag=tag, content_hash=digest, cached=True, duration_sec=time.monotonic() - started)
        labels = {"realcli.kind": "task-image", "realcli.content-hash": digest, "realcli.task": task_id}
        await build_image(
            docker,
            environment_dir,
            tag=tag,
            labels=labels,
            what=f"task {task_id}",
            timeout_sec=build_timeout_sec,
            progress=progress,
        )
    return TaskImage(tag=tag, content_hash=digest, cached=False, duration_sec=time.monotonic() - started)


async def _prebuilt(docker: aiodocker.Docker, task_id: str, ref: str, started: float) -> TaskImage:
    info = await inspect_image(docker, ref)
    if info is None:
        raise InfrastructureError(
            f"task {task_id}: [environment] docker_image {ref!r} is not present locally and nothing "
            "can be pulled here; load it first (`docker load`) or remove docker_image to build "
            "environment/Dockerfile"
        )
    return TaskImage(tag=ref, content_hash=str(info["Id"]), cached=True, duration_sec=time.monotonic() - started)
