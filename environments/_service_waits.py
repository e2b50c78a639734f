"""Compose's ``depends_on`` conditions waited for: ``service_started``, ``service_healthy`` (Docker's
healthcheck), ``service_completed_successfully``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import anyio
from aiodocker.containers import DockerContainer
from aiodocker.exceptions import DockerError

from realcli._errors import TaskFormatError
from realcli.environments._docker import docker_error
from realcli.events import ComposeProject

__all__ = ["wait_for"]

_POLL_SEC: Final = 0.5
_SLACK_SEC: Final = 120.0  # beyond what a service's healthcheck allows itself, for a loaded machine


async def wait_for(
    project: ComposeProject, containers: Mapping[str, DockerContainer], who: str, conditions: Mapping[str, str]
) -> None:
    """Until every ``service: condition`` holds (Compose's ``depends_on``); ``TaskFormatError`` when one cannot."""
    for name, condition in conditions.items():
        if condition == "service_started":
            continue
        check = project.service(name).healthcheck
        bound = _SLACK_SEC + (
            check.start_period_sec + (check.interval_sec + check.timeout_sec) * (check.retries + 1) if check else 0
        )
        with anyio.move_on_after(bound):
            while (why := await _unmet(containers[name], name, condition)) is not None:
                if why:
                    raise TaskFormatError(f"{project.file}: {who} depends on {name} ({condition}): {why}")
                await anyio.sleep(_POLL_SEC)
            continue
        raise TaskFormatError(
            f"{project.file}: {who} depends on {name} ({condition}), which did not get there in {bound:.0f} s"
        )


async def _unmet(container: DockerContainer, name: str, condition: str) -> str | None:
    """None when ``condition`` holds, "" while it may yet, else why it never will."""
    try:
        state = (await container.show())["State"]
    except DockerError as e:
        raise docker_error(e, f"inspecting service {name}") from e
    if condition == "service_completed_successfully":
        if state.get("Status") != "exited":
            return ""
        return None if state.get("ExitCode") == 0 else f"it exited with status {state.get('ExitCode')}"
    if state.get("Status") == "exited":
        return f"it exited with status {state.get('ExitCode')}"
    health = state.get("Health") or {}
    if health.get("Status") == "healthy":
        return None
    if not health:
        return "it has no healthcheck"
    return ""
