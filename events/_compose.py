"""A multi-container task's services (Harbor's ``environment/docker-compose.yaml``), as realcli creates them.

Like the other task-format models these are plain schemas: the task loader
(``realcli.taskformat``) reads the compose file into them, the runtime fills
their ``${VAR}`` templates for a trial (``TaskEnv.resolve_compose``), and the
environments package creates the containers they describe.  String fields
(``environment`` values, ``image``, ``command``, ``entrypoint``,
``working_dir``, ``user``, ``hostname``, the healthcheck's test) may hold
templates until then; every other field is a value.
"""

from __future__ import annotations

from typing import Literal

from msgspec import field

from realcli._errors import TaskFormatError
from realcli.events._types import Frozen as _Frozen

__all__ = ["ComposeHealthcheck", "ComposeProject", "ComposeService", "ComposeVolume"]


class ComposeVolume(_Frozen, frozen=True):
    """A service's volume: a folder or file of the task's environment (copied in), or a named volume of the trial."""

    kind: Literal["project", "named"]
    source: str  # the host path (project) or the volume's name (named)
    target: str
    read_only: bool = False


class ComposeHealthcheck(_Frozen, frozen=True):
    """Compose's healthcheck, in seconds."""

    test: list[str]
    interval_sec: float = 30.0
    timeout_sec: float = 30.0
    retries: int = 3
    start_period_sec: float = 0.0


class ComposeService(_Frozen, frozen=True):
    """One service other than ``main``, as Compose normalised it."""

    name: str
    image: str | None = None
    build_context: str | None = None  # a folder of the task's environment/
    environment: dict[str, str] = field(default_factory=dict)
    depends_on: dict[str, str] = field(default_factory=dict)  # service -> condition
    healthcheck: ComposeHealthcheck | None = None
    volumes: list[ComposeVolume] = field(default_factory=list)
    command: list[str] | None = None
    entrypoint: list[str] | None = None
    working_dir: str | None = None
    user: str | None = None
    cpus: float | None = None
    memory_mb: int | None = None
    init: bool = False
    hostname: str | None = None


class ComposeProject(_Frozen, frozen=True):
    """A task's services besides ``main``, and what ``main`` adds: its ``depends_on``, ``environment``, network.

    ``main_network`` is False when the file cuts ``main`` off (``network_mode: none``): it then has no
    network at all, not even to the services.  ``dotenv`` is the task's own ``environment/.env`` (the
    values its templates fall back on); ``notes`` say what realcli does differently (``lint`` lists them).
    """

    file: str
    services: list[ComposeService]
    main_depends_on: dict[str, str] = field(default_factory=dict)
    main_environment: dict[str, str] = field(default_factory=dict)
    main_network: bool = True
    volumes: list[str] = field(default_factory=list)  # named volumes the services declare
    dotenv: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def service(self, name: str) -> ComposeService:
        """The service called ``name`` (``StopIteration`` when there is none)."""
        return next(s for s in self.services if s.name == name)

    def start_order(self) -> list[ComposeService]:
        """The services with every one after those it depends on; ``TaskFormatError`` on a cycle."""
        by_name = {s.name: s for s in self.services}
        done: list[ComposeService] = []
        finished: set[str] = set()

        def visit(name: str, chain: tuple[str, ...]) -> None:
            if name in finished:
                return
            if name in chain:
                raise TaskFormatError(f"{self.file}: depends_on: a cycle {' -> '.join((*chain, name))}")
            for other in by_name[name].depends_on:
                visit(other, (*chain, name))
            finished.add(name)
            done.append(by_name[name])

        for service in self.services:
            visit(service.name, ())
        return done
