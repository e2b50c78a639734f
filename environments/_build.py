"""Building base images: cached by recipe hash, rebuilt only when a recipe changes."""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import shutil
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import aiodocker
import anyio

from realcli._errors import InfrastructureError, RealcliError
from realcli.environments._docker import ProgressFn, connect, image_labels, inspect_image, one_line
from realcli.environments._images import build_image, remove_image
from realcli.environments._ownership import LABEL_KIND
from realcli.environments._recipes import (
    BaseImage,
    load_rootfs_recipe,
    recipe_hash,
    with_parents,
)
from realcli.environments._rootfs import build_rootfs_image

LABEL_RECIPE_HASH = "realcli.recipe-hash"
_LOCK_FILE = Path(tempfile.gettempdir()) / "realcli-base-images.lock"
_BUILD_TIMEOUT_SEC = 1800.0


@dataclass(frozen=True, slots=True)
class BaseImageResult:
    """What ``ensure_base_images`` did for one image.

    ``cached`` is True when the image already matched its recipe (or was
    provided from elsewhere without a recipe label, which is kept as is).
    """

    image: str
    image_id: str
    recipe_hash: str
    cached: bool
    duration_sec: float


async def ensure_base_images(
    docker: aiodocker.Docker,
    *,
    only: Sequence[str] | None = None,
    force: bool = False,
    progress: ProgressFn | None = None,
) -> list[BaseImageResult]:
    """Make sure the local base images exist and match their recipes; build those that do not.

    ``only`` limits the work to some images (their parents are always
    ensured first).  ``force`` rebuilds even up-to-date images.  An image
    that exists without a ``realcli.recipe-hash`` label (e.g. the official
    ``debian:bookworm-slim`` loaded by hand) is kept unless ``force``.
    Builds are serialized across processes with a lock file.
    """
    images = with_parents(list(only) if only is not None else None)
    results: list[BaseImageResult] = []
    async with _process_lock():
        for image in images:
            results.append(await _ensure_one(docker, image, force=force, progress=progress))
    return results


async def _ensure_one(
    docker: aiodocker.Docker, image: BaseImage, *, force: bool, progress: ProgressFn | None
) -> BaseImageResult:
    started = time.monotonic()
    digest = await anyio.to_thread.run_sync(recipe_hash, image.name)
    info = await inspect_image(docker, image.name)
    if info is not None and not force:
        have = image_labels(info).get(LABEL_RECIPE_HASH)
        if have is None or have == digest:
            return BaseImageResult(image.name, str(info["Id"]), digest, True, time.monotonic() - started)
    if progress is not None:
        progress(f"{image.name}: building (recipe {digest[:12]})")
    labels = {LABEL_KIND: "base-image", LABEL_RECIPE_HASH: digest}
    if image.kind == "rootfs":
        image_id = await build_rootfs_image(docker, load_rootfs_recipe(image), labels=labels, progress=progress)
    else:
        image_id = await _build_dockerfile(docker, image, labels, progress)
    if info is not None and str(info["Id"]) != image_id:
        # The replaced image is now untagged; drop it unless something still uses it.
        with contextlib.suppress(InfrastructureError):
            await remove_image(docker, str(info["Id"]))
    return BaseImageResult(image.name, image_id, digest, False, time.monotonic() - started)


async def _build_dockerfile(
    docker: aiodocker.Docker, image: BaseImage, labels: dict[str, str], progress: ProgressFn | None
) -> str:
    with tempfile.TemporaryDirectory(prefix="realcli-recipe-") as tmp:
        context = Path(tmp) / "context"
        await anyio.to_thread.run_sync(lambda: shutil.copytree(image.recipe, context))
        wheels = context / "wheels"
        wheels.mkdir(exist_ok=True)
        requirements = context / "wheels.txt"
        if requirements.is_file():
            await _download_wheels(image.name, requirements, wheels, progress)
        result = await build_image(
            docker,
            context,
            tag=image.name,
            labels=labels,
            what=f"base image {image.name}",
            timeout_sec=_BUILD_TIMEOUT_SEC,
            progress=progress,
        )
    return result.image_id


def _pip_commands() -> list[list[str]]:
    """Ways to run pip here: this interpreter's, then whatever pip is on PATH (uv venvs have none)."""
    commands = [[sys.executable, "-m", "pip"]]
    commands += [[exe] for exe in (shutil.which("pip3"), shutil.which("pip")) if exe]
    return commands


async def _download_wheels(name: str, requirements: Path, dest: Path, progress: ProgressFn | None) -> None:
    """Fetch PyPI wheels on the host: containers cannot reach PyPI, the host's pip can."""
    args = ["download", "--no-deps", "--only-binary=:all:", "-d", str(dest), "-r", str(requirements)]
    if progress is not None:
        progress(f"{name}: pip download -r {requirements.name}")
    last = "(no pip found)"
    for pip in _pip_commands():
        result = await anyio.run_process([*pip, *args], check=False)
        if result.returncode == 0:
            return
        lines = result.stderr.decode(errors="replace").strip().splitlines()
        last = lines[-1] if lines else f"exit status {result.returncode}"
        if "No module named pip" not in last:
            break
    raise InfrastructureError(
        f"base image {name}: `pip download` of {requirements} failed: {one_line(last, 200)}; "
        "check that PyPI is reachable from this host"
    )


@contextlib.asynccontextmanager
async def _process_lock() -> AsyncIterator[None]:
    """An exclusive lock file, so that setup and a test run never debootstrap twice at once."""
    fd = os.open(_LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                await anyio.sleep(0.5)
        yield
    finally:
        os.close(fd)  # closing releases the lock


# ------------------------------------------------------------------------ CLI


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m realcli.environments``: build missing or outdated base images; exit status 0 on success."""
    parser = argparse.ArgumentParser(
        prog="python -m realcli.environments", description="Build realcli's local base images."
    )
    parser.add_argument("--force", action="store_true", help="rebuild even images that match their recipe")
    parser.add_argument("--only", action="append", metavar="IMAGE", help="build only IMAGE (and its parents)")
    parser.add_argument("--docker-url", help="engine address (default: DOCKER_HOST or the local socket)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print results only, no build output")
    args = parser.parse_args(argv)

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    async def run() -> list[BaseImageResult]:
        async with connect(args.docker_url) as docker:
            return await ensure_base_images(
                docker, only=args.only, force=args.force, progress=None if args.quiet else progress
            )

    try:
        results = anyio.run(run)
    except RealcliError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    for r in results:
        state = "up to date" if r.cached else f"built in {r.duration_sec:.0f} s"
        print(f"{r.image:28} {r.image_id[:19]:19} {state}")
    return 0
