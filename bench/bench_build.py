"""Image builds: the engine's BuildKit through the Engine API (what realcli does) beside its floors.

Why the API and not the ``docker`` CLI: the Debian engine embeds BuildKit, but
its CLI only reaches it through the ``buildx`` plugin, which no Debian 12
package provides (``DOCKER_BUILDKIT=1 docker build`` fails: "the buildx
component is missing"); the API path needs nothing installed.  This bench
checks the choice costs nothing: per build, median over ``--repeat`` builds,

- ``docker build (CLI, legacy)``: the CLI's only working builder here;
- ``API legacy (version=1)``: the Engine API's classic builder, raw;
- ``API BuildKit (version=2)``: the engine's BuildKit, raw (the floor);
- ``realcli build_image``: BuildKit plus the Dockerfile rewrite and progress decoding;
- ``CLI BuildKit``: measured only when buildx is present, else reported unavailable.

Two workloads: ``cold`` (``nocache``: every step runs) and ``cached`` (nothing changed).

Run: ``.venv/bin/python -m bench.bench_build [--repeat N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import secrets
import statistics
import subprocess
import tarfile
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

import aiodocker
import anyio

from realcli.environments import build_image, connect, iter_json_lines

DOCKERFILE = """FROM debian:bookworm-slim
RUN echo one > /one && ls / > /listing
COPY data.txt /data.txt
RUN --mount=type=bind,source=data.txt,target=/mnt/data.txt wc -c /mnt/data.txt > /size
"""
LEGACY_DOCKERFILE = DOCKERFILE.replace(
    "--mount=type=bind,source=data.txt,target=/mnt/data.txt wc -c /mnt/data.txt", "wc -c /data.txt"
)

Build = Callable[[aiodocker.Docker, Path, str, bool], Awaitable[None]]


def _context(path: Path, dockerfile: str) -> None:
    path.mkdir(parents=True, exist_ok=True)
    (path / "Dockerfile").write_text(dockerfile)
    (path / "data.txt").write_text("x" * 4096)


def _tar(path: Path) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for name in ("Dockerfile", "data.txt"):
            tar.add(path / name, arcname=name, filter=lambda i: (setattr(i, "mtime", int(i.mtime)), i)[1])
    return buf.getvalue()


async def _raw_api(docker: aiodocker.Docker, ctx: Path, tag: str, nocache: bool, version: str) -> None:
    params = {"t": tag, "networkmode": "host", "nocache": "1" if nocache else "0", "version": version, "pull": "0"}
    async with docker._query(
        "build", "POST", params=params, data=_tar(ctx), headers={"Content-Type": "application/x-tar"}, timeout=None
    ) as response:
        async for msg in iter_json_lines(response.content.iter_any()):
            if "error" in msg:
                raise RuntimeError(str(msg["error"]))


async def api_legacy(docker: aiodocker.Docker, ctx: Path, tag: str, nocache: bool) -> None:
    await _raw_api(docker, ctx, tag, nocache, "1")


async def api_buildkit(docker: aiodocker.Docker, ctx: Path, tag: str, nocache: bool) -> None:
    await _raw_api(docker, ctx, tag, nocache, "2")


async def realcli_build(docker: aiodocker.Docker, ctx: Path, tag: str, nocache: bool) -> None:
    await build_image(docker, ctx, tag=tag, labels={"realcli.kind": "bench"}, what="bench", nocache=nocache)


def _cli(buildkit: bool) -> Build:
    async def build(docker: aiodocker.Docker, ctx: Path, tag: str, nocache: bool) -> None:
        argv = ["docker", "build", "-q", "--network", "host", "-t", tag, *(["--no-cache"] if nocache else []), str(ctx)]
        env = {"DOCKER_BUILDKIT": "1" if buildkit else "0", "PATH": "/usr/bin:/bin:/usr/local/bin"}
        with anyio.fail_after(600):
            await anyio.run_process(argv, env=env)

    return build


def buildx_available() -> bool:
    return subprocess.run(["docker", "buildx", "version"], capture_output=True).returncode == 0


async def _timed(build: Build, docker: aiodocker.Docker, ctx: Path, tag: str, nocache: bool) -> float:
    t0 = time.perf_counter()
    await build(docker, ctx, tag, nocache)
    return time.perf_counter() - t0


async def run_bench(repeat: int) -> list[tuple[str, float | None, float | None]]:
    """(scenario, cold median s, cached median s); None when the scenario cannot run here.

    Rounds interleave the scenarios (one cold and one cached build of each per
    round), so load from elsewhere on the machine falls on all of them alike.
    """
    scenarios: list[tuple[str, Build | None, str]] = [
        ("docker build (CLI, legacy)", _cli(False), LEGACY_DOCKERFILE),
        ("API legacy (version=1)", api_legacy, LEGACY_DOCKERFILE),
        ("API BuildKit (version=2)", api_buildkit, DOCKERFILE),
        ("realcli build_image", realcli_build, DOCKERFILE),
        ("CLI BuildKit (buildx)", _cli(True) if buildx_available() else None, DOCKERFILE),
    ]
    runnable = [(name, build, text) for name, build, text in scenarios if build is not None]
    times: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name, _, _ in runnable}
    async with connect() as docker:
        with tempfile.TemporaryDirectory() as tmp:
            setups = []
            for name, build, text in runnable:
                ctx = Path(tmp) / secrets.token_hex(4)
                _context(ctx, text)
                setups.append((name, build, ctx, f"realcli-bench/build:{secrets.token_hex(4)}"))
            try:
                for _, build, ctx, tag in setups:
                    await build(docker, ctx, tag, False)  # warm: base image layers and the cache exist
                for _ in range(repeat):
                    for name, build, ctx, tag in setups:
                        times[name][0].append(await _timed(build, docker, ctx, tag, True))
                        times[name][1].append(await _timed(build, docker, ctx, tag, False))
            finally:
                for _, _, _, tag in setups:
                    with contextlib.suppress(aiodocker.DockerError):
                        await docker.images.delete(tag, force=True)
    return [
        (name, statistics.median(times[name][0]), statistics.median(times[name][1]))
        if name in times
        else (name, None, None)
        for name, _, _ in scenarios
    ]


def format_table(rows: Sequence[tuple[str, float | None, float | None]]) -> str:
    width = max(len(r[0]) for r in rows)
    lines = [f"{'scenario':<{width}} | cold (s) | cached (s)", "-" * (width + 25)]
    for name, cold, cached in rows:
        if cold is None or cached is None:
            lines.append(f"{name:<{width}} | unavailable here (no buildx)")
        else:
            lines.append(f"{name:<{width}} | {cold:8.2f} | {cached:10.2f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_build", description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="builds per measurement (median)")
    args = parser.parse_args(argv)
    print(format_table(anyio.run(run_bench, args.repeat)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
