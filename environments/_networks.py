"""Sandbox networks: a sandbox that needs network gets a bridge of the run's own, never the host's.

Docker's *host* network would put a sandbox on this machine's loopback, where
the event log (NATS), the model gateway and every other local service
answer.  So a sandbox with network joins a bridge network that realcli
creates for its run (one per run and process, shared by that run's
sandboxes, removed with the last of them), with inter-container traffic
switched off: each sandbox reaches the internet through the engine's NAT,
and neither another trial's sandbox nor the host's loopback.

That needs an engine with bridged networking (its default ``bridge``
network exists: started without ``--bridge=none``, with iptables).  On an
engine without it, a sandbox that needs network is refused
(:class:`NetworkUnavailableError`) unless the run allows the host's network
(``--allow-host-network``), which it records and warns about.
"""

from __future__ import annotations

import os
import re
import weakref
from collections.abc import Mapping
from typing import Final, Literal

import aiodocker
import anyio
from aiodocker.exceptions import DockerError
from aiodocker.networks import DockerNetwork

from realcli._errors import EngineError
from realcli.environments._docker import docker_error, is_not_found

__all__ = [
    "KIND_NETWORK",
    "NETWORK_HINT",
    "NetworkUnavailableError",
    "SandboxNetwork",
    "StaleEndpointError",
    "engine_bridges",
    "join_network",
    "leave_network",
    "network_of",
    "remove_network",
    "require_bridges",
]

SandboxNetwork = Literal["none", "bridge", "host"]
KIND_NETWORK: Final = "network"
NETWORK_HINT: Final = (
    "start dockerd with its default networking (no --bridge=none, --iptables=false), e.g. `make setup`; "
    "or run with --network none (every sandbox isolated); or pass --allow-host-network "
    "(sandboxes then reach every service on this host, the event log included)"
)
_BRIDGE_OPTIONS: Final = {
    # Sandboxes of the same run share the network but must not reach each other.
    "com.docker.network.bridge.enable_icc": "false",
    "com.docker.network.bridge.enable_ip_masquerade": "true",
}
_NAME_CHARS: Final = re.compile(r"[^a-zA-Z0-9_.-]+")


def network_of(docker: aiodocker.Docker, name: str) -> DockerNetwork:
    """A handle on network ``name`` (or id), without asking the engine."""
    return DockerNetwork(docker, name)  # type: ignore[no-untyped-call]  # aiodocker leaves it unannotated


class NetworkUnavailableError(EngineError):
    """A sandbox needs network and the engine cannot give it one apart from the host's."""


# Per engine client (each lives in one event loop): whether it bridges, and the run networks in use.
_bridges: weakref.WeakKeyDictionary[aiodocker.Docker, bool] = weakref.WeakKeyDictionary()
_shared: weakref.WeakKeyDictionary[aiodocker.Docker, _Registry] = weakref.WeakKeyDictionary()


class _Registry:
    """The run networks one engine client has made, with how many sandboxes use each."""

    def __init__(self) -> None:
        self.lock = anyio.Lock()
        self.users: dict[str, int] = {}


async def engine_bridges(docker: aiodocker.Docker) -> bool:
    """Whether the engine has bridged networking (its default ``bridge`` network exists)."""
    known = _bridges.get(docker)
    if known is not None:
        return known
    try:
        info = await network_of(docker, "bridge").show()
    except DockerError as e:
        if not is_not_found(e):
            raise docker_error(e, "looking up the engine's bridge network") from e
        result = False
    else:
        result = info.get("Driver") == "bridge"
    _bridges[docker] = result
    return result


async def require_bridges(docker: aiodocker.Docker, needing: list[str]) -> None:
    """Refuse, in one line, when tasks ``needing`` network meet an engine without bridged networking."""
    if needing and not await engine_bridges(docker):
        shown = ", ".join(needing[:3]) + (f" and {len(needing) - 3} more" if len(needing) > 3 else "")
        who = f"task {shown} needs" if len(needing) == 1 else f"tasks {shown} need"
        raise NetworkUnavailableError(
            f"{who} network, and the Docker engine has no bridged networking, so a sandbox could "
            f"only get this host's network: {NETWORK_HINT}"
        )


