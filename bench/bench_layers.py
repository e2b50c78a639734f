"""A sandbox's layers on btrfs: its changes read from the layer's record, and its removal, beside the engine's own.

The warden's guard reads a trial's changes once before the verifier, and the
evidence reads them again when probes have hard checks.  The engine's
answer (``GET /containers/{id}/changes``, as ``docker diff``) walks the
container's layer and the one under it whole; on a btrfs data root realcli
reads the same answer from what btrfs recorded as written
(``realcli.environments._layer_diff``), which is what ``changed_paths`` does
there.  Per image, on one sandbox after a typical agent's changes (files
written, one deleted, one mode changed): wall time (p50 of N) and CPU, the
engine's (``dockerd``, from /proc) and this process's (the ioctls included).

Removal: the engine removes a btrfs layer by walking every directory in it
first (twice per container: the ``-init`` layer too); realcli stops the
sandbox and drops both layers whole before it asks the engine
(``realcli.environments._layer_drop``).  Per image, N sandboxes removed each
way after the same work: wall time of the removal (p50) and CPU, as above.

Run: ``.venv/bin/python -m bench.bench_layers [--reads N]``.  Needs the engine
that caps disks (``scripts/services.sh start``) and root.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import aiodocker
import anyio

from realcli.environments import DockerSandbox, connect, disk_enforcement, gc

IMAGES = ("debian:bookworm-slim", "realcli/python:bookworm")
AGENT = (
    "mkdir -p /app/src && for i in $(seq 50); do echo $i > /app/src/f$i.py; done && "
    "echo '[tool]' > /etc/tool.conf && rm -f /etc/motd && chmod 640 /etc/passwd"
)


@dataclass(frozen=True)
class Row:
    image: str
    method: str
    paths: int
    wall_ms: float
    engine_cpu_ms: float
    own_cpu_ms: float


def _engine_cpu_sec() -> float:
    """The engine's CPU so far (user + system), from /proc."""
    pid = subprocess.run(["pidof", "dockerd"], capture_output=True, text=True, check=True).stdout.split()[0]
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _timed(image: str, method: str, read: Callable[[], Awaitable[int]], reads: int) -> Row:
    walls, engine, own, paths = [], 0.0, 0.0, 0
    for _ in range(reads):
        cpu, mine, started = _engine_cpu_sec(), time.process_time(), time.perf_counter()
        paths = await read()
        walls.append(time.perf_counter() - started)
        engine += _engine_cpu_sec() - cpu
        own += time.process_time() - mine
    return Row(image, method, paths, statistics.median(walls) * 1000, engine / reads * 1000, own / reads * 1000)


async def measure(reads: int) -> list[Row]:
    rows = []
    async with connect() as docker:
        if (await disk_enforcement(docker)).root is None:
            raise SystemExit("bench_layers: the engine does not cap disks here (scripts/services.sh start)")
        run = f"bench-{secrets.token_hex(4)}"
        try:
            for image in IMAGES:
                async with DockerSandbox(docker, image, run=run, trial="changes") as sb:
                    assert (await sb.exec(AGENT, timeout_sec=60)).exit_code == 0

                    async def engine_api(sb: DockerSandbox = sb) -> int:
                        return len(await docker._query_json(f"containers/{sb.id}/changes", method="GET"))

                    async def layer_record(sb: DockerSandbox = sb) -> int:
                        return len(await sb.changed_paths())

                    floor = await _timed(image, "engine API (floor)", engine_api, reads)
                    ours = await _timed(image, "changed_paths (layer)", layer_record, reads)
                    assert ours.paths == floor.paths, (ours.paths, floor.paths)
                    rows += [floor, ours]
                rows += await _removals(docker, image, run, reads)
        finally:
            await gc(docker, run=run)
    return rows


async def _removals(docker: aiodocker.Docker, image: str, run: str, n: int) -> list[Row]:
    """``n`` sandboxes removed by the engine alone (the floor), then ``n`` removed as realcli does."""
    rows = []
    for method in ("engine removal (floor)", "sandbox removal (drop)"):
        walls, engine, own = [], 0.0, 0.0
        for i in range(n):
            sb = DockerSandbox(docker, image, run=run, trial=f"removal-{i}")
            await sb.__aenter__()
            assert (await sb.exec(AGENT, timeout_sec=60)).exit_code == 0
            cpu, mine, started = _engine_cpu_sec(), time.process_time(), time.perf_counter()
            if method.startswith("engine"):
                await docker.containers.container(sb.id).delete(force=True, v=True)
            await sb.__aexit__(None, None, None)  # (the floor's: finds it gone)
            walls.append(time.perf_counter() - started)
            engine += _engine_cpu_sec() - cpu
            own += time.process_time() - mine
        rows.append(Row(image, method, 0, statistics.median(walls) * 1000, engine / n * 1000, own / n * 1000))
    return rows


def format_rows(rows: Sequence[Row]) -> str:
    lines = [f"{'image':<26}{'method':<24}{'paths':>6}{'wall p50':>10}{'dockerd CPU':>13}{'own CPU':>9}"]
    for r in rows:
        lines.append(
            f"{r.image:<26}{r.method:<24}{r.paths:>6}{r.wall_ms:>7.0f} ms"
            f"{r.engine_cpu_ms:>10.0f} ms{r.own_cpu_ms:>6.0f} ms"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reads", type=int, default=10)
    args = parser.parse_args(argv)
    print(format_rows(anyio.run(measure, args.reads)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
