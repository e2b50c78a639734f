"""The Docker sandbox: one container per trial, commands run in it, files copied in and out.

This is an adapter: it returns results and raises ``InfrastructureError``
when the machinery fails; the sandbox actor turns results into events.
Expected outcomes (non-zero exits, commands that time out) are results.

Every container carries labels naming its run, trial, owning process and
host, so ``gc`` can remove what a crashed process left behind: only
containers whose owner (``realcli.owner``: boot, pid and the pid's start
in clock ticks, exact where a wall-clock start time is not) is gone from
*this* host (``realcli.host-id``: the machine and PID namespace in which
the pid means something).
"""

from __future__ import annotations

import os
import re
import secrets
import socket
import tempfile
import weakref
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any, Self

import aiodocker
import anyio
from aiodocker.containers import DockerContainer
from aiodocker.exceptions import DockerError

from realcli._errors import EngineError, InfrastructureError
from realcli.environments._archives import (
    file_chunks,
    tar_of_copies,
)
from realcli.environments._container_commands import ContainerCommands
from realcli.environments._container_files import at_once
from realcli.environments._docker import docker_error, is_not_found, session_labels
from realcli.environments._networks import KIND_NETWORK, SandboxNetwork, join_network, leave_network
from realcli.environments._ownership import (
    KIND_SANDBOX,
    LABEL_HOST,
    LABEL_HOST_ID,
    LABEL_KIND,
    LABEL_OWNER,
    LABEL_PID,
    LABEL_RUN,
    LABEL_TRIAL,
    host_id,
    owner_id,
)
from realcli.environments._sandbox_types import (
    DEFAULT_MAX_OUTPUT_BYTES,
    DEFAULT_PIDS_LIMIT,
    BindMount,
    FileCopy,
    MiB,
    SandboxInfo,
)
from realcli.events import EnvironmentConfig

__all__ = ["DEFAULT_MAX_OUTPUT_BYTES", "DEFAULT_PIDS_LIMIT", "DockerSandbox"]

_REMOVE_TIMEOUT_SEC = 60.0

# Directories every sandbox has before its first command (Harbor's layout).
_LOG_DIRS = (("logs", 0o755), ("logs/agent", 0o777), ("logs/verifier", 0o777))
# Keeps the container alive with nothing but `sh` and `sleep`, which every usable image has.
_KEEPALIVE = ["sh", "-c", "while :; do sleep 86400; done"]
_NAME_CHARS = re.compile(r"[^a-zA-Z0-9_.-]+")


def _slug(text: str, limit: int) -> str:
    return _NAME_CHARS.sub("-", text).strip("-._")[:limit] or "x"


_engine_cpus: weakref.WeakKeyDictionary[aiodocker.Docker, float] = weakref.WeakKeyDictionary()


async def _cpu_capacity(docker: aiodocker.Docker) -> float:
    """CPUs of the engine's host: NanoCpus above it is refused, so requests are clamped."""
    if docker not in _engine_cpus:
        try:
            info = await docker.system.info()
        except DockerError as e:
            raise docker_error(e, "reading engine info") from e
        _engine_cpus[docker] = float(info.get("NCPU") or os.cpu_count() or 1)
    return _engine_cpus[docker]


