"""Least privilege on the NATS log: each role's credential does its work and nothing more.

A real nats-server runs the configuration ``realcli nats-setup`` writes
(operator mode, one scoped credential per role).  Every attack is what a
leaked credential could try: append to another run, delete the stream,
purge it, delete a message.  Each is refused by the server, and the log is
left as it was.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import nats
import nats.errors
import nats.js.errors
import pytest
import pytest_asyncio

from realcli import LogAccessDeniedError, NotFoundError
from realcli.eventlog import (
    NATS_CREDS_ENV,
    NATS_DIR_ENV,
    NATS_TOKEN_ENV,
    NatsCredential,
    WorkOrder,
    WorkQueue,
    open_log,
    verify_run,
)
from realcli.eventlog.conformance import msg, sealed_run
from realcli.events import VerifierFinished
from tests._nats import NatsServer

pytestmark = pytest.mark.nats


@pytest.fixture
def roles_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[NatsServer]:
    """A server in operator mode; this process uses its role files (and no token)."""
    server = NatsServer(tmp_path / "store", roles=tmp_path / "config")
    server.start()
    monkeypatch.delenv(NATS_TOKEN_ENV, raising=False)
    monkeypatch.setenv(NATS_DIR_ENV, str(tmp_path / "config" / "nats"))
    try:
        yield server
    finally:
        server.stop()


@pytest_asyncio.fixture
async def two_runs(roles_server: NatsServer) -> AsyncIterator[str]:
    """The log with two finished, sealed runs (r1, r2), written with the `run` role's credential."""
    url = f"{roles_server.url}?stream=ROLES&outage=20"
    async with open_log(url) as log:
        await sealed_run(log, "r1")
        await sealed_run(log, "r2")
    yield url


async def attempt(server: NatsServer, creds: Path, action: str) -> str:
    """What a plain NATS client holding ``creds`` meets when it tries ``action`` on the log: the server's answer."""
    errors: list[str] = []

    async def on_error(e: Exception) -> None:
        errors.append(str(e))

    nc = await nats.connect(server.url, user_credentials=str(creds), error_cb=on_error, allow_reconnect=False)
    js, jsm = nc.jetstream(), nc.jsm(timeout=2)
    try:
        if action == "append to r2":
            headers = {"Rc-Version": "2", "Rc-Count": "1"}
            await js.publish(
                "ROLES.r2.t1.sandbox", b'[{"type":"AgentMessaged","text":"x"}]', headers=headers, timeout=2
            )
        elif action == "delete the stream":
            await jsm.delete_stream("ROLES")
        elif action == "purge the stream":
            await jsm.purge_stream("ROLES")
        elif action == "delete a message":
            await jsm.delete_msg("ROLES", 1)
        outcome = "done"
    except (nats.errors.Error, nats.js.errors.Error) as e:
        outcome = str(e)
    finally:
        await nc.close()
    return " | ".join([outcome, *errors])


async def r2_as_it_was(url: str) -> None:
    async with open_log(url, role="read") as log:
        verified = await verify_run(log, "r2")
        assert (verified.intact, verified.sealed, verified.events) == (True, True, 6)
        rewards = [r.event.reward async for r in log.read("r2.t1.sandbox")]  # type: ignore[union-attr]
        assert rewards == [1.0]


ATTACKS = [
    (role, action)
    for role in ("read", "worker", "run", "per-run")
    for action in ("append to r2", "delete the stream", "purge the stream", "delete a message")
    # The coordinator's role appends to any run (resume and rejudge need it): its seals make that evident (below).
    if (role, action) != ("run", "append to r2")
]


@pytest.mark.parametrize(("role", "action"), ATTACKS)
async def test_a_leaked_credential_cannot_rewrite_another_run(
    roles_server: NatsServer, two_runs: str, tmp_path: Path, role: str, action: str
) -> None:
    creds = tmp_path / "config" / "nats" / f"{role}.creds"
    if role == "per-run":  # what a worker gets for r1 in r1's work orders
        creds = tmp_path / "r1.creds"
        creds.write_text(await r1_credential(two_runs))
        creds.chmod(0o600)

    answer = await attempt(roles_server, creds, action)

    assert "permissions violation" in answer.lower() or "not permitted" in answer.lower(), answer
    await r2_as_it_was(two_runs)


