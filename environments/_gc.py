"""Removing what dead realcli processes left behind: sandboxes, run and trial networks, trial volumes, cached images
and the engine's build cache."""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any

import aiodocker
import anyio
from aiodocker.exceptions import DockerError

from realcli._errors import InfrastructureError
from realcli.environments._disk import disk_enforcement
from realcli.environments._docker import docker_error, is_not_found, removed_within
from realcli.environments._layer_drop import sweep_dropped
from realcli.environments._networks import KIND_NETWORK, network_of
from realcli.environments._ownership import KIND_SANDBOX, LABEL_KIND, LABEL_RUN, owner_alive
from realcli.environments._services import KIND_VOLUME

__all__ = ["gc", "prune_build_cache", "prune_images", "sweep_forever"]

_REMOVAL_WAIT_SEC = 60.0  # another process's removal of a sandbox, finishing


async def gc(docker: aiodocker.Docker, *, run: str | None = None, older_than: float | None = None) -> list[str]:
    """Remove sandbox containers left behind; returns the ids of those it found to remove (gone now).

    Removed: sandboxes whose owning process (``realcli.owner`` on this host,
    ``realcli.host-id``) is gone; with ``run``, only that run's sandboxes are considered, and all of
    them are removed, live or not; with ``older_than`` (seconds), any sandbox
    created longer ago than that is removed too, whoever owns it.
    """
    label_filters = [f"{LABEL_KIND}={KIND_SANDBOX}"] + ([f"{LABEL_RUN}={run}"] if run is not None else [])
    try:
        containers = await docker.containers.list(all=True, filters={"label": label_filters})
    except DockerError as e:
        raise docker_error(e, "listing sandboxes") from e
    now = time.time()
    removed: list[str] = []
    for c in containers:
        labels: dict[str, str] = c["Labels"] or {}
        created = float(c["Created"])
        expired = older_than is not None and now - created > older_than
        if run is None and not expired and owner_alive(labels, created):
            continue
        try:
            await c.delete(force=True, v=True)
        except DockerError as e:
            # 404: another sweep (any realcli process of this host) removed it first; 409: its removal
            # is under way (another sweep, or one that a killed process started): the engine finishes it,
            # and this sweep waits for that, so that what it returns is gone.
            if e.status == 409:
                await removed_within(c, f"sandbox {c.id[:12]}", _REMOVAL_WAIT_SEC)
            elif not is_not_found(e):
                raise docker_error(e, f"removing sandbox {c.id[:12]}") from e
        removed.append(c.id)
    await _gc_networks(docker, run=run)
    await _gc_volumes(docker, run=run)
    root = (await disk_enforcement(docker)).root
    if root is not None:
        with contextlib.suppress(OSError):  # another sweep's work, or nothing to do
            await anyio.to_thread.run_sync(sweep_dropped, root)
    return removed


async def sweep_forever(docker: aiodocker.Docker, every_sec: float) -> None:
    """``gc`` every ``every_sec`` seconds, for as long as a long-lived process (a run, a worker) lives.

    A realcli process killed on this host while this one runs leaves its
    sandboxes behind; they are removed within ``every_sec``, not at the next
    start of a realcli process.  A failed sweep is tried again next time.
    """
    while True:
        await anyio.sleep(every_sec)
        with contextlib.suppress(InfrastructureError):
            await gc(docker)


async def _gc_networks(docker: aiodocker.Docker, *, run: str | None) -> None:
    """Remove run networks whose process is gone (or, with ``run``, that run's): after their sandboxes."""
    label_filters = [f"{LABEL_KIND}={KIND_NETWORK}"] + ([f"{LABEL_RUN}={run}"] if run is not None else [])
    try:
        networks = await docker.networks.list(filters={"label": label_filters})
    except DockerError as e:
        raise docker_error(e, "listing run networks") from e
    for net in networks:
        labels: dict[str, str] = net.get("Labels") or {}
        if run is None and owner_alive(labels, _created_at(str(net.get("Created", "")))):
            continue
        try:
            await network_of(docker, net["Id"]).delete()
        except DockerError as e:
            # 404: gone already; 403/409: a sandbox still uses it (another process's, or one being removed).
            if e.status not in (403, 404, 409):
                raise docker_error(e, f"removing network {net.get('Name', net['Id'][:12])}") from e


