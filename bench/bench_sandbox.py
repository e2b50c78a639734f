"""Per-trial sandbox overhead: the floor under every trial, measured at several concurrencies.

Rows (scenarios), each one "trial" = create a container, run ``true`` in it, remove it:

- ``docker run --rm``: the docker CLI, the raw floor (the only place the CLI is used);
- ``aiodocker bare``: create/start/exec/remove with aiodocker and nothing else;
- ``DockerSandbox``: realcli's sandbox (labels, /logs dirs, limits, timeout wrapper);
- ``DockerSandbox, storage_mb capped``: the same with a disk budget of 200 MB (on an
  engine that caps it: the engine's cap, its layer found, one look at it, the
  verifier's room made, as a trial does);
- ``exec (warm sandbox)``: one command in an already running sandbox (per-command cost).

Run: ``.venv/bin/python -m bench.bench_sandbox`` (or ``python bench/bench_sandbox.py``);
``--help`` for options.  More rows: append a ``Scenario`` to ``SCENARIOS`` (or pass
``extra=`` to ``run_bench``); a scenario's ``trial`` is awaited once per trial.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import secrets
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import aiodocker
import anyio

from realcli.environments import DockerSandbox, connect, gc

DEFAULT_IMAGE = "debian:bookworm-slim"
DEFAULT_CONCURRENCY = (1, 8, 32)


@dataclass(frozen=True, slots=True)
class Bench:
    """What a scenario gets: the engine, the image and a run id that labels its sandboxes."""

    docker: aiodocker.Docker
    image: str
    run: str


@dataclass(frozen=True, slots=True)
class Scenario:
    """One row.  ``setup`` (optional) yields a state shared by all trials of one measurement."""

    name: str
    trial: Callable[[Bench, Any], Awaitable[None]]
    setup: Callable[[Bench], AbstractAsyncContextManager[Any]] | None = None


@dataclass(frozen=True, slots=True)
class Measurement:
    scenario: str
    concurrency: int
    trials: int
    wall_sec: float
    latencies_ms: list[float] = field(repr=False)

    @property
    def per_sec(self) -> float:
        return self.trials / self.wall_sec

    def pct(self, q: float) -> float:
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# ------------------------------------------------------------------- scenarios


async def _cli_run(bench: Bench, _: None) -> None:
    await anyio.run_process(["docker", "run", "--rm", "--network", "none", bench.image, "true"])


async def _bare_aiodocker(bench: Bench, _: None) -> None:
    config: dict[str, Any] = {
        "Image": bench.image,
        "Entrypoint": ["sh", "-c", "while :; do sleep 86400; done"],
        "Labels": {"realcli.kind": "bench", "realcli.run": bench.run},
        "HostConfig": {"NetworkMode": "none", "Init": True},
    }
    container = await bench.docker.containers.create(config)
    try:
        await container.start()
        ex = await container.exec(["true"])
        async with ex.start(detach=False) as stream:
            while await stream.read_out() is not None:
                pass
        await ex.inspect()
    finally:
        with anyio.CancelScope(shield=True):
            await container.delete(force=True)


async def _sandbox(bench: Bench, _: None) -> None:
    async with DockerSandbox(bench.docker, bench.image, run=bench.run, trial=secrets.token_hex(4)) as sb:
        result = await sb.exec("true", timeout_sec=60)
        assert result.exit_code == 0, result


async def _capped_sandbox(bench: Bench, _: None) -> None:
    trial = secrets.token_hex(4)
    async with DockerSandbox(bench.docker, bench.image, run=bench.run, trial=trial, storage_mb=200) as sb:
        result = await sb.exec("true", timeout_sec=60)
        assert result.exit_code == 0, result
        assert not (await sb.disk_use()).full
        await sb.set_disk_phase("verifier")


@contextlib.asynccontextmanager
async def _warm_sandbox(bench: Bench) -> AsyncIterator[DockerSandbox]:
    async with DockerSandbox(bench.docker, bench.image, run=bench.run, trial="warm") as sb:
        yield sb


async def _warm_exec(bench: Bench, sb: DockerSandbox) -> None:
    result = await sb.exec("true", timeout_sec=60)
    assert result.exit_code == 0, result


SCENARIOS: list[Scenario] = [
    Scenario("docker run --rm (CLI)", _cli_run),
    Scenario("aiodocker bare", _bare_aiodocker),
    Scenario("DockerSandbox", _sandbox),
    Scenario("DockerSandbox, storage_mb capped", _capped_sandbox),
    Scenario("exec (warm sandbox)", _warm_exec, setup=_warm_sandbox),
]


# --------------------------------------------------------------------- running


async def measure(bench: Bench, scenario: Scenario, *, concurrency: int, trials: int) -> Measurement:
    """Run ``trials`` trials of ``scenario``, at most ``concurrency`` at a time."""
    latencies: list[float] = []
    limiter = anyio.CapacityLimiter(concurrency)
    setup = scenario.setup(bench) if scenario.setup else contextlib.nullcontext()
    async with setup as state:

        async def one() -> None:
            async with limiter:
                t0 = time.perf_counter()
                await scenario.trial(bench, state)
                latencies.append((time.perf_counter() - t0) * 1000)

        started = time.perf_counter()
        async with anyio.create_task_group() as tg:
            for _ in range(trials):
                tg.start_soon(one)
        wall = time.perf_counter() - started
    return Measurement(scenario.name, concurrency, trials, wall, latencies)


async def run_bench(
    *,
    image: str = DEFAULT_IMAGE,
    concurrency: Sequence[int] = DEFAULT_CONCURRENCY,
    trials: int | None = None,
    only: Sequence[str] | None = None,
    extra: Sequence[Scenario] = (),
    progress: Callable[[Measurement], None] | None = None,
) -> list[Measurement]:
    """Measure every scenario (or those whose name contains one of ``only``) at each concurrency.

    ``trials`` per measurement defaults to max(16, 2 x concurrency).
    """
    scenarios = [s for s in [*SCENARIOS, *extra] if not only or any(o.lower() in s.name.lower() for o in only)]
    results: list[Measurement] = []
    async with connect() as docker:
        bench = Bench(docker=docker, image=image, run=f"bench-{secrets.token_hex(4)}")
        try:
            for scenario in scenarios:
                for c in concurrency:
                    n = trials or max(16, 2 * c)
                    await measure(bench, scenario, concurrency=c, trials=min(n, 4))  # warm-up
                    m = await measure(bench, scenario, concurrency=c, trials=n)
                    results.append(m)
                    if progress is not None:
                        progress(m)
        finally:
            with anyio.CancelScope(shield=True):
                await gc(docker, run=bench.run)
    return results


def format_table(results: Sequence[Measurement]) -> str:
    """Scenarios as rows, concurrency levels side by side: p50 / p95 latency (ms) and trials/s."""
    levels = sorted({m.concurrency for m in results})
    names = list(dict.fromkeys(m.scenario for m in results))
    by_key = {(m.scenario, m.concurrency): m for m in results}
    width = max([len("scenario"), *map(len, names)])
    head = f"{'scenario':<{width}}" + "".join(f" | {f'c={c}: p50 / p95 ms, per s':>30}" for c in levels)
    lines = [head, "-" * len(head)]
    for name in names:
        cells = []
        for c in levels:
            m = by_key.get((name, c))
            cells.append(f" | {m.pct(0.5):9.0f} / {m.pct(0.95):6.0f} {m.per_sec:9.1f}" if m else f" | {'':>30}")
        lines.append(f"{name:<{width}}" + "".join(f"{cell:<33}" for cell in cells))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_sandbox", description=__doc__.split("\n\n")[0])
    parser.add_argument("--image", default=DEFAULT_IMAGE, help=f"image to run (default {DEFAULT_IMAGE})")
    parser.add_argument("--concurrency", default=",".join(map(str, DEFAULT_CONCURRENCY)), help="comma-separated levels")
    parser.add_argument("--trials", type=int, help="trials per measurement (default max(16, 2 x concurrency))")
    parser.add_argument("--only", action="append", help="run scenarios whose name contains this (repeatable)")
    parser.add_argument("--json", type=Path, help="also write the measurements as JSON here")
    args = parser.parse_args(argv)
    levels = [int(c) for c in args.concurrency.split(",") if c.strip()]

    def progress(m: Measurement) -> None:
        print(
            f"  {m.scenario} c={m.concurrency}: {m.trials} trials in {m.wall_sec:.1f} s "
            f"(p50 {m.pct(0.5):.0f} ms, p95 {m.pct(0.95):.0f} ms)",
            file=sys.stderr,
            flush=True,
        )

    results = anyio.run(
        lambda: run_bench(image=args.image, concurrency=levels, trials=args.trials, only=args.only, progress=progress)
    )
    print(format_table(results))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        rows = [{**asdict(m), "per_sec": m.per_sec, "p50_ms": m.pct(0.5), "p95_ms": m.pct(0.95)} for m in results]
        args.json.write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