class DockerSandbox(ContainerCommands):
    """One trial's container, as an async context manager.

    ``async with DockerSandbox(docker, image, run=..., trial=...) as sb:``
    creates and starts the container (limits, labels, no network unless
    ``internet``, ``/logs/agent`` and ``/logs/verifier`` present) and removes
    it on every way out: success, exception, cancellation, Ctrl-C.  If the
    container dies or is removed from outside, calls raise
    ``InfrastructureError`` instead of hanging.

    The image needs ``sh`` and ``timeout`` (coreutils or busybox): commands
    run as ``timeout -k 5 <t> sh -c <command>`` so the deadline is enforced
    inside the container.
    """

    def __init__(
        self,
        docker: aiodocker.Docker,
        image: str,
        *,
        run: str,
        trial: str,
        cpus: float = 1.0,
        memory_mb: int = 2048,
        storage_mb: int | None = None,
        internet: bool = False,
        allow_host_network: bool = False,
        workdir: str | None = "/app",
        env: Mapping[str, str] | None = None,
        pids_limit: int = DEFAULT_PIDS_LIMIT,
        labels: Mapping[str, str] | None = None,
        mounts: Sequence[BindMount] = (),
        files: Sequence[FileCopy] = (),
    ) -> None:
        self._docker = docker
        self.image = image
        self.run = run
        self.trial = trial
        self._cpus = cpus
        self._memory_mb = memory_mb
        self.storage_mb = storage_mb
        self._internet = internet
        self._allow_host_network = allow_host_network
        # "none" until a sandbox that needs network has joined one: "bridge" (its run's) or "host".
        self.network: SandboxNetwork = "none"
        self._network_name = "none"
        self._asked_workdir = workdir
        # None (the image's WORKDIR) until the container exists; then the directory it resolved to.
        self.workdir: str = workdir or "/"
        self._env = dict(env or {})
        self._pids_limit = pids_limit
        self._extra_labels = dict(labels or {})
        self._mounts = tuple(mounts)
        self._files = tuple(files)
        # The bytes of file data of each of ``files``, once they are in.
        self.copied: tuple[int, ...] = ()
        self.name = f"realcli-{_slug(run, 24)}-{_slug(trial, 24)}-{secrets.token_hex(4)}"
        self._container: DockerContainer | None = None
        self._info: SandboxInfo | None = None
        self._removed = False

    @classmethod
    def for_task(
        cls,
        docker: aiodocker.Docker,
        image: str,
        environment: EnvironmentConfig,
        *,
        run: str,
        trial: str,
        pids_limit: int = DEFAULT_PIDS_LIMIT,
        labels: Mapping[str, str] | None = None,
        mounts: Sequence[BindMount] = (),
        internet: bool | None = None,
        allow_host_network: bool = False,
        files: Sequence[FileCopy] = (),
    ) -> DockerSandbox:
        """A sandbox with a task's ``[environment]`` limits, network, workdir and env.

        ``internet`` overrides the task's own network declaration (a run's ``--network none``);
        ``allow_host_network`` lets a sandbox that needs network take the host's when the engine
        cannot bridge (see ``realcli.environments._networks``).
        Without ``[environment] workdir`` the working directory is the image's WORKDIR (Harbor).
        ``files`` are copied in before the first command, in the request that creates ``/logs``.
        """
        return cls(
            docker,
            image,
            run=run,
            trial=trial,
            cpus=environment.cpus,
            memory_mb=environment.memory_mb,
            storage_mb=environment.storage_mb,
            internet=environment.internet if internet is None else internet,
            allow_host_network=allow_host_network,
            workdir=environment.workdir or None,
            env=environment.env,
            pids_limit=pids_limit,
            labels=labels,
            mounts=mounts,
            files=files,
        )

    # ---------------------------------------------------------------- lifecycle

    @property
    def info(self) -> SandboxInfo:
        """What was created; only valid inside the ``async with`` block."""
        if self._info is None:
            raise RuntimeError("the sandbox has not been started (use `async with`)")
        return self._info

    @property
    def id(self) -> str:
        """The container id."""
        return self.info.container_id

    def labels(self) -> dict[str, str]:
        """The labels the container gets (ownership labels win over extra labels)."""
        return {**self._extra_labels, **_owner_labels(KIND_SANDBOX, self.run), LABEL_TRIAL: self.trial}

    async def __aenter__(self) -> Self:
        try:
            await self._start()
        except BaseException:
            await self._remove_shielded()
            raise
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        error = await self._remove_shielded()
        if error is not None and exc is None:
            raise error

    async def _start(self) -> None:
        cpus = min(self._cpus, await _cpu_capacity(self._docker))
        if self._internet:
            self.network, self._network_name = await join_network(
                self._docker,
                self.run,
                allow_host=self._allow_host_network,
                labels=_owner_labels(KIND_NETWORK, self.run),
            )
        config = _container_config(self, cpus)
        try:
            self._container = await self._docker.containers.create(config, name=self.name)
        except DockerError as e:
            if is_not_found(e):
                raise InfrastructureError(
                    f"sandbox image {self.image!r} is not present locally and nothing can be pulled; "
                    "build it first (task images: ensure_task_image; base images: "
                    "`python -m realcli.environments`)"
                ) from e
            raise docker_error(e, f"creating sandbox from {self.image}") from e
        await at_once(self._put_initial_files, self._resolve_workdir)  # neither request needs the other
        self._info = SandboxInfo(
            container_id=self._container.id,
            name=self.name,
            image=self.image,
            cpus=cpus,
            memory_mb=self._memory_mb,
            network=self.network,
            pids_limit=self._pids_limit,
            workdir=self.workdir,
        )
        try:
            await self._container.start()
        except DockerError as e:
            raise docker_error(e, f"starting sandbox {self.name}") from e

    async def _put_initial_files(self) -> None:
        """The log directories and ``files``, in one archive request before the container starts."""
        with tempfile.SpooledTemporaryFile(max_size=16 * MiB) as tar:
            sizes = await anyio.to_thread.run_sync(tar_of_copies, _LOG_DIRS, self._files, tar)
            await self._put_tar("/", file_chunks(tar), started=False)
        self.copied = tuple(sizes)

    async def _resolve_workdir(self) -> None:
        if self._asked_workdir is None:
            self.workdir = await self._image_workdir()

    async def _image_workdir(self) -> str:
        """The container's working directory as the image set it (its WORKDIR; / when it has none)."""
        assert self._container is not None
        try:
            data = await self._container.show()
        except DockerError as e:
            raise docker_error(e, f"inspecting sandbox {self.name}") from e
        return str(data.get("Config", {}).get("WorkingDir") or "/")

    async def _remove_shielded(self) -> InfrastructureError | None:
        """Remove the container whatever happens around us; returns (not raises) a failure."""
        if self._removed:
            return None
        self._removed = True
        # The name is known before create returns, so a create cut short is still found.
        target = self._container.id if self._container is not None else self.name
        with anyio.CancelScope(shield=True), anyio.move_on_after(_REMOVE_TIMEOUT_SEC) as scope:
            try:
                await self._docker.containers.container(target).delete(force=True, v=True)
            except DockerError as e:
                if not is_not_found(e):
                    return docker_error(e, f"removing sandbox {self.name}")
            if self.network == "bridge":
                try:
                    await leave_network(self._docker, self._network_name)
                except EngineError as e:
                    return e
        if scope.cancelled_caught:
            return InfrastructureError(
                f"removing sandbox {self.name} took over {_REMOVE_TIMEOUT_SEC:.0f} s; "
                "gc(docker, run=...) removes it later"
            )
        return None

    async def remove(self) -> None:
        """Remove the container now (idempotent); the ``async with`` exit then has nothing to do."""
        error = await self._remove_shielded()
        if error is not None:
            raise error

    @property
    def pids_limit(self) -> int:
        return self._pids_limit


