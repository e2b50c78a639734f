"""The Docker sandbox: one container per trial, commands run in it, files copied in and out.

This is an adapter: it returns results and raises ``InfrastructureError``
when the machinery fails; the warden turns results into events.
Expected outcomes (non-zero exits, commands that time out) are results.

Every container carries labels naming its run, trial, owning process and
host, so ``gc`` can remove what a crashed process left behind: only
containers whose owner (``realcli.owner``: boot, pid and the pid's start
in clock ticks, exact where a wall-clock start time is not) is gone from
*this* host (``realcli.host-id``: the machine and PID namespace in which
the pid means something).
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import socket
import tempfile
import weakref
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import aiodocker
import anyio
from aiodocker.exceptions import DockerError

from realcli._errors import EngineError, InfrastructureError
from realcli.environments._archives import (
    tar_of_copies,
)
from realcli.environments._container_commands import RESTARTED_MARK, ContainerCommands
from realcli.environments._container_files import ContainerFiles, at_once
from realcli.environments._container_handle import ContainerHandle
from realcli.environments._disk import SandboxDisk, disk_enforcement
from realcli.environments._docker import docker_error, file_chunks, inspect_image, is_not_found, session_labels
from realcli.environments._layer_drop import drop_layers
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
    ArchiveCopy,
    BindMount,
    DiskPhase,
    DiskUse,
    ExecResult,
    FileCopy,
    FileRead,
    MiB,
    PathStat,
    SandboxInfo,
)
from realcli.environments._services import ServiceGroup
from realcli.events import EnvironmentConfig, FilesystemChanges, PathChange

__all__ = ["DEFAULT_MAX_OUTPUT_BYTES", "DEFAULT_PIDS_LIMIT", "DockerSandbox"]

_REMOVE_TIMEOUT_SEC = 60.0
_DROP_TIMEOUT_SEC = 20.0

# Directories every sandbox has before its first command (Harbor's layout).
_LOG_DIRS = (("logs", 0o755), ("logs/agent", 0o777), ("logs/verifier", 0o777))
# Keeps the container alive with nothing but `sh` and `sleep`, which every usable image has.
_KEEPALIVE = ["sh", "-c", "while :; do sleep 86400; done"]
# An image's ENTRYPOINT runs as in Harbor, with the keep-alive as its arguments (Harbor's `main`
# runs `sh -c "sleep infinity"` as its command): one that starts a service then execs "$@" or
# sleeps, or that execs a server, keeps running.  One that exits leaves the sandbox up all the
# same; the line below, last in the container's log, says how it ended (``entrypoint_exit``).
# A restart (``reset_processes``) leaves its mark first: the entrypoint runs at the first start only.
_ENTRYPOINT_EXITED = "realcli: the image's entrypoint exited with status "
_WRAPPER = f'[ -e {RESTARTED_MARK} ] || {{ "$@"; code=$?; echo; echo "{_ENTRYPOINT_EXITED}$code"; }}; ' + _KEEPALIVE[2]
_EXIT_LINE = re.compile(rf"^{re.escape(_ENTRYPOINT_EXITED)}(\d+)$", re.MULTILINE)
_ENTRYPOINT_LOG_BYTES = 4096
_NAME_CHARS = re.compile(r"[^a-zA-Z0-9_.-]+")


def _slug(text: str, limit: int) -> str:
    return _NAME_CHARS.sub("-", text).strip("-._")[:limit] or "x"


_engine_cpus: weakref.WeakKeyDictionary[aiodocker.Docker, float] = weakref.WeakKeyDictionary()


_image_paths: weakref.WeakKeyDictionary[aiodocker.Docker, dict[str, str]] = weakref.WeakKeyDictionary()


async def _image_path(docker: aiodocker.Docker, image: str) -> str:
    """The PATH of an image's ``ENV`` ("" without one), asked of the engine once per image and client."""
    paths = _image_paths.setdefault(docker, {})
    if image not in paths:
        info = await inspect_image(docker, image) or {}
        env = [str(v) for v in (info.get("Config") or {}).get("Env") or []]
        paths[image] = next((v.removeprefix("PATH=") for v in env if v.startswith("PATH=")), "")
    return paths[image]


