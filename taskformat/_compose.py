"""Harbor's multi-container environments: ``environment/docker-compose.yaml`` read by Docker's own Compose.

Harbor runs a task's compose file merged on top of its own base, in which
the ``main`` service is the agent's container (built from
``environment/Dockerfile``, or ``docker_image``).  realcli does the same
merge with Docker Compose itself (``docker-compose config``, the Debian
package): the schema is validated, ``extends`` and several services
resolved exactly as Compose does.  What comes out is checked key by key
against what realcli creates through the Engine API (``realcli.environments``
owns labels, limits, the trial's network, removal): a key realcli cannot
honour refuses the task with one line naming the service and the key;
nothing is ignored silently.

Compose never sees the host's environment (it runs with PATH, HOME and the
locale only, and without interpolation).  realcli reads the file's variables
itself, by the rules of task.toml's templates (``_templating``):

* Harbor's own variables (``CONTEXT_DIR``, ``MAIN_IMAGE_NAME``, ``CPUS``,
  ``MEMORY``, the log paths ...; ``harbor_variables``) are filled in when the
  task loads, as Harbor fills them;
* every other ``${VAR}`` names a host variable: refused at load when it is
  realcli's or looks like a secret, otherwise kept in the project's string
  fields and filled in when a trial runs from what the user opted into
  (``TaskEnv.resolve_compose``), else from the task's ``.env``, else unset;
* ``env_file`` entries are read here (files of ``environment/`` only) and a
  bare ``environment`` name (``- KEY``: the host's ``KEY`` in Compose) is the
  template ``${KEY}``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Final

import msgspec
import yaml

from realcli.events import ComposeProject, ComposeService, EnvironmentConfig
from realcli.taskformat._compose_main import HOST_LOGS
from realcli.taskformat._compose_prepare import Preparer, env_lines
from realcli.taskformat._compose_read import MAIN, Reader
from realcli.taskformat._files import task_error
from realcli.taskformat._interpolation import Reference, references

__all__ = ["COMPOSE_FILE", "compose_file", "compose_refs", "harbor_variables", "load_compose"]

# Harbor reads this name only: a task's docker-compose.yml or compose.yaml is one of its files (data the
# Dockerfile may copy in, a file the agent is to fix), never its environment's definition.
COMPOSE_FILE: Final = "docker-compose.yaml"
_COMPOSE_BIN: Final = "docker-compose"
_TIMEOUT_SEC: Final = 60.0
# The variables Compose may see: enough to run, nothing of the user's.
_COMPOSE_ENV: Final = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE")
_LOG_DIRS: Final = {"VERIFIER_LOGS": "verifier", "AGENT_LOGS": "agent", "ARTIFACTS": "artifacts"}


def compose_file(environment_dir: Path) -> Path | None:
    """The task's compose file, if it has one."""
    path = environment_dir / COMPOSE_FILE
    return path if path.is_file() else None


def harbor_variables(env_dir: Path, task_id: str, config: EnvironmentConfig) -> dict[str, str]:
    """The variables Harbor's own compose files define, which a task's file may read too (Harbor sets them)."""
    variables = {
        "CONTEXT_DIR": str(env_dir),
        "MAIN_IMAGE_NAME": f"hb__{task_id.lower()}",
        "CPUS": f"{config.cpus:g}",
        "MEMORY": f"{config.memory_mb}M",
    }
    if config.docker_image:
        variables["PREBUILT_IMAGE_NAME"] = config.docker_image
    for name, folder in _LOG_DIRS.items():
        variables[f"ENV_{name}_PATH"] = f"/logs/{folder}"
        variables[f"HOST_{name}_PATH"] = f"{HOST_LOGS}/{folder}"
    return variables


def load_compose(root: Path, config: EnvironmentConfig) -> ComposeProject | None:
    """The task's compose project merged on Harbor's base, normalised by Docker Compose and checked; None without one.

    Raises ``TaskFormatError`` (one line: the file, the service and key, what to do).
    """
    env_dir = root / "environment"
    file = compose_file(env_dir)
    if file is None:
        return None
    harbor = harbor_variables(env_dir, root.name, config)
    prepared = Preparer(file, env_dir, harbor).prepare()
    normalised = _normalised(prepared, file, env_dir, config.docker_image)
    project = Reader(file, env_dir, harbor, config).project(normalised)
    return _with_dotenv(project, env_dir)


def compose_refs(project: ComposeProject) -> Iterator[tuple[str, Reference]]:
    """Every host variable the project's string fields read, with its field (``services.db.environment.PW``)."""
    for key, value in project.main_environment.items():
        for ref in references(value):
            yield f"services.main.environment.{key}", ref
    for service in project.services:
        for where, text in _string_fields(service):
            for ref in references(text):
                yield f"services.{service.name}.{where}", ref


def _string_fields(service: ComposeService) -> Iterator[tuple[str, str]]:
    for key, value in service.environment.items():
        yield f"environment.{key}", value
    for name in ("image", "working_dir", "user", "hostname"):
        if (text := getattr(service, name)) is not None:
            yield name, text
    for name in ("command", "entrypoint"):
        for i, word in enumerate(getattr(service, name) or []):
            yield f"{name}[{i}]", word
    for i, word in enumerate(service.healthcheck.test if service.healthcheck else []):
        yield f"healthcheck.test[{i}]", word


def _normalised(prepared: Mapping[str, Any], file: Path, env_dir: Path, docker_image: str | None) -> dict[str, Any]:
    """``docker-compose config`` of Harbor's base (the ``main`` service) with the task's file on top."""
    binary = shutil.which(_COMPOSE_BIN)
    if binary is None:
        raise task_error(
            file, "", "reading a multi-container environment needs Docker Compose", "apt-get install docker-compose"
        )
    main: dict[str, Any] = {"image": docker_image} if docker_image else {"build": {"context": str(env_dir)}}
    with tempfile.TemporaryDirectory(prefix="realcli-compose-") as tmp:
        base, task, dotenv = Path(tmp) / "harbor-base.yaml", Path(tmp) / file.name, Path(tmp) / "empty.env"
        base.write_text(yaml.safe_dump({"services": {MAIN: main}}))
        task.write_text(yaml.safe_dump(dict(prepared)))
        dotenv.write_text("")
        command = [binary, "--env-file", str(dotenv), "-f", str(base), "-f", str(task)]
        command += ["--project-directory", str(env_dir), "config", "--no-interpolate"]
        env = {k: os.environ[k] for k in _COMPOSE_ENV if k in os.environ}
        env["COMPOSE_PROJECT_NAME"] = "realcli"
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=_TIMEOUT_SEC, env=env, check=False)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise task_error(file, "", f"docker-compose config failed: {e}") from e
    if done.returncode != 0:
        message = " ".join(done.stderr.replace(tmp, "").split()) or f"exit {done.returncode}"
        raise task_error(file, "", f"Docker Compose refuses it: {message}")
    loaded = yaml.safe_load(done.stdout)
    return loaded if isinstance(loaded, dict) else {}


def _with_dotenv(project: ComposeProject, env_dir: Path) -> ComposeProject:
    """The task's own ``environment/.env``: the values its templates fall back on (Compose reads it so)."""
    path = env_dir / ".env"
    if not path.is_file() or not any(True for _ in compose_refs(project)):
        return project
    try:
        values = {k: v for k, v in env_lines(path.read_text()).items() if v is not None}
    except (OSError, UnicodeDecodeError) as e:
        raise task_error(path, "", f"cannot read it: {e}") from e
    return msgspec.structs.replace(project, dotenv=values)
