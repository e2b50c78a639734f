"""Commands and processes in a sandbox container (a part of ``DockerSandbox``): exec, process control, commit.

A command runs as ``timeout -k 5 <t> sh -c <command>`` so its deadline is
enforced inside the container, with a host-side backstop; a container that
died or vanished under a call is told apart from a command that failed.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shlex
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any, Final

import aiohttp
import anyio
import msgspec
from aiodocker.exceptions import DockerError
from aiodocker.execs import Exec

from realcli._errors import InfrastructureError
from realcli.environments._archives import tar_of_copies
from realcli.environments._capture import Capture
from realcli.environments._changes import DOCKER_CHANGE_KINDS, fold_changes
from realcli.environments._container_files import ContainerFiles, tar_into
from realcli.environments._container_handle import ContainerHandle
from realcli.environments._disk import disk_enforcement
from realcli.environments._docker import file_chunks, one_line, session_labels
from realcli.environments._layer_diff import container_changes
from realcli.environments._own_processes import (
    LIST_OWN,
    PS_ARGS,
    STOP_STRAYS,
    OwnProcesses,
    parse_listing,
    parse_top,
)
from realcli.environments._ownership import LABEL_KIND, LABEL_RUN, LABEL_TRIAL
from realcli.environments._sandbox_types import DEFAULT_MAX_OUTPUT_BYTES, ExecResult, FileCopy, MiB
from realcli.events import FilesystemChanges, Output, PathChange

__all__ = ["HOST_GRACE_SEC", "KILL_AFTER_SEC", "RESTARTED_MARK", "ContainerCommands"]

# `timeout -k`: after TERM at the deadline, KILL this many seconds later.
KILL_AFTER_SEC = 5.0
# Host-side backstop past the in-container deadline + KILL_AFTER_SEC.
HOST_GRACE_SEC = 10.0

# Put in the container while it is stopped for a restart (``reset_processes``): the keep-alive that
# runs the image's entrypoint at the container's start skips it once this exists.
RESTARTED_MARK = "/logs/.realcli-restarted"

_GONE_CHECKS = 20
_GONE_CHECK_INTERVAL_SEC = 0.05
_INIT: Final = "/sbin/docker-init"  # the engine's init (``"Init": True``): PID 1 of every sandbox
_INIT_UNREAD: Final = "[docker-init]"  # the init, as ``ps`` lists it before its command line can be read
# Kills every process but PID 1, the keep-alive loop, this shell and its `timeout` parent.
_KILL_ALL = (
    'for d in /proc/[0-9]*; do p=${d#/proc/}; case "$p" in 1|$$|$PPID) continue;; esac; '
    'case "$(tr "\\0" " " < "$d/cmdline" 2>/dev/null)" in *"sleep 86400; done"*) continue;; esac; '
    'kill -9 "$p" 2>/dev/null; done; true'
)


class ContainerCommands:
    """The commands part of ``DockerSandbox``: commands and processes in its container, its changes, its commit.

    It copies files with the sandbox's files part (``copy_and_exec``'s fallback, the restart mark).
    """

    def __init__(self, handle: ContainerHandle, files: ContainerFiles, *, image: str, run: str, trial: str) -> None:
        self._handle = handle
        self._files = files
        self.image = image
        self.run = run
        self.trial = trial
        self._own: OwnProcesses | None = None  # the sandbox's own processes, once marked

    async def process_count(self) -> int:
        """How many processes run in the container, counted from the engine's side (no exec needed)."""
        return len(await self._top())

    async def _top(self) -> list[tuple[str, str, str]]:
        """The engine's process listing of the container: (host pid, state, command line) per process."""
        container = self._handle.require()
        try:
            listing = await container.top(ps_args=PS_ARGS)
        except DockerError as e:
            raise await self._handle.gone("listing processes", e) from e
        return parse_top(listing)

    async def mark_own_processes(self) -> None:
        """Take the processes running now as the container's own (see ``realcli.environments._own_processes``)."""
        await self._init_child_started()
        for _ in range(2):  # once more on a failure: a loaded machine, the image's own start still settling
            listed = await self.exec(LIST_OWN, timeout_sec=30)
            if listed.exit_code == 0:
                break
        rows = await self._top()
        if listed.exit_code != 0:
            raise InfrastructureError(
                f"sandbox {self._handle.name}: cannot list its processes: {one_line(listed.stderr.text, 160)}"
            )
        self._own = OwnProcesses(
            inside=parse_listing(listed.stdout.text),
            listed=frozenset((pid, args) for pid, state, args in rows if not state.startswith("Z")),
        )

    async def _init_child_started(self, within: float = 60.0) -> None:
        """Wait until docker-init has started its child (the keep-alive loop, or the entrypoint's wrapper).

        The engine answers a start once the init runs, and on a loaded machine the init may not have
        forked yet: its child, missing from the own processes, would be killed with the agent's
        before the verifier, and the container would end with it.
        """
        with anyio.move_on_after(within):
            while True:
                if any(not _is_init(args) for _, _, args in await self._top()):
                    return
                await anyio.sleep(0.05)

    async def stray_processes(self) -> list[str]:
        """The command lines of live processes that are not the container's own, from the engine's listing."""
        rows = await self._top()
        if self._own is None:  # not marked: only the init and the keep-alive loop are the container's
            return [args for _, state, args in rows if not state.startswith("Z") and not _keepalive(args)]
        return self._own.strays(rows)

    async def stop_processes(self) -> None:
        """Kill every process but the container's own (its init, keep-alive loop, entrypoint's); the files stay.

        Unlike ``reset_processes`` the container keeps running, so the agent's
        command under way simply ends (killed) instead of losing its sandbox.
        Once the own processes are marked, they are told apart by their start
        time, which no process can change (a look-alike command line is killed).
        """
        if self._own is None:
            await self.exec(_KILL_ALL, timeout_sec=30)
        else:
            await self.exec(STOP_STRAYS, timeout_sec=30, env={"REALCLI_KEEP": self._own.keep})

    async def changes(self) -> FilesystemChanges:
        """What differs from the image: the engine's changes API (``docker diff``), read from the engine's side."""
        return fold_changes((c.path, c.kind) for c in await self.changed_paths())

    async def changed_paths(self) -> list[PathChange]:
        """Every path the engine's changes API lists, unfolded and unbounded.

        On a btrfs data root this process can read (the one that caps disks),
        the same answer is read from btrfs's record of what the layer wrote
        (``_layer_diff``), at a small part of the engine's cost.
        """
        container = self._handle.require()
        engine = await disk_enforcement(self._handle.docker)
        if engine.root is not None:
            with contextlib.suppress(OSError):  # the engine's answer instead (and its errors, if it is gone)
                found = await anyio.to_thread.run_sync(container_changes, engine.root, container.id)
                return [PathChange(path=path, kind=kind) for path, kind in found]
        try:
            raw = await self._handle.docker._query_json(f"containers/{container.id}/changes", method="GET")
        except DockerError as e:
            raise await self._handle.gone("listing the filesystem's changes", e) from e
        return [PathChange(path=c["Path"], kind=DOCKER_CHANGE_KINDS[c["Kind"]]) for c in raw or ()]

    async def layer_size_mb(self) -> int:
        """The size of the writable layer as the engine measures it (apparent sizes: a sparse file's length), in MiB.

        The engine walks the layer to answer: a measure to poll now and then, not a cap.
        """
        container = self._handle.require()
        try:
            data = await container.show(size="true")
        except DockerError as e:
            raise await self._handle.gone("measuring the disk", e) from e
        return int(data.get("SizeRw") or 0) // MiB

    async def reset_processes(self) -> None:
        """Kill every process in the container and start it again; its files stay as they are.

        For a sandbox whose process limit is exhausted (a fork bomb): nothing
        can be started in it any more, the verifier included.  The image's
        entrypoint does not run again (``RESTARTED_MARK``): it would run on
        the agent's files, and what it started would pass for the sandbox's
        own.  What the container starts again (its init and keep-alive)
        becomes its own processes.
        """
        container = self._handle.require()
        try:
            await container.stop(t=0)
            # Written while the container is stopped: nothing of the agent's can remove it before the start.
            with tempfile.SpooledTemporaryFile(max_size=MiB) as tar:
                await anyio.to_thread.run_sync(tar_of_copies, (), [FileCopy(RESTARTED_MARK, b"")], tar)
                tar.seek(0)
                await self._files.put_tar("/", tar.read(), started=False)
            await container.start()
        except DockerError as e:
            raise await self._handle.gone("restarting", e) from e
        if self._own is not None:
            await self.mark_own_processes()

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
        return await self._exec(command, timeout_sec, workdir, env, user, max_output_bytes, None)

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
        """``put_files(dest_dir, src)``, then ``exec(command, ...)``, in one engine request instead of two.

        The files come on the command's stdin and the image's ``tar``
        unpacks them before the command runs, as the archive API would
        (modes kept, owner root); the command then reads an empty stdin.
        Unless the unpacking says it succeeded (it could not fork, there is
        no ``tar`` or ``head``, the user may not write there), the command
        has not run: the files go in through the archive API and it runs
        then.  Returns the bytes of file data copied and the command's result.
        """
        if max_output_bytes >= _MARK_ROOM:  # the mark must fit in what is kept of stderr
            done = await self._exec_unpacking(dest_dir, src, command, timeout_sec, workdir, env, user, max_output_bytes)
            if done is not None:
                return done
        copied = await self._files.put_files(dest_dir, src)
        return copied, await self._exec(command, timeout_sec, workdir, env, user, max_output_bytes, None)

    async def _exec_unpacking(
        self,
        dest_dir: str,
        src: Path,
        command: str,
        timeout_sec: float,
        workdir: str | None,
        env: Mapping[str, str] | None,
        user: str | int | None,
        max_output_bytes: int,
    ) -> tuple[int, ExecResult] | None:
        """``copy_and_exec`` with the files on stdin; None when the unpacking did not say it succeeded."""
        async with tar_into(dest_dir, src) as (parent, tar, total):
            size = tar.seek(0, os.SEEK_END)
            tar.seek(0)
            unpacked = f"realcli: unpacked {secrets.token_hex(8)}\n"
            unpacking = (
                "if command -v head >/dev/null && command -v tar >/dev/null && "
                f"head -c {size} | tar -xf - -C {shlex.quote(parent)} 2>/dev/null; "
                f"then exec </dev/null; printf '{unpacked[:-1]}\\n' >&2; else exit 125; fi\n"
            )
            result = await self._exec(unpacking + command, timeout_sec, workdir, env, user, max_output_bytes, tar)
        if not result.stderr.text.startswith(unpacked):
            return None
        return total, msgspec.structs.replace(result, stderr=_cut_head(result.stderr, len(unpacked)))

    async def _exec(
        self,
        command: str,
        timeout_sec: float,
        workdir: str | None,
        env: Mapping[str, str] | None,
        user: str | int | None,
        max_output_bytes: int,
        stdin: IO[bytes] | None,
    ) -> ExecResult:
        if timeout_sec <= 0:
            raise ValueError(f"timeout_sec must be positive, got {timeout_sec}")  # `timeout 0` never fires
        container = self._handle.require()
        argv = ["timeout", "-k", f"{KILL_AFTER_SEC:g}", f"{timeout_sec:.3f}", "sh", "-c", command]
        started = time.monotonic()
        out, err = Capture(max_output_bytes), Capture(max_output_bytes)
        try:
            ex = await container.exec(
                argv,
                environment=dict(env) if env else None,
                workdir=workdir,
                user="" if user is None else str(user),
                stdin=stdin is not None,
            )
        except DockerError as e:
            raise await self._handle.gone("starting a command", e) from e
        exit_code: int | None = None
        with anyio.move_on_after(timeout_sec + KILL_AFTER_SEC + HOST_GRACE_SEC):
            try:
                async with ex.start(detach=False) as stream:
                    await (_read(stream, out, err) if stdin is None else _read_fed(stream, stdin, out, err))
                exit_code = await _exit_code(ex)
            except (DockerError, aiohttp.ClientError, OSError) as e:
                raise await self._handle.gone("running a command", e) from e
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

    async def _check_exec_failure(self, exit_code: int | None, out: Capture) -> None:
        """Tell a dead sandbox or an unusable image apart from a command that failed."""
        # A container killed from outside takes its commands with it (exit 137) and the
        # engine marks it stopped a moment later; give it that moment before blaming the command.
        checks = _GONE_CHECKS if exit_code in (None, 137) else 1
        for i in range(checks):
            if not await self._handle.is_running():
                raise await self._handle.gone("running a command")
            if i + 1 < checks:
                await anyio.sleep(_GONE_CHECK_INTERVAL_SEC)
        if exit_code in (126, 127):
            head = out.output().text[:300]
            if re.search(r'(exec: "(timeout|sh)"|failed to run command .sh.)', head):
                raise InfrastructureError(
                    f"sandbox image {self.image!r} lacks `sh` or `timeout` (coreutils/busybox), "
                    f"which the sandbox needs: {one_line(head, 160)}"
                )

    # ------------------------------------------------------------------ images

    async def commit(self, repository: str, tag: str = "latest", *, labels: Mapping[str, str] | None = None) -> str:
        """Keep the container's current filesystem as image ``repository:tag``; returns its id."""
        container = self._handle.require()
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
            raise await self._handle.gone("committing an image", e) from e
        return str(result["Id"])


