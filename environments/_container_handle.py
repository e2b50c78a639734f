"""The container a Docker sandbox's parts share (``DockerSandbox`` holds it, its commands and its files)."""

from __future__ import annotations

import aiodocker
from aiodocker.containers import DockerContainer
from aiodocker.exceptions import DockerError

from realcli._errors import EngineError, InfrastructureError, SandboxLostError
from realcli.environments._docker import docker_error, is_not_found, one_line

__all__ = ["ContainerHandle"]


class ContainerHandle:
    """One sandbox's container as its parts reach it: the engine client, the container's name, the container once
    created (``container``) and whether it was removed; each part asks it for the container and for the error of a
    container that went away, so neither part reaches into the other."""

    def __init__(self, docker: aiodocker.Docker, name: str) -> None:
        self.docker = docker
        self.name = name
        self.container: DockerContainer | None = None
        self.removed = False

    def require(self) -> DockerContainer:
        """The container; raises ``InfrastructureError`` before it was created or after it was removed."""
        if self.container is None or self.removed:
            raise InfrastructureError(f"sandbox {self.name} is not running (never started or already removed)")
        return self.container

    async def is_running(self) -> bool:
        """Whether the container still exists and runs."""
        if self.container is None or self.removed:
            return False
        try:
            data = await self.container.show()
        except DockerError as e:
            if is_not_found(e):
                return False
            raise docker_error(e, f"inspecting sandbox {self.name}") from e
        return bool(data.get("State", {}).get("Running"))

    async def gone(self, doing: str, cause: BaseException | None = None) -> EngineError | SandboxLostError:
        """The error for a sandbox that stopped or vanished under us, or for a failed engine call."""
        if isinstance(cause, DockerError) and cause.status not in (404, 409):
            return docker_error(cause, f"{doing} in sandbox {self.name}")
        state = "was removed"
        if self.container is not None:
            try:
                data = await self.container.show()
            except DockerError as e:
                if not is_not_found(e):
                    return docker_error(e, f"{doing} in sandbox {self.name}")
            else:
                st = data.get("State", {})
                if st.get("Running") and cause is not None:
                    return EngineError(
                        f"sandbox {self.name}: {doing} failed: {one_line(str(cause) or type(cause).__name__)}"
                    )
                state = f"is {st.get('Status', 'gone')}" + (" (OOM-killed)" if st.get("OOMKilled") else "")
        return SandboxLostError(f"sandbox {self.name} {state} while {doing}; the trial cannot continue")
