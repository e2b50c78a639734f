"""The orphan sweep: periodic in long-lived processes, and only for sandboxes whose owner is gone from this host."""

from __future__ import annotations

import contextlib
import os
import secrets
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import aiodocker
import anyio
import pytest
from aiodocker.exceptions import DockerError

from realcli import events as ev
from realcli.environments import (
    KIND_SANDBOX,
    LABEL_HOST,
    LABEL_HOST_ID,
    LABEL_KIND,
    LABEL_OWNER,
    LABEL_PID,
    LABEL_RUN,
    ServiceGroup,
    connect,
    gc,
    host_id,
    owner_id,
    owner_labels,
    session_labels,
)
from tests._nats import NatsServer
from tests._tasks import make_task

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("debian_image")]

T = TypeVar("T")


def dead_owner() -> str:
    """The owner id of a process of this host that has exited since."""
    child = subprocess.Popen(["sleep", "60"])
    owner = owner_id(child.pid)
    child.kill()
    child.wait()
    assert owner is not None
    return owner


class Sandboxes:
    """Stand-in sandboxes with chosen ownership labels (long sleeps in the debian base image)."""

    def __init__(self, docker: aiodocker.Docker, run: str) -> None:
        self.docker = docker
        self.run = run
        self.ids: dict[str, str] = {}

    async def add(self, name: str, *, host: str, owner: str) -> None:
        labels = {
            **session_labels(),
            LABEL_KIND: KIND_SANDBOX,
            LABEL_RUN: self.run,
            LABEL_HOST_ID: host,
            LABEL_OWNER: owner,
            LABEL_PID: [*owner.split("/"), "", ""][1],
            LABEL_HOST: "same-name-everywhere",
        }
        config = {"Image": "debian:bookworm-slim", "Cmd": ["sleep", "600"], "Labels": labels}
        container = await self.docker.containers.create(config, name=f"realcli-sweep-{self.run}-{name}")
        self.ids[name] = container.id

    async def alive(self) -> set[str]:
        listed = await self.docker.containers.list(all=True, filters={"label": [f"{LABEL_RUN}={self.run}"]})
        return {name for name, cid in self.ids.items() if cid in {c.id for c in listed}}

    async def remove_all(self) -> None:
        for cid in self.ids.values():
            with contextlib.suppress(DockerError):
                await self.docker.containers.container(cid).delete(force=True)


@pytest.fixture
async def sandboxes() -> AsyncIterator[Sandboxes]:
    async with connect() as docker:
        made = Sandboxes(docker, f"sweep{secrets.token_hex(4)}")
        try:
            yield made
        finally:
            await made.remove_all()


async def test_only_sandboxes_whose_owner_is_gone_from_this_host_are_swept(sandboxes: Sandboxes) -> None:
    me = owner_id(os.getpid())
    assert me is not None
    await sandboxes.add("dead-owner-here", host=host_id(), owner=dead_owner())
    await sandboxes.add("live-owner-here", host=host_id(), owner=me)
    # Another host (or a realcli in another PID namespace on this machine, sharing the engine): its
    # pids mean nothing here, even one that exists here, even under the same host name.
    await sandboxes.add("other-host", host="0123456789abcdef", owner=dead_owner())
    await sandboxes.add("unattributable", host=host_id(), owner="garbage")
    rebooted = me.replace(me.split("/")[0], "another-boot")
    await sandboxes.add("before-a-reboot", host=host_id(), owner=rebooted)

    want = {"live-owner-here", "other-host", "unattributable"}
    await swept_until(sandboxes.docker, sandboxes.alive, want)

    assert await sandboxes.alive() == want