async def r1_credential(url: str) -> str:
    """The credential the coordinator seals into r1's work orders, opened as a worker opens it."""
    async with WorkQueue.open(url) as queue, queue.consumer() as consumer:
        await queue.submit([WorkOrder("r1", "t1")])
        item = await consumer.next(wait_sec=10)
        assert item is not None
        credential = item.credential()
        await item.done()
    assert credential is not None
    assert credential.creds is not None
    return credential.creds


async def test_each_process_role_works_and_is_refused_beyond_it_in_one_line(two_runs: str) -> None:
    # A reader reads, and cannot append.
    async with open_log(two_runs, role="read") as reader:
        assert await reader.runs() == ["r1", "r2"]
        with pytest.raises(LogAccessDeniedError, match=r"refused appending .*role read.*permissions violation") as no:
            await reader.append("r2.t1.sandbox", [VerifierFinished(trial_id="t1", reward=0.0)])
        assert "\n" not in str(no.value)
    # A worker's own credential takes orders but appends to no run; with r1's credential it appends to r1 only.
    async with open_log(two_runs, role="worker") as worker:
        with pytest.raises(LogAccessDeniedError, match="role worker"):
            await worker.append("r1.t1.agent", [msg("mine?")])
    r1_only = NatsCredential("r1's credential", creds=await r1_credential(two_runs))
    async with open_log(two_runs, role="worker", credential=r1_only) as scoped:
        await scoped.append("r1.t1.agent", [msg("a worker's append to its run")])
        with pytest.raises(LogAccessDeniedError):
            await scoped.append("r2.t1.sandbox", [VerifierFinished(trial_id="t1", reward=0.0)])
    await r2_as_it_was(two_runs)


async def test_a_reader_meets_a_log_that_does_not_exist_as_not_found(roles_server: NatsServer) -> None:
    with pytest.raises(NotFoundError, match="no event log"):
        async with open_log(f"{roles_server.url}?stream=NEVER", create=False, role="read"):
            pass


async def test_what_the_coordinator_may_append_is_evident_after_the_seals(two_runs: str) -> None:
    """The `run` role may append to any run (resume, rejudge need it): a forged verdict is then caught by verify."""
    async with open_log(two_runs) as coordinator:
        await coordinator.append("r2.t1.sandbox", [VerifierFinished(trial_id="t1", reward=0.0)])
        found = await verify_run(coordinator, "r2")
    assert [(p.stream, p.version) for p in found.problems] == [("r2.t1.sandbox", 2), ("r2.t1.sandbox", 2)]


def test_nats_setup_writes_private_files_and_keeps_its_keys(tmp_path: Path) -> None:
    import subprocess
    import sys

    def setup(*extra: str) -> None:
        subprocess.run(
            [sys.executable, "-m", "realcli", "nats-setup", "--dir", str(tmp_path), *extra],
            check=True,
            capture_output=True,
            env={**os.environ, NATS_CREDS_ENV: ""},
        )

    def keys() -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in sorted((tmp_path / "nats" / "keys").iterdir())}

    setup()
    first = keys()
    setup()  # the credentials are issued again from the same keys: those already handed out keep working
    assert keys() == first
    for path in [tmp_path / "nats-server.conf", tmp_path / "nats", *(tmp_path / "nats").rglob("*")]:
        assert path.stat().st_mode & 0o077 == 0, path
    setup("--renew")
    assert set(keys().values()).isdisjoint(first.values())


async def test_a_worker_takes_and_acknowledges_orders_with_its_own_credential(two_runs: str) -> None:
    async with WorkQueue.open(two_runs) as coordinator:
        await coordinator.submit([WorkOrder("r1", "t1"), WorkOrder("r1", "t2")])
        async with WorkQueue.open(two_runs, role="worker") as queue, queue.consumer() as consumer:
            for _ in range(2):
                item = await consumer.next(wait_sec=10)
                assert item is not None
                assert item.credential() is not None  # the run's own, sealed for workers
                await item.done()
            assert await queue.remaining("r1") == 0  # acknowledged: the worker's credential may ack its orders