def network_name(run: str) -> str:
    """The bridge network of ``run`` in this process."""
    return f"realcli-net-{_NAME_CHARS.sub('-', run)[:40]}-{os.getpid()}"


async def join_network(
    docker: aiodocker.Docker, run: str, *, allow_host: bool, labels: Mapping[str, str]
) -> tuple[SandboxNetwork, str]:
    """The network a sandbox of ``run`` that needs one gets: ``("bridge", name)`` or ``("host", "host")``.

    A new bridge network gets ``labels`` (ownership, for ``gc``).  Call
    :func:`leave_network` with the name once the sandbox is gone.
    """
    if not await engine_bridges(docker):
        if allow_host:
            return "host", "host"
        raise NetworkUnavailableError(f"run {run}: a sandbox needs network: {NETWORK_HINT}")
    registry = _shared.setdefault(docker, _Registry())
    name = network_name(run)
    async with registry.lock:
        if name not in registry.users:
            await _create(docker, name, labels)
            registry.users[name] = 0
        registry.users[name] += 1
    return "bridge", name


async def leave_network(docker: aiodocker.Docker, name: str) -> None:
    """A sandbox is gone from network ``name``: the last one out removes it."""
    registry = _shared.get(docker)
    if registry is None or name not in registry.users:
        return
    with anyio.CancelScope(shield=True):
        async with registry.lock:
            registry.users[name] -= 1
            if registry.users[name] > 0:
                return
            del registry.users[name]
            await remove_network(docker, name)


async def _create(docker: aiodocker.Docker, name: str, labels: Mapping[str, str]) -> None:
    config = {
        "Name": name,
        "Driver": "bridge",
        "CheckDuplicate": True,
        "Options": _BRIDGE_OPTIONS,
        "Labels": dict(labels),
    }
    try:
        await docker.networks.create(config)
    except DockerError as e:
        if e.status != 409:  # 409: left by an earlier sandbox of this run whose removal failed; reuse it
            raise docker_error(e, f"creating network {name}") from e


class StaleEndpointError(EngineError):
    """The engine refuses to remove a network for an endpoint no container holds any more.

    A known fault of the Docker engine (moby/moby#42119): its count of a
    network's endpoints can outlive the last container, and only a restart of
    the daemon clears it.  Nothing realcli can call removes such a network.
    """

    def __init__(self, network: str) -> None:
        super().__init__(
            f"docker engine: network {network} still counts an endpoint that no container holds (a known "
            "engine fault, moby/moby#42119); it goes when the Docker daemon restarts"
        )
        self.network = network


async def remove_network(docker: aiodocker.Docker, network: str, *, patience: float = 10.0) -> None:
    """Remove ``network`` (name or id); a missing one is no error.

    Right after its last container is removed the engine may still count the
    container's endpoint ("has active endpoints", 403) for a moment, so that
    answer is asked again for up to ``patience`` seconds.  If it stands while
    no container is attached, the engine's count is stale:
    :class:`StaleEndpointError`.
    """
    deadline = anyio.current_time() + patience
    while True:
        try:
            await network_of(docker, network).delete()
            return
        except DockerError as e:
            if is_not_found(e):
                return
            if e.status != 403:
                raise docker_error(e, f"removing network {network}") from e
            refused = e
        if anyio.current_time() >= deadline:
            break
        await anyio.sleep(0.25)
    try:
        attached = (await network_of(docker, network).show()).get("Containers")
    except DockerError as e:
        if is_not_found(e):
            return
        raise docker_error(e, f"inspecting network {network}") from e
    if attached:
        raise docker_error(refused, f"removing network {network}") from refused
    raise StaleEndpointError(network) from refused