@pytest.mark.nats
async def test_a_worker_sweeps_while_it_runs_not_only_when_it_starts(
    tmp_path: Path, nats: NatsServer, sandboxes: Sandboxes
) -> None:
    url = f"{nats.url}?stream=SW{os.urandom(4).hex()}"
    env = {**os.environ, "REALCLI_SWEEP_SEC": "1"}
    make_task(tmp_path / "tasks", "idle")
    argv = [sys.executable, "-m", "realcli", "worker", "--tasks", str(tmp_path / "tasks"), "--log", url]
    async with await anyio.open_process(argv, env=env) as worker:
        try:
            await anyio.sleep(3)  # the worker is up and has made its start-up sweep
            if worker.returncode is not None:
                assert worker.stderr is not None
                pytest.fail((await worker.stderr.receive()).decode())
            await sandboxes.add("crashed-meanwhile", host=host_id(), owner=dead_owner())
            await sandboxes.add("live-owner-here", host=host_id(), owner=owner_id(os.getpid()) or "")
            for _ in range(120):  # the next periodic sweep, within a second or so
                if "crashed-meanwhile" not in await sandboxes.alive():
                    break
                await anyio.sleep(0.5)
            assert await sandboxes.alive() == {"live-owner-here"}
        finally:
            with contextlib.suppress(ProcessLookupError):
                worker.terminate()
            with anyio.fail_after(30):
                await worker.wait()


async def test_a_crashed_trials_services_network_and_volumes_are_swept(sandboxes: Sandboxes) -> None:
    """A multi-container trial whose process died: its services, per-trial network and named volumes all go."""
    # The owner lives while the group starts (any pytest-xdist worker's start-up sweep would take an
    # orphan's network from under a half-started group) and dies once it has started.
    owner_process = await anyio.open_process(["sleep", "600"])
    owner = owner_id(owner_process.pid)
    assert owner is not None

    def labels(kind: str) -> dict[str, str]:
        return {**owner_labels(kind, sandboxes.run), LABEL_HOST_ID: host_id(), LABEL_OWNER: owner}

    project = ev.ComposeProject(
        file="docker-compose.yaml",
        services=[
            ev.ComposeService(
                name="db",
                image="debian:bookworm-slim",
                command=["sleep", "600"],
                volumes=[ev.ComposeVolume(kind="named", source="data", target="/data")],
            )
        ],
        volumes=["data"],
    )
    group = ServiceGroup(
        sandboxes.docker,
        project,
        task_id="crashed",
        trial="crashed-exec-1",
        internet=True,
        owner_labels=labels,
        cpus=1.0,
        memory_mb=256,
    )
    try:
        await group.start(1.0, "debian:bookworm-slim")
        owner_process.kill()  # the process "dies": nobody removes the group
        await owner_process.wait()
        # No count here: another worker's sweep may take the orphaned group as soon as its owner is gone.

        await swept_until(sandboxes.docker, lambda: made_by(sandboxes.docker, sandboxes.run), (0, 0, 0))

        assert await made_by(sandboxes.docker, sandboxes.run) == (0, 0, 0)
    finally:
        if owner_process.returncode is None:
            owner_process.kill()
        await owner_process.aclose()
        await group.remove()  # nothing left once gc did its work; waits out another sweep's removal if one is under way


async def swept_until(docker: aiodocker.Docker, state: Callable[[], Awaitable[T]], want: T) -> None:
    """Sweep until ``state()`` is ``want`` (or a generous deadline passes; the caller asserts).

    Another realcli's sweep (any pytest-xdist worker's run starts with one) may be removing the same
    orphans: this sweep then leaves them to it ("removal already in progress"), and a network or volume
    can go only once its container has."""
    with anyio.move_on_after(120):
        while True:
            await gc(docker)
            if await state() == want:
                return
            await anyio.sleep(0.5)


async def made_by(docker: aiodocker.Docker, run: str) -> tuple[int, int, int]:
    """How many containers, networks and volumes ``run`` has in the engine."""
    label = {"label": [f"{LABEL_RUN}={run}"]}
    containers = await docker.containers.list(all=True, filters=label)
    networks = await docker.networks.list(filters=label)
    volumes = (await docker.volumes.list(filters=label)).get("Volumes") or []  # type: ignore[no-untyped-call]
    return len(containers), len(networks), len(volumes)
