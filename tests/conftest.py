"""Session-wide fixtures, and the test tiers (CONTRIBUTING.md, "Tests").

A test marked ``docker`` gets the engine and the local base images; any
other test sees no engine (``DOCKER_HOST`` points nowhere), so a test that
needs Docker without saying so fails in every tier, not only on a machine
without an engine.  Likewise only a test marked ``nats`` may start
nats-server, and only one marked ``browser`` may drive chromium.  A test
that requests those fixtures without its marker stops the session at
collection.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import AsyncIterator, Iterator, Mapping
from pathlib import Path
from typing import Any, Final

import anyio
import pytest

from realcli.environments import (
    LABEL_SESSION,
    SESSION_ENV,
    DockerUnavailableError,
    StaleEndpointError,
    connect,
    prune_images,
    remove_network,
)
from realcli.eventlog import EventLog, open_log
from tests._nats import NO_NATS_ENV, NatsServer, nats_server
from tests.fakes import fake_model_server  # noqa: F401  (a fixture)

pytest_plugins = ["tests.conftest_docker"]

SESSION = f"pytest-{os.getpid()}-{secrets.token_hex(4)}"
os.environ[SESSION_ENV] = SESSION  # every container and image realcli makes in this session is labelled with it

BUNDLED = {p.name for p in (Path(__file__).resolve().parent.parent / "tasks").iterdir() if p.is_dir()}

# Where a test outside the docker tier finds "the engine": nowhere.
NO_ENGINE: Final = "unix:///nonexistent/mark-the-test-docker.sock"
# Fixtures that need what a marker stands for (each fixture that depends on them is caught too).
BROWSER_FIXTURES: Final = frozenset({"browser"})
NATS_FIXTURES: Final = frozenset({"nats"})
DOCKER_FIXTURE_MODULE: Final = "tests.conftest_docker"
# Why a test cannot run as collected (outside its tier, or its xdist_group not taken), when a UsageError
# cannot say so (under pytest-xdist).
CANNOT_RUN: Final = pytest.StashKey[str]()


# ------------------------------------------------------------------ tiers


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Stop the session if a test uses Docker, NATS or a browser fixture without its marker.

    A Docker test's ``log`` is SQLite or NATS, not memory: a trial costs
    seconds, and what the memory log would add the contract suite covers.
    """
    unmarked = {
        item: f"{item.nodeid}: uses {', '.join(sorted(names))} but is not marked {marker!r}"
        for item in items
        for marker, names in _needs(item).items()
        if names and item.get_closest_marker(marker) is None
    }
    if unmarked and hasattr(config, "workerinput"):
        # A pytest-xdist worker's UsageError reaches its controller without the message: fail each test instead.
        for item, problem in unmarked.items():
            item.stash[CANNOT_RUN] = problem
    elif unmarked:
        raise pytest.UsageError(
            "tests outside their tier (mark them with pytestmark or @pytest.mark.<marker>):\n  "
            + "\n  ".join(unmarked.values())
        )
    _check_groups_took(config, items)
    dropped = [item for item in items if item.get_closest_marker("docker") and _log_backend(item) == "memory"]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if item not in dropped]
    items[:] = long_first(items)