async def _gc_volumes(docker: aiodocker.Docker, *, run: str | None) -> None:
    """Remove a multi-container trial's named volumes whose process is gone (or, with ``run``, that run's)."""
    label_filters = [f"{LABEL_KIND}={KIND_VOLUME}"] + ([f"{LABEL_RUN}={run}"] if run is not None else [])
    try:
        listed = await docker.volumes.list(filters={"label": label_filters})  # type: ignore[no-untyped-call]
    except DockerError as e:
        raise docker_error(e, "listing trial volumes") from e
    for volume in listed.get("Volumes") or []:
        labels: dict[str, str] = volume.get("Labels") or {}
        if run is None and owner_alive(labels, _created_at(str(volume.get("CreatedAt", "")))):
            continue
        try:
            await docker._query_json(f"volumes/{volume['Name']}", method="DELETE")
        except DockerError as e:
            # 404: gone already; 409: a container still uses it (its sandbox is being removed).
            if e.status not in (404, 409):
                raise docker_error(e, f"removing volume {volume['Name']}") from e


def _created_at(stamp: str) -> float:
    """The engine's RFC 3339 time (nanoseconds, ``Z``) as a Unix time; 0 when unreadable."""
    match = re.fullmatch(r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)", stamp)
    if match is None:
        return 0.0
    whole, fraction, zone = match.groups()
    moment = datetime.fromisoformat(whole + ("+00:00" if zone == "Z" else zone))
    return moment.timestamp() + float(f"0.{fraction or 0}")


async def prune_images(
    docker: aiodocker.Docker, *, select: Callable[[Mapping[str, Any]], bool] | None = None
) -> list[str]:
    """Remove cached task and agent images (``realcli.kind`` task-image / agent-image) no container uses.

    They are a cache keyed by content: a changed task builds a new image and the
    old one is never used again.  Base images are kept (``python -m
    realcli.environments`` owns them).  ``select`` narrows the removal to the
    images (the engine's image summaries: ``Id``, ``Labels``, ``Created``, ...)
    it returns True for; an agent image inherits its task image's
    ``realcli.task`` label.  Returns the removed image ids.
    """
    removed: list[str] = []
    # Agent images are built FROM task images: children first, or the engine refuses (409).
    for kind in ("agent-image", "task-image"):
        try:
            images = await docker.images.list(filters={"label": [f"{LABEL_KIND}={kind}"]})
        except DockerError as e:
            raise docker_error(e, "listing cached images") from e
        for image in images:
            if select is not None and not select(image):
                continue
            try:
                await docker.images.delete(image["Id"])
            except DockerError as e:
                if e.status in (404, 409):  # gone already, or a container still uses it
                    continue
                raise docker_error(e, f"removing image {image['Id'][:19]}") from e
            removed.append(str(image["Id"]))
    return removed


async def prune_build_cache(docker: aiodocker.Docker, *, ids: Iterable[str] | None = None) -> int:
    """Remove the engine's BuildKit cache that no build is using; returns the bytes it freed.

    Removing an image does not free its layers while BuildKit's cache still
    holds the snapshots it built them from, so pruning images alone leaves the
    engine's disk as full as before.  (Docker 20.10's own collection of this
    cache, ``builder.gc`` in the daemon's configuration, is not switched on:
    with builds running beside it, it crashed the daemon with a nil pointer in
    BuildKit's ``GetByBlob``.)  Prune it all while nothing builds; ``ids``
    narrows the removal to those cache records (the ``ID`` of the engine's
    ``/system/df`` ``BuildCache``), which builds of other content never reuse.
    """
    # One request per record: the engine takes one value per filter ("filters expect only one value").
    selections: list[dict[str, str]] = (
        [{"all": "1"}] if ids is None else [{"all": "1", "filters": json.dumps({"id": [i]})} for i in ids]
    )
    freed = 0
    for params in selections:
        try:
            answer = await docker._query_json("build/prune", method="POST", params=params)
        except DockerError as e:
            raise docker_error(e, "pruning the build cache") from e
        freed += int((answer or {}).get("SpaceReclaimed") or 0)
    return freed
