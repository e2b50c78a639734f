"""Whole trials and runs, beside the sandbox floors.

1. Per-trial harness overhead: a trivial task with the oracle agent in EXEC
   mode (image cached; create, copy the solution, exec, evidence snapshot,
   copy tests, verify, remove; every step an event in a SQLite log), next to
   ``docker run --rm IMAGE true`` and a bare aiodocker create/start/exec/remove
   loop, sequentially and at concurrency 8 and 32.
2. Against the floor (``--part floor``): the same trial beside the raw Docker
   CLI doing the least a trial needs (``docker run -d`` with the solution and
   tests bind-mounted, ``docker exec`` the solution, ``docker exec`` the
   tests, ``docker rm -f``), each concurrency's pair measured back to back;
   and the engine round trips of one realcli trial, counted at the client.
3. ``realcli run`` throughput: the oracle on the bundled tasks in paired mode
   at concurrency 1, 8 and 32 (trials per minute), and the log's weight per
   trial (events and bytes).
4. The disk cap's cost (``--part disk``, on an engine that caps disks): the
   trivial trial with ``storage_mb`` (the engine's cap, realcli watching it,
   the verifier's room) and without, beside the CLI floor with and without
   ``--storage-opt size``: pairs of trials run in turns, so that the
   machine's drifting load hits both sides alike; the median difference.

Run: ``.venv/bin/python -m bench.bench_trials [--part overhead|floor|run|disk] [--tasks tasks]``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import msgspec
from anyio.abc import ByteReceiveStream
from anyio.streams.buffered import BufferedByteReceiveStream

from bench.bench_sandbox import Bench, Measurement, Scenario, format_table, measure, run_bench
from realcli import events as ev
from realcli.environments import RoundTrips, connect, disk_enforcement, ensure_task_image, gc
from realcli.eventlog import EventLog, open_log
from realcli.runtime import OracleAgent, RunPlan, ScriptedVoice, TrialRunner, TrialSpec, start_run
from realcli.scripts_catalog import load_catalog
from realcli.taskformat import Task, find_tasks, load_task
from tests._tasks import make_task

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class _TrialState:
    log: EventLog
    task: Task
    image: str = ""


@contextlib.asynccontextmanager
async def _trivial_task(bench: Bench, storage_mb: int | None = None) -> AsyncIterator[_TrialState]:
    with tempfile.TemporaryDirectory(prefix="realcli-bench-") as tmp:
        # No network, as the floor's `docker run --network none` (a task with network makes its run's bridge).
        toml = "[environment]\nallow_internet = false\n"
        toml += f"storage_mb = {storage_mb}\n" if storage_mb else ""
        toml += "\n[verifier]\ntimeout_sec = 60\n"
        task = load_task(make_task(Path(tmp), "trivial", toml=toml))
        async with open_log(f"sqlite:{Path(tmp) / 'log.db'}") as log:
            image = await ensure_task_image(bench.docker, task.task_id, task.environment_dir)
            state = _TrialState(log, task, image.tag)
            await _harness_trial(bench, state)  # warm everything outside the timing
            yield state


async def _harness_trial(bench: Bench, state: _TrialState) -> None:
    spec = TrialSpec(run_id=bench.run, trial_id=f"t{secrets.token_hex(4)}", task=state.task, mode="exec", attempt=1)
    outcome = await TrialRunner(state.log, bench.docker, spec, OracleAgent(), None).run()
    assert outcome.reward == 1.0, outcome


async def _bare_trial(bench: Bench, state: _TrialState) -> None:
    """The same engine work as a trial, in bare aiodocker: no events, no actors, no checks."""
    import io
    import tarfile

    def tar_of(name: str, content: bytes) -> bytes:
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w") as tar:
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(content), 0o755
            tar.addfile(info, io.BytesIO(content))
        return buf.getvalue()

    async def run(container: Any, cmd: str) -> None:
        ex = await container.exec(["sh", "-c", cmd])
        async with ex.start(detach=False) as stream:
            while await stream.read_out() is not None:
                pass
        await ex.inspect()

    config = {
        "Image": state.image,
        "Entrypoint": ["sh", "-c", "mkdir -p /logs/verifier; while :; do sleep 86400; done"],
        "Labels": {"realcli.kind": "bench", "realcli.run": bench.run},
        "HostConfig": {"NetworkMode": "none", "Init": True},
    }
    container = await bench.docker.containers.create(config)
    try:
        await container.start()
        solve = (state.task.solution_dir / "solve.sh").read_bytes()
        await container.put_archive("/", tar_of("solution/solve.sh", solve))
        await run(container, "bash /solution/solve.sh")
        await run(container, "find /app -maxdepth 3 | head -n 500")
        await container.put_archive("/", tar_of("tests/test.sh", (state.task.tests_dir / "test.sh").read_bytes()))
        await run(container, "bash /tests/test.sh")
        await container.get_archive("/logs/verifier")
    finally:
        with anyio.CancelScope(shield=True):
            await container.delete(force=True)


async def _cli_floor(bench: Bench, state: _TrialState, storage_mb: int | None = None) -> None:
    """The raw Docker CLI doing the least a trial needs: run, exec the solution, exec the tests, rm."""

    async def docker(*args: str) -> str:
        done = await anyio.run_process(["docker", *args])
        return done.stdout.decode()

    task = state.task
    container = (
        await docker(
            "run",
            "-d",
            "--network",
            "none",
            "--init",
            *(["--storage-opt", f"size={storage_mb}M"] if storage_mb else []),
            "--label",
            "realcli.kind=bench",
            "--label",
            f"realcli.run={bench.run}",
            "-v",
            f"{task.solution_dir}:/solution:ro",
            "-v",
            f"{task.tests_dir}:/tests:ro",
            "--entrypoint",
            "sh",
            state.image,
            "-c",
            "while :; do sleep 86400; done",
        )
    ).strip()
    try:
        await docker("exec", container, "bash", "/solution/solve.sh")
        reward = await docker("exec", container, "sh", "-c", "bash /tests/test.sh; cat /logs/verifier/reward.txt")
        assert reward.strip() == "1", reward
    finally:
        with anyio.CancelScope(shield=True):
            await docker("rm", "-f", container)


async def count_round_trips(image: str) -> RoundTrips:
    """The engine requests of one realcli trial (after a warm-up trial), counted at the client."""
    counter = RoundTrips()
    async with connect(round_trips=counter) as docker:
        bench = Bench(docker=docker, image=image, run=f"bench-{secrets.token_hex(4)}")
        try:
            async with _trivial_task(bench) as state:
                counter.reset()
                await _harness_trial(bench, state)
                counted = RoundTrips()
                counted.counts.update(counter.counts)  # not the clean-up's
        finally:
            with anyio.CancelScope(shield=True):
                await gc(docker, run=bench.run)
    return counted


async def side_by_side(bench: Bench, *, concurrency: int, trials: int) -> float:
    """The p50 latency ratio of realcli and floor trials run at once, each at half the concurrency (1 at 1).

    The floor is driven from a process of its own (``--part floor-worker``):
    in this one, its ``docker`` subprocesses would stall the event loop that
    the realcli trials run on (measured: ~200 ms between a trial's events at
    32 in one process, ~5 ms with the floor in its own), which measures the
    bench, not realcli.  Both sides are set up and warm before either starts.
    """
    half = max(1, concurrency // 2)
    worker = [sys.executable, "-m", "bench.bench_trials", "--part", "floor-worker", "--concurrency", str(half)]
    async with (
        _trivial_task(bench) as state,
        await anyio.open_process([*worker, "--trials", str(trials)], stderr=None) as floor,
    ):
        assert floor.stdin is not None
        assert floor.stdout is not None
        lines = _lines(floor.stdout)
        assert await anext(lines) == "ready"
        await floor.stdin.send(b"go\n")
        ours = await _timed(functools.partial(_harness_trial, bench, state), half, trials)
        floor_ms = msgspec.json.decode(await anext(lines), type=list[float])
    return statistics.median(ours) / statistics.median(floor_ms)


async def floor_worker(concurrency: int, trials: int) -> None:
    """The floor's half of ``side_by_side``: set up, say ``ready``, wait for ``go``, print the latencies (JSON)."""
    async with connect() as docker:
        bench = Bench(docker=docker, image="", run=f"bench-{secrets.token_hex(4)}")
        try:
            async with _trivial_task(bench) as state:
                await _cli_floor(bench, state)  # warm, as the realcli side is
                print("ready", flush=True)
                await anyio.to_thread.run_sync(sys.stdin.readline)
                latencies = await _timed(functools.partial(_cli_floor, bench, state), concurrency, trials)
                print(msgspec.json.encode(latencies).decode(), flush=True)
        finally:
            with anyio.CancelScope(shield=True):
                await gc(docker, run=bench.run)


