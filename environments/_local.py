"""The local sandbox: commands run as local processes in a temporary directory.  UNSAFE.

``LocalSandbox`` implements ``Sandbox`` without Docker, for fast tests and
development only.  It isolates nothing: commands run as the current user on
this machine, with its network and its whole filesystem.  It is never the
default and refuses to start unless asked for with ``unsafe=True``.

A fresh temporary directory plays the sandbox's root for the paths the
sandbox is *given*: ``put_files("/solution", ...)`` writes under it,
``read_file("/logs/verifier/reward.txt")`` reads from it and a command's
working directory (``/app``) is the directory of that name under it.  The
command text itself is not rewritten: an absolute path in a command names
the host's file; ``$REALCLI_SANDBOX_ROOT`` holds the directory, ``$HOME``
and ``$TMPDIR`` point into it.  Commands get no variable of the host's
environment but ``PATH`` (secrets stay out), and run with ``bash -c``.

Deadlines kill the command's whole process group (TERM, then KILL after a
grace period, as ``timeout -k`` does in a container); every process a
command starts carries a mark in its environment, by which
``stop_processes`` and ``remove`` find and kill what escaped its group.
"""

from __future__ import annotations

import contextlib
import os
import posixpath
import pwd
import secrets
import shutil
import signal
import subprocess
import tarfile
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Self

import anyio
from anyio.abc import ByteReceiveStream, Process

from realcli._errors import ConfigError, InfrastructureError
from realcli.environments._archives import extract, tar_of_copies
from realcli.environments._capture import Capture
from realcli.environments._sandbox_types import (
    DEFAULT_MAX_OUTPUT_BYTES,
    DEFAULT_PIDS_LIMIT,
    ArchiveCopy,
    ExecResult,
    FileCopy,
    FileRead,
    MiB,
    SandboxInfo,
)

__all__ = ["LocalSandbox"]

KILL_AFTER_SEC = 5.0  # as DockerSandbox's `timeout -k`
# How long output is still read after the command exits (a background child may hold its pipes).
_DRAIN_SEC = 0.2
_MARK = "REALCLI_LOCAL_SANDBOX"
_LOG_DIRS = (("logs", 0o755), ("logs/agent", 0o777), ("logs/verifier", 0o777))
_DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin"


