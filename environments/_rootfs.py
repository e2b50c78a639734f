"""``rootfs`` recipes: debootstrap a root filesystem and import it as an image."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import IO

import aiodocker
import anyio
from aiodocker.exceptions import DockerError

from realcli._errors import InfrastructureError
from realcli.environments._docker import ProgressFn, docker_error, file_chunks, iter_json_lines, one_line, tar_request
from realcli.environments._recipes import RootfsRecipe

_CHUNK = 1 << 20
_DEBOOTSTRAP_TIMEOUT_SEC = 1800.0
# Kernel-provided trees: the runtime mounts them, the image ships them empty.
_EMPTY_DIRS = ("dev", "proc", "sys", "run", "tmp")


async def build_rootfs_image(
    docker: aiodocker.Docker,
    recipe: RootfsRecipe,
    *,
    labels: dict[str, str],
    progress: ProgressFn | None,
) -> str:
    """Debootstrap ``recipe`` into a temporary directory and import it; returns the image id."""
    debootstrap = shutil.which("debootstrap") or shutil.which("debootstrap", path="/usr/sbin:/sbin")
    if debootstrap is None:
        raise InfrastructureError(
            f"base image {recipe.image}: `debootstrap` is not installed; `apt-get install debootstrap` "
            "(or `make setup`)"
        )
    with tempfile.TemporaryDirectory(prefix="realcli-rootfs-", dir="/var/tmp") as tmp:
        root = Path(tmp) / "rootfs"
        await _debootstrap(debootstrap, recipe, root, progress)
        await anyio.to_thread.run_sync(_finish_rootfs, recipe, root)
        if progress is not None:
            progress(f"{recipe.image}: importing root filesystem")
        with tempfile.TemporaryFile(dir="/var/tmp") as tar:
            await anyio.to_thread.run_sync(_write_rootfs_tar, root, tar)
            return await _import(docker, recipe, tar, labels)


async def _debootstrap(exe: str, recipe: RootfsRecipe, root: Path, progress: ProgressFn | None) -> None:
    cmd = [exe, f"--variant={recipe.variant}", recipe.suite, str(root), recipe.mirror]
    if progress is not None:
        progress(f"{recipe.image}: {' '.join(cmd)}")
    lines: list[str] = []
    with anyio.fail_after(_DEBOOTSTRAP_TIMEOUT_SEC):
        async with await anyio.open_process(cmd, stdin=subprocess.DEVNULL, stderr=subprocess.STDOUT) as proc:
            assert proc.stdout is not None
            async for line in _lines(proc.stdout):
                lines = [*lines[-40:], line]
                if progress is not None:
                    progress(f"{recipe.image}: {line}")
            code = await proc.wait()
    if code != 0:
        tail = " | ".join(ln for ln in lines[-3:] if ln)
        raise InfrastructureError(
            f"base image {recipe.image}: debootstrap exited with {code}: {one_line(tail, 240)}; "
            f"check that {recipe.mirror} is reachable"
        )


async def _lines(stream: anyio.abc.ByteReceiveStream) -> AsyncIterator[str]:
    buf = b""
    async for chunk in stream:
        buf += chunk
        *complete, buf = buf.split(b"\n")
        for line in complete:
            yield line.decode(errors="replace").rstrip()
    if buf:
        yield buf.decode(errors="replace").rstrip()


def _finish_rootfs(recipe: RootfsRecipe, root: Path) -> None:
    keep = {p for pattern in recipe.keep for p in glob.glob(str(root / pattern))}
    for pattern in recipe.remove:
        for match in glob.glob(str(root / pattern)):
            _remove(Path(match), keep)
    for name in _EMPTY_DIRS:
        d = root / name
        if d.is_dir() and not d.is_symlink():
            for child in d.iterdir():
                _remove(child, set())
    for rel, content, mode in recipe.files:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)
        path.chmod(mode)


def _remove(path: Path, keep: set[str]) -> None:
    if str(path) in keep:
        return
    if path.is_dir() and not path.is_symlink():
        if any(k.startswith(f"{path}/") for k in keep):
            for child in path.iterdir():
                _remove(child, keep)
            return
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)


def _write_rootfs_tar(root: Path, out: IO[bytes]) -> None:
    def numeric(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uname = info.gname = ""
        return info

    with tarfile.open(fileobj=out, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            for name in [*dirnames, *sorted(filenames)]:
                path = Path(dirpath) / name
                tar.add(path, arcname=path.relative_to(root).as_posix(), recursive=False, filter=numeric)
    out.seek(0)


async def _import(docker: aiodocker.Docker, recipe: RootfsRecipe, tar: IO[bytes], labels: dict[str, str]) -> str:
    repo, _, tag = recipe.image.rpartition(":")
    label_change = "LABEL " + " ".join(f'"{k}"="{v}"' for k, v in sorted(labels.items()))
    params = {"fromSrc": "-", "repo": repo, "tag": tag, "changes": "\n".join([*recipe.changes, label_change])}
    image_id = ""
    try:
        async with tar_request(docker, "images/create", "POST", params, file_chunks(tar, _CHUNK)) as response:
            async for msg in iter_json_lines(response.content.iter_any()):
                if "error" in msg or "errorDetail" in msg:
                    raise InfrastructureError(
                        f"base image {recipe.image}: import failed: {one_line(str(msg.get('error')), 240)}"
                    )
                status = msg.get("status")
                if isinstance(status, str) and status.startswith("sha256:"):
                    image_id = status
    except DockerError as e:
        raise docker_error(e, f"importing {recipe.image}") from e
    return image_id
