"""Long-lived, interactive processes in a sandbox container (an installed CLI agent's own process)."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

import aiodocker
import aiohttp
import anyio
from aiodocker.exceptions import DockerError
from aiodocker.execs import Exec

from realcli._errors import InfrastructureError
from realcli.environments._capture import Capture
from realcli.environments._docker import docker_error, one_line
from realcli.events import Output

__all__ = ["ContainerProcesses", "SandboxProcess"]

_MiB = 1 << 20

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
        self._stderr = Capture(stderr_bytes)

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

    The warden owns the container; the trial supervisor hands this
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
