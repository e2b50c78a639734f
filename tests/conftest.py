from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator, Iterator, Mapping
from pathlib import Path
from typing import Any

import anyio
import pytest

from realcli.environments import LABEL_SESSION, SESSION_ENV, DockerUnavailableError, connect, prune_images
from realcli.eventlog import EventLog, open_log
from tests._nats import NatsServer, nats_server
from tests.fakes import fake_model_server  # noqa: F401  (a fixture)

pytest_plugins = ["tests.conftest_docker"]

SESSION = f"pytest-{os.getpid()}-{secrets.token_hex(4)}"
os.environ[SESSION_ENV] = SESSION  # every container and image realcli makes in this session is labelled with it

BUNDLED = {p.name for p in (Path(__file__).resolve().parent.parent / "tasks").iterdir() if p.is_dir()}


@pytest.fixture(scope="session")
def nats() -> Iterator[NatsServer]:
    """One real JetStream server for the session; tests isolate by stream name."""
    with nats_server() as server:
        yield server


@pytest.fixture(params=["sqlite", "nats"])
def log_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty log URL on each backend."""
    if request.param == "sqlite":
        return f"sqlite:{tmp_path / 'log.db'}"
    server: NatsServer = request.getfixturevalue("nats")
    return f"{server.url}?stream=T{os.urandom(6).hex()}"


@pytest.fixture
async def log(log_url: str) -> AsyncIterator[EventLog]:
    async with open_log(log_url) as opened:
        yield opened


@pytest.fixture(scope="session", autouse=True)
def _no_docker_leaks() -> Iterator[None]:
    """No test may leave a sandbox or a run network behind; task images the tests built are removed at the end.

    Only this session's objects count: everything realcli creates in this
    session (here or in the CLI subprocesses, which inherit the variable)
    carries ``realcli.session=<SESSION>``, so another job's containers and
    freshly built images are never touched.
    """
    yield

    async def sweep() -> list[str]:
        async with connect() as docker:
            mine = await docker.containers.list(all=True, filters={"label": [f"{LABEL_SESSION}={SESSION}"]})
            for c in mine:
                await c.delete(force=True, v=True)

            def made_here(image: Mapping[str, Any]) -> bool:
                # The bundled tasks' images are the same cache `make demo` uses, like the base images.
                labels = image.get("Labels") or {}
                return labels.get(LABEL_SESSION) == SESSION and labels.get("realcli.task") not in BUNDLED

            await prune_images(docker, select=made_here)
            networks = await docker.networks.list(filters={"label": [f"{LABEL_SESSION}={SESSION}"]})
            for net in networks:
                await (await docker.networks.get(net["Id"])).delete()
            return [c.id[:12] for c in mine] + [n["Name"] for n in networks]

    try:
        leaked = anyio.run(sweep)
    except DockerUnavailableError:
        return  # no engine: no test of this session made anything in it
    assert not leaked, f"sandbox containers or networks were left behind: {leaked}"
