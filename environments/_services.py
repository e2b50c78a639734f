"""A trial's compose services (Harbor's multi-container environments), created through the Engine API.

Docker Compose read and checked the file when the task loaded
(``realcli.events.ComposeProject``); here realcli creates what it says
the way it creates sandboxes: every container labelled as a sandbox of the
run and trial (``gc`` removes what a dead process left), limited (cpus,
memory, pids), networked as Harbor networks them, started in
``depends_on`` order with its conditions waited for, and removed with the
trial: containers, named volumes, the network.

Networks, as in Harbor: a trial with network puts ``main`` and the services
on a bridge network of the trial's own (they reach each other by name,
nothing of another trial, the internet through the engine's NAT).  A trial
without network is Harbor's ``no-network`` (its egress control, Harbor 0.20
and later): ``main`` and the services share one network namespace with no
route out (they reach each other on ``localhost``; names of other services
do not resolve), held by a container of the trial's own.  A ``main`` whose
compose file says ``network_mode: none`` has no network at all, as in Harbor.
"""

from __future__ import annotations

import io
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

import aiodocker
from aiodocker.containers import DockerContainer
from aiodocker.exceptions import DockerError

from realcli._errors import EngineError
from realcli.environments._archives import tar_of_copies
from realcli.environments._docker import docker_error, is_not_found, removed_within
from realcli.environments._imagemap import ImageMap
from realcli.environments._networks import remove_network
from realcli.environments._ownership import LABEL_TRIAL
from realcli.environments._sandbox_types import DEFAULT_PIDS_LIMIT, FileCopy, MiB
from realcli.environments._service_waits import wait_for
from realcli.environments._task_images import ensure_task_image
from realcli.events import ComposeProject, ComposeService

__all__ = ["KIND_VOLUME", "LABEL_SERVICE", "ServiceGroup"]

_REMOVAL_WAIT_SEC = 120.0  # a service another process is removing, finishing

LABEL_SERVICE: Final = "realcli.service"
KIND_VOLUME: Final = "volume"  # a trial's named volume (gc sweeps those whose process is gone)
_HOLDER: Final = "realcli-netns"  # the service label of the container holding a trial's shared namespace

OwnerLabels = Callable[[str], dict[str, str]]  # kind -> ownership labels


