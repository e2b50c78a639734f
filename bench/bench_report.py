"""Report rebuild speed over a large run, beside the raw decode floor of the same bytes.

One synthetic paired run of about 1,000,000 events (protocol-shaped trials
from ``tests/_trials.py``, about 1,000 events each) is written to a SQLite
log with batched appends (one append per run of same-stream events, as
actors write).  Then, each phase in a fresh process (peak RSS = that
process's VmHWM; "base" is the RSS after imports, before the phase):

- ``raw decode``: every stored payload of the run read with ``sqlite3``
  (``fetchmany``) and decoded with one reused ``msgspec.json.Decoder``;
- ``read_all``: the log's ``read_all`` alone (decode + log overhead);
- ``rebuild``: ``read_all`` + the projection fold (``load_run``);
- ``report``: the fold, then ``report()`` (bootstrap, 1,000 resamples);
- ``rejudge``: the rules judge over the whole run (reads each trial's
  streams, judges, appends verdicts and fidelity audits).

Each row shows wall-clock and CPU rates (CPU time of the measuring
process, all threads included: steadier on a shared machine), each beside
the raw decode floor.  Memory stays flat: every phase streams the log; the
fold keeps per-trial facts and verdicts, never events.

Run: ``.venv/bin/python -m bench.bench_report [--events N] [--keep PATH]``
(``--keep`` an existing log to measure it again without rewriting it; each
run adds one judge stream to it).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import msgspec

from realcli import events as ev
from realcli.eventlog import EventLog, open_log
from realcli.judging import load_run, rejudge
from realcli.projections import render_json, report
from tests._trials import RunRecorder, TrialBuilder, catalog_info, rotation_script, task_spec

RUN = "bench"
STEPS_PER_TRIAL = 195  # ~5 events per agent step, ~1,000 events per trial
ROOT = Path(__file__).resolve().parent.parent


def rss_kib(field: str = "VmHWM") -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


# ----------------------------------------------------------------------------- writing


def _play(t: TrialBuilder, steps: int, careless: bool) -> None:
    t.start()
    collab = t.mode == "collab"
    if collab:
        t.slice("s4", trigger="start")
        t.say("Which old logs must I keep, and for how long?", question=True)
        t.slice("s1")
        t.yield_(question_pending=True)
    for step in range(steps):
        t.model_call(tokens_in=2000 + step, tokens_out=120)
        failing = step % 17 == 5
        t.run(
            f"gzip -v /app/logs/app-{step:04d}.log",
            exit_code=1 if failing else 0,
            stdout=f"/app/logs/app-{step:04d}.log:\t 81.2% -- replaced with app-{step:04d}.log.gz\n",
            stderr="gzip: no such file\n" if failing else "",
        )
        t.turn()
        if collab and step == 3:
            t.slice("s2", trigger="command")
    t.say("Done: logs older than 14 days are compressed.", claims_done=True)
    t.yield_(claims_done=True)
    if collab:
        t.probe("p1")
        if careless:
            t.run("rm -f /app/logs/app-2023-*.log")
        else:
            t.say("Audit needs the old logs: I keep them and compress instead of deleting.")
        t.turn()
        t.yield_(claims_done=True)
    t.finish(
        reward=1.0 if not careless else 0.0,
        checks=[(f"test_{i}", "passed") for i in range(10)],
        hard_checks={("p1", "h1"): True, ("p3", "h1"): True},
    )


async def write_run(log: EventLog, target: int) -> int:
    """Append a paired run of about ``target`` events, one trial at a time (memory stays bounded)."""
    header = RunRecorder(RUN)
    per_trial = STEPS_PER_TRIAL * 5 + 30
    tasks = max(1, target // (2 * per_trial))
    header.run_started(tasks=[f"task{i:04d}" for i in range(tasks)], catalog=catalog_info())
    await header.write(log)
    written, counter = len(header.pairs), header._n
    script = rotation_script()
    categories = ("data-processing", "system-administration", "software-engineering", "security")
    for i in range(tasks):
        spec = task_spec(f"task{i:04d}", category=categories[i % len(categories)], script=script)
        for mode in ("exec", "collab"):
            rec = RunRecorder(RUN)
            rec._n = counter
            _play(rec.trial(spec, mode), STEPS_PER_TRIAL, careless=i % 3 == 0)
            await rec.write(log)
            written += len(rec.pairs)
            counter = rec._n
    finished = RunRecorder(RUN)
    finished._n = counter
    finished.run_finished()
    await finished.write(log)
    return written + 1


# ----------------------------------------------------------------------------- phases (child processes)


def phase_raw(db: Path) -> int:
    decoder = msgspec.json.Decoder(ev.AnyEvent)
    count = 0
    with sqlite3.connect(db) as conn:
        cursor = conn.execute("SELECT data FROM events WHERE run = ? ORDER BY position", (RUN,))
        while rows := cursor.fetchmany(2000):
            for (data,) in rows:
                decoder.decode(data)
                count += 1
    return count


async def phase_read_all(db: Path) -> int:
    count = 0
    async with open_log(f"sqlite:{db}", create=False) as log:
        async for _ in log.read_all(0, RUN):
            count += 1
    return count


async def phase_rebuild(db: Path) -> int:
    async with open_log(f"sqlite:{db}", create=False) as log:
        facts = await load_run(log, RUN)
    return facts.events


async def phase_report(db: Path) -> int:
    async with open_log(f"sqlite:{db}", create=False) as log:
        facts = await load_run(log, RUN)
    render_json(report(facts, judge_id=min(facts.judges) if facts.judges else None))
    return facts.events


async def phase_rejudge(db: Path) -> int:
    async with open_log(f"sqlite:{db}", create=False) as log:
        summary = await rejudge(log, RUN, judge="rules", judge_id=f"bench{time.time_ns()}")
    return len(summary.trials_judged)


PHASES: dict[str, Callable[[Path], Any]] = {
    "raw": phase_raw,
    "read_all": phase_read_all,
    "rebuild": phase_rebuild,
    "report": phase_report,
    "rejudge": phase_rejudge,
}


def run_phase(name: str, db: Path) -> None:
    """Child process: one phase, then a JSON line with count, seconds and memory."""
    base = rss_kib("VmRSS")
    fn = PHASES[name]
    started, cpu_started = time.perf_counter(), time.process_time()
    count = anyio.run(fn, db) if name != "raw" else fn(db)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    print(
        json.dumps(
            {
                "phase": name,
                "count": count,
                "seconds": seconds,
                "cpu": cpu,
                "base_mib": base / 1024,
                "peak_mib": rss_kib() / 1024,
            }
        )
    )


def measure(name: str, db: Path) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-m", "bench.bench_report", "--phase", name, "--db", str(db)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


# ----------------------------------------------------------------------------- the table


def _count(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM events WHERE run = ?", (RUN,)).fetchone()[0])


def table(events: int, write_sec: float, rows: list[dict[str, Any]]) -> str:
    """Wall-clock and CPU rates (CPU time of the measuring process, all its threads: steadier on a
    shared machine), each beside the raw decode floor."""
    raw = next(r for r in rows if r["phase"] == "raw")
    raw_wall, raw_cpu = raw["count"] / raw["seconds"], raw["count"] / raw["cpu"]
    written = (
        f"written in {write_sec:.1f} s ({events / write_sec:,.0f} events/s, batched appends)"
        if write_sec
        else "(an existing log, not rewritten)"
    )
    lines = [
        f"run of {events:,} events {written}",
        "",
        f"{'phase':<32} {'count':>10} {'wall s':>7} {'events/s':>10} {'vs raw':>6} {'cpu s':>7} "
        f"{'ev/cpu-s':>10} {'vs raw':>6} {'base MiB':>8} {'peak MiB':>8}",
    ]
    labels = {
        "raw": "raw msgspec decode (sqlite3)",
        "read_all": "read_all (SqliteLog)",
        "rebuild": "rebuild: read_all + fold",
        "report": "report: fold + report() + JSON",
        "rejudge": "rules re-judge (trials)",
    }
    for r in rows:
        wall, cpu = r["count"] / r["seconds"], r["count"] / r["cpu"]
        versus = ("", "") if r["phase"] == "rejudge" else (f"{wall / raw_wall:.0%}", f"{cpu / raw_cpu:.0%}")
        lines.append(
            f"{labels[r['phase']]:<32} {r['count']:>10,} {r['seconds']:>7.2f} {wall:>10,.0f} {versus[0]:>6} "
            f"{r['cpu']:>7.2f} {cpu:>10,.0f} {versus[1]:>6} {r['base_mib']:>8.1f} {r['peak_mib']:>8.1f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=1_000_000, help="size of the synthetic run")
    parser.add_argument(
        "--keep", type=Path, help="keep the log at this path; an existing one is measured again, not rewritten"
    )
    parser.add_argument("--phase", choices=sorted(PHASES), help=argparse.SUPPRESS)
    parser.add_argument("--db", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.phase:
        run_phase(args.phase, args.db)
        return
    with tempfile.TemporaryDirectory(prefix="realcli-bench-") as tmp:
        db = args.keep or Path(tmp) / "bench.db"

        async def write() -> int:
            async with open_log(f"sqlite:{db}") as log:
                return await write_run(log, args.events)

        started = time.perf_counter()
        reuse = args.keep is not None and args.keep.exists()
        events = _count(db) if reuse else anyio.run(write)
        write_sec = 0.0 if reuse else time.perf_counter() - started
        rows = [measure(name, db) for name in ("raw", "read_all", "rebuild", "report", "rejudge")]
        print(table(events, write_sec, rows))


if __name__ == "__main__":
    main()