class LocalSandbox:
    """A ``Sandbox`` of local processes in a temporary directory: UNSAFE, no isolation (see the module).

    ``async with LocalSandbox(run=..., trial=..., unsafe=True) as sb:``
    creates the directory (``/logs/agent``, ``/logs/verifier``, the working
    directory and ``files`` in it) and, on every way out, kills every
    process its commands started and deletes the directory.
    """

    def __init__(
        self,
        *,
        run: str,
        trial: str,
        unsafe: bool = False,
        workdir: str | None = "/app",
        env: Mapping[str, str] | None = None,
        files: Sequence[FileCopy] = (),
        pids_limit: int = DEFAULT_PIDS_LIMIT,
        kill_after_sec: float = KILL_AFTER_SEC,
    ) -> None:
        if unsafe is not True:
            raise ConfigError(
                "LocalSandbox runs commands on this machine with no isolation; "
                "pass unsafe=True to use it (tests and development only), else use DockerSandbox"
            )
        self.run = run
        self.trial = trial
        self.name = f"realcli-local-{run}-{trial}-{secrets.token_hex(4)}"
        self._workdir = _clean(workdir or "/")
        self._env = dict(env or {})
        self._files = tuple(files)
        self._pids_limit = pids_limit
        self._kill_after_sec = kill_after_sec
        self._mark = f"{_MARK}={secrets.token_hex(8)}"
        self._root: Path | None = None
        self._info: SandboxInfo | None = None
        self._removed = False
        self.copied: tuple[int, ...] = ()

    # ---------------------------------------------------------------- lifecycle

    async def __aenter__(self) -> Self:
        try:
            await anyio.to_thread.run_sync(self._create)
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
        await self._remove_shielded()

    def _create(self) -> None:
        self._root = root = Path(tempfile.mkdtemp(prefix="realcli-local-"))
        with tempfile.TemporaryFile() as tar:
            self.copied = tuple(tar_of_copies(_LOG_DIRS, self._files, tar))
            _unpack(tar, root)
        for name, mode in _LOG_DIRS:
            (root / name).chmod(mode)  # as created, whatever the umask
        for sub in (self._workdir, "/root", "/tmp"):
            self._host(sub).mkdir(parents=True, exist_ok=True)
        self._info = SandboxInfo(
            container_id=f"local-{secrets.token_hex(6)}",
            name=self.name,
            image="local",
            cpus=float(os.cpu_count() or 1),
            memory_mb=0,
            network="host",
            pids_limit=self._pids_limit,
            workdir=self._workdir,
        )

    async def _remove_shielded(self) -> None:
        if self._removed:
            return
        self._removed = True
        with anyio.CancelScope(shield=True):
            await anyio.to_thread.run_sync(self._kill_marked)
            if self._root is not None:
                await anyio.to_thread.run_sync(shutil.rmtree, self._root, True)

    async def remove(self) -> None:
        """Kill every process the sandbox's commands started and delete its directory (idempotent)."""
        await self._remove_shielded()

    @property
    def info(self) -> SandboxInfo:
        """What was created; only valid inside the ``async with`` block."""
        if self._info is None:
            raise RuntimeError("the sandbox has not been started (use `async with`)")
        return self._info

    @property
    def root(self) -> Path:
        """The host directory that plays the sandbox's root (gone once the sandbox is removed)."""
        if self._root is None:
            raise RuntimeError("the sandbox has not been started (use `async with`)")
        return self._root

    def _live_root(self) -> Path:
        if self._root is None or self._removed:
            raise InfrastructureError(f"sandbox {self.name} is not running (never started or already removed)")
        return self._root

    @property
    def workdir(self) -> str:
        return self._workdir

    @property
    def storage_mb(self) -> int | None:
        return None  # no disk budget: nothing to enforce it with

    @property
    def pids_limit(self) -> int:
        return self._pids_limit

    def _host(self, path: str) -> Path:
        """The host path of sandbox path ``path`` (``..`` cannot climb out of the root)."""
        return self._live_root() / _clean(path).lstrip("/")

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
        """Run ``command`` with ``bash -c`` in its own process group, killed with it after ``timeout_sec``."""
        if timeout_sec <= 0:
            raise ValueError(f"timeout_sec must be positive, got {timeout_sec}")
        _check_user(user, self.name)
        cwd = self._host(workdir or self._workdir)
        out, err = Capture(max_output_bytes), Capture(max_output_bytes)
        started = time.monotonic()
        if not cwd.is_dir():
            err.feed(f"bash: cd: {workdir}: No such file or directory\n".encode())
            return ExecResult(exit_code=126, stdout=out.output(), stderr=err.output(), duration_sec=0.0)
        process = await anyio.open_process(
            ["bash", "-c", command],
            stdin=subprocess.DEVNULL,
            cwd=cwd,
            env=self._command_env(env),
            start_new_session=True,
        )
        try:
            exit_code, timed_out = await self._run(process, timeout_sec, out, err)
        finally:
            if process.returncode is None:
                with anyio.CancelScope(shield=True):
                    _killpg(process.pid, signal.SIGKILL)
                    await process.wait()
        return ExecResult(
            exit_code=exit_code,
            stdout=out.output(),
            stderr=err.output(),
            duration_sec=time.monotonic() - started,
            timed_out=timed_out,
        )

    def _command_env(self, extra: Mapping[str, str] | None) -> dict[str, str]:
        root = str(self._live_root())
        name, value = self._mark.split("=", 1)
        return {
            "PATH": os.environ.get("PATH", _DEFAULT_PATH),
            "HOME": f"{root}/root",
            "TMPDIR": f"{root}/tmp",
            "REALCLI_SANDBOX_ROOT": root,
            **self._env,
            **(extra or {}),
            name: value,
        }

    async def _run(self, process: Process, timeout_sec: float, out: Capture, err: Capture) -> tuple[int, bool]:
        """Wait for the process (its group killed at the deadline); returns its exit code and whether it timed out."""
        timed_out = killed = False
        async with anyio.create_task_group() as tg:
            drained = [anyio.Event(), anyio.Event()]
            assert process.stdout is not None
            assert process.stderr is not None
            tg.start_soon(_pump, process.stdout, out, drained[0])
            tg.start_soon(_pump, process.stderr, err, drained[1])
            with anyio.move_on_after(timeout_sec) as deadline:
                await process.wait()
            if deadline.cancelled_caught:
                timed_out = True
                _killpg(process.pid, signal.SIGTERM)
                with anyio.move_on_after(self._kill_after_sec):
                    await process.wait()
                if process.returncode is None:
                    killed = True
                    _killpg(process.pid, signal.SIGKILL)
                    await process.wait()
                _killpg(process.pid, signal.SIGKILL)  # what ignored TERM in the group
            with anyio.move_on_after(_DRAIN_SEC):
                for event in drained:
                    await event.wait()
            tg.cancel_scope.cancel()
        code = process.returncode
        assert code is not None
        if timed_out:
            return (137 if killed else 124), True
        return (128 - code if code < 0 else code), False

    # -------------------------------------------------------------------- files

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
        """``put_files`` then ``exec``: a local copy costs no round trip worth saving."""
        copied = await self.put_files(dest_dir, src)
        result = await self.exec(
            command, timeout_sec=timeout_sec, workdir=workdir, env=env, user=user, max_output_bytes=max_output_bytes
        )
        return copied, result

    async def put_bytes(self, path: str, data: bytes, *, mode: int = 0o644) -> int:
        """Write ``data`` to ``path`` (parents created); returns the bytes written."""
        return await self._put([FileCopy(path, data, mode)])

    async def put_files(self, dest_dir: str, src: Path) -> int:
        """Copy host file ``src`` into ``dest_dir``, or host directory ``src``'s contents into it (modes kept)."""
        return await self._put([FileCopy(dest_dir, src)])

    async def _put(self, copies: list[FileCopy]) -> int:
        root = self._live_root()

        def put() -> int:
            with tempfile.TemporaryFile() as tar:
                sizes = tar_of_copies((), copies, tar)
                _unpack(tar, root)
            return sum(sizes)

        return await anyio.to_thread.run_sync(put)

    async def read_file(self, path: str, *, max_bytes: int = 16 * MiB) -> FileRead | None:
        """Read a regular file (symlinks followed, within the root): None when there is none."""
        return await anyio.to_thread.run_sync(self._read, path, max_bytes)

    async def read_files(self, limits: Mapping[str, int]) -> dict[str, FileRead | None]:
        """Read several files (path -> at most that many bytes), as ``read_file`` would."""
        return {path: await self.read_file(path, max_bytes=limit) for path, limit in limits.items()}

    def _read(self, path: str, max_bytes: int) -> FileRead | None:
        target = self._host(path).resolve()
        root = self._live_root().resolve()
        if not target.is_relative_to(root) or not target.is_file():
            return None
        with target.open("rb") as f:
            data = f.read(max_bytes)
            stat = os.fstat(f.fileno())
        return FileRead(data=data, size=stat.st_size, mode=stat.st_mode & 0o777)

    async def get_archive(self, path: str, dest: Path, *, max_bytes: int = 256 * MiB) -> ArchiveCopy:
        """Copy ``path`` (file or directory) into host directory ``dest``, as ``DockerSandbox.get_archive`` does."""
        source = self._host(path)

        def copy() -> ArchiveCopy:
            if not source.exists() and not source.is_symlink():
                return ArchiveCopy(bytes=0, files=0, truncated=False)
            with tempfile.TemporaryFile() as spool:
                with tarfile.open(fileobj=spool, mode="w", format=tarfile.PAX_FORMAT) as tar:
                    tar.add(source, arcname=source.name)
                size = spool.tell()
                truncated = size > max_bytes
                spool.truncate(min(size, max_bytes))
                spool.seek(0)
                files = extract(spool, dest)
            return ArchiveCopy(bytes=min(size, max_bytes), files=files, truncated=truncated)

        return await anyio.to_thread.run_sync(copy)

    # ---------------------------------------------------------------- processes

    async def process_count(self) -> int:
        """How many processes the sandbox's commands started are alive (after removal too: none)."""
        return len(await anyio.to_thread.run_sync(self._marked))

    async def stop_processes(self) -> None:
        """Kill every process the sandbox's commands started (wherever they moved); the files stay."""
        await anyio.to_thread.run_sync(self._kill_marked)

    async def reset_processes(self) -> None:
        """As ``stop_processes``: a local sandbox needs no process of its own to start a new one."""
        await self.stop_processes()

    async def disk_used_mb(self) -> int:
        """The size of every file in the sandbox's directory, in MiB."""

        def used() -> int:
            return sum(p.lstat().st_size for p in self._live_root().rglob("*"))

        return await anyio.to_thread.run_sync(used) // MiB

    async def commit(self, repository: str, tag: str = "latest", *, labels: Mapping[str, str] | None = None) -> str:
        """A local sandbox has no images: always raises ``InfrastructureError``."""
        raise InfrastructureError(f"sandbox {self.name} is local and cannot keep an image; use DockerSandbox")

    def _marked(self) -> list[int]:
        """The pids of live processes (zombies excluded) whose environment carries this sandbox's mark."""
        mark = self._mark.encode()
        pids = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                if mark not in (entry / "environ").read_bytes().split(b"\0"):
                    continue
                state = (entry / "stat").read_bytes().rsplit(b")", 1)[1].split()[0]
            except (OSError, IndexError):
                continue  # gone, or not ours to read
            if state != b"Z":
                pids.append(int(entry.name))
        return pids

    def _kill_marked(self) -> None:
        for _ in range(3):  # a process may fork while the first ones die
            pids = self._marked()
            if not pids:
                return
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.05)


