"""A forged log is evident: `realcli verify` names the stream, the version and what is wrong; `report` warns.

The forgeries are made the way an attacker would: SQL on the log file (an
event altered; a stream altered and its chain recomputed; the whole run
rewritten), and on JetStream a plain NATS client with a credential that may
write (a verdict appended after the trial's seal, chained correctly, or not
chained at all).  Logs written before chains read as before, and verify says
they have none.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from nats import connect as nats_connect

from realcli.eventlog import open_log, verify_run
from realcli.eventlog.conformance import sealed_run
from realcli.events import VerifierFinished, encode
from tests._nats import NatsServer

FIXTURES = Path(__file__).parent / "fixtures" / "logs"


def realcli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "realcli", *args],
        capture_output=True,
        text=True,
        env={**(env or os.environ), "COLUMNS": "200"},
        timeout=120,
    )


def chain(stream: str, datas: list[bytes]) -> list[bytes]:
    """The chain an attacker recomputes (the construction is public: eventlog/_chain.py)."""
    prev = hashlib.sha256(b"realcli-chain-1\x00" + stream.encode()).digest()
    out = []
    for version, data in enumerate(datas, start=1):
        prev = hashlib.sha256(prev + version.to_bytes(8, "big") + data).digest()
        out.append(prev)
    return out


def sqlite_run(tmp_path: Path) -> str:
    """A sealed run r1 in a SQLite log; returns its URL."""
    url = f"sqlite:{tmp_path / 'log.db'}"

    async def make() -> None:
        async with open_log(url) as log:
            await sealed_run(log, "r1")

    anyio.run(make)
    return url


def test_an_altered_event_is_named_by_verify_and_report_warns(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'log.db'}"
    assert realcli("import", str(FIXTURES / "run-v1.jsonl"), "--log", url).returncode == 0
    assert realcli("verify", "fixture-v1", "--log", url).returncode == 0
    with sqlite3.connect(tmp_path / "log.db") as db:  # the forger's edit: the verifier's reward, 1.0 -> 0.0
        (stream, version, data) = db.execute(
            "SELECT stream, version, data FROM events WHERE type = 'VerifierFinished' ORDER BY position LIMIT 1"
        ).fetchone()
        forged = data.replace(b'"reward":1.0', b'"reward":0.0')
        assert forged != data
        db.execute("UPDATE events SET data = ? WHERE stream = ? AND version = ?", (forged, stream, version))

    verify = realcli("verify", "fixture-v1", "--log", url)
    report = realcli("report", "fixture-v1", "--log", url)

    assert verify.returncode == 4, verify.stderr
    assert f"{stream} v{version}: its digest does not follow the chain: the event" in verify.stdout
    assert "BROKEN" in verify.stdout
    assert report.returncode == 0, report.stderr
    assert "WARNING: the log of run fixture-v1 fails verification" in report.stderr
    assert f"{stream} v{version}" in report.stderr


def test_a_stream_rewritten_with_its_chain_recomputed_breaks_the_seal(tmp_path: Path) -> None:
    url = sqlite_run(tmp_path)
    with sqlite3.connect(tmp_path / "log.db") as db:
        rows = db.execute("SELECT version, data FROM events WHERE stream = 'r1.t1.sandbox' ORDER BY version").fetchall()
        datas = [data.replace(b'"reward":1.0', b'"reward":0.0') for _, data in rows]
        for (version, _), data, digest in zip(rows, datas, chain("r1.t1.sandbox", datas), strict=True):
            db.execute(
                "UPDATE events SET data = ?, digest = ? WHERE stream = 'r1.t1.sandbox' AND version = ?",
                (data, digest, version),
            )
        db.execute("UPDATE streams SET head = ? WHERE name = 'r1.t1.sandbox'", (digest,))

    done = realcli("verify", "r1", "--log", url)

    assert done.returncode == 4
    assert (
        "r1.t1.sandbox v1: no longer matches the seal in r1.t1.supervisor v1: the stream was rewritten" in done.stdout
    )
    assert "no longer matches the seal in r1.run v2" in done.stdout


def test_a_run_rewritten_whole_is_caught_by_the_head_taken_at_its_end(tmp_path: Path) -> None:
    for name in ("original", "rebuilt"):
        (tmp_path / name).mkdir()
    original = sqlite_run(tmp_path / "original")
    taken = json.loads(realcli("verify", "r1", "--log", original, "--json").stdout)["head"]

    # The forger rebuilds the whole run (events, chains, seals: all consistent) in place of the original.
    sqlite_run(tmp_path / "rebuilt")
    shutil.copy(tmp_path / "rebuilt" / "log.db", tmp_path / "original" / "log.db")

    alone = realcli("verify", "r1", "--log", original)
    against = realcli("verify", "r1", "--log", original, "--head", taken)

    assert alone.returncode == 0  # on its own, a wholesale rewrite is consistent
    assert against.returncode == 4
    assert f"r1.run v2: never had head {taken}" in against.stdout


def test_a_log_from_before_chains_reads_as_before_and_has_no_chain_to_verify(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    path.write_bytes(gzip.decompress((FIXTURES / "pre-chain-v1.db.gz").read_bytes()))
    url = f"sqlite:{path}"

    runs = realcli("runs", "--log", url)
    tail = realcli("tail", "fixture-v1", "--log", url)
    report = realcli("report", "fixture-v1", "--log", url)
    verify = realcli("verify", "fixture-v1", "--log", url)

    assert [p.returncode for p in (runs, tail, report, verify)] == [0, 0, 0, 0], [runs.stderr, report.stderr]
    assert "fixture-v1" in runs.stdout
    assert "WARNING" not in report.stderr
    assert "recorded before realcli chained its log (105 events" in verify.stdout
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == ("1",)  # reading wrote nothing

    async def resume_it() -> None:  # a newer realcli writes on: the file is migrated, the chain starts over all
        async with open_log(url) as log:
            await log.append("fixture-v1.run", [VerifierFinished(trial_id="x", reward=None)])

    anyio.run(resume_it)
    after = realcli("verify", "fixture-v1", "--log", url)
    assert after.returncode == 0, after.stdout
    assert "intact: 106 events" in after.stdout
    assert "105 recorded before chains" in after.stdout


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[Path]:
    """A directory on a read-only mount of its own (root writes through file modes, not through this)."""
    source, mounted = tmp_path / "src", tmp_path / "ro"
    source.mkdir()
    mounted.mkdir()
    subprocess.run(["mount", "--bind", str(source), str(mounted)], check=True)
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(mounted)], check=True)
        yield source
    finally:
        subprocess.run(["umount", str(mounted)], check=True)


@pytest.mark.parametrize("fixture", ["pre-chain-v1.db.gz", "chained"])
def test_a_read_only_log_can_be_read_by_report_runs_tail_verify_and_export(
    tmp_path: Path, read_only: Path, fixture: str
) -> None:
    if fixture == "chained":
        url = f"sqlite:{read_only / 'log.db'}"
        assert realcli("import", str(FIXTURES / "run-v1.jsonl"), "--log", url).returncode == 0
    else:
        (read_only / "log.db").write_bytes(gzip.decompress((FIXTURES / fixture).read_bytes()))
    url = f"sqlite:{tmp_path / 'ro' / 'log.db'}"
    with pytest.raises(OSError, match="Read-only file system"):
        (tmp_path / "ro" / "probe").write_text("x")

    done = [
        realcli(*args, "--log", url)
        for args in (
            ["runs"],
            ["tail", "fixture-v1"],
            ["report", "fixture-v1", "--format", "json"],
            ["verify", "fixture-v1"],
            ["export", "fixture-v1", "-o", str(tmp_path / "out.jsonl")],
        )
    ]

    assert [p.returncode for p in done] == [0] * 5, [p.stderr for p in done]
    assert "readonly" not in "".join(p.stderr for p in done)
    assert "R_EXEC" in json.loads(done[2].stdout)
    writing = realcli("import", str(tmp_path / "out.jsonl"), "--log", f"sqlite:{tmp_path / 'ro' / 'new.db'}")
    assert writing.returncode == 1
    assert "Traceback" not in writing.stderr
    assert "cannot be written (it is on a read-only filesystem)" in writing.stderr


@pytest.mark.nats
def test_a_verdict_forged_on_jetstream_with_a_writing_credential_is_named(nats: NatsServer) -> None:
    """The attack of issue 21: a client holding a credential that may write appends a verdict to a finished run."""
    url = f"{nats.url}?stream=FORGE{os.urandom(4).hex()}"
    stream_name = url.rsplit("=", 1)[1]

    async def make_and_forge() -> None:
        async with open_log(url) as log:
            await sealed_run(log, "r1")
        nc = await nats_connect(nats.url, token=nats.token)  # a plain NATS client, not realcli
        js = nc.jetstream()
        last = await nc.jsm().get_last_msg(stream_name, f"{stream_name}.r1.t1.sandbox")
        forged = encode(VerifierFinished(trial_id="t1", reward=0.0))
        prev = bytes.fromhex(last.headers["Rc-Digest"])  # a competent forger chains it correctly
        digest = hashlib.sha256(prev + (2).to_bytes(8, "big") + forged).hexdigest()
        headers = {"Rc-Version": "2", "Rc-Count": "1", "Rc-Digest": digest}
        await js.publish(f"{stream_name}.r1.t1.sandbox", b"[" + forged + b"]", headers=headers)
        # and a careless one appends without a digest to another stream of the finished trial
        unchained = encode(VerifierFinished(trial_id="t1", reward=0.0))
        await js.publish(
            f"{stream_name}.r1.t1.agent", b"[" + unchained + b"]", headers={"Rc-Version": "3", "Rc-Count": "1"}
        )
        await nc.close()

    anyio.run(make_and_forge)
    verify = realcli("verify", "r1", "--log", url)
    report = realcli("report", "r1", "--log", url)

    assert verify.returncode == 4, verify.stdout
    assert "r1.t1.sandbox v2: 1 event(s) appended after trial t1 ended (sealed at version 1)" in verify.stdout
    assert "r1.t1.agent v3: has no digest after chained events: not appended by realcli" in verify.stdout
    assert "WARNING: the log of run r1 fails verification" in report.stderr

    async def direct() -> None:
        async with open_log(url, role="read") as log:
            found = await verify_run(log, "r1")
        assert {(p.stream, p.version) for p in found.problems} == {("r1.t1.sandbox", 2), ("r1.t1.agent", 3)}

    anyio.run(direct)