async def _timed(trial: Callable[[], Awaitable[None]], concurrency: int, trials: int) -> list[float]:
    """``trials`` runs of ``trial``, ``concurrency`` at a time: each one's latency (ms)."""
    latencies: list[float] = []
    limiter = anyio.CapacityLimiter(concurrency)

    async def one() -> None:
        async with limiter:
            t0 = time.perf_counter()
            await trial()
            latencies.append((time.perf_counter() - t0) * 1000)

    async with anyio.create_task_group() as tg:
        for _ in range(trials):
            tg.start_soon(one)
    return latencies


async def _lines(stream: ByteReceiveStream) -> AsyncIterator[str]:
    buffered = BufferedByteReceiveStream(stream)
    while True:
        yield (await buffered.receive_until(b"\n", 1 << 24)).decode()


async def against_floor(levels: Sequence[int], trials: int | None) -> list[tuple[Measurement, Measurement, float]]:
    """Each concurrency: the CLI floor and the realcli trial, measured back to back (warm-up first), then
    side by side (``side_by_side``: both at once, the same load for both)."""
    pairs = []
    async with connect() as docker:
        bench = Bench(docker=docker, image="", run=f"bench-{secrets.token_hex(4)}")
        try:
            for c in levels:
                n = trials or max(16, 2 * c)
                pair = []
                for scenario in (FLOOR, TRIAL):
                    await measure(bench, scenario, concurrency=c, trials=min(n, 4))  # warm-up
                    pair.append(await measure(bench, scenario, concurrency=c, trials=n))
                mixed = await side_by_side(bench, concurrency=c, trials=n)
                pairs.append((pair[0], pair[1], mixed))
        finally:
            with anyio.CancelScope(shield=True):
                await gc(docker, run=bench.run)
    return pairs