class ServiceGroup:
    """One trial's services: ``start`` before the sandbox (returns the network ``main`` joins), ``remove`` after."""

    def __init__(
        self,
        docker: aiodocker.Docker,
        project: ComposeProject,
        *,
        task_id: str,
        trial: str,
        internet: bool,
        owner_labels: OwnerLabels,
        cpus: float,
        memory_mb: int,
        image_map: ImageMap | None = None,
        ca: str | None = None,
        build_timeout_sec: float = 600.0,
    ) -> None:
        self._docker = docker
        self.project = project
        self._task_id = task_id
        self._trial = trial
        self._internet = internet
        self._owner = owner_labels
        self._cpus = cpus
        self._memory_mb = memory_mb
        self._image_map = image_map or ImageMap()
        self._ca = ca
        self._build_timeout_sec = build_timeout_sec
        suffix = secrets.token_hex(4)
        self.network = f"realcli-trial-{suffix}"
        self._volumes = {name: f"realcli-vol-{suffix}-{name}" for name in project.volumes}
        self._containers: dict[str, DockerContainer] = {}
        self._network_made = False
        self._holder: DockerContainer | None = None  # the shared network namespace of a trial without network

    @property
    def bridged(self) -> bool:
        """Whether ``main`` is on the trial's bridge network (else it has none, or shares the services' namespace)."""
        return self._internet and self.project.main_network

    @property
    def containers(self) -> dict[str, str]:
        """Service name -> container id, of the services started so far."""
        return {name: c.id for name, c in self._containers.items()}

    async def start(self, cpu_capacity: float, main_image: str) -> str:
        """Network, images, volumes, then every service in ``depends_on`` order; returns ``main``'s network mode.

        Returns once ``main``'s own ``depends_on`` conditions hold.  ``main_image`` (it has a shell and
        ``sleep``) holds the shared network namespace of a trial without network.
        """
        images = {s.name: await self._image(s) for s in self.project.services}
        if self._internet:
            await self._make_network()
        else:
            await self._make_holder(main_image)
        for volume in self._volumes.values():
            await self._docker.volumes.create({"Name": volume, "Labels": self._owner(KIND_VOLUME)})  # type: ignore[no-untyped-call]
        for service in self.project.start_order():
            await self._wait_for(service.name, service.depends_on)
            await self._start(service, images[service.name], cpu_capacity)
        await self._wait_for("main", self.project.main_depends_on)
        if not self.project.main_network:
            return "none"
        return self.network if self._internet else self._service_network()

    def main_networking(self) -> dict[str, Any]:
        """What ``main``'s create request needs to be ``main`` on the trial's network (nothing otherwise)."""
        return {"EndpointsConfig": {self.network: {"Aliases": ["main"]}}} if self.bridged else {}

    def _service_network(self) -> str:
        return self.network if self._holder is None else f"container:{self._holder.id}"

    async def _make_holder(self, image: str) -> None:
        """The network namespace a trial without network shares: loopback only, held by a container that sleeps."""
        config: dict[str, Any] = {
            "Image": image,
            "Entrypoint": ["sh", "-c", "while :; do sleep 86400; done"],
            "Cmd": [],
            "Labels": {**self._owner("sandbox"), LABEL_TRIAL: self._trial, LABEL_SERVICE: _HOLDER},
            "HostConfig": {"NetworkMode": "none", "Init": True, "Memory": 64 * MiB, "PidsLimit": 16},
        }
        name = f"{self.network}-{_HOLDER}"
        try:
            self._holder = await self._docker.containers.create(config, name=name)
            self._containers[_HOLDER] = self._holder
            await self._holder.start()
        except DockerError as e:
            raise docker_error(e, f"creating the trial's network namespace {name}") from e

    async def _image(self, service: ComposeService) -> str:
        context = Path(service.build_context or "/nonexistent")
        image = await ensure_task_image(
            self._docker,
            f"{self._task_id}.{service.name}",
            context,
            docker_image=service.image,
            build_timeout_sec=self._build_timeout_sec,
            image_map=self._image_map,
            ca=self._ca,
        )
        return image.tag

    async def _make_network(self) -> None:
        config = {
            "Name": self.network,
            "Driver": "bridge",
            "CheckDuplicate": True,
            "Labels": self._owner("network"),
        }
        try:
            await self._docker.networks.create(config)
        except DockerError as e:
            raise docker_error(e, f"creating network {self.network}") from e
        self._network_made = True

    async def _start(self, service: ComposeService, image: str, cpu_capacity: float) -> None:
        name = f"{self.network}-{service.name}"
        try:
            container = await self._docker.containers.create(
                self._config(service, image, cpu_capacity), name=name[:120]
            )
        except DockerError as e:
            raise docker_error(e, f"creating service {service.name}") from e
        self._containers[service.name] = container
        copies = [FileCopy(v.target, Path(v.source)) for v in service.volumes if v.kind == "project"]
        try:
            if copies:
                tar = io.BytesIO()
                tar_of_copies((), copies, tar)
                await container.put_archive("/", tar.getvalue())  # type: ignore[no-untyped-call]
            await container.start()
        except DockerError as e:
            raise docker_error(e, f"starting service {service.name}") from e

    def _config(self, service: ComposeService, image: str, cpu_capacity: float) -> dict[str, Any]:
        cpus = min(service.cpus or self._cpus, cpu_capacity)
        memory = (service.memory_mb or self._memory_mb) * MiB
        config: dict[str, Any] = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in service.environment.items()],
            "Labels": {**self._owner("sandbox"), LABEL_TRIAL: self._trial, LABEL_SERVICE: service.name},
            "HostConfig": {
                "NanoCpus": int(cpus * 1e9),
                "Memory": memory,
                "MemorySwap": memory,
                "PidsLimit": DEFAULT_PIDS_LIMIT,
                "NetworkMode": self._service_network(),
                "Init": service.init,
                "Mounts": [
                    {"Type": "volume", "Source": self._volumes[v.source], "Target": v.target, "ReadOnly": v.read_only}
                    for v in service.volumes
                    if v.kind == "named"
                ],
            },
        }
        if self._holder is None:  # a namespace's hostname is its holder's
            config["Hostname"] = service.hostname or service.name
            config["NetworkingConfig"] = {"EndpointsConfig": {self.network: {"Aliases": [service.name]}}}
        if service.command is not None:
            config["Cmd"] = list(service.command)
        if service.entrypoint is not None:
            config["Entrypoint"] = list(service.entrypoint)
        if service.working_dir:
            config["WorkingDir"] = service.working_dir
        if service.user:
            config["User"] = service.user
        if (check := service.healthcheck) is not None:
            config["Healthcheck"] = {
                "Test": list(check.test),
                "Interval": int(check.interval_sec * 1e9),
                "Timeout": int(check.timeout_sec * 1e9),
                "Retries": check.retries,
                "StartPeriod": int(check.start_period_sec * 1e9),
            }
        return config

    async def _wait_for(self, who: str, conditions: Mapping[str, str]) -> None:
        await wait_for(self.project, self._containers, who, conditions)

    async def remove(self) -> None:
        """Every container, named volume and the network; a missing one is no error."""
        for name, container in reversed(list(self._containers.items())):
            try:
                await container.delete(force=True, v=True)
            except DockerError as e:
                if e.status == 409:  # another removal (a gc sweep) is under way: the network goes after it
                    if not await removed_within(container, f"service {name}", _REMOVAL_WAIT_SEC):
                        raise EngineError(
                            f"docker engine: service {name} was still being removed after {_REMOVAL_WAIT_SEC:.0f} s"
                        ) from e
                elif not is_not_found(e):
                    raise docker_error(e, f"removing service {name}") from e
        self._containers.clear()
        for volume in self._volumes.values():
            try:
                await self._docker._query_json(f"volumes/{volume}", method="DELETE")
            except DockerError as e:
                if not is_not_found(e):
                    raise docker_error(e, f"removing volume {volume}") from e
        if self._network_made:
            await remove_network(self._docker, self.network)
            self._network_made = False