async def _pump(stream: ByteReceiveStream, capture: Capture, done: anyio.Event) -> None:
    try:
        async for chunk in stream:
            capture.feed(chunk)
    except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError):
        pass
    finally:
        done.set()


def _killpg(pgid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone
        os.killpg(pgid, sig)


def _check_user(user: str | int | None, name: str) -> None:
    """Commands run as the current user; asking for another one is an error, not silently ignored."""
    if user is None or user in (os.getuid(), str(os.getuid())):
        return
    if user == pwd.getpwuid(os.getuid()).pw_name:
        return
    raise InfrastructureError(f"sandbox {name} is local: commands run as the current user, not {user!r}")


def _clean(path: str) -> str:
    """``path`` as an absolute, normal sandbox path (``..`` stops at the root)."""
    return posixpath.normpath("/" + path.lstrip("/"))


def _unpack(tar: IO[bytes], dest: Path) -> None:
    """Unpack a tar realcli made, exactly (modes included: tarfile's filters would change them)."""
    tar.seek(0)
    with tarfile.open(fileobj=tar, mode="r:") as archive:
        for member in archive.getmembers():
            if member.name.startswith("/") or ".." in member.name.split("/"):
                raise InfrastructureError(f"refusing to unpack {member.name!r} outside the sandbox")
        archive.extractall(dest, filter="fully_trusted")