def _check_groups_took(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Fail the tests of an ``xdist_group`` whose group pytest-xdist did not take.

    ``--dist loadgroup`` keeps a group on one worker by suffixing its tests' node ids with
    ``@group`` (its own hook, which runs before this one).  Where pytest keeps the node id elsewhere
    (pytest 9.2 with pytest-xdist 3.8), the suffix is lost, the group is spread over every worker,
    and what it keeps serial (the agent images) runs in parallel, silently.
    """
    if not (hasattr(config, "workerinput") and config.getvalue("loadgroup")):
        return
    for item in items:
        if item.get_closest_marker("xdist_group") is not None and "@" not in item.nodeid:
            item.stash[CANNOT_RUN] = (
                f"{item.nodeid}: pytest-xdist did not take its xdist_group (pytest {pytest.__version__}): "
                "the group runs on every worker; install the pytest that pyproject.toml pins"
            )


def long_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """The tests marked ``long`` first, the rest in collection order.

    Under pytest-xdist (``make test``), each worker takes the next test as it frees up: started
    first, the tests that take minutes run beside the short ones instead of after them, when they
    would be all that is left.  The order is the same in every worker, as xdist requires.
    """
    return sorted(items, key=lambda item: item.get_closest_marker("long") is None)


def _log_backend(item: pytest.Item) -> str | None:
    callspec = getattr(item, "callspec", None)
    return None if callspec is None else callspec.params.get("log")


def _needs(item: pytest.Item) -> dict[str, set[str]]:
    """The fixtures of ``item`` (its whole closure) that need each marker."""
    names = set(getattr(item, "fixturenames", ()))
    definitions: Mapping[str, Any] = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
    docker = {n for n in names if any(_defined_in(d, DOCKER_FIXTURE_MODULE) for d in definitions.get(n, ()))}
    return {"docker": docker, "nats": names & NATS_FIXTURES, "browser": names & BROWSER_FIXTURES}


def _defined_in(fixturedef: Any, module: str) -> bool:
    return getattr(getattr(fixturedef, "func", None), "__module__", None) == module


@pytest.fixture(autouse=True)
def _tier(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Give a test what its markers say, and nothing else (see the module docstring)."""
    if CANNOT_RUN in request.node.stash:
        pytest.fail(request.node.stash[CANNOT_RUN], pytrace=False)
    if request.node.get_closest_marker("docker") is not None:
        request.getfixturevalue("base_images")
        request.getfixturevalue("_docker_sweep")
    else:
        monkeypatch.setenv("DOCKER_HOST", NO_ENGINE)
    if request.node.get_closest_marker("nats") is None:
        monkeypatch.setenv(NO_NATS_ENV, request.node.nodeid)


@pytest.fixture(scope="session")
def _docker_sweep() -> Iterator[None]:
    """At the end of a session that ran Docker tests: no sandbox, network or volume left; test-built images removed.

    Only this session's objects count: everything realcli creates in this
    session (here or in the CLI subprocesses, which inherit the variable)
    carries ``realcli.session=<SESSION>``, so another job's containers,
    networks and images are never touched.  A session without Docker tests
    never requests this fixture, so it never connects to the engine.
    """
    yield

    engine_faults: list[StaleEndpointError] = []

    async def sweep() -> list[str]:
        async with connect() as docker:
            label = {"label": [f"{LABEL_SESSION}={SESSION}"]}
            mine = await docker.containers.list(all=True, filters=label)
            for c in mine:
                await c.delete(force=True, v=True)

            def made_here(image: Mapping[str, Any]) -> bool:
                # The bundled tasks' images are the same cache `make demo` uses, like the base images.
                labels = image.get("Labels") or {}
                return labels.get(LABEL_SESSION) == SESSION and labels.get("realcli.task") not in BUNDLED

            await prune_images(docker, select=made_here)
            networks = await docker.networks.list(filters=label)
            for net in networks:
                try:
                    await remove_network(docker, net["Id"])
                except StaleEndpointError as e:
                    # The engine's fault, not a leak: realcli's removal met it too, and only a
                    # daemon restart clears it.  Said, not failed on (a false alarm is a defect).
                    engine_faults.append(e)
            volumes = (await docker.volumes.list(filters=label)).get("Volumes") or []  # type: ignore[no-untyped-call]
            for volume in volumes:
                await docker._query_json(f"volumes/{volume['Name']}", method="DELETE")
            held = {fault.network for fault in engine_faults}
            left = [n["Name"] for n in networks if n["Id"] not in held]
            return [c.id[:12] for c in mine] + left + [v["Name"] for v in volumes]

    try:
        leaked = anyio.run(sweep)
    except DockerUnavailableError:
        return  # the engine went away: nothing of this session can be left in it
    for fault in engine_faults:
        print(f"note: {fault}", file=sys.__stderr__)  # past pytest's capture: this is session teardown
    assert not leaked, f"sandbox containers, networks or volumes were left behind: {leaked}"


# ------------------------------------------------------------------- logs


@pytest.fixture(scope="session")
def _nats_server() -> Iterator[NatsServer]:
    with nats_server() as server:
        yield server


@pytest.fixture
def nats(request: pytest.FixtureRequest, _nats_server: NatsServer) -> NatsServer:
    """One real JetStream server for the session; tests isolate by stream name."""
    if request.node.get_closest_marker("nats") is None:  # reached through getfixturevalue: not seen at collection
        pytest.fail(f"{request.node.nodeid} uses nats-server but is not marked 'nats'")
    return _nats_server


def _fresh_url(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if backend == "memory":
        return "memory:"
    if backend == "sqlite":
        return f"sqlite:{tmp_path / 'log.db'}"
    server: NatsServer = request.getfixturevalue("nats")
    return f"{server.url}?stream=T{os.urandom(6).hex()}"


@pytest.fixture(params=["sqlite", pytest.param("nats", marks=pytest.mark.nats)])
def log_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty log URL on each backend that another process can open too."""
    return _fresh_url(request.param, request, tmp_path)


@pytest.fixture(params=["sqlite", "memory", pytest.param("nats", marks=pytest.mark.nats)])
async def log(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[EventLog]:
    """A fresh, empty log on each backend (the in-memory one is this process's alone)."""
    async with open_log(_fresh_url(request.param, request, tmp_path)) as opened:
        yield opened