def format_against_floor(pairs: Sequence[tuple[Measurement, Measurement, float]], trips: RoundTrips) -> str:
    lines = [
        f"realcli trial vs {FLOOR.name} (p50 latency ms, trials/s; ratio = realcli / floor):",
        f"{'concurrency':<12} {'floor p50':>10} {'realcli p50':>12} {'p50 ratio':>10} "
        f"{'floor /s':>9} {'realcli /s':>11} {'wall ratio':>11} {'side by side p50 ratio':>23}",
    ]
    for floor, ours, mixed in pairs:
        lines.append(
            f"c={floor.concurrency:<10} {floor.pct(0.5):>10.0f} {ours.pct(0.5):>12.0f} "
            f"{ours.pct(0.5) / floor.pct(0.5):>9.2f}x {floor.per_sec:>9.2f} {ours.per_sec:>11.2f} "
            f"{floor.per_sec / ours.per_sec:>10.2f}x {mixed:>22.2f}x"
        )
    lines.append(
        f"\nengine round trips of one realcli trial: {trips.total} "
        "(the floor's CLI makes 9 besides pings: create, start, 2 x (exec create, start, inspect), delete)"
    )
    lines += [f"  {count:>3}  {what}" for what, count in sorted(trips.counts.items(), key=lambda kv: -kv[1])]
    return "\n".join(lines)


