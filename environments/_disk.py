"""A sandbox's disk budget (``[environment] storage_mb``): a cap the engine enforces where it can.

Two ways, chosen per engine and recorded per sandbox (``SandboxInfo.storage``):

``quota``
    The engine's btrfs storage driver with simple quotas (``scripts/services.sh``
    sets one up): the container is created with ``StorageOpt size``, and the
    kernel refuses every write past it (EDQUOT), from any number of writers.
    The cap counts blocks: what the sandbox wrote, not its image; a sparse
    file costs the extents it has; every file its metadata, so a flood of
    empty files is stopped too (see ``realcli.environments._btrfs``).
    realcli watches the charge (the warden ends the agent's time when
    the disk is full) and widens the cap while the verifier works.
``poll``
    Any other engine: the writable layer's size as the engine reports it,
    measured every few seconds.  Not a cap (a fast writer overshoots between
    two measurements), apparent sizes (a sparse file counts its length), and
    no limit on files.  The first sandbox with a budget says so, once
    (``DiskNotCappedWarning``).

The verifier is not held to the agent's budget: while it works, the cap is
the layer's usage when the agent stopped plus ``verifier_room_mb`` (as much
again as the budget, at least 1 GiB); when a later step's agent starts, the
cap is the budget plus what the verifiers wrote.
"""

from __future__ import annotations

import warnings
import weakref
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

import aiodocker
import anyio
from aiodocker.exceptions import DockerError

from realcli._errors import EngineError, RealcliWarning
from realcli.environments._btrfs import LayerQuota, quota_problem
from realcli.environments._docker import docker_error
from realcli.environments._sandbox_types import DiskPhase, DiskUse, MiB

__all__ = [
    "SERVICES_HINT",
    "VERIFIER_ROOM_MIN_MB",
    "DiskEnforcement",
    "DiskNotCappedWarning",
    "SandboxDisk",
    "disk_enforcement",
    "verifier_room_mb",
]

Enforcement = Literal["quota", "poll"]
VERIFIER_ROOM_MIN_MB: Final = 1024
SERVICES_HINT: Final = "`scripts/services.sh start` starts an engine that caps them (btrfs with simple quotas)"


class DiskNotCappedWarning(RealcliWarning):
    """The engine cannot cap sandbox disks: ``storage_mb`` is polled instead (said once per process)."""


@dataclass(frozen=True, slots=True)
class DiskEnforcement:
    """How an engine's sandboxes keep a disk budget: ``quota`` (a cap) or ``poll``, and why not a cap."""

    kind: Enforcement
    reason: str = ""
    root: Path | None = None  # the engine's data root (quota)


_known: weakref.WeakKeyDictionary[aiodocker.Docker, DiskEnforcement] = weakref.WeakKeyDictionary()


async def disk_enforcement(docker: aiodocker.Docker) -> DiskEnforcement:
    """How sandboxes on this engine keep a disk budget (asked once per client)."""
    if docker not in _known:
        try:
            info = await docker.system.info()
        except DockerError as e:
            raise docker_error(e, "reading engine info") from e
        _known[docker] = await anyio.to_thread.run_sync(_enforcement, info)
    return _known[docker]


def _enforcement(info: Mapping[str, Any]) -> DiskEnforcement:
    driver = str(info.get("Driver") or "unknown")
    if driver != "btrfs":
        backing = dict(info.get("DriverStatus") or []).get("Backing Filesystem")
        on = f" on {backing}" if backing else ""
        return DiskEnforcement("poll", f"the engine's storage driver is {driver}{on}, which realcli cannot cap")
    root = Path(str(info.get("DockerRootDir") or "/var/lib/docker"))
    problem = quota_problem(root)
    return DiskEnforcement("poll", problem) if problem else DiskEnforcement("quota", root=root)


def verifier_room_mb(storage_mb: int) -> int:
    """What the verifier may write beyond what the agent left: as much again as the budget, at least 1 GiB."""
    return max(VERIFIER_ROOM_MIN_MB, storage_mb)