async def _cpu_capacity(docker: aiodocker.Docker) -> float:
    """CPUs of the engine's host: NanoCpus above it is refused, so requests are clamped."""
    if docker not in _engine_cpus:
        try:
            info = await docker.system.info()
        except DockerError as e:
            raise docker_error(e, "reading engine info") from e
        _engine_cpus[docker] = float(info.get("NCPU") or os.cpu_count() or 1)
    return _engine_cpus[docker]


class DockerSandbox:
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

    The sandbox holds its lifecycle (create, start, remove) and two parts that
    share one ``ContainerHandle``: its commands (``ContainerCommands``) and
    its files (``ContainerFiles``); the ``Sandbox`` methods delegate to them.
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
        entrypoint: Sequence[str] = (),
        services: ServiceGroup | None = None,
    ) -> None:
        # A multi-container task's other services: started before this container, on a network of the
        # trial's own that this one joins as `main`; removed after it.
        self.services = services
        self.entrypoint = tuple(entrypoint)  # the image's ENTRYPOINT, run with the keep-alive as its arguments
        self.image = image
        self.run = run
        self.trial = trial
        self._cpus = cpus
        self._memory_mb = memory_mb
        self.storage_mb = storage_mb
        self._disk = SandboxDisk(storage_mb)
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
        self._initial_files = tuple(files)
        # The bytes of file data of each of ``files``, once they are in.
        self.copied: tuple[int, ...] = ()
        self.name = f"realcli-{_slug(run, 24)}-{_slug(trial, 24)}-{secrets.token_hex(4)}"
        self._handle = ContainerHandle(docker, self.name)
        self._docker = docker
        self._files = ContainerFiles(self._handle, self.exec)
        self._commands = ContainerCommands(self._handle, self._files, image=image, run=run, trial=trial)
        self._info: SandboxInfo | None = None
        self._path: str | None = None  # the container's PATH (its config's), once asked for

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
        entrypoint: Sequence[str] = (),
        services: ServiceGroup | None = None,
    ) -> DockerSandbox:
        """A sandbox with a task's ``[environment]`` limits, network, workdir and env.

        ``internet`` overrides the task's own network declaration (a run's ``--network none``);
        ``allow_host_network`` lets a sandbox that needs network take the host's when the engine
        cannot bridge (see ``realcli.environments._networks``).
        Without ``[environment] workdir`` the working directory is the image's WORKDIR (Harbor).
        ``files`` are copied in before the first command, in the request that creates ``/logs``.
        ``entrypoint`` is the image's ENTRYPOINT: it runs as in Harbor (``entrypoint_exit`` tells how it ended).
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
            entrypoint=entrypoint,
            services=services,
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
        if self.services is not None:
            self._network_name = await self.services.start(await _cpu_capacity(self._docker), self.image)
            self.network = "bridge" if self.services.bridged else "none"
        elif self._internet:
            self.network, self._network_name = await join_network(
                self._docker,
                self.run,
                allow_host=self._allow_host_network,
                labels=_owner_labels(KIND_NETWORK, self.run),
            )
        await self._disk.choose(self._docker)
        config = _container_config(self, cpus)
        try:
            container = self._handle.container = await self._docker.containers.create(config, name=self.name)
        except DockerError as e:
            if is_not_found(e):
                raise InfrastructureError(
                    f"sandbox image {self.image!r} is not present locally and nothing can be pulled; "
                    "build it first (task images: ensure_task_image; base images: "
                    "`python -m realcli.environments`)"
                ) from e
            raise docker_error(e, f"creating sandbox from {self.image}") from e
        await self._disk.attach(container.id, self.name)  # before the first file goes in
        await at_once(self._put_initial_files, self._resolve_workdir)  # neither request needs the other
        self._info = SandboxInfo(
            container_id=container.id,
            name=self.name,
            image=self.image,
            cpus=cpus,
            memory_mb=self._memory_mb,
            network=self.network,
            pids_limit=self._pids_limit,
            workdir=self.workdir,
            entrypoint=self.entrypoint,
            storage_mb=self.storage_mb,
            storage=self._disk.enforcement or "",
        )
        try:
            await container.start()
        except DockerError as e:
            raise docker_error(e, f"starting sandbox {self.name}") from e

    async def _put_initial_files(self) -> None:
        """The log directories and ``files``, in one archive request before the container starts."""
        with tempfile.SpooledTemporaryFile(max_size=16 * MiB) as tar:
            sizes = await anyio.to_thread.run_sync(tar_of_copies, _LOG_DIRS, self._initial_files, tar)
            await self._files.put_tar("/", file_chunks(tar), started=False)
        self.copied = tuple(sizes)

    async def _resolve_workdir(self) -> None:
        if self._asked_workdir is None:
            self.workdir = str((await self._config()).get("WorkingDir") or "/")

    async def _config(self) -> dict[str, Any]:
        """The container's config as the engine holds it (the image's, with what the sandbox was created with)."""
        try:
            data = await self._handle.require().show()
        except DockerError as e:
            raise docker_error(e, f"inspecting sandbox {self.name}") from e
        config: dict[str, Any] = data.get("Config") or {}
        return config

    async def search_path(self) -> str:
        """The PATH commands get unless told otherwise: the sandbox's env, else the image's ``ENV`` (as the
        container's config holds them; the image's is asked of the engine once per image and process)."""
        if self._path is None:
            self._path = self._env.get("PATH") or await _image_path(self._docker, self.image)
        return self._path

    async def _remove_shielded(self) -> InfrastructureError | None:
        """Remove the container whatever happens around us; returns (not raises) a failure."""
        if self._handle.removed:
            return None
        self._handle.removed = True
        # The name is known before create returns, so a create cut short is still found.
        container = self._handle.container
        target = container.id if container is not None else self.name
        with anyio.CancelScope(shield=True), anyio.move_on_after(_REMOVE_TIMEOUT_SEC) as scope:
            if container is not None:
                with anyio.move_on_after(_DROP_TIMEOUT_SEC):  # a speed-up only: the removal goes on regardless
                    await self._drop_layers(container.id)
            try:
                await self._docker.containers.container(target).delete(force=True, v=True)
            except DockerError as e:
                if not is_not_found(e):
                    return docker_error(e, f"removing sandbox {self.name}")
            if self.services is not None:
                try:
                    await self.services.remove()
                except EngineError as e:
                    return e
            elif self.network == "bridge":
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

    async def _drop_layers(self, container_id: str) -> None:
        """Stop the container and drop its btrfs layers at once (``_layer_drop``), on an engine whose data
        root this process reads; elsewhere, or when anything is in the way, the engine removes them itself."""
        root = (await disk_enforcement(self._docker)).root
        if root is None:
            return
        container = self._docker.containers.container(container_id)
        try:
            await container.kill()
            await container.wait()
        except DockerError as e:
            if e.status != 409:  # 409: it was not running (created only, or already stopped)
                return
        with contextlib.suppress(OSError):
            await anyio.to_thread.run_sync(drop_layers, root, container_id)

    async def entrypoint_exit(self) -> tuple[int, str] | None:
        """(exit status, the end of its output) once the image's entrypoint has exited; None while it runs.

        An image without an ENTRYPOINT has none (None).
        """
        container = self._handle.container
        if not self.entrypoint or container is None:
            return None
        try:
            chunks = await container.log(stdout=True, stderr=True, tail=200)
        except DockerError as e:
            raise docker_error(e, f"reading the log of sandbox {self.name}") from e
        text = "".join(chunks)
        found = list(_EXIT_LINE.finditer(text))
        if not found:
            return None
        last = found[-1]
        return int(last[1]), text[: last.start()].strip()[-_ENTRYPOINT_LOG_BYTES:]

    async def remove(self) -> None:
        """Remove the container now (idempotent); the ``async with`` exit then has nothing to do."""
        error = await self._remove_shielded()
        if error is not None:
            raise error

    @property
    def pids_limit(self) -> int:
        """The most processes the container may hold."""
        return self._pids_limit

    async def disk_use(self) -> DiskUse:
        """What the writable layer holds against its disk cap (see ``realcli.environments._disk``)."""
        self._handle.require()
        return await self._disk.use(self._commands.layer_size_mb)

    async def set_disk_phase(self, phase: DiskPhase) -> None:
        """The disk cap for whoever works next: ``verifier`` widens it, ``agent`` (a later step) narrows it back."""
        self._handle.require()
        await self._disk.set_phase(phase)

    # ----------------------------------------------------------------- commands

    async def is_running(self) -> bool:
        """Whether the container still exists and runs."""
        return await self._handle.is_running()

    async def exec(
        self,
        command: str,
        *,
        timeout_sec: float,
        workdir: str | None = None,
        env: Mapping[str, str] | None = None,
        user: str | int | None = None,
        max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES,
    ) -> ExecResult:
        return await self._commands.exec(
            command, timeout_sec=timeout_sec, workdir=workdir, env=env, user=user, max_output_bytes=max_output_bytes
        )

    async def copy_and_exec(
        self,
        dest_dir: str,
        src: Path,
        command: str,
        *,
        timeout_sec: float,
        workdir: str | None = None,
        env: Mapping[str, str] | None = None,
        user: str | int | None = None,
        max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES,
    ) -> tuple[int, ExecResult]:
        return await self._commands.copy_and_exec(
            dest_dir,
            src,
            command,
            timeout_sec=timeout_sec,
            workdir=workdir,
            env=env,
            user=user,
            max_output_bytes=max_output_bytes,
        )

    async def process_count(self) -> int:
        return await self._commands.process_count()

    async def mark_own_processes(self) -> None:
        await self._commands.mark_own_processes()

    async def stray_processes(self) -> list[str]:
        return await self._commands.stray_processes()

    async def stop_processes(self) -> None:
        await self._commands.stop_processes()

    async def reset_processes(self) -> None:
        await self._commands.reset_processes()

    async def changes(self) -> FilesystemChanges:
        return await self._commands.changes()

    async def changed_paths(self) -> list[PathChange]:
        return await self._commands.changed_paths()

    async def layer_size_mb(self) -> int:
        """The size of the writable layer as the engine measures it, in MiB (a measure to poll, not a cap)."""
        return await self._commands.layer_size_mb()

    async def commit(self, repository: str, tag: str = "latest", *, labels: Mapping[str, str] | None = None) -> str:
        return await self._commands.commit(repository, tag, labels=labels)

    # -------------------------------------------------------------------- files

    async def put_bytes(self, path: str, data: bytes, *, mode: int = 0o644) -> int:
        return await self._files.put_bytes(path, data, mode=mode)

    async def put_files(self, dest_dir: str, src: Path) -> int:
        return await self._files.put_files(dest_dir, src)

    async def read_file(self, path: str, *, max_bytes: int = 16 * MiB) -> FileRead | None:
        return await self._files.read_file(path, max_bytes=max_bytes)

    async def read_files(self, limits: Mapping[str, int]) -> dict[str, FileRead | None]:
        return await self._files.read_files(limits)

    async def stat_paths(self, paths: Sequence[str]) -> dict[str, PathStat | None]:
        return await self._files.stat_paths(paths)

    async def get_file(self, path: str, *, max_bytes: int = 16 * MiB) -> bytes | None:
        """The first ``max_bytes`` of the regular file at ``path`` (symlinks followed), or None when there is none."""
        return await self._files.get_file(path, max_bytes=max_bytes)

    async def read_dir(self, path: str, *, max_bytes: int = 4 * MiB) -> dict[str, bytes] | None:
        """The regular files of directory ``path`` (relative name -> bytes) in one request; None if it is missing."""
        return await self._files.read_dir(path, max_bytes=max_bytes)

    async def get_archive(self, path: str, dest: Path, *, max_bytes: int = 256 * MiB) -> ArchiveCopy:
        return await self._files.get_archive(path, dest, max_bytes=max_bytes)


def _container_config(sb: DockerSandbox, cpus: float) -> dict[str, Any]:
    """The engine's create request for ``sb``: keep-alive entrypoint, limits, labels, network, mounts."""
    memory = sb._memory_mb * MiB
    entrypoint = ["/bin/sh", "-c", _WRAPPER, "realcli-entrypoint", *sb.entrypoint, *_KEEPALIVE]
    return {
        "Image": sb.image,
        "Entrypoint": entrypoint if sb.entrypoint else _KEEPALIVE,
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
            **sb._disk.host_config(),  # the disk budget, as a cap where the engine can set one
            "NetworkMode": sb._network_name,
            "Init": True,
            **({"Mounts": [m.config() for m in sb._mounts]} if sb._mounts else {}),
        },
        **({"NetworkingConfig": sb.services.main_networking()} if sb.services is not None else {}),
    }


def owner_labels(kind: str, run: str) -> dict[str, str]:
    """The ownership labels of an object of ``kind`` made for ``run`` by this process."""
    return _owner_labels(kind, run)


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
