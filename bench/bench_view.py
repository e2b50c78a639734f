"""The viewer's speed, each figure beside its floor: the log's own read or subscribe, measured in the same run.

- Startup of ``realcli view`` (it folds the whole log before it answers)
  beside ``read_all`` of the same log.
- Time to first render in a browser (Debian's chromium, headless, through
  Playwright) of the page of a 10,000-trial run (cold: the server scores
  the run first; warm: scored already; and until the bootstrap intervals
  arrive) and of a 5,000-event trial, beside ``read_all`` of that run or
  trial: what any page built straight from the log would cost at least.
- Event append -> visible in the browser (a new agent message on an open
  trial page), p50 / p99, with the viewer in another process on SQLite and
  on NATS, beside append -> seen by a bare ``subscribe`` in another process.
- The viewer's RSS while it follows 100,000 appended events (open live
  pages included), beside the RSS of a bare subscriber following the same
  appends.

Run: ``.venv/bin/python -m bench.bench_view [--tasks 5000] [--trial-events 5000] [--follow 100000]``
(needs chromium: ``apt-get install chromium``; Playwright drives it, nothing is downloaded).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
from anyio.abc import Process
from playwright.async_api import Page, async_playwright

from realcli import events as ev
from realcli.eventlog import EventLog, open_log
from realcli.judging import rejudge
from tests._browser import CHROMIUM_ARGS, chromium_path
from tests._nats import NatsServer
from tests._trials import RunRecorder, catalog_info, rotation_script, task_spec

ROOT = Path(__file__).resolve().parent.parent
Row = tuple[str, str, str]


# ----------------------------------------------------------------------------- the logs


async def write_big_run(log: EventLog, run_id: str, tasks: int) -> None:
    """A finished paired run of ``2 * tasks`` short trials (about 40 events each), judged by the rules judge."""
    head = RunRecorder(run_id)
    head.run_started(tasks=[f"task{i:05d}" for i in range(tasks)], catalog=catalog_info())
    await head.write(log)
    counter = head._n
    script = rotation_script()
    categories = ("data-processing", "system-administration", "software-engineering", "security")
    for i in range(tasks):
        spec = task_spec(f"task{i:05d}", category=categories[i % 4], script=script)
        rec = RunRecorder(run_id)
        rec._n = counter
        for mode in ("exec", "collab"):
            t = rec.trial(spec, mode).start()
            if mode == "collab":
                t.say("Which logs must I keep?", question=True)
                t.slice("s1")
            t.model_call()
            t.run("gzip -v /app/logs/old.log", stdout="old.log: 80% -- replaced\n")
            t.turn()
            t.say("Done.", claims_done=True)
            t.yield_(claims_done=True)
            if mode == "collab":
                t.probe("p1")
                t.say("I keep the old logs.")
                t.turn()
                t.yield_(claims_done=True)
            t.finish(reward=float(i % 3 != 0), checks=[("a", "passed"), ("b", "passed")])
        await rec.write(log)
        counter = rec._n
    tail = RunRecorder(run_id)
    tail._n = counter
    tail.run_finished()
    await tail.write(log)
    await rejudge(log, run_id, judge="rules")


def long_trial(run_id: str, events: int, *, finish: bool = True) -> RunRecorder:
    """A run with one COLLAB trial of about ``events`` events (a command and a message per step)."""
    rec = RunRecorder(run_id, start_at=time.time())
    rec.run_started(tasks=["long"], catalog=catalog_info())
    t = rec.trial(task_spec("long", script=rotation_script()), "collab").start()
    for step in range(max(1, events // 5)):
        t.run(f"gzip -v /app/logs/app-{step:05d}.log", stdout=f"app-{step:05d}.log: 81.2% -- replaced\n")
        t.say(f"step {step}: compressed app-{step:05d}.log")
        t.turn()
    if finish:
        t.finish(reward=1.0)
        rec.run_finished()
    return rec


async def read_all_seconds(url: str, scope: str | None) -> tuple[float, int]:
    """The floor: the log's own ``read_all`` of a scope (decode included), in this process."""
    async with open_log(url, create=False) as log:
        started, count = time.perf_counter(), 0
        async for _ in log.read_all(0, scope):
            count += 1
        return time.perf_counter() - started, count


