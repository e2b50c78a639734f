"""The contract every ``Sandbox`` implementation passes, as a reusable pytest class.

Subclass ``SandboxContract`` in a test module, override the ``make_sandbox``
fixture (it returns a factory of sandboxes not yet opened) and
``leftovers`` (what of a removed sandbox is still there); pytest then runs
every case on your implementation::

    class TestMySandbox(SandboxContract):
        @pytest.fixture
        def make_sandbox(self) -> SandboxFactory:
            return lambda **kw: MySandbox(**kw)

        async def leftovers(self, sandbox: Sandbox) -> list[str]:
            return []

The factory takes ``workdir`` and ``env`` as ``DockerSandbox`` does.  The
image (or the host) needs ``bash``, coreutils and ``/proc``.  Commands here
use relative paths only: a local sandbox runs them on the host, where an
absolute path names the host's file.  Needs pytest and an async test runner
(the project's tests use pytest-asyncio in auto mode).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Awaitable, Callable, Mapping, Sized
from pathlib import Path
from typing import Protocol, TypeVar

import anyio
import pytest

from realcli.environments._interface import Sandbox

__all__ = ["SandboxContract", "SandboxFactory"]

# Guards against hangs, not speed assertions: every wait below is far shorter.
_HANG_GUARD_SEC = 120

# `timeout -k 5` in a container, the same grace locally.
_KILL_AFTER_SEC = 5.0
# Reports what is alive among pids listed in a file (zombies, which only wait to be reaped, are not).
_ALIVE = (
    'for p in $(cat "$1"); do s=$(cut -d" " -f3 /proc/$p/stat 2>/dev/null); '
    '[ -n "$s" ] && [ "$s" != Z ] && echo "alive $p"; done; true'
)


_Found = TypeVar("_Found", bound=Sized)


async def _until_empty(read: Callable[[], Awaitable[_Found]]) -> _Found:
    """What ``read`` returns once it is empty, or at the hang guard what it still holds.

    A KILL is delivered, not awaited: a process in uninterruptible sleep on a loaded machine dies only
    when its I/O is done, so the tests wait for the condition, bounded only against a hang.
    """
    found = await read()
    with anyio.move_on_after(_HANG_GUARD_SEC):
        while found:
            await anyio.sleep(0.05)
            found = await read()
    return found


class SandboxFactory(Protocol):
    """Makes a sandbox, not yet opened: ``async with factory(workdir="/app") as sb``."""

    def __call__(self, *, workdir: str | None = "/app", env: Mapping[str, str] | None = None) -> Sandbox: ...


class SandboxContract:
    """Cases every ``Sandbox`` passes: commands, deadlines, bounded output, files, evidence, removal."""

    @pytest.fixture
    def make_sandbox(self) -> SandboxFactory:
        """Override: the factory of the implementation under test."""
        raise NotImplementedError("a SandboxContract subclass overrides the make_sandbox fixture")

    async def leftovers(self, sandbox: Sandbox) -> list[str]:
        """Override: what of ``sandbox``, removed, is still there (containers, directories, processes)."""
        raise NotImplementedError("a SandboxContract subclass overrides leftovers")

    # ----------------------------------------------------------------- commands

    async def test_exec_returns_output_and_exit_codes(self, make_sandbox: SandboxFactory) -> None:
        """A command's stdout, stderr and exit code come back apart and whole, with the sandbox's and the call's
        environment variables quoted safely."""
        async with make_sandbox(env={"TASK_VAR": "42"}) as sb:
            r = await sb.exec("echo out; echo err >&2; exit 3", timeout_sec=30)
            assert (r.exit_code, r.stdout.text, r.stderr.text, r.timed_out) == (3, "out\n", "err\n", False)
            assert (r.stdout.total_bytes, r.stdout.kept_bytes) == (4, 4)

            r = await sb.exec('echo "$TASK_VAR|$A|$B"', timeout_sec=30, env={"A": "x y", "B": "'q\""})
            assert r.stdout.text == "42|x y|'q\"\n"

            r = await sb.exec("printf '%s\\n' 'a b' $((6*7))", timeout_sec=30)
            assert (r.exit_code, r.stdout.text) == (0, "a b\n42\n")

            r = await sb.exec("no-such-command-here", timeout_sec=30)
            assert r.exit_code == 127
            assert "not found" in r.stderr.text

            r = await sb.exec("exit 124", timeout_sec=30)  # exiting 124 on its own is not a timeout
            assert (r.exit_code, r.timed_out) == (124, False)

    async def test_workdir_is_honoured(self, make_sandbox: SandboxFactory) -> None:
        """Commands run in the sandbox's working directory unless a call names another."""
        async with make_sandbox(workdir="/srv/site") as sb:
            assert sb.workdir == sb.info.workdir == "/srv/site"
            await sb.put_bytes("/srv/site/marker", b"default\n")
            await sb.put_bytes("/opt/other/marker", b"asked\n")
            assert (await sb.exec("cat marker", timeout_sec=30)).stdout.text == "default\n"
            r = await sb.exec("cat marker && echo made > new", timeout_sec=30, workdir="/opt/other")
            assert r.stdout.text == "asked\n"
            made = await sb.read_file("/opt/other/new")
            assert made is not None
            assert made.data == b"made\n"

    async def test_timeout_kills_the_command_and_what_it_started(self, make_sandbox: SandboxFactory) -> None:
        """A command past its timeout is killed with the children it started (even ones that ignore TERM), keeping the
        output it had written."""
        async with make_sandbox() as sb:
            # A background child, and a foreground one that ignores TERM (so KILL must follow).
            command = "echo started; sleep 1001 & echo $! > pids; trap '' TERM; sleep 1002 & echo $! >> pids; wait"
            with anyio.fail_after(_HANG_GUARD_SEC):
                r = await sb.exec(command, timeout_sec=1)
            assert r.timed_out
            assert r.exit_code in (124, 137)
            assert r.stdout.text == "started\n"
            assert 1 <= r.duration_sec < 1 + _KILL_AFTER_SEC + 5
            alive = await sb.exec(_ALIVE.replace('"$1"', "pids"), timeout_sec=30)
            assert (alive.exit_code, alive.stdout.text) == (0, "")

    async def test_a_flood_of_output_is_bounded_and_counted(self, make_sandbox: SandboxFactory) -> None:
        """Tens of megabytes of output keep only the capped head and tail, while the total is still counted."""
        total, limit = 20_000_000, 64 * 1024
        async with make_sandbox() as sb:
            r = await sb.exec(
                f"echo BEGIN; yes 0123456789abcdef | head -c {total}; echo; echo END; echo tiny >&2",
                timeout_sec=300,
                max_output_bytes=limit,
            )
        assert r.exit_code == 0
        assert r.stdout.total_bytes == total + len("BEGIN\n") + 1 + len("END\n")
        assert r.stdout.kept_bytes == limit
        assert r.stdout.truncated
        assert r.stdout.text.startswith("BEGIN\n0123456789abcdef\n")
        assert r.stdout.text.endswith("\nEND\n")
        assert f"[... {r.stdout.total_bytes - limit} bytes omitted ...]" in r.stdout.text
        assert (r.stderr.text, r.stderr.truncated) == ("tiny\n", False)

    # -------------------------------------------------------------------- files

    async def test_files_round_trip_with_binary_and_modes(self, make_sandbox: SandboxFactory, tmp_path: Path) -> None:
        """Files put into the sandbox arrive byte for byte with their modes and symlinks, creating the destination
        directory."""
        src = tmp_path / "src"
        files = _make_tree(src)
        async with make_sandbox(workdir="/data") as sb:
            copied = await sb.put_files("/data/in", src)  # /data/in does not exist yet
            assert copied == sum(len(d) for d in files.values())
            r = await sb.exec(
                "cd in && sha256sum blob.bin && stat -c '%a %n' run.sh nested/notes.txt && readlink link && ./run.sh",
                timeout_sec=30,
            )
            assert r.exit_code == 0, r.stderr.text
            assert r.stdout.text.splitlines() == [
                f"{hashlib.sha256(files['blob.bin']).hexdigest()}  blob.bin",
                "755 run.sh",
                "600 nested/notes.txt",
                "nested/notes.txt",
                "ran",
            ]

            blob = await sb.read_file("/data/in/blob.bin")
            assert blob is not None
            assert (blob.data, blob.size, blob.truncated) == (files["blob.bin"], len(files["blob.bin"]), False)
            link = await sb.read_file("/data/in/link")  # a symlink is followed
            assert link is not None
            assert link.data == files["nested/notes.txt"]
            assert await sb.read_file("/data/in/missing") is None
            assert await sb.read_file("/data/in/nested") is None  # a directory is not a file
            part = await sb.read_file("/data/in/blob.bin", max_bytes=1000)
            assert part is not None
            assert (part.data, part.size, part.truncated) == (files["blob.bin"][:1000], 300_000, True)

            await sb.put_bytes("/data/x/y/secret.bin", b"\x00\xffdata", mode=0o600)
            one = await sb.read_file("/data/x/y/secret.bin")
            assert one is not None
            assert (one.data, one.mode, one.truncated) == (b"\x00\xffdata", 0o600, False)

            await sb.put_files("/data", src / "run.sh")  # a single file into a directory keeps its name
            assert (await sb.exec("./run.sh", timeout_sec=30)).stdout.text == "ran\n"

            out = tmp_path / "out"
            copy = await sb.get_archive("/data/in", out)
            assert not copy.truncated
            for rel, data in files.items():
                assert (out / "in" / rel).read_bytes() == data
            assert (out / "in" / "run.sh").stat().st_mode & 0o777 == 0o755
            assert os.readlink(out / "in" / "link") == "nested/notes.txt"
            cut = await sb.get_archive("/data/in", tmp_path / "cut", max_bytes=100_000)
            assert (cut.truncated, cut.bytes) == (True, 100_000)
            assert (await sb.get_archive("/no/such/dir", tmp_path / "none")).files == 0

    async def test_copy_and_exec_runs_the_command_on_the_copied_files(
        self, make_sandbox: SandboxFactory, tmp_path: Path
    ) -> None:
        """``copy_and_exec`` runs its command on files copied whole, more than a pipe buffer holds included."""
        src = tmp_path / "src"
        files = _make_tree(src)
        files["big.bin"] = os.urandom(3_000_000)  # more than any pipe or socket buffer holds
        (src / "big.bin").write_bytes(files["big.bin"])
        check = "cd in && sha256sum big.bin blob.bin && stat -c '%a %n' run.sh nested/notes.txt && ./run.sh && wc -c"
        async with make_sandbox(workdir="/data") as sb:
            copied, r = await sb.copy_and_exec("/data/in", src, check, timeout_sec=60)
            assert copied == sum(len(d) for d in files.values())
            assert r.exit_code == 0, r.stderr.text
            assert r.stdout.text.split() == [
                hashlib.sha256(files["big.bin"]).hexdigest(),
                "big.bin",
                hashlib.sha256(files["blob.bin"]).hexdigest(),
                "blob.bin",
                "755",
                "run.sh",
                "600",
                "nested/notes.txt",
                "ran",
                "0",  # the command's stdin is empty: what carried the files is not left to it
            ]
            assert r.stderr.text == ""
            # Into a directory whose parent is missing, and a command that fails: its exit code, once.
            copied, r = await sb.copy_and_exec("/data/a/b/in", src / "nested", "ls a/b/in; exit 3", timeout_sec=60)
            assert copied == len(files["nested/notes.txt"])
            assert (r.exit_code, r.stdout.text.split()) == (3, ["deeper", "notes.txt"])
            assert (await sb.exec("cat a/b/in/notes.txt", timeout_sec=30)).stdout.text == "h\u00e9llo\n"

    async def test_log_directories_exist_before_the_first_command(
        self, make_sandbox: SandboxFactory, tmp_path: Path
    ) -> None:
        """``/logs/agent`` and ``/logs/verifier`` exist as soon as the sandbox is up."""
        async with make_sandbox() as sb:
            copy = await sb.get_archive("/logs", tmp_path)
            assert copy.files >= 3
            assert (tmp_path / "logs" / "agent").is_dir()
            assert (tmp_path / "logs" / "verifier").is_dir()

    async def test_snapshot_reads_listed_paths_and_reports_missing_ones(self, make_sandbox: SandboxFactory) -> None:
        """``read_files`` reads each listed path up to its limit, marks the cut ones and reports the missing as None."""
        async with make_sandbox() as sb:
            await sb.put_bytes("/logs/verifier/reward.txt", b"1\n")
            await sb.put_bytes("/logs/verifier/ctrf.json", b"{}" * 50_000, mode=0o600)
            await sb.put_bytes("/logs/verifier/big.log", os.urandom(2_000_000))
            await sb.put_bytes("/app/notes/todo.txt", b"todo\n")
            limits = {
                "/logs/verifier/reward.txt": 100,
                "/logs/verifier/reward.json": 100,  # missing, beside files that exist
                "/logs/verifier/ctrf.json": 1000,  # cut to its limit
                "/app/notes/todo.txt": 100,
                "/app/nowhere/file": 100,  # missing, in a missing directory
                "/logs/verifier": 100,  # a directory is not a file
            }
            got = await sb.read_files(limits)
            assert list(got) == list(limits)
            one_by_one = {path: await sb.read_file(path, max_bytes=limit) for path, limit in limits.items()}
            assert got == one_by_one
            reward, ctrf, todo = (
                got["/logs/verifier/reward.txt"],
                got["/logs/verifier/ctrf.json"],
                got["/app/notes/todo.txt"],
            )
            assert reward is not None
            assert (reward.data, reward.truncated) == (b"1\n", False)
            assert ctrf is not None
            assert (ctrf.data, ctrf.size, ctrf.mode, ctrf.truncated) == (b"{}" * 500, 100_000, 0o600, True)
            assert todo is not None
            assert todo.data == b"todo\n"
            for missing in ("/logs/verifier/reward.json", "/app/nowhere/file", "/logs/verifier"):
                assert got[missing] is None

    async def test_changes_name_the_files_commands_wrote_and_removed(self, make_sandbox: SandboxFactory) -> None:
        """``changes`` names the files commands added, modified and removed, without directories that changed only
        inside."""
        async with make_sandbox() as sb:
            wd = sb.workdir.rstrip("/")
            made = await sb.exec("mkdir -p made/deep && echo x > made/deep/new.txt && echo y > top.txt", timeout_sec=30)
            assert made.exit_code == 0
            first = {c.path: c.kind for c in (await sb.changes()).changes}
            assert first[f"{wd}/made/deep/new.txt"] == first[f"{wd}/top.txt"] == "added"
            # A directory that changed only through what is inside it is no change of its own.
            assert "modified" not in {first.get(p) for p in ("/", wd, f"{wd}/made", f"{wd}/made/deep")}

            assert (await sb.exec("rm top.txt", timeout_sec=30)).exit_code == 0
            second = await sb.changes()
            assert f"{wd}/top.txt" not in {c.path for c in second.changes}
            assert f"{wd}/made/deep/new.txt" in {c.path for c in second.changes}
            kinds = [c.kind for c in second.changes]
            assert not second.truncated
            assert (second.added, second.modified, second.deleted) == tuple(
                kinds.count(k) for k in ("added", "modified", "deleted")
            )

    async def test_changed_paths_list_every_change_and_fold_into_changes(self, make_sandbox: SandboxFactory) -> None:
        """``changed_paths`` lists every changed path, directories included, and ``changes`` is its folding."""
        async with make_sandbox() as sb:
            wd = sb.workdir.rstrip("/")
            made = await sb.exec("mkdir -p a/b && echo x > a/b/new.txt && echo y > top.txt", timeout_sec=30)
            assert made.exit_code == 0
            raw = {c.path: c.kind for c in await sb.changed_paths()}
            assert raw[f"{wd}/a/b/new.txt"] == raw[f"{wd}/top.txt"] == raw[f"{wd}/a"] == "added"
            folded = await sb.changes()
            assert {c.path for c in folded.changes} <= set(raw)
            assert f"{wd}/a/b/new.txt" in {c.path for c in folded.changes}

    async def test_stat_paths_tell_files_directories_symlinks_and_missing_paths(
        self, make_sandbox: SandboxFactory
    ) -> None:
        """``stat_paths`` tells files (with size), directories and symlinks (with target) apart, and a missing path is
        None."""
        async with make_sandbox() as sb:
            wd = sb.workdir.rstrip("/")
            made = await sb.exec("mkdir -p d && printf abc > f && ln -s f link", timeout_sec=30)
            assert made.exit_code == 0
            got = await sb.stat_paths([f"{wd}/f", f"{wd}/d", f"{wd}/link", f"{wd}/nowhere"])
            f, d, link = got[f"{wd}/f"], got[f"{wd}/d"], got[f"{wd}/link"]
            assert f is not None
            assert (f.kind, f.size) == ("file", 3)
            assert d is not None
            assert d.kind == "dir"
            assert link is not None
            assert (link.kind, link.link.rsplit("/", 1)[-1]) == ("symlink", "f")
            assert got[f"{wd}/nowhere"] is None
            # The PATH the sandbox's commands get (the verifier's tools are looked for along it).
            assert (await sb.exec('echo "$PATH"', timeout_sec=30)).stdout.text.strip() == await sb.search_path()

    # ---------------------------------------------------------------- processes

    async def test_stray_processes_are_seen_from_outside_and_stopped(self, make_sandbox: SandboxFactory) -> None:
        """A daemon a command left in its own session is seen as a stray process and stopped."""
        async with make_sandbox() as sb:
            await sb.mark_own_processes()
            assert await sb.stray_processes() == []
            # A daemon in a session of its own, which outlives the command that started it.
            r = await sb.exec("(setsid sleep 1005 >/dev/null 2>&1 &); echo ok", timeout_sec=30)
            assert r.stdout.text == "ok\n"
            assert any("sleep 1005" in command for command in await sb.stray_processes())
            await sb.stop_processes()
            strays = await _until_empty(sb.stray_processes)
            assert strays == [], strays
            assert (await sb.exec("echo still usable", timeout_sec=30)).stdout.text == "still usable\n"

    async def test_stop_processes_kills_what_commands_left_running(self, make_sandbox: SandboxFactory) -> None:
        """``stop_processes`` kills what commands left running in the background."""
        async with make_sandbox() as sb:
            before = await sb.process_count()
            r = await sb.exec("sleep 1003 >/dev/null 2>&1 & echo $! > pids", timeout_sec=30)
            assert r.exit_code == 0
            assert await sb.process_count() > before
            await sb.stop_processes()

            async def alive() -> str:
                return (await sb.exec(_ALIVE.replace('"$1"', "pids"), timeout_sec=30)).stdout.text

            left = await _until_empty(alive)
            assert left == "", left
            assert (await sb.exec("echo still usable", timeout_sec=30)).stdout.text == "still usable\n"

    # ------------------------------------------------------------------ removal

    async def test_remove_leaves_nothing(self, make_sandbox: SandboxFactory) -> None:
        """Leaving the sandbox's context removes everything it made, and a second ``remove`` is harmless."""
        async with make_sandbox() as sb:
            r = await sb.exec("sleep 1004 >/dev/null 2>&1 & echo ok", timeout_sec=30)
            assert r.stdout.text == "ok\n"
        assert await self.leftovers(sb) == []
        await sb.remove()  # idempotent

    async def test_remove_after_an_exception_leaves_nothing(self, make_sandbox: SandboxFactory) -> None:
        """An exception inside the sandbox's context still removes everything it made."""
        box = make_sandbox()
        with pytest.raises(RuntimeError, match="boom"):
            await _fail_inside(box)
        assert await self.leftovers(box) == []

    async def test_remove_when_cancelled_mid_command_leaves_nothing(self, make_sandbox: SandboxFactory) -> None:
        """A cancellation in the middle of a command still removes everything the sandbox made."""
        box = make_sandbox()
        with anyio.move_on_after(2), anyio.fail_after(_HANG_GUARD_SEC):
            async with box as sb:
                await sb.exec("sleep 1006", timeout_sec=1000)
        assert await self.leftovers(box) == []


async def _fail_inside(box: Sandbox) -> None:
    async with box as sb:
        await sb.exec("sleep 1005 >/dev/null 2>&1 &", timeout_sec=30)
        raise RuntimeError("boom")


def _make_tree(root: Path) -> dict[str, bytes]:
    files = {
        "blob.bin": os.urandom(300_000),
        "run.sh": b"#!/bin/sh\necho ran\n",
        "nested/deeper/empty": b"",
        "nested/notes.txt": "h\u00e9llo\n".encode(),
    }
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    (root / "run.sh").chmod(0o755)
    (root / "nested" / "notes.txt").chmod(0o600)
    (root / "link").symlink_to("nested/notes.txt")
    return files
