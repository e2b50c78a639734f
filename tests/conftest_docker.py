"""Docker fixtures: the real engine, the local base images, and leak checks.

Import from ``tests/conftest.py`` with ``pytest_plugins = ["conftest_docker"]``
(or ``from conftest_docker import *``).  Fixtures:

- ``base_images`` (session): builds missing or outdated base images once;
  maps image name to image id.
- ``debian_image`` / ``python_image`` (session): the tags, images guaranteed.
- ``docker_client``: an aiodocker client for the test's event loop.
- ``sandbox_run``: a unique run id for ``DockerSandbox(run=...)``; at teardown
  the test fails if any container or network labelled with it is left (and removes it).
- ``image_cleanup``: a list; every image reference appended is removed at teardown.
- ``restricted_engine`` (module): a second, real engine without bridged networking or disk caps
  (``tests._engines.RestrictedEngine``), stopped after the module.
- ``disk_caps``: the engine caps sandbox disks (btrfs with simple quotas, which
  ``scripts/services.sh start`` sets up and CI runs); the test fails, saying why, where it cannot.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Iterator

import aiodocker
import anyio
import pytest
import pytest_asyncio
from aiodocker.exceptions import DockerError

from realcli.environments import DiskEnforcement, connect, disk_enforcement, ensure_base_images
from tests._engines import RestrictedEngine

DEBIAN_IMAGE = "debian:bookworm-slim"
PYTHON_IMAGE = "realcli/python:bookworm"


@pytest.fixture(scope="session")
def base_images() -> dict[str, str]:
    """Every base image, built when missing or outdated (about a minute on a fresh machine)."""

    async def ensure() -> dict[str, str]:
        async with connect() as docker:
            results = await ensure_base_images(docker)
        return {r.image: r.image_id for r in results}

    return anyio.run(ensure)


@pytest.fixture(scope="session")
def debian_image(base_images: dict[str, str]) -> str:
    assert DEBIAN_IMAGE in base_images
    return DEBIAN_IMAGE


@pytest.fixture(scope="session")
def python_image(base_images: dict[str, str]) -> str:
    assert PYTHON_IMAGE in base_images
    return PYTHON_IMAGE


@pytest_asyncio.fixture
async def docker_client() -> AsyncIterator[aiodocker.Docker]:
    async with connect() as docker:
        yield docker


@pytest_asyncio.fixture
async def sandbox_run(docker_client: aiodocker.Docker) -> AsyncIterator[str]:
    run = f"test-{secrets.token_hex(6)}"
    yield run
    leaked = await docker_client.containers.list(all=True, filters={"label": [f"realcli.run={run}"]})
    for c in leaked:
        try:
            await c.delete(force=True, v=True)
        except DockerError as e:  # gone meanwhile (another sweep finished its removal): as wanted
            if e.status != 404:
                raise
    networks = await docker_client.networks.list(filters={"label": [f"realcli.run={run}"]})
    for net in networks:
        await (await docker_client.networks.get(net["Id"])).delete()
    assert not leaked, f"containers of run {run} were left behind: {[c.id[:12] for c in leaked]}"
    assert not networks, f"networks of run {run} were left behind: {[n['Name'] for n in networks]}"


@pytest_asyncio.fixture
async def image_cleanup(docker_client: aiodocker.Docker) -> AsyncIterator[list[str]]:
    refs: list[str] = []
    yield refs
    for ref in refs:
        try:
            await docker_client.images.delete(ref, force=True)
        except DockerError as e:
            if e.status != 404:
                raise


@pytest_asyncio.fixture
async def disk_caps(docker_client: aiodocker.Docker) -> DiskEnforcement:
    found = await disk_enforcement(docker_client)
    if found.kind != "quota":
        pytest.fail(
            f"this test needs a Docker engine that caps sandbox disks, and here {found.reason}: "
            "start one with `scripts/services.sh start` (CI does)",
            pytrace=False,
        )
    return found


@pytest.fixture(scope="module")
def restricted_engine(base_images: dict[str, str]) -> Iterator[RestrictedEngine]:
    engine = RestrictedEngine()
    try:
        engine.start()
        yield engine
    finally:
        engine.stop()
