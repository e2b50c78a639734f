"""The Docker sandbox: one container per trial, commands run in it, files copied in and out.

This is an adapter: it returns results and raises ``InfrastructureError``
when the machinery fails; the sandbox actor turns results into events.
Expected outcomes (non-zero exits, commands that time out) are results.

Every container carries labels naming its run, trial, owning process and
host, so ``gc`` can remove what a crashed process left behind.
"""

from __future__ import annotations

import base64
import contextlib
import io
import os
import posixpath
import re
import secrets
import socket
import tarfile
import tempfile
import time
import weakref
from collections import deque
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from types import TracebackType
from typing import IO, Any, Literal, Self

import aiodocker
import aiohttp
import anyio
import msgspec
from aiodocker.containers import DockerContainer
from aiodocker.exceptions import DockerError
from aiodocker.execs import Exec

from realcli._errors import EngineError, InfrastructureError, SandboxLostError
from realcli.environments import docker_error, is_not_found, one_line, session_labels
from realcli.events import EnvironmentConfig, Output

__all__ = [
    "DEFAULT_MAX_OUTPUT_BYTES",
    "DEFAULT_PIDS_LIMIT",
    "LABEL_HOST",
    "LABEL_KIND",
    "LABEL_PID",
    "LABEL_RUN",
    "LABEL_TRIAL",
    "ArchiveCopy",
    "BindMount",
    "ContainerProcesses",
    "DockerSandbox",
    "ExecResult",
    "FileRead",
    "SandboxInfo",
    "SandboxProcess",
    "gc",
]

LABEL_KIND = "realcli.kind"
LABEL_RUN = "realcli.run"
LABEL_TRIAL = "realcli.trial"
LABEL_PID = "realcli.pid"
LABEL_HOST = "realcli.host"
KIND_SANDBOX = "sandbox"

DEFAULT_PIDS_LIMIT = 1024
DEFAULT_MAX_OUTPUT_BYTES = 1 << 20
# `timeout -k`: after TERM at the deadline, KILL this many seconds later.
KILL_AFTER_SEC = 5.0
# Host-side backstop past the in-container deadline + KILL_AFTER_SEC.
HOST_GRACE_SEC = 10.0
_REMOVE_TIMEOUT_SEC = 60.0
_GONE_CHECKS = 20
_GONE_CHECK_INTERVAL_SEC = 0.05
_CHUNK = 1 << 16
_MiB = 1 << 20
# Directories every sandbox has before its first command (Harbor's layout).
_LOG_DIRS = (("logs", 0o755), ("logs/agent", 0o777), ("logs/verifier", 0o777))
# Keeps the container alive with nothing but `sh` and `sleep`, which every usable image has.
_KEEPALIVE = ["sh", "-c", "while :; do sleep 86400; done"]
_NAME_CHARS = re.compile(r"[^a-zA-Z0-9_.-]+")
_DIR_BIT = 1 << 31  # Go's os.ModeDir, as the archive stat header reports it
_SYMLINK_BIT = 1 << 27  # os.ModeSymlink
# Go's os.ModeType: dir, symlink, device, named pipe, socket, char device, irregular.
_TYPE_BITS = (1 << 31) | (1 << 27) | (1 << 26) | (1 << 25) | (1 << 24) | (1 << 21) | (1 << 19)


class ExecResult(msgspec.Struct, frozen=True, kw_only=True):
    """The outcome of one command (fields match ``CommandFinished``).

    ``exit_code`` is None only when the host-side backstop had to give up on
    the command; ``timed_out`` is True when the deadline killed it.
    """

    exit_code: int | None
    stdout: Output
    stderr: Output
    duration_sec: float
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class SandboxInfo:
    """What was actually created (fields match ``SandboxCreated``); ``cpus`` is after clamping."""

    container_id: str
    name: str
    image: str
    cpus: float
    memory_mb: int
    network: str
    pids_limit: int
    workdir: str = "/"  # resolved: the one asked for, else the image's WORKDIR, else /


@dataclass(frozen=True, slots=True)
class BindMount:
    """A host path mounted into the sandbox at ``target`` (e.g. a directory holding a Unix socket)."""

    source: Path
    target: str
    read_only: bool = False

    def config(self) -> dict[str, Any]:
        """The Engine API ``HostConfig.Mounts`` entry."""
        return {"Type": "bind", "Source": str(self.source), "Target": self.target, "ReadOnly": self.read_only}


