"""The hash chain's cost (eventlog/_chain.py), each figure beside the floor without it, measured in the same run.

- Appends: realcli's SQLite and JetStream appends (which chain every event)
  beside the raw floor without a chain (stdlib ``sqlite3`` ``executemany``
  of the same bytes; nats-py ``publish_async``) and the same floor with the
  chain computed (one sha256 per event, its digest stored: a column, a
  header).  The difference of the two floors is the chain's own cost.
- ``verify_run`` of a run of 1,000,000 events (250 trials x 4 streams of
  1,000 events, appended 100 at a time) on SQLite and JetStream, in a fresh
  process (time and peak RSS), beside the floors: ``read_raw`` of the same
  run (the bytes verify reads, no hashing) and ``read_all`` (decoded, what a
  report reads).

Run: ``.venv/bin/python -m bench.bench_chain [--events N] [--verify N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import anyio

from bench.bench_eventlog import our_appends, rate, sample
from realcli import events as ev
from realcli.eventlog import open_log
from realcli.eventlog._sqlite_schema import DDL
from tests._nats import TOKEN, NatsServer

ROOT = Path(__file__).resolve().parent.parent
Row = tuple[str, str, str, str]
ROUNDS = 3  # append measurements: the best of three, interleaved


def chained(datas: Sequence[bytes], stream: str = "raw.t.agent") -> list[bytes]:
    prev = hashlib.sha256(b"realcli-chain-1\x00" + stream.encode()).digest()
    out = []
    for version, data in enumerate(datas, start=1):
        prev = hashlib.sha256(prev + version.to_bytes(8, "big") + data).digest()
        out.append(prev)
    return out


def raw_sqlite(path: Path, total: int, batch: int, *, chain: bool) -> float:
    """The floor: stdlib sqlite3, same schema and pragmas, executemany + commit per batch (digests if ``chain``)."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.executescript(DDL)
    datas = [ev.encode(sample(i)) for i in range(total)]
    started = time.perf_counter()
    prev = hashlib.sha256(b"realcli-chain-1\x00raw.t.agent").digest()
    for start in range(0, total, batch):
        rows = []
        for i in range(start, min(total, start + batch)):
            digest = None
            if chain:
                prev = digest = hashlib.sha256(prev + (i + 1).to_bytes(8, "big") + datas[i]).digest()
            rows.append(("raw.t.agent", i + 1, "raw", f"{i:032x}", "CommandFinished", datas[i], digest))
        conn.executemany(
            "INSERT INTO events (stream, version, run, event_id, type, data, digest) VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        conn.commit()
    elapsed = time.perf_counter() - started
    conn.close()
    return rate(total, elapsed)


async def raw_publish(url: str, total: int, batch: int, *, chain: bool) -> float:
    """The floor: nats-py publish_async of the same batches (each with its digest header if ``chain``)."""
    import nats

    nc = await nats.connect(url, token=TOKEN)
    js = nc.jetstream()
    name = f"RAW{batch}{'C' if chain else ''}{os.urandom(3).hex().upper()}"
    await js.add_stream(name=name, subjects=[f"{name.lower()}.>"])
    payloads = [ev.encode(sample(i)) for i in range(total)]
    started = time.perf_counter()
    prev = hashlib.sha256(b"realcli-chain-1\x00raw.t.agent").digest()
    acks = []
    for start in range(0, total, batch):
        chunk = payloads[start : start + batch]
        headers = None
        if chain:
            for i, data in enumerate(chunk, start=start + 1):
                prev = hashlib.sha256(prev + i.to_bytes(8, "big") + data).digest()
            headers = {"Rc-Digest": prev.hex()}
        acks.append(await js.publish_async(f"{name.lower()}.s", b"[" + b",".join(chunk) + b"]", headers=headers))
    await asyncio.gather(*acks)
    result = rate(total, time.perf_counter() - started)
    await js.delete_stream(name)
    await nc.close()
    return result


def hashing_alone(total: int) -> float:
    """Events per second of the chain's arithmetic alone, over realistic events (about 400 bytes)."""
    datas = [ev.encode(sample(i)) for i in range(total)]
    started = time.perf_counter()
    chained(datas)
    return rate(total, time.perf_counter() - started)


# ------------------------------------------------------------------------------- verify


async def fill_run(url: str, total: int) -> None:
    """A run of ``total`` events: trials of four streams of 1,000 events, appended 100 at a time."""
    per_stream = 1000
    async with open_log(url) as log:
        stream_index = 0
        written = 0
        while written < total:
            trial, actor = divmod(stream_index, 4)
            stream = f"big.t{trial}.{('supervisor', 'agent', 'user', 'sandbox')[actor]}"
            for start in range(0, per_stream, 100):
                await log.append(stream, [sample(written + start + i) for i in range(100)], expected_version=start)
            written += per_stream
            stream_index += 1


def in_subprocess(url: str, what: str) -> dict[str, float]:
    """``what`` (verify / read_raw / read_all) over run ``big`` in a fresh process: events, seconds, peak RSS."""
    code = (
        "import json, sys, time, anyio\n"
        "from realcli.eventlog import open_log, verify_run\n"
        "async def main(url, what):\n"
        "    async with open_log(url, create=False, role='read') as log:\n"
        "        t = time.perf_counter()\n"
        "        if what == 'verify':\n"
        "            result = await verify_run(log, 'big')\n"
        "            n, ok = result.events, result.intact\n"
        "        else:\n"
        "            n, ok = 0, True\n"
        "            async for _ in (log.read_raw(0, 'big') if what == 'read_raw' else log.read_all(0, 'big')):\n"
        "                n += 1\n"
        "        dt = time.perf_counter() - t\n"
        "    hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1]\n"
        "    print(json.dumps({'events': n, 'seconds': dt, 'ok': ok, 'rss_mib': int(hwm) / 1024}))\n"
        "anyio.run(main, sys.argv[1], sys.argv[2])\n"
    )
    out = subprocess.run([sys.executable, "-c", code, url, what], capture_output=True, text=True, check=True, cwd=ROOT)
    result: dict[str, float] = json.loads(out.stdout)
    return result


async def verify_rows(name: str, url: str, total: int) -> list[Row]:
    await fill_run(url, total)
    verified = in_subprocess(url, "verify")
    assert verified["ok"], verified
    assert verified["events"] == total, verified
    raw = in_subprocess(url, "read_raw")
    decoded = in_subprocess(url, "read_all")
    return [
        (
            f"{name} verify of {total:,} events",
            f"{verified['seconds']:.1f} s ({rate(total, verified['seconds']):,.0f} ev/s), "
            f"{verified['rss_mib']:.0f} MiB",
            f"read_raw {raw['seconds']:.1f} s ({raw['rss_mib']:.0f} MiB); read_all {decoded['seconds']:.1f} s",
            f"{verified['seconds'] / raw['seconds']:.2f}x",
        )
    ]


# --------------------------------------------------------------------------------- main


async def run(events: int, verify_events: int) -> list[Row]:
    alone = max(hashing_alone(events * 5) for _ in range(ROUNDS))
    rows: list[Row] = [
        ("chain arithmetic alone", f"{alone:,.0f} ev/s", f"{1e6 / alone:.2f} µs per ~400-byte event", "")
    ]
    with tempfile.TemporaryDirectory(prefix="realcli-bench-chain-") as tmp:
        root = Path(tmp)
        server = NatsServer(root / "nats")
        server.start()
        try:
            for batch in (1, 100):
                n = events if batch > 1 else events // 10
                ours = plain = with_chain = 0.0
                for attempt in range(ROUNDS):  # interleaved, best of each: the machine's load varies
                    async with open_log(f"sqlite:{root / f'a{batch}-{attempt}.db'}") as log:
                        ours = max(ours, await our_appends(log, n, batch))
                    plain = max(plain, raw_sqlite(root / f"plain{batch}-{attempt}.db", n, batch, chain=False))
                    with_chain = max(with_chain, raw_sqlite(root / f"chain{batch}-{attempt}.db", n, batch, chain=True))
                rows.append(
                    (
                        f"SQLite append, batch {batch}",
                        f"{ours:,.0f} ev/s",
                        f"raw without chain {plain:,.0f} ev/s, raw with chain {with_chain:,.0f} ev/s",
                        f"{with_chain / plain:.0%}",
                    )
                )
            for batch in (1, 100):
                n = events // 4 if batch == 1 else events * 5
                ours = plain = with_chain = 0.0
                for attempt in range(ROUNDS):
                    async with open_log(f"{server.url}?stream=C{batch}A{attempt}") as log:
                        ours = max(ours, await our_appends(log, n, batch))
                    plain = max(plain, await raw_publish(server.url, n, batch, chain=False))
                    with_chain = max(with_chain, await raw_publish(server.url, n, batch, chain=True))
                rows.append(
                    (
                        f"JetStream append, batch {batch}",
                        f"{ours:,.0f} ev/s",
                        f"raw without chain {plain:,.0f} ev/s, raw with chain {with_chain:,.0f} ev/s",
                        f"{with_chain / plain:.0%}",
                    )
                )
            rows += await verify_rows("SQLite", f"sqlite:{root / 'verify.db'}", verify_events)
            rows += await verify_rows("JetStream", f"{server.url}?stream=VERIFY", verify_events)
        finally:
            server.stop()
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=20_000, help="events per append measurement")
    parser.add_argument("--verify", type=int, default=1_000_000, help="events in the verified run")
    args = parser.parse_args(argv)
    rows = anyio.run(run, args.events, args.verify)
    width = max(len(r[0]) for r in rows)
    print(f"{'measurement':<{width}}  {'realcli':>34}  {'floor / detail':<72} ratio")
    for name, ours, floor, ratio in rows:
        print(f"{name:<{width}}  {ours:>34}  {floor:<72} {ratio}")
    print(
        f"(python {sys.version.split()[0]}, {os.cpu_count()} cpus; ratio: appends = raw with chain / raw without; "
        "verify = verify / read_raw)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