_MARK_ROOM = 256


async def _exit_code(ex: Exec) -> int | None:
    # The stream ends when the process does; the engine may lag a moment in saying so.
    for _ in range(500):
        info = await ex.inspect()
        if not info.get("Running"):
            code = info.get("ExitCode")
            return None if code is None else int(code)
        await anyio.sleep(0.01)
    return None


def _is_init(args: str) -> bool:
    """Whether a command line of the engine's listing is the container's init: its own, its fork before the
    child's exec, or ``[docker-init]``, as ``ps`` shows a process whose command line it cannot read yet (the
    init just started: taken for its child, the keep-alive was missed by the marking and killed as a stray
    before the verifier, and the container ended with it)."""
    return args.startswith(_INIT) or args.startswith(_INIT_UNREAD)


def _keepalive(args: str) -> bool:
    """Whether a command line is the container's init or its keep-alive loop (before the own ones are marked)."""
    return _is_init(args) or args in ("sh -c while :; do sleep 86400; done", "sleep 86400")


def _cut_head(output: Output, size: int) -> Output:
    """``output`` without its first ``size`` bytes (ASCII, within what was kept)."""
    return Output(text=output.text[size:], total_bytes=output.total_bytes - size, kept_bytes=output.kept_bytes - size)


async def _read(stream: Any, out: Capture, err: Capture) -> None:
    """Read an exec's output to its end (when the command and all that holds its output have exited)."""
    while (msg := await stream.read_out()) is not None:
        (err if msg.stream == 2 else out).feed(msg.data)


async def _read_fed(stream: Any, stdin: IO[bytes], out: Capture, err: Capture) -> None:
    """``_read`` while ``stdin`` is written to the command; raises what reading raised, as ``_read`` does."""
    failed: Exception | None = None
    async with anyio.create_task_group() as tg:
        tg.start_soon(_feed, stream, stdin)
        try:
            await _read(stream, out, err)
        except Exception as e:  # re-raised below, not wrapped in the task group's exception group
            failed = e
        tg.cancel_scope.cancel()  # what the command did not read is of no use now
    if failed is not None:
        raise failed


async def _feed(stream: Any, data: IO[bytes]) -> None:
    """Write ``data`` to an exec's stdin; a command that stops reading (it failed, or ended) ends the feed."""
    with contextlib.suppress(RuntimeError, aiohttp.ClientError, OSError):
        async for chunk in file_chunks(data):
            await stream.write_in(chunk)
