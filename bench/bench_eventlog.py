"""Event-log speed, each figure beside the raw floor measured in the same run.

- SQLite append (batches of 1 and 100) vs raw ``sqlite3`` ``executemany`` of
  the same encoded bytes into the same table, same WAL / synchronous settings.
- In-process read of a whole log (``read_all``), SQLite vs raw ``sqlite3``
  ``SELECT`` + decode of the same rows.
- The memory backend (``memory:``) in a column beside SQLite's appends and
  reads, against its own floor: encoding each event and keeping the bytes in
  a list (appends), decoding each kept event (reads).
- JetStream append (batches of 1 and 100; one writer and 32 concurrent
  writers) vs raw nats-py ``publish_async`` of the same bytes (one message
  per event, and one message per batch).
- Replay of 1,000,000 events from each backend (events/s and peak RSS, each
  replay in a fresh process; RSS is also measured after 100,000 events to
  show that memory does not grow with the log).
- Append-to-visible latency of ``subscribe`` (p50/p99), in-process and
  from another process.

Run: ``.venv/bin/python -m bench.bench_eventlog [--events N] [--replay N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import anyio

from realcli import events as ev
from realcli.eventlog import EventLog, open_log
from realcli.eventlog._sqlite_schema import DDL
from tests._nats import TOKEN, NatsServer

ROOT = Path(__file__).resolve().parent.parent
# measurement, realcli, floor / detail, ratio, memory backend vs its floor
Row = tuple[str, str, str, str, str]


def sample(i: int) -> ev.CommandFinished:
    """A realistic event: a command's result with a little output (about 400 bytes encoded)."""
    out = ev.Output(text=f"line {i}\n" * 12, total_bytes=96, kept_bytes=96)
    return ev.CommandFinished(command_id=f"{i:032x}", exit_code=0, stdout=out, duration_sec=0.01)


def rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


def versus(ours: float, floor: float) -> str:
    return f"{ours:,.0f} ev/s vs {floor:,.0f} ({ours / floor:.0%})"


# ----------------------------------------------------------------------------- appends


async def our_appends(log: EventLog, total: int, batch: int, writers: int = 1) -> float:
    events = [sample(i) for i in range(total)]
    per_writer = total // writers

    async def writer(w: int) -> None:
        mine = events[w * per_writer : (w + 1) * per_writer]
        version = 0
        for start in range(0, len(mine), batch):
            chunk = mine[start : start + batch]
            await log.append(f"bench.w{w}.agent", chunk, expected_version=version)
            version += len(chunk)

    started = time.perf_counter()
    async with anyio.create_task_group() as tg:
        for w in range(writers):
            tg.start_soon(writer, w)
    return rate(per_writer * writers, time.perf_counter() - started)


def raw_sqlite(path: Path, total: int, batch: int) -> float:
    """The floor: stdlib sqlite3, same schema and pragmas, executemany + commit per batch."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.executescript(DDL)
    rows = [
        ("raw.t.agent", i + 1, "raw", e.id, "CommandFinished", ev.encode(e))
        for i, e in enumerate(sample(i) for i in range(total))
    ]
    started = time.perf_counter()
    for start in range(0, total, batch):
        conn.executemany(
            "INSERT INTO events (stream, version, run, event_id, type, data) VALUES (?, ?, ?, ?, ?, ?)",
            rows[start : start + batch],
        )
        conn.commit()
    elapsed = time.perf_counter() - started
    conn.close()
    return rate(total, elapsed)


def raw_memory(total: int, batch: int) -> float:
    """The floor of an in-memory log that keeps events encoded: encode each event and keep its bytes."""
    events = [sample(i) for i in range(total)]
    kept: list[bytes] = []
    started = time.perf_counter()
    for start in range(0, total, batch):
        kept += [ev.encode(e) for e in events[start : start + batch]]
    return rate(total, time.perf_counter() - started)


async def our_read(log: EventLog) -> tuple[int, float]:
    """Events in the log, and read_all's events/s over all of them."""
    started = time.perf_counter()
    count = 0
    async for _ in log.read_all(0):
        count += 1
    return count, rate(count, time.perf_counter() - started)


def raw_sqlite_read(path: Path) -> float:
    """The floor: stdlib sqlite3 reading every row's data in position order and decoding it."""
    conn = sqlite3.connect(path)
    started = time.perf_counter()
    count = sum(1 for (data,) in conn.execute("SELECT data FROM events ORDER BY position") if ev.decode(data))
    elapsed = time.perf_counter() - started
    conn.close()
    return rate(count, elapsed)