def _not_capped(reason: str) -> None:
    warnings.warn(
        f"the Docker engine cannot cap sandbox disks ({reason}): a task's storage_mb is measured every few "
        "seconds instead, which is not a cap (fast writers overshoot it, a sparse file counts its full "
        f"length, files are not limited); {SERVICES_HINT}",
        DiskNotCappedWarning,
        stacklevel=1,
    )


class SandboxDisk:
    """One sandbox's disk budget: the create request's part, the usage against the cap, the verifier's room."""

    def __init__(self, storage_mb: int | None) -> None:
        self.storage_mb = storage_mb
        self.enforcement: Enforcement | None = None
        self._root: Path | None = None
        self._layer: LayerQuota | None = None
        self._phase: DiskPhase = "agent"
        self._cap = storage_mb * MiB if storage_mb else 0
        self._verifier_from = 0  # the charge when the verifier started
        self._not_agents = 0  # what the verifiers wrote (a later step's agent is not charged for it)

    async def choose(self, docker: aiodocker.Docker) -> None:
        """Decide the enforcement for this engine (before the container is created)."""
        if not self.storage_mb:
            return
        chosen = await disk_enforcement(docker)
        self.enforcement, self._root = chosen.kind, chosen.root
        if chosen.kind == "poll":
            _not_capped(chosen.reason)

    def host_config(self) -> dict[str, Any]:
        """The storage part of the create request's ``HostConfig``: the engine's cap, when it can set one."""
        if self.enforcement != "quota":
            return {}
        return {"StorageOpt": {"size": str(self._cap)}}

    async def attach(self, container_id: str, name: str) -> None:
        """Find the created container's layer and check that the engine capped it as asked."""
        if self.enforcement != "quota":
            return
        assert self._root is not None
        try:
            self._layer = await anyio.to_thread.run_sync(LayerQuota.find, self._root, container_id)
            limit = await anyio.to_thread.run_sync(self._layer.limit_bytes)
        except OSError as e:
            raise EngineError(f"sandbox {name}: cannot find the disk cap of its layer: {e}") from e
        if limit != self._cap:
            raise EngineError(f"sandbox {name}: the engine capped its layer at {limit} bytes, not {self._cap}")

    async def use(self, layer_size_mb: Callable[[], Awaitable[int]]) -> DiskUse:
        """What the layer holds against the cap in force (``layer_size_mb``: the engine's measure, for ``poll``)."""
        if not self.storage_mb:
            return DiskUse(used_mb=await layer_size_mb(), cap_mb=None)
        if self._layer is None:
            return DiskUse(used_mb=await layer_size_mb(), cap_mb=self.storage_mb)
        # sysfs counters: a few small reads that never wait on a disk.
        use = DiskUse(used_mb=self._layer.charged_bytes() // MiB, cap_mb=self._cap // MiB)
        if use.full:  # perhaps only reserved (a burst of small files): settle, and see what the layer holds
            use = DiskUse(used_mb=await self._settled(self._layer) // MiB, cap_mb=self._cap // MiB)
        return use

    async def set_phase(self, phase: DiskPhase) -> None:
        """The cap for whoever works next: the verifier gets its room, a later step's agent the budget back."""
        if self._layer is None or phase == self._phase or not self.storage_mb:
            return
        used = await self._settled(self._layer)  # what the agent (or the verifier) wrote, all of it
        if phase == "verifier":
            self._verifier_from = used
            cap = max(self._cap, used) + verifier_room_mb(self.storage_mb) * MiB
        else:
            self._not_agents += max(0, used - self._verifier_from)
            cap = self.storage_mb * MiB + self._not_agents
        try:
            await anyio.to_thread.run_sync(self._layer.set_limit, cap)
        except OSError as e:
            raise EngineError(f"moving the disk cap of {self._layer.subvolume} to {cap} bytes failed: {e}") from e
        self._cap, self._phase = cap, phase

    @staticmethod
    async def _settled(layer: LayerQuota) -> int:
        """What ``layer`` holds once the filesystem has committed what is under way."""
        try:
            await anyio.to_thread.run_sync(layer.settle)
        except OSError as e:
            raise EngineError(f"settling the disk of {layer.subvolume} failed: {e}") from e
        return layer.held_bytes()