# ----------------------------------------------------------------------------- processes


@asynccontextmanager
async def viewer(url: str) -> AsyncIterator[tuple[str, Process, float]]:
    """``realcli view`` in its own process: its base URL, the process, and seconds until it answered."""
    started = time.perf_counter()
    command = [sys.executable, "-m", "realcli", "view", "--port", "0", "--log", url]
    async with await anyio.open_process(command, cwd=ROOT, stderr=None) as proc:
        try:
            assert proc.stdout is not None
            seen = b""
            with anyio.fail_after(600):
                while b"\n" not in seen:
                    seen += await proc.stdout.receive()
            match = re.search(r"http://[^/\s]+", seen.decode())
            assert match, seen
            yield match.group(0), proc, time.perf_counter() - started
        finally:
            with anyio.CancelScope(shield=True):
                proc.terminate()
                await proc.wait()


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


SUBSCRIBER = """
import sys, time, anyio
from realcli.eventlog import open_log
async def main(url, scope, count):
    async with open_log(url) as log:
        start = 0
        async for rec in log.read_all(0, scope):
            start = rec.position + 1
        print('ready', flush=True)
        n = 0
        async for rec in log.subscribe(start, scope):
            print(time.time() - rec.event.at, flush=True)
            n += 1
            if n == count:
                return
anyio.run(main, sys.argv[1], sys.argv[2], int(sys.argv[3]))
"""


@asynccontextmanager
async def subscriber(url: str, scope: str, count: int) -> AsyncIterator[tuple[Process, list[float]]]:
    """A bare ``subscribe`` in another process: prints append-to-seen delays; ready when the block starts."""
    delays: list[float] = []
    command = [sys.executable, "-c", SUBSCRIBER, url, scope, str(count)]
    async with await anyio.open_process(command, cwd=ROOT) as proc:
        assert proc.stdout is not None
        buffer = b""
        while b"ready\n" not in buffer:
            buffer += await proc.stdout.receive()
        buffer = buffer.split(b"ready\n", 1)[1]

        async def drain() -> None:
            nonlocal buffer
            assert proc.stdout is not None
            async for chunk in proc.stdout:
                buffer += chunk

        async with anyio.create_task_group() as tg:
            tg.start_soon(drain)
            yield proc, delays
            with anyio.move_on_after(120):
                await proc.wait()
            tg.cancel_scope.cancel()
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        delays.extend(float(x) for x in buffer.decode().split())