@dataclass(frozen=True, slots=True)
class FileRead:
    """A file read from the sandbox: at most ``max_bytes`` of ``data`` out of ``size``."""

    data: bytes
    size: int
    mode: int

    @property
    def truncated(self) -> bool:
        return len(self.data) < self.size


@dataclass(frozen=True, slots=True)
class ArchiveCopy:
    """A copy out of the sandbox: bytes of tar received, members extracted, whether it was cut."""

    bytes: int
    files: int
    truncated: bool


# ------------------------------------------------------------------ output capture


class _Capture:
    """Keeps the head and tail of a byte stream in bounded memory and counts the rest."""

    def __init__(self, limit: int) -> None:
        self._head_limit = limit - limit // 2
        self._tail_limit = limit // 2
        self._head = bytearray()
        self._tail: deque[bytes] = deque()
        self._tail_size = 0
        self.total = 0

    def feed(self, data: bytes) -> None:
        self.total += len(data)
        room = self._head_limit - len(self._head)
        if room > 0:
            self._head += data[:room]
            data = data[room:]
        if not data or self._tail_limit <= 0:
            return
        self._tail.append(data)
        self._tail_size += len(data)
        while self._tail_size - len(self._tail[0]) >= self._tail_limit:
            self._tail_size -= len(self._tail.popleft())

    def output(self) -> Output:
        tail = b"".join(self._tail)
        if len(tail) > self._tail_limit:
            tail = tail[len(tail) - self._tail_limit :]
        kept = len(self._head) + len(tail)
        omitted = self.total - kept
        if omitted == 0:
            text = (bytes(self._head) + tail).decode("utf-8", "replace")
        else:
            text = (
                self._head.decode("utf-8", "replace")
                + f"\n[... {omitted} bytes omitted ...]\n"
                + tail.decode("utf-8", "replace")
            )
        return Output(text=text, total_bytes=self.total, kept_bytes=kept)


# ------------------------------------------------------------------------ helpers


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


def _tar_of_dirs(entries: tuple[tuple[str, int], ...]) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for name, mode in entries:
            info = tarfile.TarInfo(name)
            info.type = tarfile.DIRTYPE
            info.mode = mode
            info.mtime = int(time.time())
            tar.addfile(info)
    return buf.getvalue()


