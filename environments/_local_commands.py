"""Commands and processes of a local sandbox (``LocalSandbox``'s part): exec, and finding what it started.

A command runs with ``bash -c`` in a process group of its own, which its
deadline kills; every process it starts carries the sandbox's mark in its
environment, by which the processes that left the group are found (``/proc``).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import signal
import subprocess
import time
from collections.abc import Mapping
from pathlib import Path

import anyio
from anyio.abc import ByteReceiveStream, Process

from realcli._errors import InfrastructureError
from realcli.environments._capture import Capture
from realcli.environments._local_files import LocalFiles
from realcli.environments._sandbox_types import DEFAULT_MAX_OUTPUT_BYTES, ExecResult

__all__ = ["LocalCommands"]

# How long output is still read after the command exits (a background child may hold its pipes).
_DRAIN_SEC = 0.2
_DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin"


class LocalCommands(LocalFiles):
    """The command and process half of ``LocalSandbox``; the lifecycle half sets what is declared below."""

    _workdir: str
    _env: dict[str, str]
    _kill_after_sec: float
    _mark: str

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

    async def search_path(self) -> str:
        """The PATH the commands of a local sandbox get: the host's."""
        return os.environ.get("PATH", _DEFAULT_PATH)

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

    # ---------------------------------------------------------------- processes

    async def process_count(self) -> int:
        """How many processes the sandbox's commands started are alive (after removal too: none)."""
        return len(await anyio.to_thread.run_sync(self._marked))

    async def mark_own_processes(self) -> None:
        """Nothing to mark: a local sandbox has no process of its own (its commands' all carry its mark)."""

    async def stray_processes(self) -> list[str]:
        """The command lines of live processes the sandbox's commands started (found by their mark)."""

        def cmdlines() -> list[str]:
            found = []
            for pid in self._marked():
                with contextlib.suppress(OSError):
                    found.append(Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip())
            return found

        return await anyio.to_thread.run_sync(cmdlines)

    async def stop_processes(self) -> None:
        """Kill every process the sandbox's commands started (wherever they moved); the files stay."""
        await anyio.to_thread.run_sync(self._kill_marked)

    async def reset_processes(self) -> None:
        """As ``stop_processes``: a local sandbox needs no process of its own to start a new one."""
        await self.stop_processes()

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