def raw_memory_read(total: int) -> float:
    """The floor: decoding each of ``total`` kept events."""
    kept = [ev.encode(sample(i)) for i in range(total)]
    started = time.perf_counter()
    for data in kept:
        ev.decode(data)
    return rate(total, time.perf_counter() - started)


async def raw_publish(url: str, total: int, batch: int) -> tuple[float, float]:
    """The floor: nats-py publish_async, one message per event and one message per batch."""
    import nats

    nc = await nats.connect(url, token=TOKEN)  # the server requires it, as realcli's does
    js = nc.jetstream()
    await js.add_stream(name="RAWBENCH", subjects=["rawbench.>"])
    payloads = [ev.encode(sample(i)) for i in range(total)]
    started = time.perf_counter()
    acks = [await js.publish_async("rawbench.per.event", p) for p in payloads]
    await asyncio.gather(*acks)
    per_event = rate(total, time.perf_counter() - started)
    batches = [b"[" + b",".join(payloads[s : s + batch]) + b"]" for s in range(0, total, batch)]
    started = time.perf_counter()
    acks = [await js.publish_async("rawbench.per.batch", b) for b in batches]
    await asyncio.gather(*acks)
    per_batch = rate(total, time.perf_counter() - started)
    await js.delete_stream("RAWBENCH")
    await nc.close()
    return per_event, per_batch


# ------------------------------------------------------------------------------ replay


async def fill(url: str, total: int) -> None:
    async with open_log(url) as log:
        batch, version = 1000, 0
        for start in range(0, total, batch):
            await log.append(
                "replay.t1.agent",
                [sample(i) for i in range(start, min(total, start + batch))],
                expected_version=version,
            )
            version += min(batch, total - start)