def _tar_of_bytes(name: str, data: bytes, mode: int) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        info = tarfile.TarInfo(name)
        info.size = len(data)
        info.mode = mode
        info.mtime = int(time.time())
        tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def _tar_of_path(src: Path, out: IO[bytes], prefix: str = "") -> int:
    """Tar ``src`` (a file, or a directory's contents) into ``out``; returns the bytes of file data.

    With ``prefix`` the members sit under that directory (which the tar
    creates), so the tar can be unpacked into the destination's parent.
    """
    if not src.exists():
        raise FileNotFoundError(f"{src}: no such file or directory to copy into the sandbox")

    def owned_by_root(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    def name(rel: str) -> str:
        return f"{prefix}/{rel}" if prefix else rel

    total = 0
    with tarfile.open(fileobj=out, mode="w", format=tarfile.PAX_FORMAT) as tar:
        if prefix:
            top = tarfile.TarInfo(prefix)
            top.type, top.mode = tarfile.DIRTYPE, 0o755
            tar.addfile(top)
        if src.is_dir():
            for path in sorted(src.rglob("*")):
                tar.add(path, arcname=name(path.relative_to(src).as_posix()), recursive=False, filter=owned_by_root)
                total += path.lstat().st_size if path.is_file() and not path.is_symlink() else 0
        else:
            tar.add(src, arcname=name(src.name), recursive=False, filter=owned_by_root)
            total = src.lstat().st_size
    out.seek(0)
    return total


async def _file_chunks(f: IO[bytes]) -> AsyncIterator[bytes]:
    while chunk := await anyio.to_thread.run_sync(f.read, _CHUNK):
        yield chunk


def _path_stat(headers: Mapping[str, str]) -> dict[str, Any]:
    raw = headers.get("X-Docker-Container-Path-Stat", "")
    try:
        stat: dict[str, Any] = msgspec.json.decode(base64.b64decode(raw))
    except (ValueError, msgspec.DecodeError):
        return {}
    return stat


# ------------------------------------------------------------------------ sandbox


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
        internet: bool = False,
        workdir: str | None = "/app",
        env: Mapping[str, str] | None = None,
        pids_limit: int = DEFAULT_PIDS_LIMIT,
        labels: Mapping[str, str] | None = None,
        mounts: Sequence[BindMount] = (),
    ) -> None:
        self._docker = docker
        self.image = image
        self.run = run
        self.trial = trial
        self._cpus = cpus
        self._memory_mb = memory_mb
        self.network: Literal["none", "host"] = "host" if internet else "none"
        self._asked_workdir = workdir
        # None (the image's WORKDIR) until the container exists; then the directory it resolved to.
        self.workdir: str = workdir or "/"
        self._env = dict(env or {})
        self._pids_limit = pids_limit
        self._extra_labels = dict(labels or {})
        self._mounts = tuple(mounts)
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
    ) -> DockerSandbox:
        """A sandbox with a task's ``[environment]`` limits, network, workdir and env.

        ``internet`` overrides the task's own network declaration (a run's ``--network none``).
        Without ``[environment] workdir`` the working directory is the image's WORKDIR (Harbor).
        """
        return cls(
            docker,
            image,
            run=run,
            trial=trial,
            cpus=environment.cpus,
            memory_mb=environment.memory_mb,
            internet=environment.internet if internet is None else internet,
            workdir=environment.workdir or None,
            env=environment.env,
            pids_limit=pids_limit,
            labels=labels,
            mounts=mounts,
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
        return {
            **self._extra_labels,
            **session_labels(),
            LABEL_KIND: KIND_SANDBOX,
            LABEL_RUN: self.run,
            LABEL_TRIAL: self.trial,
            LABEL_PID: str(os.getpid()),
            LABEL_HOST: socket.gethostname(),
        }

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
        config = self._config(cpus)
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
        if self._asked_workdir is None:
            self.workdir = await self._image_workdir()
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
        await self._put_tar("/", _tar_of_dirs(_LOG_DIRS), started=False)
        try:
            await self._container.start()
        except DockerError as e:
            raise docker_error(e, f"starting sandbox {self.name}") from e

    async def _image_workdir(self) -> str:
        """The container's working directory as the image set it (its WORKDIR; / when it has none)."""
        assert self._container is not None
        try:
            data = await self._container.show()
        except DockerError as e:
            raise docker_error(e, f"inspecting sandbox {self.name}") from e
        return str(data.get("Config", {}).get("WorkingDir") or "/")

    def _config(self, cpus: float) -> dict[str, Any]:
        memory = self._memory_mb * _MiB
        return {
            "Image": self.image,
            "Entrypoint": _KEEPALIVE,
            "Cmd": [],
            **({"WorkingDir": self._asked_workdir} if self._asked_workdir else {}),
            "Env": [f"{k}={v}" for k, v in self._env.items()],
            "Labels": self.labels(),
            "Tty": False,
            "AttachStdin": False,
            "AttachStdout": False,
            "AttachStderr": False,
            "HostConfig": {
                "NanoCpus": int(cpus * 1e9),
                "Memory": memory,
                "MemorySwap": memory,  # no swap beyond the limit
                "PidsLimit": self._pids_limit,
                "NetworkMode": self.network,
                "Init": True,
                **({"Mounts": [m.config() for m in self._mounts]} if self._mounts else {}),
            },
        }

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

    def _require(self) -> DockerContainer:
        if self._container is None or self._removed:
            raise InfrastructureError(f"sandbox {self.name} is not running (never started or already removed)")
        return self._container

    async def is_running(self) -> bool:
        """Whether the container still exists and runs."""
        if self._container is None or self._removed:
            return False
        try:
            data = await self._container.show()
        except DockerError as e:
            if is_not_found(e):
                return False
            raise docker_error(e, f"inspecting sandbox {self.name}") from e
        return bool(data.get("State", {}).get("Running"))

    async def process_count(self) -> int:
        """How many processes run in the container, counted from the engine's side (no exec needed)."""
        container = self._require()
        try:
            listing = await container.top()
        except DockerError as e:
            raise await self._gone("listing processes", e) from e
        return len(listing.get("Processes") or [])

    @property
    def pids_limit(self) -> int:
        return self._pids_limit

    async def reset_processes(self) -> None:
        """Kill every process in the container and start it again; its files stay as they are.

        For a sandbox whose process limit is exhausted (a fork bomb): nothing
        can be started in it any more, the verifier included.
        """
        container = self._require()
        try:
            await container.restart(t=0)
        except DockerError as e:
            raise await self._gone("restarting", e) from e

    async def _gone(self, doing: str, cause: BaseException | None = None) -> EngineError | SandboxLostError:
        """The error for a sandbox that stopped or vanished under us, or for a failed engine call."""
        if isinstance(cause, DockerError) and cause.status not in (404, 409):
            return docker_error(cause, f"{doing} in sandbox {self.name}")
        state = "was removed"
        if self._container is not None:
            try:
                data = await self._container.show()
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

    # ----------------------------------------------------------------- commands

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
        """Run ``command`` with ``sh -c`` in the sandbox, killed inside the container after ``timeout_sec``.

        Output is read incrementally; each stream keeps at most
        ``max_output_bytes`` (head and tail) and counts the total.  Non-zero
        exits and timeouts are results.  Raises ``InfrastructureError`` when
        the container is gone or the engine fails.
        """
        if timeout_sec <= 0:
            raise ValueError(f"timeout_sec must be positive, got {timeout_sec}")  # `timeout 0` never fires
        container = self._require()
        argv = ["timeout", "-k", f"{KILL_AFTER_SEC:g}", f"{timeout_sec:.3f}", "sh", "-c", command]
        started = time.monotonic()
        out, err = _Capture(max_output_bytes), _Capture(max_output_bytes)
        try:
            ex = await container.exec(
                argv,
                environment=dict(env) if env else None,
                workdir=workdir,
                user="" if user is None else str(user),
            )
        except DockerError as e:
            raise await self._gone("starting a command", e) from e
        exit_code: int | None = None
        with anyio.move_on_after(timeout_sec + KILL_AFTER_SEC + HOST_GRACE_SEC):
            try:
                async with ex.start(detach=False) as stream:
                    while (msg := await stream.read_out()) is not None:
                        (err if msg.stream == 2 else out).feed(msg.data)
                exit_code = await self._exit_code(ex)
            except (DockerError, aiohttp.ClientError, OSError) as e:
                raise await self._gone("running a command", e) from e
        duration = time.monotonic() - started
        if exit_code is None or exit_code >= 126:
            await self._check_exec_failure(exit_code, out)
        timed_out = exit_code is None or (exit_code in (124, 137) and duration >= timeout_sec)
        return ExecResult(
            exit_code=exit_code,
            stdout=out.output(),
            stderr=err.output(),
            duration_sec=duration,
            timed_out=timed_out,
        )

    async def _exit_code(self, ex: Exec) -> int | None:
        # The stream ends when the process does; the engine may lag a moment in saying so.
        for _ in range(500):
            info = await ex.inspect()
            if not info.get("Running"):
                code = info.get("ExitCode")
                return None if code is None else int(code)
            await anyio.sleep(0.01)
        return None

    async def _check_exec_failure(self, exit_code: int | None, out: _Capture) -> None:
        """Tell a dead sandbox or an unusable image apart from a command that failed."""
        # A container killed from outside takes its commands with it (exit 137) and the
        # engine marks it stopped a moment later; give it that moment before blaming the command.
        checks = _GONE_CHECKS if exit_code in (None, 137) else 1
        for i in range(checks):
            if not await self.is_running():
                raise await self._gone("running a command")
            if i + 1 < checks:
                await anyio.sleep(_GONE_CHECK_INTERVAL_SEC)
        if exit_code in (126, 127):
            head = out.output().text[:300]
            if re.search(r'(exec: "(timeout|sh)"|failed to run command .sh.)', head):
                raise InfrastructureError(
                    f"sandbox image {self.image!r} lacks `sh` or `timeout` (coreutils/busybox), "
                    f"which the sandbox needs: {one_line(head, 160)}"
                )

    # -------------------------------------------------------------------- files

    async def _put_tar(self, dest_dir: str, data: bytes | AsyncIterator[bytes], *, started: bool = True) -> bool:
        """Unpack a tar into ``dest_dir``; False when ``dest_dir`` does not exist."""
        container_id = self._require().id
        # The engine writes into stopped containers too; a write there would be lost silently.
        if started and not await self.is_running():
            raise await self._gone(f"copying files into {dest_dir}")
        try:
            async with self._docker._query(
                f"containers/{container_id}/archive",
                "PUT",
                params={"path": dest_dir},
                data=data,
                headers={"Content-Type": "application/x-tar"},
            ) as response:
                response.release()
        except DockerError as e:
            if is_not_found(e) and await self.is_running():
                return False
            raise await self._gone(f"copying files into {dest_dir}", e) from e
        return True

    async def _ensure_dir(self, path: str) -> None:
        result = await self.exec('mkdir -p -- "$REALCLI_DIR"', timeout_sec=30, env={"REALCLI_DIR": path})
        if result.exit_code != 0:
            raise InfrastructureError(
                f"sandbox {self.name}: cannot create directory {path}: {one_line(result.stderr.text, 160)}"
            )

    async def put_bytes(self, path: str, data: bytes, *, mode: int = 0o644) -> int:
        """Write ``data`` to the absolute container ``path`` (parents created); returns the bytes written."""
        target = PurePosixPath(path)
        tar = _tar_of_bytes(target.name, data, mode)
        if not await self._put_tar(str(target.parent), tar):
            await self._ensure_dir(str(target.parent))
            await self._put_tar(str(target.parent), tar)
        return len(data)

    async def put_files(self, dest_dir: str, src: Path) -> int:
        """Copy host file ``src`` into ``dest_dir``, or host directory ``src``'s contents into it.

        ``dest_dir`` is created when missing; modes are kept, owner is root.
        Returns the bytes of file data copied.
        """
        # Unpack into the parent with the destination as the tar's top
        # directory: one request, and no exec to create the destination.
        target = PurePosixPath(dest_dir)
        parent, prefix = (str(target.parent), target.name) if target.name else (str(target), "")
        with tempfile.SpooledTemporaryFile(max_size=16 * _MiB) as tar:
            total = await anyio.to_thread.run_sync(_tar_of_path, src, tar, prefix)
            if not await self._put_tar(parent, _file_chunks(tar)):
                await self._ensure_dir(parent)
                tar.seek(0)
                await self._put_tar(parent, _file_chunks(tar))
        return total

    @contextlib.asynccontextmanager
    async def _archive(self, path: str) -> AsyncIterator[aiohttp.ClientResponse | None]:
        """GET the archive of ``path``; yields None when there is no such path."""
        container_id = self._require().id
        try:
            response = await self._docker._do_query(
                f"containers/{container_id}/archive", "GET", params={"path": path}, timeout=None
            )
        except DockerError as e:
            if is_not_found(e) and await self.is_running():
                yield None
                return
            raise await self._gone(f"copying {path} out", e) from e
        try:
            yield response
        except aiohttp.ClientError as e:
            raise await self._gone(f"copying {path} out", e) from e
        finally:
            response.close()

    async def read_file(self, path: str, *, max_bytes: int = 16 * _MiB) -> FileRead | None:
        """Read a regular file (symlinks followed): None when there is no such file.

        At most ``max_bytes`` are transferred and kept; ``FileRead.size`` is the
        whole file's size.
        """
        for _ in range(8):
            got = await self._read_once(path, max_bytes)
            if not isinstance(got, str):
                return got
            path = posixpath.normpath(posixpath.join(posixpath.dirname(path), got))
        return None

    async def get_file(self, path: str, *, max_bytes: int = 16 * _MiB) -> bytes | None:
        """The first ``max_bytes`` of a regular file, or None when there is no such file."""
        got = await self.read_file(path, max_bytes=max_bytes)
        return None if got is None else got.data

    async def _read_once(self, path: str, max_bytes: int) -> FileRead | str | None:
        """The file, a symlink target to follow, or None."""
        budget = max_bytes + 64 * 1024  # tar headers (PAX included) come before the data
        buf = bytearray()
        async with self._archive(path) as response:
            if response is None:
                return None
            mode = int(_path_stat(response.headers).get("mode", 0))
            if mode & _SYMLINK_BIT:
                return str(_path_stat(response.headers).get("linkTarget") or "") or None
            if mode & _TYPE_BITS:
                return None
            async for chunk in response.content.iter_chunked(_CHUNK):
                buf += chunk
                if len(buf) >= budget:
                    break
        with tarfile.open(fileobj=io.BytesIO(bytes(buf)), mode="r|") as tar:
            member = tar.next()
            if member is None or not member.isfile():
                return None
            f = tar.extractfile(member)
            data = f.read(min(member.size, max_bytes)) if f is not None else b""
        return FileRead(data=data, size=member.size, mode=mode & 0o777)

    async def read_dir(self, path: str, *, max_bytes: int = 4 * _MiB) -> dict[str, bytes] | None:
        """The regular files of directory ``path`` (relative name -> bytes) in one request; None if missing.

        Files that do not fit in the first ``max_bytes`` of the archive are left out.
        """
        buf = bytearray()
        async with self._archive(path) as response:
            if response is None:
                return None
            async for chunk in response.content.iter_chunked(_CHUNK):
                buf += chunk
                if len(buf) >= max_bytes:
                    break
        files: dict[str, bytes] = {}
        try:
            with tarfile.open(fileobj=io.BytesIO(bytes(buf)), mode="r|") as tar:
                for member in tar:
                    f = tar.extractfile(member) if member.isfile() else None
                    if f is not None:
                        data = f.read()
                        if len(data) == member.size:
                            files[member.name.split("/", 1)[1] if "/" in member.name else member.name] = data
        except (tarfile.TarError, EOFError):
            pass  # the budget cut the archive: keep what was complete
        return files

    async def get_archive(self, path: str, dest: Path, *, max_bytes: int = 256 * _MiB) -> ArchiveCopy:
        """Copy container ``path`` (file or directory) into host directory ``dest``.

        The tar stream is cut after ``max_bytes``; members complete by then are
        extracted (``truncated`` says so).  Extraction uses tarfile's ``data``
        filter: no absolute paths, no links out of ``dest``, no devices.
        A missing ``path`` gives ``ArchiveCopy(0, 0, False)``.
        """
        received = 0
        truncated = False
        with tempfile.TemporaryFile() as spool:
            async with self._archive(path) as response:
                if response is None:
                    return ArchiveCopy(bytes=0, files=0, truncated=False)
                async for chunk in response.content.iter_chunked(_CHUNK):
                    if received + len(chunk) > max_bytes:
                        chunk = chunk[: max_bytes - received]
                        truncated = True
                    await anyio.to_thread.run_sync(spool.write, chunk)
                    received += len(chunk)
                    if truncated:
                        break
            spool.seek(0)
            files = await anyio.to_thread.run_sync(_extract, spool, dest)
        return ArchiveCopy(bytes=received, files=files, truncated=truncated)

    # ------------------------------------------------------------------ images

    async def commit(self, repository: str, tag: str = "latest", *, labels: Mapping[str, str] | None = None) -> str:
        """Keep the container's current filesystem as image ``repository:tag``; returns its id."""
        container = self._require()
        all_labels = {
            LABEL_KIND: "snapshot",
            LABEL_RUN: self.run,
            LABEL_TRIAL: self.trial,
            **session_labels(),
            **(labels or {}),
        }
        change = "LABEL " + " ".join(f"{k}={msgspec.json.encode(v).decode()}" for k, v in all_labels.items())
        try:
            result = await container.commit(repository=repository, tag=tag, changes=[change], pause=True)
        except DockerError as e:
            raise await self._gone("committing an image", e) from e
        return str(result["Id"])


def _extract(spool: IO[bytes], dest: Path) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    count = 0
    with tarfile.open(fileobj=spool, mode="r|") as tar:
        try:
            for member in tar:
                tar.extract(member, dest, filter="data")
                count += 1
        except (tarfile.ReadError, EOFError):
            pass  # a stream cut at max_bytes ends mid-member
    return count


# ------------------------------------------------------------- long-lived processes

_PROCESS_MARK = "REALCLI_PROCESS"
# Kills every process whose environment carries the mark: the spawned process and all
# it started (tool commands, daemons), wherever they moved in the process tree.
_KILL_MARKED = (
    "for p in /proc/[0-9]*; do "
    'if tr "\\0" "\\n" < "$p/environ" 2>/dev/null | grep -qx "$REALCLI_KILL"; '
    'then kill -KILL "${p#/proc/}" 2>/dev/null; fi; '
    "done; true"
)
_KILL_TIMEOUT_SEC = 15.0
_MAX_LINE_BYTES = 64 * _MiB


class SandboxProcess:
    """A process running in a sandbox with stdin, stdout and stderr attached (see ``ContainerProcesses``).

    stdout is read line by line as it comes; stderr is kept aside, bounded
    (head and tail), for error messages.  Reads return None at the end of the
    output, when the process has exited or was killed.
    """

    def __init__(self, argv: Sequence[str], ex: Exec, stream: Any, stderr_bytes: int) -> None:
        self.argv = tuple(argv)
        self._exec = ex
        self._stream = stream
        self._buf = bytearray()
        self._eof = False
        self._stderr = _Capture(stderr_bytes)

    async def write(self, data: bytes) -> None:
        """Write to the process's stdin."""
        try:
            await self._stream.write_in(data)
        except (RuntimeError, aiohttp.ClientError, OSError) as e:
            raise InfrastructureError(f"sandbox process {self.argv[0]}: stdin is closed ({one_line(str(e))})") from e

    async def readline(self) -> bytes | None:
        """The next stdout line without its newline (a last unterminated line too); None at the end."""
        while (nl := self._buf.find(b"\n")) < 0:
            if len(self._buf) > _MAX_LINE_BYTES:
                raise InfrastructureError(
                    f"sandbox process {self.argv[0]} wrote a line over {_MAX_LINE_BYTES // _MiB} MiB"
                )
            if not await self._fill():
                if not self._buf:
                    return None
                line = bytes(self._buf)
                self._buf.clear()
                return line
        line = bytes(self._buf[:nl])
        del self._buf[: nl + 1]
        return line

    async def _fill(self) -> bool:
        """Read the next chunk of stdout, setting stderr aside; False at the end of the output."""
        while not self._eof:
            try:
                msg = await self._stream.read_out()
            except (aiohttp.ClientError, OSError) as e:
                raise InfrastructureError(
                    f"sandbox process {self.argv[0]}: reading its output failed ({one_line(str(e))})"
                ) from e
            if msg is None:
                self._eof = True
            elif msg.stream == 2:
                self._stderr.feed(msg.data)
            else:
                self._buf += msg.data
                return True
        return False

    def stderr(self) -> Output:
        """What the process wrote to stderr so far (head and tail when long)."""
        return self._stderr.output()

    async def wait(self) -> int | None:
        """Read the output to its end, then the exit code (None when the engine cannot tell)."""
        while await self._fill():
            pass
        for _ in range(500):
            try:
                info = await self._exec.inspect()
            except DockerError:
                return None  # the container is gone, and the exec with it
            if not info.get("Running"):
                code = info.get("ExitCode")
                return None if code is None else int(code)
            await anyio.sleep(0.01)
        return None


class ContainerProcesses:
    """The capability to run long-lived, interactive processes in one sandbox container.

    The sandbox actor owns the container; the trial supervisor hands this
    narrower capability to an installed CLI agent (Claude Code, Codex) whose
    own process must live in the container with its stdin and stdout attached,
    which a command event cannot carry.  It can start processes and nothing
    else: no files, no removal, no network.  Every process it starts, and
    everything that process starts, is killed when its ``spawn`` block exits.
    """

    def __init__(self, docker: aiodocker.Docker, container_id: str) -> None:
        self._docker = docker
        self.container_id = container_id

    @contextlib.asynccontextmanager
    async def spawn(
        self,
        argv: Sequence[str],
        *,
        env: Mapping[str, str] | None = None,
        workdir: str | None = None,
        user: str | None = None,
        stdin: bool = True,
        stderr_bytes: int = 64 * 1024,
    ) -> AsyncIterator[SandboxProcess]:
        """Start ``argv`` (no shell) and yield it; on exit, kill it and its descendants.

        With ``stdin=False`` the process reads an empty stdin (programs that
        read stdin to its end when it is not a terminal).  Raises
        ``InfrastructureError`` when the container is gone or the engine fails.
        """
        mark = secrets.token_hex(8)
        container = self._docker.containers.container(self.container_id)
        try:
            ex = await container.exec(
                list(argv),
                stdin=stdin,
                environment={**(env or {}), _PROCESS_MARK: mark},
                workdir=workdir,
                user=user or "",
            )
            stream = ex.start(detach=False)
            await stream.__aenter__()
        except DockerError as e:
            raise docker_error(e, f"starting {argv[0]} in sandbox {self.container_id[:12]}") from e
        except (aiohttp.ClientError, OSError) as e:
            raise InfrastructureError(
                f"sandbox {self.container_id[:12]}: starting {argv[0]} failed ({one_line(str(e))})"
            ) from e
        try:
            yield SandboxProcess(argv, ex, stream, stderr_bytes)
        finally:
            with anyio.CancelScope(shield=True):
                await self._kill(mark)
                await stream.close()

    async def _kill(self, mark: str) -> None:
        with anyio.move_on_after(_KILL_TIMEOUT_SEC):
            try:
                ex = await self._docker.containers.container(self.container_id).exec(
                    ["sh", "-c", _KILL_MARKED], environment={"REALCLI_KILL": f"{_PROCESS_MARK}={mark}"}
                )
                async with ex.start(detach=False) as stream:
                    while await stream.read_out() is not None:
                        pass
            except (DockerError, aiohttp.ClientError, OSError):
                pass  # the container is gone: so are its processes


# ----------------------------------------------------------------------------- gc


def _process_started_at(pid: int) -> float | None:
    """Wall-clock start time of ``pid`` from /proc, or None when unknown."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2 :].split()
        ticks = int(fields[19])  # field 22 of /proc/<pid>/stat, counted after "comm"
        btime = next(
            int(line.split()[1]) for line in Path("/proc/stat").read_text().splitlines() if line.startswith("btime")
        )
    except (OSError, ValueError, IndexError, StopIteration):
        return None
    return btime + ticks / os.sysconf("SC_CLK_TCK")


def _is_zombie(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2 :].startswith("Z")


def _owner_alive(labels: Mapping[str, str], created: float) -> bool:
    """Whether the process that created a sandbox still runs (unknown hosts count as alive)."""
    if labels.get(LABEL_HOST) != socket.gethostname():
        return True
    try:
        pid = int(labels.get(LABEL_PID, ""))
    except ValueError:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    if _is_zombie(pid):  # killed, not yet reaped by its parent: it owns nothing any more
        return False
    started = _process_started_at(pid)
    # A pid reused by a process born after the container cannot be its owner.
    return started is None or started <= created + 1.0


async def gc(docker: aiodocker.Docker, *, run: str | None = None, older_than: float | None = None) -> list[str]:
    """Remove sandbox containers left behind; returns the removed container ids.

    Removed: sandboxes whose owning process (``realcli.pid`` on this host) is
    gone; with ``run``, only that run's sandboxes are considered, and all of
    them are removed, live or not; with ``older_than`` (seconds), any sandbox
    created longer ago than that is removed too, whoever owns it.
    """
    label_filters = [f"{LABEL_KIND}={KIND_SANDBOX}"] + ([f"{LABEL_RUN}={run}"] if run is not None else [])
    try:
        containers = await docker.containers.list(all=True, filters={"label": label_filters})
    except DockerError as e:
        raise docker_error(e, "listing sandboxes") from e
    now = time.time()
    removed: list[str] = []
    for c in containers:
        labels: dict[str, str] = c["Labels"] or {}
        created = float(c["Created"])
        expired = older_than is not None and now - created > older_than
        if run is None and not expired and _owner_alive(labels, created):
            continue
        try:
            await c.delete(force=True, v=True)
        except DockerError as e:
            # 409 "removal ... already in progress": another process's gc got there first.
            if not is_not_found(e) and e.status != 409:
                raise docker_error(e, f"removing sandbox {c.id[:12]}") from e
            continue
        removed.append(c.id)
    return removed


async def prune_images(
    docker: aiodocker.Docker, *, select: Callable[[Mapping[str, Any]], bool] | None = None
) -> list[str]:
    """Remove cached task and agent images (``realcli.kind`` task-image / agent-image) no container uses.

    They are a cache keyed by content: a changed task builds a new image and the
    old one is never used again.  Base images are kept (``python -m
    realcli.environments`` owns them).  ``select`` narrows the removal to the
    images (the engine's image summaries: ``Id``, ``Labels``, ``Created``, ...)
    it returns True for; an agent image inherits its task image's
    ``realcli.task`` label.  Returns the removed image ids.
    """
    removed: list[str] = []
    # Agent images are built FROM task images: children first, or the engine refuses (409).
    for kind in ("agent-image", "task-image"):
        try:
            images = await docker.images.list(filters={"label": [f"{LABEL_KIND}={kind}"]})
        except DockerError as e:
            raise docker_error(e, "listing cached images") from e
        for image in images:
            if select is not None and not select(image):
                continue
            try:
                await docker.images.delete(image["Id"])
            except DockerError as e:
                if e.status in (404, 409):  # gone already, or a container still uses it
                    continue
                raise docker_error(e, f"removing image {image['Id'][:19]}") from e
            removed.append(str(image["Id"]))
    return removed