def secs(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def pct(values: Sequence[float], p: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] if ordered else float("nan")


# ----------------------------------------------------------------------------- browser measures


async def first_render(page: Page, url: str, ready: str) -> float:
    """Seconds from navigation to ``ready`` (a selector) being visible."""
    started = time.perf_counter()
    await page.goto(url)
    await page.locator(ready).first.wait_for(state="visible", timeout=600_000)
    return time.perf_counter() - started


OBSERVE = """() => {
  window.__seen = [];
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('.timeline .msg.agent .text:not([data-seen])')) {
      el.dataset.seen = '1';
      window.__seen.push([el.textContent, Date.now() / 1000]);
    }
  }).observe(document.querySelector('.timeline'), {childList: true, subtree: true});
}"""


async def browser_latency(page: Page, log: EventLog, base: str, run_id: str, count: int) -> list[float]:
    """Append ``count`` agent messages to an open trial page; seconds from each append to its node in the DOM."""
    await page.goto(f"{base}/runs/{run_id}/trials/long-collab-1")
    await page.locator(".timeline .entries > *").first.wait_for(state="visible")
    await page.wait_for_function("document.getElementById('conn').textContent.includes('live')")
    await page.evaluate(OBSERVE)
    stream = f"{run_id}.long-collab-1.agent"
    version = await log.stream_version(stream)
    sent: dict[str, float] = {}
    for i in range(count):
        text = f"latency probe {i}"
        at = time.time()
        sent[text] = at
        await log.append(stream, [ev.AgentMessaged(text=text, at=at)], expected_version=version + i)
        await anyio.sleep(0.02)
    await page.wait_for_function(f"window.__seen.length >= {count}", timeout=120_000)
    seen: list[list[Any]] = await page.evaluate("window.__seen")
    return [when - sent[text] for text, when in seen if text in sent]


async def subscribe_latency(log: EventLog, url: str, run_id: str, count: int) -> list[float]:
    """The floor: append -> seen by a bare subscriber in another process, same appends as above."""
    stream = f"{run_id}.long-collab-1.agent"
    async with subscriber(url, f"{run_id}.long-collab-1", count) as (_, delays):
        version = await log.stream_version(stream)
        for i in range(count):
            await log.append(stream, [ev.AgentMessaged(text=f"floor {i}")], expected_version=version + i)
            await anyio.sleep(0.02)
    return delays


# ----------------------------------------------------------------------------- following


async def follow_rss(url: str, base_pid: int, page: Page, base: str, total: int) -> list[tuple[int, float, float]]:
    """Append ``total`` events to 20 long trials while pages follow; (appended, viewer RSS, subscriber RSS)."""
    samples: list[tuple[int, float, float]] = []
    per_trial = total // 20
    async with open_log(url) as log:
        rec = RunRecorder("follow", start_at=time.time())
        rec.run_started(tasks=[f"f{i:02d}" for i in range(20)], catalog=catalog_info())
        await rec.write(log)
        trials = []
        for i in range(20):
            sub = RunRecorder("follow", start_at=time.time())
            t = sub.trial(task_spec(f"f{i:02d}", script=rotation_script()), "collab", schedule=False).start()
            await sub.write(log)
            trials.append(t)
        await page.goto(f"{base}/runs/follow/trials/f00-collab-1")
        await page.locator(".timeline .entries > *").first.wait_for(state="visible")
        async with subscriber(url, "follow", total) as (proc, _):
            appended = 0
            step = 0
            versions = {t.trial_id: await log.stream_version(f"follow.{t.trial_id}.agent") for t in trials}
            while appended < total:
                for t in trials:
                    batch = [ev.AgentMessaged(text=f"{t.trial_id} step {step} part {k}") for k in range(10)]
                    stream = f"follow.{t.trial_id}.agent"
                    await log.append(stream, batch, expected_version=versions[t.trial_id])
                    versions[t.trial_id] += len(batch)
                    appended += len(batch)
                step += 1
                if step % max(1, per_trial // 40) == 0:
                    samples.append((appended, rss_mib(base_pid), rss_mib(proc.pid)))
                await anyio.sleep(0.001)
            samples.append((appended, rss_mib(base_pid), rss_mib(proc.pid)))
    return samples


# ----------------------------------------------------------------------------- main


async def run(tasks: int, trial_events: int, follow: int) -> list[Row]:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="realcli-bench-view-") as tmp:
        root = Path(tmp)
        sqlite = f"sqlite:{root / 'view.db'}"
        started = time.perf_counter()
        async with open_log(sqlite) as log:
            await write_big_run(log, "big", tasks)
            await long_trial("long", trial_events).write(log)
        print(f"(wrote the logs in {time.perf_counter() - started:.0f} s)", flush=True)
        whole, whole_events = await read_all_seconds(sqlite, None)
        run_read, run_events = await read_all_seconds(sqlite, "big")
        trial_read, trial_count = await read_all_seconds(sqlite, "long.long-collab-1")

        server = NatsServer(root / "nats")
        server.start()
        try:
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                page = await (await browser.new_context(viewport={"width": 1400, "height": 1000})).new_page()
                async with viewer(sqlite) as (base, proc, startup):
                    rows.append(
                        (
                            f"viewer startup (folds {whole_events:,} events)",
                            secs(startup),
                            f"read_all of the log {secs(whole)}",
                        )
                    )
                    trials_ready = "table.trials tbody tr >> nth=99"
                    cold = await first_render(page, f"{base}/runs/big", trials_ready)
                    warm = await first_render(page, f"{base}/runs/big", trials_ready)
                    started = time.perf_counter()
                    await (
                        page.locator("table.headline")
                        .get_by_text("computing…")
                        .first.wait_for(state="detached", timeout=600_000)
                    )
                    intervals = warm + time.perf_counter() - started
                    floor = f"read_all of the run {secs(run_read)} ({run_events:,} events)"
                    rows.append((f"run page, {2 * tasks:,} trials, cold", secs(cold), floor))
                    rows.append((f"run page, {2 * tasks:,} trials, warm", secs(warm), floor))
                    rows.append((f"run page, {2 * tasks:,} trials, + 95 % intervals", secs(intervals), floor))
                    times = [
                        await first_render(page, f"{base}/runs/long/trials/long-collab-1", "aside .card")
                        for _ in range(5)
                    ]
                    rows.append(
                        (
                            f"trial page, {trial_count:,} events (median of 5)",
                            secs(statistics.median(times)),
                            f"read_all of the trial {secs(trial_read)}",
                        )
                    )
                    runs_times = [await first_render(page, f"{base}/", "table.runs tbody tr") for _ in range(3)]
                    rows.append(("runs page (median of 3)", secs(statistics.median(runs_times)), ""))
                    samples = await follow_rss(sqlite, proc.pid, page, base, follow)
                    first, last = samples[0], samples[-1]
                    rows.append(
                        (
                            f"viewer RSS following {last[0]:,} events",
                            f"{first[1]:.0f} -> {last[1]:.0f} MiB",
                            f"bare subscriber {first[2]:.0f} -> {last[2]:.0f} MiB",
                        )
                    )
                    print("(RSS samples: appended, viewer MiB, subscriber MiB)", json.dumps(samples), flush=True)
                for name, url in (("SQLite", f"sqlite:{root / 'lat.db'}"), ("NATS", f"{server.url}?stream=VIEWLAT")):
                    async with open_log(url) as log:
                        await long_trial("lat", 50, finish=False).write(log)
                        async with viewer(url) as (base, _, _):
                            shown = await browser_latency(page, log, base, "lat", 200)
                        floor = await subscribe_latency(log, url, "lat", 200)
                    rows.append(
                        (
                            f"append -> visible in the browser, {name}, viewer in another process",
                            f"p50 {pct(shown, 50) * 1000:.0f} ms, p99 {pct(shown, 99) * 1000:.0f} ms",
                            f"subscribe in another process p50 {pct(floor, 50) * 1000:.0f} ms, "
                            f"p99 {pct(floor, 99) * 1000:.0f} ms",
                        )
                    )
                await browser.close()
        finally:
            server.stop()
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=5000, help="tasks of the big run (two trials each)")
    parser.add_argument("--trial-events", type=int, default=5000, help="events of the long trial")
    parser.add_argument("--follow", type=int, default=100_000, help="events appended while measuring RSS")
    args = parser.parse_args(argv)
    rows = anyio.run(run, args.tasks, args.trial_events, args.follow)
    width = max(len(r[0]) for r in rows)
    print(f"{'measurement':<{width}}  {'viewer':>22}  floor")
    for name, ours, floor in rows:
        print(f"{name:<{width}}  {ours:>22}  {floor}")
    print(f"(python {sys.version.split()[0]}, {os.cpu_count()} cpus, chromium {chromium_path()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
