"""Run-level settings: choices a user makes for a whole run that change how its trials run.

They are recorded in ``RunStarted`` so that ``resume`` and distributed
workers run the remaining trials exactly as the run started them (extra CA
certificates are machine-local: a run records the bundle's fingerprint, and
each process takes the bundle from its own options, environment or config).

The host variables tasks may read (``task_env``) are machine-local too: the
values come from the environment of the process that runs the trial, so each
process (``run``, ``resume``, ``worker``, ``validate``) passes only what its
own user opted into: ``--task-env NAME`` (repeatable), ``$REALCLI_TASK_ENV``
(``NAME,NAME``) and the config file's ``task_env = ["NAME"]``, all of them.

Where image settings come from, first match wins: the command line
(``--image-map FROM=TO``, ``--build-ca FILE``, repeatable), the environment
(``REALCLI_IMAGE_MAP="FROM=TO,FROM=TO"``, ``REALCLI_BUILD_CA=FILE:FILE``),
then the user's config file (``$REALCLI_CONFIG``, else
``~/.config/realcli/config.toml``)::

    build_ca = ["/etc/ssl/certs/corporate-proxy.pem"]
    task_env = ["DATASET_URL"]

    [image_map]
    "ubuntu:24.04" = "debian:bookworm-slim"
    "python:3.*-slim*" = "realcli/python:bookworm"
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

from realcli import ConfigError
from realcli import events as ev
from realcli.environments import ImageMap
from realcli.taskformat import TASK_ENV_VAR, Task, TaskEnv

__all__ = [
    "NETWORK_CHOICES",
    "NetworkChoice",
    "RunSettings",
    "load_build_ca",
    "load_image_map",
    "load_task_env",
    "parse_network",
    "parse_timeouts",
]

NetworkChoice = Literal["task", "none"]
NETWORK_CHOICES: Final = ("task", "none")
IMAGE_MAP_ENV: Final = "REALCLI_IMAGE_MAP"
BUILD_CA_ENV: Final = "REALCLI_BUILD_CA"
CONFIG_ENV: Final = "REALCLI_CONFIG"


def parse_network(value: str) -> NetworkChoice:
    """``task`` (each task's own declaration, Harbor's default public) or ``none`` (every sandbox isolated)."""
    if value == "task":
        return "task"
    if value == "none":
        return "none"
    raise ConfigError(
        f"--network {value!r}: expected task (each task's declaration; public when it declares none) "
        "or none (isolate every sandbox, as the paper's runs)"
    )


def parse_timeouts(
    overall: float = 1.0,
    *,
    agent: float | None = None,
    verifier: float | None = None,
    environment_build: float | None = None,
) -> ev.TimeoutMultipliers:
    """The run's timeout multipliers (``--timeout-multiplier`` and its kin), each a positive finite number."""
    given = {
        "--timeout-multiplier": overall,
        "--agent-timeout-multiplier": agent,
        "--verifier-timeout-multiplier": verifier,
        "--environment-build-timeout-multiplier": environment_build,
    }
    for option, value in given.items():
        if value is not None and not (math.isfinite(value) and value > 0):
            raise ConfigError(f"{option} {value}: expected a positive number (1 keeps the tasks' own timeouts)")
    return ev.TimeoutMultipliers(
        overall=float(overall),
        agent=None if agent is None else float(agent),
        verifier=None if verifier is None else float(verifier),
        environment_build=None if environment_build is None else float(environment_build),
    )


@dataclass(frozen=True)
class RunSettings:
    """What a run decided for all its trials.

    ``network``: ``task`` gives each sandbox what its task declares
    (Harbor's default, public, when it declares nothing); ``none`` isolates
    every sandbox whatever its task declares.  ``metric``: the ``reward.json``
    metric that decides V when a verifier writes several and no ``reward``.
    ``image_map``: base image and ``docker_image`` substitutions.
    ``build_ca``: a PEM bundle every image build trusts (None: none).
    ``allow_host_network``: a sandbox that needs network takes the host's when
    the engine cannot give it a bridge (it then reaches this host's services).
    ``task_env``: the host variables tasks' ``${VAR}`` templates may read (none by default).
    ``timeouts``: what the tasks' agent, verifier and build timeouts are multiplied by (1: as declared).
    """

    network: NetworkChoice = "task"
    metric: str | None = None
    image_map: ImageMap = field(default_factory=ImageMap)
    build_ca: str | None = None
    allow_host_network: bool = False
    task_env: TaskEnv = field(default_factory=TaskEnv)
    timeouts: ev.TimeoutMultipliers = field(default_factory=ev.TimeoutMultipliers)

    def metric_for(self, task: Task) -> str | None:
        """The ``reward.json`` metric that decides V for ``task``: the run's, else the task's ``[verifier] metric``."""
        return self.metric or task.config.verifier.metric

    def internet(self, environment: ev.EnvironmentConfig) -> bool:
        """Whether a sandbox of a task with this ``[environment]`` gets a network in this run."""
        return self.network != "none" and environment.internet

    @property
    def build_ca_fingerprint(self) -> str:
        """sha256 of the CA bundle ("" without one), as a run records it."""
        return hashlib.sha256(self.build_ca.encode()).hexdigest() if self.build_ca else ""

    @classmethod
    def recorded(
        cls,
        started: ev.RunStarted,
        *,
        build_ca: str | None = None,
        metric: str | None = None,
        task_env: TaskEnv | None = None,
    ) -> RunSettings:
        """The settings a run recorded (a run recorded before settings existed used the defaults).

        ``build_ca`` is this process's bundle (``load_build_ca``): a bundle is not
        recorded, only its fingerprint.  ``metric``: a run that recorded none
        takes this one (``resume --metric``, a worker's ``--metric``).  ``task_env`` is
        this process's opt-in (``load_task_env``): never recorded, nor taken from another process.
        """
        return cls(
            network=parse_network(started.network) if started.network else "task",
            metric=started.metric or metric,
            image_map=ImageMap.parse(started.image_map, source="the run's image map"),
            build_ca=build_ca,
            allow_host_network=started.allow_host_network,
            task_env=task_env or TaskEnv(),
            timeouts=started.timeouts,
        )