def _container_config(sb: DockerSandbox, cpus: float) -> dict[str, Any]:
    """The engine's create request for ``sb``: keep-alive entrypoint, limits, labels, network, mounts."""
    memory = sb._memory_mb * MiB
    return {
        "Image": sb.image,
        "Entrypoint": _KEEPALIVE,
        "Cmd": [],
        **({"WorkingDir": sb._asked_workdir} if sb._asked_workdir else {}),
        "Env": [f"{k}={v}" for k, v in sb._env.items()],
        "Labels": sb.labels(),
        "Tty": False,
        "AttachStdin": False,
        "AttachStdout": False,
        "AttachStderr": False,
        "HostConfig": {
            "NanoCpus": int(cpus * 1e9),
            "Memory": memory,
            "MemorySwap": memory,  # no swap beyond the limit
            "PidsLimit": sb._pids_limit,
            # No file may outgrow the disk budget; the whole writable layer is measured (disk_used_mb).
            **({"Ulimits": [_fsize(sb.storage_mb)]} if sb.storage_mb else {}),
            "NetworkMode": sb._network_name,
            "Init": True,
            **({"Mounts": [m.config() for m in sb._mounts]} if sb._mounts else {}),
        },
    }


def _owner_labels(kind: str, run: str) -> dict[str, str]:
    """What ``gc`` reads to find an object whose process is gone: kind, run, process, host."""
    return {
        **session_labels(),
        LABEL_KIND: kind,
        LABEL_RUN: run,
        LABEL_PID: str(os.getpid()),
        LABEL_HOST: socket.gethostname(),
        LABEL_HOST_ID: host_id(),
        LABEL_OWNER: owner_id(os.getpid()) or "",
    }


def _fsize(storage_mb: int) -> dict[str, Any]:
    """RLIMIT_FSIZE (bytes): a write past it fails with EFBIG instead of filling the host's disk."""
    limit = storage_mb * MiB
    return {"Name": "fsize", "Soft": limit, "Hard": limit}
