"""What the model gateway costs per call, and what installing an agent image costs.

Gateway rows: the same request, sequentially, ``--calls`` times each way (the ways
interleaved call by call), to the fake model server on loopback (tests/fakes), timed at
the client from sending to the last byte:

- ``direct``: httpx to the upstream over TCP;
- ``gateway``: httpx over the gateway's Unix socket (key swap, model pin, usage scan,
  ModelCalled recording, streaming passthrough), the gateway forwarding to the upstream;
- ``gateway+forwarder``: as above behind the in-sandbox forwarder (``node forward.js``
  run on the host), the whole path an agent's request takes.

The added latency is the gateway's p50/p99 minus the direct p50/p99.

Build rows (``--builds``): Claude Code and Codex installed on ``--task-image``:
``cold`` (empty npm cache: download and build), ``npm cached`` (image removed, packages
cached on the host) and ``cached`` (the image exists: a lookup).  Built images are removed.

Run: ``.venv/bin/python -m bench.bench_gateway [--builds]``; ``--help`` for options.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx

from realcli import events as ev
from realcli.environments import CLAUDE_CODE, CODEX, FORWARDER, connect, ensure_agent_image
from realcli.models import PLACEHOLDER_KEY, ModelEndpoint, ModelGateway, Secret
from tests.fakes import FakeModelServer, Text

KEY = "sk-bench-" + "x" * 32
RECIPE = Path(__file__).resolve().parent.parent / "environments" / "agents" / Path(FORWARDER).name


@dataclass(frozen=True)
class Latency:
    row: str
    mode: str
    calls: int
    p50_ms: float
    p99_ms: float
    added_p50_ms: float | None = None
    added_p99_ms: float | None = None


@dataclass(frozen=True)
class Build:
    agent: str
    state: str
    seconds: float


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


BODY = {"model": "fake-model", "max_tokens": 64, "messages": [{"role": "user", "content": "say something short"}]}


async def timed(
    ways: dict[str, Callable[[], Awaitable[httpx.Response]]], calls: int, warmup: int
) -> dict[str, list[float]]:
    """Latency samples per way, the ways interleaved call by call so that machine noise hits all alike."""
    samples: dict[str, list[float]] = {name: [] for name in ways}
    for i in range(warmup + calls):
        for name, post in ways.items():
            started = time.perf_counter()
            response = await post()
            response.raise_for_status()
            if i >= warmup:
                samples[name].append((time.perf_counter() - started) * 1000)
    return samples


@asynccontextmanager
async def gateway_socket(server: FakeModelServer, directory: Path) -> AsyncIterator[Path]:
    ep = ModelEndpoint(
        base_url=server.base_url, model="fake-model", api_key=Secret(KEY), provider="anthropic", max_concurrency=64
    )

    async def record(call: ev.ModelCalled) -> None:
        pass  # the encode/append cost is the log's, measured in bench_eventlog

    path = directory / "gw.sock"
    async with ModelGateway(ep, record) as gateway, anyio.create_task_group() as tg:
        await tg.start(gateway.serve_unix, path)
        yield path
        tg.cancel_scope.cancel()


@asynccontextmanager
async def forwarder(socket: Path, port: int) -> AsyncIterator[str]:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("gateway+forwarder needs `node` on PATH")
    async with await anyio.open_process([node, str(RECIPE), str(port), str(socket)]) as proc:
        assert proc.stdout is not None
        await proc.stdout.receive()  # "ready"
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            proc.terminate()


async def bench_gateway(calls: int, warmup: int, port: int) -> list[Latency]:
    rows: list[Latency] = []
    with FakeModelServer(default=Text("a short answer of a few words")) as server:
        directory = Path(tempfile.mkdtemp(prefix="gwb-", dir="/tmp"))
        try:
            async with gateway_socket(server, directory) as socket, forwarder(socket, port) as via_forwarder:
                uds = httpx.AsyncHTTPTransport(uds=str(socket))
                async with httpx.AsyncClient() as tcp, httpx.AsyncClient(transport=uds) as local:
                    for mode, stream in (("messages", False), ("messages stream", True)):
                        body = {**BODY, "stream": stream}
                        ways: dict[str, Callable[[], Awaitable[httpx.Response]]] = {
                            "direct": lambda b=body: tcp.post(
                                f"{server.base_url}/v1/messages", json=b, headers={"x-api-key": KEY}
                            ),
                            "gateway": lambda b=body: local.post(
                                "http://gw/v1/messages", json=b, headers={"x-api-key": PLACEHOLDER_KEY}
                            ),
                            "gateway+forwarder": lambda b=body: tcp.post(
                                f"{via_forwarder}/v1/messages", json=b, headers={"x-api-key": PLACEHOLDER_KEY}
                            ),
                        }
                        measured = await timed(ways, calls, warmup)
                        base = measured["direct"]
                        for name, samples in measured.items():
                            p50, p99 = pct(samples, 0.5), pct(samples, 0.99)
                            added = None if name == "direct" else (p50 - pct(base, 0.5), p99 - pct(base, 0.99))
                            rows.append(Latency(name, mode, calls, p50, p99, *(added or (None, None))))
        finally:
            shutil.rmtree(directory, ignore_errors=True)
    return rows


async def bench_builds(task_image: str) -> list[Build]:
    """Each agent: cold (empty realcli and npm caches), npm cached (image removed), cached."""
    results: list[Build] = []
    async with connect() as docker:
        for package in (CLAUDE_CODE, CODEX):
            cache = Path(tempfile.mkdtemp(prefix="agent-cache-"))
            os.environ["NPM_CONFIG_CACHE"] = str(cache / "npm-http")  # npm's own download cache, empty too
            tags: set[str] = set()
            try:
                for state in ("cold", "npm cached", "cached"):
                    if state == "npm cached":
                        for tag in tags:
                            await docker.images.delete(tag, force=True)
                    started = time.perf_counter()
                    image = await ensure_agent_image(docker, package, task_image, cache=cache)
                    results.append(Build(package.agent, state, time.perf_counter() - started))
                    tags.add(image.tag)
            finally:
                os.environ.pop("NPM_CONFIG_CACHE", None)
                for tag in tags:
                    await docker.images.delete(tag, force=True)
                shutil.rmtree(cache, ignore_errors=True)
    return results


def format_tables(latencies: Sequence[Latency], builds: Sequence[Build]) -> str:
    lines = [f"{'path':<20}{'mode':<18}{'calls':>6}{'p50 ms':>9}{'p99 ms':>9}{'+p50 ms':>9}{'+p99 ms':>9}"]
    for r in latencies:
        added = "" if r.added_p50_ms is None else f"{r.added_p50_ms:9.2f}{r.added_p99_ms:9.2f}"
        lines.append(f"{r.row:<20}{r.mode:<18}{r.calls:>6}{r.p50_ms:9.2f}{r.p99_ms:9.2f}{added}")
    if builds:
        lines += ["", f"{'agent image':<14}{'state':<12}{'seconds':>9}"]
        lines += [f"{b.agent:<14}{b.state:<12}{b.seconds:9.1f}" for b in builds]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--calls", type=int, default=500, help="measured calls per path and mode (default 500)")
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--port", type=int, default=41741, help="loopback port for the forwarder")
    parser.add_argument("--builds", action="store_true", help="also time agent image builds (minutes)")
    parser.add_argument("--task-image", default="debian:bookworm-slim")
    parser.add_argument("--json", type=Path, help="also write the results as JSON here")
    args = parser.parse_args(argv)

    latencies = anyio.run(bench_gateway, args.calls, args.warmup, args.port)
    builds = anyio.run(bench_builds, args.task_image) if args.builds else []
    print(format_tables(latencies, builds))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        data: dict[str, Any] = {
            "latency": [asdict(r) for r in latencies],
            "builds": [asdict(b) for b in builds],
            "cpus": os.cpu_count(),
        }
        args.json.write_text(json.dumps(data, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