def _config() -> tuple[Path | None, dict[str, Any]]:
    explicit = os.environ.get(CONFIG_ENV)
    path = Path(explicit) if explicit else Path.home() / ".config" / "realcli" / "config.toml"
    if not path.is_file():
        if explicit:
            raise ConfigError(f"${CONFIG_ENV}={explicit}: no such file")
        return None, {}
    try:
        return path, tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ConfigError(f"{path}: cannot read the realcli config ({e}); fix or remove it") from e


def load_image_map(given: Sequence[str] = ()) -> ImageMap:
    """The image map: ``given`` (--image-map), then ``$REALCLI_IMAGE_MAP``, then the config file's ``[image_map]``."""
    result = ImageMap.parse(given)
    env = os.environ.get(IMAGE_MAP_ENV, "")
    result += ImageMap.parse([p for p in re.split(r"[,\s]+", env) if p], source=f"${IMAGE_MAP_ENV}")
    path, config = _config()
    table = config.get("image_map", {})
    if not isinstance(table, Mapping) or not all(isinstance(v, str) for v in table.values()):
        raise ConfigError(f'{path}: image_map: expected a table of FROM = "TO" strings')
    return result + ImageMap(tuple((str(k), str(v)) for k, v in table.items()))


def load_build_ca(given: Sequence[Path] = ()) -> str | None:
    """The CA bundle for image builds: ``given`` files, else ``$REALCLI_BUILD_CA``, else the config's ``build_ca``.

    None when nothing is configured (the default: builds trust only their images' own CAs).
    """
    paths = list(given)
    source = "--build-ca"
    if not paths and (env := os.environ.get(BUILD_CA_ENV)):
        paths, source = [Path(p) for p in env.split(os.pathsep) if p], f"${BUILD_CA_ENV}"
    if not paths:
        path, config = _config()
        listed = config.get("build_ca", [])
        if not isinstance(listed, list) or not all(isinstance(p, str) for p in listed):
            raise ConfigError(f"{path}: build_ca: expected a list of PEM file paths")
        paths, source = [Path(p).expanduser() for p in listed], f"{path}: build_ca"
    if not paths:
        return None
    parts = []
    for p in paths:
        try:
            text = p.read_text(encoding="ascii")
        except (OSError, UnicodeDecodeError) as e:
            raise ConfigError(f"{source} {p}: cannot read it ({e}); give a PEM file of CA certificates") from e
        if "-----BEGIN CERTIFICATE-----" not in text:
            raise ConfigError(f"{source} {p}: no PEM certificate in it (expected -----BEGIN CERTIFICATE-----)")
        parts.append(text.strip() + "\n")
    return "".join(parts)


def load_task_env(given: Sequence[str] = ()) -> TaskEnv:
    """The host variables tasks may read: ``given`` (--task-env), ``$REALCLI_TASK_ENV`` and the config's ``task_env``.

    Each entry may list several names (``A,B``).  A name realcli never passes
    (its own settings, anything secret-like) is a ``ConfigError`` naming where it came from.
    """
    result = TaskEnv(_names(given), source="--task-env")
    result += TaskEnv(_names([os.environ.get(TASK_ENV_VAR, "")]), source=f"${TASK_ENV_VAR}")
    path, config = _config()
    listed = config.get("task_env", [])
    if not isinstance(listed, list) or not all(isinstance(n, str) for n in listed):
        raise ConfigError(f"{path}: task_env: expected a list of variable names")
    return result + TaskEnv(_names(listed), source=f"{path}: task_env")


def _names(entries: Sequence[str]) -> list[str]:
    return [name for entry in entries for name in re.split(r"[,\s]+", entry) if name]
