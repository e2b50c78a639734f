"""The log's limits end in one clear line: an event too large for NATS, a full disk, two resumes of one run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

from realcli import events as ev
from realcli.eventlog import open_log
from realcli.runtime import too_large
from realcli.taskformat import load_task
from tests._labels import session_label
from tests._nats import NatsServer
from tests._tasks import make_task

FIXTURES = Path(__file__).parent / "fixtures" / "logs"


def realcli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "realcli", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
        timeout=300,
    )


def spawn(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "realcli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "error" in line.lower() or "Traceback" in line]


# ------------------------------------------------------------------ an event too large for the backend


@pytest.mark.nats
def test_a_task_too_large_for_a_nats_message_is_refused_when_it_loads_in_one_line(
    tmp_path: Path, nats: NatsServer
) -> None:
    """Issue 21: a 10 MB instruction recorded nothing, showed `agent_done`, and stayed "running 0/1" forever."""
    task = make_task(tmp_path, "big", instruction="Write hello into /app/out.\n" + "x" * 10_000_000)
    url = f"{nats.url}?stream=BIG{os.urandom(4).hex()}"

    done = realcli("run", str(task), "--mode", "exec", "--run-id", "big", "--log", url)
    runs = realcli("runs", "--log", url)

    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    (line,) = [line for line in done.stderr.splitlines() if line.startswith("skipped:")]
    assert f"the task's instruction, {task.resolve() / 'instruction.md'}, is 10.0 MB" in line
    assert "over the 1.0 MB a message of the log at" in line
    assert "max_payload" in line
    assert "big" not in runs.stdout  # nothing was recorded: no run to resume, none stuck "running"


async def test_the_same_task_fits_a_sqlite_log(tmp_path: Path) -> None:
    task = load_task(make_task(tmp_path, "big", instruction="Write hello into /app/out.\n" + "x" * 10_000_000))
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        assert too_large(task, log) is None


# ------------------------------------------------------------------------------------ a full disk


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 1 MB filesystem (tmpfs), nearly full already, removed after the test."""
    mount = tmp_path / "small"
    mount.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], check=True)
    try:
        with (mount / "filler").open("wb") as f:
            f.write(b"\0" * 900_000)
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=True)


def test_a_full_disk_is_reported_as_such_in_one_line(small_disk: Path) -> None:
    """Issue 21: a full disk exited 1 with a hint about permissions."""
    done = realcli("import", str(FIXTURES / "run-v1.jsonl"), "--log", f"sqlite:{small_disk / 'log.db'}")

    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    (line,) = error_lines(done.stderr)
    assert f"sqlite:{small_disk / 'log.db'}: the disk holding the log is full" in line
    assert "permission" not in line


# ------------------------------------------------------------------------------ two resumes of one run


def interrupted_run(tmp_path: Path, run_id: str) -> tuple[Path, str]:
    """A run stopped (SIGINT) while its one trial was working: `resume` has a trial to run.

    The trial works until ``release`` lets it finish: a resume started while it works finds it working
    however slowly the machine starts the second process."""
    solve = "#!/bin/sh\nwhile [ ! -e /app/go ]; do sleep 0.2; done\necho hello > /app/out\n"
    task = make_task(tmp_path, f"slow-{run_id}", solve=solve)
    url = f"sqlite:{tmp_path / 'log.db'}"
    proc = spawn("run", str(task), "--mode", "exec", "--run-id", run_id, "--log", url)
    anyio.run(wait_for, url, run_id, ev.CommandStarted, 0)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    return task, url


def release(run_id: str) -> None:
    """Let the working trial of ``run_id`` (this session's) finish."""
    found = subprocess.run(
        ["docker", "ps", "-q", "--filter", f"label=realcli.run={run_id}", "--filter", f"label={session_label()}"],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    assert len(found) == 1, found
    subprocess.run(["docker", "exec", found[0], "touch", "/app/go"], check=True, capture_output=True)


async def wait_for(url: str, run_id: str, kind: type[ev.Event], seen: int) -> None:
    """Until the run has more than ``seen`` events of ``kind``."""
    with anyio.fail_after(240):
        while True:
            async with open_log(url) as log:
                found = [r async for r in log.read_all(0, run_id) if isinstance(r.event, kind)]
            if len(found) > seen:
                return
            await anyio.sleep(0.2)


async def finishes(url: str, run_id: str) -> list[str]:
    async with open_log(url, create=False) as log:
        return [r.event.reason async for r in log.read_all(0, run_id) if isinstance(r.event, ev.TrialFinished)]


@pytest.mark.docker
@pytest.mark.usefixtures("debian_image")
def test_a_resume_while_another_runs_the_run_says_so_in_one_line(tmp_path: Path) -> None:
    _, url = interrupted_run(tmp_path, "busy")
    first = spawn("resume", "busy", "--log", url)
    try:
        anyio.run(wait_for, url, "busy", ev.CommandStarted, 1)  # the first resume's trial is working
        second = realcli("resume", "busy", "--log", url)
        release("busy")
        _, err = first.communicate(timeout=240)
    finally:
        first.kill()
    assert first.returncode == 0, err
    assert second.returncode == 1
    (line,) = error_lines(second.stderr)
    assert f"run busy is being run by process {first.pid} on this host" in line
    assert anyio.run(finishes, url, "busy") == ["cancelled", "completed"]


@pytest.mark.docker
@pytest.mark.usefixtures("debian_image")
def test_two_resumes_started_at_once_one_runs_and_the_other_says_so(tmp_path: Path) -> None:
    """Issue 21: two concurrent resumes of one run both failed and left it interrupted."""
    _, url = interrupted_run(tmp_path, "race")
    procs = [spawn("resume", "race", "--log", url) for _ in range(2)]
    try:
        anyio.run(wait_for, url, "race", ev.CommandStarted, 1)  # the winner's trial is working
        for _ in range(1200):  # and the loser has said so (a resume starts in seconds)
            if any(p.poll() is not None for p in procs):
                break
            time.sleep(0.2)
        release("race")
        outs = [p.communicate(timeout=240) for p in procs]
    finally:
        for p in procs:
            p.kill()
    codes = sorted(p.returncode for p in procs)

    assert codes == [0, 1], [err for _, err in outs]
    loser = next(err for p, (_, err) in zip(procs, outs, strict=True) if p.returncode == 1)
    (line,) = error_lines(loser)
    assert "run race" in line
    assert "another process" in line or "is being run by process" in line
    assert anyio.run(finishes, url, "race") == ["cancelled", "completed"]


async def test_an_opening_cut_short_leaves_no_connection_behind(tmp_path: Path) -> None:
    """A log whose opening stops half-way (cancelled here; on a loaded machine, no thread left for its
    second connection) closes the connection it had made: aiosqlite's worker threads are not daemons, and
    one left open kept a finished test session from ever exiting."""

    def workers() -> set[threading.Thread]:
        return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name}

    before = workers()
    for step in range(60):
        with anyio.move_on_after(step * 0.001):
            async with open_log(f"sqlite:{tmp_path / f'log-{step}.db'}"):
                pass
    # A closed connection's thread ends by itself; an open one would wait for work forever.
    for thread in workers() - before:
        await anyio.to_thread.run_sync(thread.join, 30)
    assert not [t.name for t in workers() - before if t.is_alive()]