def replay_in_subprocess(url: str, limit: int) -> dict[str, float]:
    """Read ``limit`` events in a fresh process; its events/s and peak RSS (MiB)."""
    code = (
        "import json, sys, time, anyio\n"
        "from realcli.eventlog import open_log\n"
        "async def main(url, limit):\n"
        "    async with open_log(url) as log:\n"
        "        n, t = 0, time.perf_counter()\n"
        "        async for rec in log.read_all(0, 'replay'):\n"
        "            n += 1\n"
        "            if n >= limit: break\n"
        "        dt = time.perf_counter() - t\n"
        "    hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1]\n"
        "    print(json.dumps({'events': n, 'rate': n / dt, 'rss_mib': int(hwm) / 1024}))\n"
        "anyio.run(main, sys.argv[1], int(sys.argv[2]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, url, str(limit)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    result: dict[str, float] = json.loads(out.stdout)
    return result


# ----------------------------------------------------------------------------- latency


async def latency(url: str, count: int = 400, *, cross_process: bool = False) -> tuple[float, float]:
    """Seconds from just before an append to the moment a subscriber sees it (p50, p99)."""
    delays: list[float] = []
    async with open_log(url) as log:
        start = 0
        async for rec in log.read_all(0):
            start = rec.position + 1
        if cross_process:
            return await _latency_other_process(log, url, count)
        ready = anyio.Event()

        async def watch() -> None:
            ready.set()
            async for rec in log.subscribe(start, "lat"):
                delays.append(time.time() - rec.event.at)
                if len(delays) == count:
                    return

        async with anyio.create_task_group() as tg:
            tg.start_soon(watch)
            await ready.wait()
            for i in range(count):
                await log.append("lat.t1.agent", [ev.AgentMessaged(text=str(i))], expected_version=i)
                await anyio.sleep(0.005)
    return _p(delays, 50), _p(delays, 99)


async def _latency_other_process(log: EventLog, url: str, count: int) -> tuple[float, float]:
    code = (
        "import sys, time, anyio\n"
        "from realcli.eventlog import open_log\n"
        "async def main(url, count):\n"
        "    async with open_log(url) as log:\n"
        "        n = 0\n"
        "        print('ready', flush=True)\n"
        "        async for rec in log.subscribe(0, 'xlat'):\n"
        "            print(time.time() - rec.event.at, flush=True)\n"
        "            n += 1\n"
        "            if n == count: return\n"
        "anyio.run(main, sys.argv[1], int(sys.argv[2]))\n"
    )
    async with await anyio.open_process([sys.executable, "-c", code, url, str(count)], cwd=ROOT) as proc:
        assert proc.stdout is not None
        lines: list[str] = []
        buffer = b""
        while b"ready" not in buffer:
            buffer += await proc.stdout.receive()
        for i in range(count):
            await log.append("xlat.t1.agent", [ev.AgentMessaged(text=str(i))], expected_version=i)
            await anyio.sleep(0.005)
        async for chunk in proc.stdout:
            buffer += chunk
        await proc.wait()
        lines = buffer.decode().split()[1:]
    delays = [float(x) for x in lines]
    return _p(delays, 50), _p(delays, 99)


def _p(values: Sequence[float], pct: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


# -------------------------------------------------------------------------------- main


async def run(events: int, replay: int) -> list[Row]:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="realcli-bench-") as tmp:
        root = Path(tmp)
        server = NatsServer(root / "nats")
        server.start()
        try:
            for batch in (1, 100):
                n = events if batch > 1 else events // 10
                async with open_log(f"sqlite:{root / f'a{batch}.db'}") as log:
                    ours = await our_appends(log, n, batch)
                floor = raw_sqlite(root / f"raw{batch}.db", n, batch)
                async with open_log("memory:") as log:
                    memory = await our_appends(log, n, batch)
                rows.append(
                    (
                        f"SQLite append, batch {batch}",
                        f"{ours:,.0f} ev/s",
                        f"raw executemany {floor:,.0f} ev/s",
                        f"{ours / floor:.0%}",
                        versus(memory, raw_memory(n, batch)),
                    )
                )
            rows.append(await reads(root, events * 5))
            per_event, per_batch = await raw_publish(server.url, events * 5, 100)
            for batch, writers in ((1, 1), (1, 32), (100, 1), (100, 32)):
                # Enough appends per writer that connection set-up is noise.
                n = events // 4 if batch == 1 and writers == 1 else events * (5 if batch > 1 else 1)
                async with open_log(f"{server.url}?stream=B{batch}W{writers}") as log:
                    ours = await our_appends(log, n, batch, writers)
                floor = per_event if batch == 1 else per_batch
                rows.append(
                    (
                        f"JetStream append, batch {batch}, {writers} writer(s)",
                        f"{ours:,.0f} ev/s",
                        f"raw publish_async {floor:,.0f} ev/s ({'per event' if batch == 1 else 'per batch'})",
                        f"{ours / floor:.0%}",
                        "",
                    )
                )
            for name, url in (("SQLite", f"sqlite:{root / 'replay.db'}"), ("JetStream", f"{server.url}?stream=REPLAY")):
                await fill(url, replay)
                small = replay_in_subprocess(url, min(100_000, replay))
                full = replay_in_subprocess(url, replay)
                rows.append(
                    (
                        f"{name} replay of {replay:,} events",
                        f"{full['rate']:,.0f} ev/s",
                        f"peak RSS {small['rss_mib']:.0f} MiB after 100k, {full['rss_mib']:.0f} MiB after all",
                        "flat" if full["rss_mib"] < small["rss_mib"] * 1.5 else "GROWS",
                        "",
                    )
                )
            for name, url, cross in (
                ("SQLite subscribe, same process", f"sqlite:{root / 'lat.db'}", False),
                ("SQLite tail, other process", f"sqlite:{root / 'xlat.db'}", True),
                ("JetStream subscribe, same process", f"{server.url}?stream=LAT", False),
                ("JetStream tail, other process", f"{server.url}?stream=XLAT", True),
            ):
                p50, p99 = await latency(url, cross_process=cross)
                rows.append(
                    (f"append-to-visible, {name}", f"p50 {p50 * 1000:.1f} ms", f"p99 {p99 * 1000:.1f} ms", "", "")
                )
        finally:
            server.stop()
    return rows


async def reads(root: Path, total: int) -> Row:
    """One whole-log read in this process, SQLite and memory, each beside its floor."""
    async with open_log(f"sqlite:{root / 'read.db'}") as log:
        await our_appends(log, total, 100)
        count, ours = await our_read(log)
    floor = raw_sqlite_read(root / "read.db")
    async with open_log("memory:") as log:
        await our_appends(log, total, 100)
        _, memory = await our_read(log)
    return (
        f"SQLite read_all of {count:,} events, in process",
        f"{ours:,.0f} ev/s",
        f"raw SELECT + decode {floor:,.0f} ev/s",
        f"{ours / floor:.0%}",
        versus(memory, raw_memory_read(count)),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=20_000, help="events per append measurement")
    parser.add_argument("--replay", type=int, default=1_000_000, help="events in the replay logs")
    args = parser.parse_args(argv)
    rows = anyio.run(run, args.events, args.replay)
    width = max(len(r[0]) for r in rows)
    print(f"{'measurement':<{width}}  {'realcli':>16}  {'floor / detail':<60} {'ratio':<5}  memory: realcli vs floor")
    for name, ours, floor, ratio, memory in rows:
        print(f"{name:<{width}}  {ours:>16}  {floor:<60} {ratio:<5}  {memory}")
    print(
        f"(python {sys.version.split()[0]}, {os.cpu_count()} cpus, max RSS of this process "
        f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB; ratio = realcli / floor)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