FLOOR = Scenario("docker CLI floor (run, exec, exec, rm)", _cli_floor, setup=_trivial_task)
TRIAL = Scenario("realcli trial (oracle, EXEC, all events)", _harness_trial, setup=_trivial_task)
BARE_TRIAL = Scenario("aiodocker bare, same engine calls as a trial", _bare_trial, setup=_trivial_task)
DISK_MB = 200
CAPPED_FLOOR = Scenario(
    f"docker CLI floor, --storage-opt size={DISK_MB}M",
    functools.partial(_cli_floor, storage_mb=DISK_MB),
    setup=_trivial_task,
)
CAPPED_TRIAL = Scenario(
    f"realcli trial, storage_mb = {DISK_MB} (capped)",
    _harness_trial,
    setup=functools.partial(_trivial_task, storage_mb=DISK_MB),
)
DISK_PAIRS = ((FLOOR, CAPPED_FLOOR), (TRIAL, CAPPED_TRIAL))


@dataclass(frozen=True)
class PairedRun:
    """Trials of two scenarios run in turns (each worker alternating which goes first): latencies and differences."""

    plain: Measurement
    capped: Measurement
    differences_ms: list[float]


async def paired(bench: Bench, plain: Scenario, capped: Scenario, *, concurrency: int, pairs: int) -> PairedRun:
    """``pairs`` pairs of trials, ``concurrency`` workers at once: the machine's drift hits both sides alike."""
    assert plain.setup is not None
    assert capped.setup is not None
    lat: dict[str, list[float]] = {plain.name: [], capped.name: []}
    differences: list[float] = []
    async with plain.setup(bench) as plain_state, capped.setup(bench) as capped_state:
        sides = ((plain, plain_state), (capped, capped_state))

        async def worker(n: int, first: int) -> None:
            for i in range(n):
                took = {}
                for scenario, state in sides if (first + i) % 2 == 0 else sides[::-1]:
                    t0 = time.perf_counter()
                    await scenario.trial(bench, state)
                    took[scenario.name] = (time.perf_counter() - t0) * 1000
                    lat[scenario.name].append(took[scenario.name])
                differences.append(took[capped.name] - took[plain.name])

        started = time.perf_counter()
        async with anyio.create_task_group() as tg:
            for w in range(concurrency):
                tg.start_soon(worker, pairs // concurrency + (w < pairs % concurrency), w)
        wall = time.perf_counter() - started
    return PairedRun(
        Measurement(plain.name, concurrency, pairs, wall, lat[plain.name]),
        Measurement(capped.name, concurrency, pairs, wall, lat[capped.name]),
        differences,
    )


async def disk_overhead(levels: Sequence[int], trials: int | None) -> list[PairedRun]:
    """The floor pair and the realcli pair of ``DISK_PAIRS`` at each concurrency (warm first)."""
    results: list[PairedRun] = []
    async with connect() as docker:
        found = await disk_enforcement(docker)
        if found.kind != "quota":
            raise SystemExit(f"--part disk needs an engine that caps sandbox disks, and {found.reason}")
        bench = Bench(docker=docker, image="", run=f"bench-{secrets.token_hex(4)}")
        try:
            for c in levels:
                for plain, capped in DISK_PAIRS:
                    await paired(bench, plain, capped, concurrency=c, pairs=min(c, 4))  # warm-up
                    results.append(await paired(bench, plain, capped, concurrency=c, pairs=trials or max(16, 2 * c)))
        finally:
            with anyio.CancelScope(shield=True):
                await gc(docker, run=bench.run)
    return results


def format_disk_overhead(results: Sequence[PairedRun]) -> str:
    """Each pair: both sides' p50 and the median of the paired differences (what the cap costs a trial)."""
    lines = [
        "the disk cap's cost per trial (pairs of trials run in turns; difference = capped - uncapped):",
        f"{'concurrency':<12} {'scenario':<44} {'p50 ms':>8} {'capped p50':>11} {'median diff':>12} "
        f"{'IQR of diff':>16}",
    ]
    for r in results:
        q1, _, q3 = statistics.quantiles(r.differences_ms, n=4)
        lines.append(
            f"c={r.plain.concurrency:<10} {r.plain.scenario:<44} {r.plain.pct(0.5):>8.0f} {r.capped.pct(0.5):>11.0f} "
            f"{statistics.median(r.differences_ms):>+11.0f}  {q1:>+7.0f} .. {q3:>+5.0f}"
        )
    return "\n".join(lines)


async def run_throughput(tasks_dir: Path, levels: Sequence[int]) -> list[tuple[str, ...]]:
    """Trials per minute of ``realcli run`` (oracle, paired) at each concurrency, and log weight per trial."""
    tasks = [load_task(p) for p in find_tasks([tasks_dir])]
    rows: list[tuple[str, ...]] = []
    with tempfile.TemporaryDirectory(prefix="realcli-bench-") as tmp:
        async with open_log(f"sqlite:{Path(tmp) / 'log.db'}") as log:
            for c in (max(levels), *levels):  # the first pass builds every image and is not reported
                run_id = f"bench-c{c}-{secrets.token_hex(3)}"
                plan = RunPlan(
                    run_id=run_id,
                    tasks=tasks,
                    mode="paired",
                    agent=OracleAgent.info,
                    make_agent=lambda task: OracleAgent(task.spec.oracle),
                    voice=lambda s, w: ScriptedVoice(),
                    concurrency=c,
                    catalog=load_catalog().info(),
                    user_sim=ScriptedVoice.info,
                )
                started = time.perf_counter()
                result = await start_run(log, plan)
                wall = time.perf_counter() - started
                if not rows:
                    rows.append(("(warm-up)", str(len(result.outcomes)), f"{wall:.1f} s", "", ""))
                    continue
                events, size = 0, 0
                async for rec in log.read_all(0, run_id):
                    events += 1
                    size += len(ev.encode(rec.event)) if not isinstance(rec.event, ev.UnknownEvent) else 0
                trials = len(result.outcomes)
                ok = sum(o.reward == 1.0 for o in result.outcomes)
                rows.append(
                    (
                        f"c={c}",
                        f"{trials} ({ok} pass)",
                        f"{wall:.1f} s",
                        f"{trials / wall * 60:.1f}",
                        f"{events / trials:.0f} events, {size / trials / 1024:.1f} KiB",
                    )
                )
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=["overhead", "floor", "run", "disk", "all", "floor-worker"], default="all")
    parser.add_argument("--tasks", type=Path, default=ROOT / "tasks")
    parser.add_argument("--concurrency", default="1,8,32")
    parser.add_argument("--trials", type=int, default=None)
    args = parser.parse_args(argv)
    levels = [int(c) for c in args.concurrency.split(",")]
    if args.part == "floor-worker":  # side_by_side's other process
        anyio.run(floor_worker, levels[0], args.trials)
        return 0
    if args.part in ("overhead", "all"):
        results = anyio.run(
            lambda: run_bench(
                concurrency=levels,
                trials=args.trials,
                only=["docker run", "aiodocker bare", "realcli trial"],
                extra=[BARE_TRIAL, TRIAL],
            )
        )
        print(format_table(results))
        for floor in ("aiodocker bare", BARE_TRIAL.name):
            bare = {m.concurrency: m for m in results if m.scenario == floor}
            for m in results:
                if m.scenario == TRIAL.name:
                    print(
                        f"  c={m.concurrency}: realcli trial p50 = {m.pct(0.5) / bare[m.concurrency].pct(0.5):.2f}x "
                        f"'{floor}', throughput {m.per_sec / bare[m.concurrency].per_sec:.2f}x"
                    )
    if args.part in ("floor", "all"):
        trips = anyio.run(count_round_trips, "")
        pairs = anyio.run(against_floor, levels, args.trials)
        print(format_against_floor(pairs, trips))
    if args.part == "disk":
        print(format_disk_overhead(anyio.run(disk_overhead, levels, args.trials)))
    if args.part in ("run", "all"):
        rows: list[Any] = anyio.run(run_throughput, args.tasks, levels)
        print(f"\nrealcli run, oracle, paired, {args.tasks}:")
        print(f"{'concurrency':<12} {'trials':<14} {'wall':<10} {'trials/min':<12} log per trial")
        for row in rows:
            print(f"{row[0]:<12} {row[1]:<14} {row[2]:<10} {row[3]:<12} {row[4]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
