"""Agent images: a CLI agent from the npm registry, installed on top of a task image.

An agent image is the task image plus one layer: ``/opt/realcli`` with the
agent's native program, a Node.js runtime (for the model gateway's
forwarder) and the forwarder script.  Builds here cannot reach the npm
registry (it is reached through the host's own trust settings), so npm runs
on the host, once per package version, into a cache
(``$REALCLI_AGENT_CACHE``, default ``~/.cache/realcli/agents``) with
``--ignore-scripts`` (no install script runs on the host) and the engine's
CPU; the image build copies the installed tree in and fetches nothing.

Images are tagged ``realcli-agent/<agent>:<version>-<hash12>``: the hash
covers the task image id, the agent version, the Node.js version, the CPU and
the recipe files (``environments/agents/``), so a cached image is reused
exactly when all of those are unchanged.  They are labelled
``realcli.kind=agent-image`` (overriding the task image's label they would
otherwise inherit).
"""

from __future__ import annotations

import hashlib
import importlib.resources
import os
import re
import secrets
import shutil
import time
import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import aiodocker
import anyio
from aiodocker.exceptions import DockerError

from realcli._errors import InfrastructureError
from realcli.environments._docker import ProgressFn, docker_error, inspect_image, one_line
from realcli.environments._images import build_image

__all__ = [
    "AGENT_ROOT",
    "CLAUDE_CODE",
    "CODEX",
    "FORWARDER",
    "KIND_AGENT_IMAGE",
    "NODE",
    "NODE_VERSION",
    "AgentImage",
    "AgentInstallError",
    "AgentPackage",
    "agent_cache_dir",
    "ensure_agent_image",
    "npm_install",
]

KIND_AGENT_IMAGE: Final = "agent-image"
AGENT_ROOT: Final = "/opt/realcli"
NODE: Final = f"{AGENT_ROOT}/node/bin/node"
FORWARDER: Final = f"{AGENT_ROOT}/forward.js"
NODE_VERSION: Final = "22.23.5"
# Bump when the layout of /opt/realcli or the way images are made changes meaning.
_RECIPE_VERSION = b"realcli-agent-image-v1"
_NPM_TIMEOUT_SEC = 600.0
_BUILD_TIMEOUT_SEC = 900.0
_ENGINE_CPUS: Final = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}
_NOT_TAG_CHARS = re.compile(r"[^a-zA-Z0-9_.-]+")


class AgentInstallError(InfrastructureError):
    """An agent could not be installed (npm failed, or its program does not run on the task image)."""

    cause = "image_error"


@dataclass(frozen=True)
class AgentPackage:
    """A CLI agent published on the npm registry, pinned to one version.

    ``binaries`` maps the CPU (``x64``, ``arm64``) to the agent's native
    program inside the installed ``node_modules``; ``command`` is its name in
    ``/opt/realcli/bin``.
    """

    agent: str
    npm_name: str
    version: str
    command: str
    binaries: Mapping[str, str]

    def pinned(self, version: str | None) -> AgentPackage:
        """The same agent at ``version`` (None keeps the default pin)."""
        if not version or version == self.version:
            return self
        return AgentPackage(self.agent, self.npm_name, version, self.command, self.binaries)

    @property
    def spec(self) -> str:
        """The npm install spec of the pinned package (``name@version``)."""
        return f"{self.npm_name}@{self.version}"

    @property
    def path(self) -> str:
        """The agent's program inside the sandbox."""
        return f"{AGENT_ROOT}/bin/{self.command}"


CLAUDE_CODE: Final = AgentPackage(
    agent="claude-code",
    npm_name="@anthropic-ai/claude-code",
    version="2.1.332",
    command="claude",
    binaries={
        "x64": "@anthropic-ai/claude-code-linux-x64/claude",
        "arm64": "@anthropic-ai/claude-code-linux-arm64/claude",
    },
)
CODEX: Final = AgentPackage(
    agent="codex",
    npm_name="@openai/codex",
    version="0.171.0",
    command="codex",
    binaries={
        "x64": "@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex",
        "arm64": "@openai/codex-linux-arm64/vendor/aarch64-unknown-linux-musl/bin/codex",
    },
)


@dataclass(frozen=True)
class AgentImage:
    """A task image with an agent installed (fields match the ``ImageBuilt`` event)."""

    tag: str
    content_hash: str
    cached: bool
    duration_sec: float
    agent: str
    version: str


# ----------------------------------------------------------------- npm, on the host


def agent_cache_dir() -> Path:
    """Where npm-installed agents are kept between runs."""
    explicit = os.environ.get("REALCLI_AGENT_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "realcli" / "agents"


_locks: weakref.WeakValueDictionary[str, anyio.Lock] = weakref.WeakValueDictionary()


def _lock_for(key: str) -> anyio.Lock:
    lock = _locks.get(key)
    if lock is None:
        lock = _locks[key] = anyio.Lock()
    return lock


async def npm_install(spec: str, cpu: str, *, cache: Path | None = None) -> Path:
    """The ``node_modules`` of npm package ``spec`` for Linux on ``cpu``, installed once and cached.

    Raises ``AgentInstallError`` with npm's own error line when the install fails.
    """
    root = cache or agent_cache_dir()
    target = root / "npm" / f"{_NOT_TAG_CHARS.sub('_', spec)}-linux-{cpu}"
    async with _lock_for(str(target)):
        if (target / "node_modules").is_dir():
            return target / "node_modules"
        npm = shutil.which("npm")
        if npm is None:
            raise AgentInstallError(
                f"installing {spec}: the `npm` command is not on PATH; install Node.js and npm "
                "(Debian: apt-get install npm)"
            )
        work = root / "npm" / f".tmp-{secrets.token_hex(6)}"
        work.mkdir(parents=True)
        try:
            await _run_npm(npm, spec, cpu, work)
            try:
                work.rename(target)
            except OSError:
                if not (target / "node_modules").is_dir():  # not another process that won the race
                    raise
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return target / "node_modules"


async def _run_npm(npm: str, spec: str, cpu: str, prefix: Path) -> None:
    argv = [
        npm,
        "install",
        "--prefix",
        str(prefix),
        "--no-save",
        "--no-package-lock",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        "--os=linux",
        f"--cpu={cpu}",
        "--libc=glibc",
        "--loglevel=error",
        spec,
    ]
    try:
        with anyio.fail_after(_NPM_TIMEOUT_SEC):
            result = await anyio.run_process(argv, check=False, env={**os.environ, "NO_UPDATE_NOTIFIER": "1"})
    except TimeoutError as e:
        raise AgentInstallError(f"installing {spec}: npm took over {_NPM_TIMEOUT_SEC:.0f} s; check the registry") from e
    except OSError as e:
        raise AgentInstallError(f"installing {spec}: cannot run npm ({e})") from e
    if result.returncode != 0:
        raise AgentInstallError(f"installing {spec}: npm failed: {_npm_error(result.stderr.decode(errors='replace'))}")


def _npm_error(stderr: str) -> str:
    lines = [ln.removeprefix("npm error").strip() for ln in stderr.splitlines() if ln.strip()]
    useful = [ln for ln in lines if ln and not ln.startswith(("A complete log", "/"))]
    return one_line(" | ".join(useful[:3]) or "no error output", 300)


# --------------------------------------------------------------------- the image


def _recipe_dir() -> Path:
    return Path(str(importlib.resources.files("realcli.environments").joinpath("agents")))


def _recipe_digest(recipe: Path) -> bytes:
    h = hashlib.sha256()
    for path in sorted(recipe.iterdir()):
        if path.is_file():
            h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.digest()


async def _engine_cpu(docker: aiodocker.Docker) -> str:
    try:
        info = await docker.system.info()
    except DockerError as e:
        raise docker_error(e, "reading engine info") from e
    arch = str(info.get("Architecture") or "")
    cpu = _ENGINE_CPUS.get(arch)
    if cpu is None:
        raise AgentInstallError(
            f"the docker engine runs on {arch or 'an unknown CPU'}; agents are installed for x86_64 and aarch64 only"
        )
    return cpu


def agent_image_tag(package: AgentPackage, digest: str) -> str:
    """``realcli-agent/<agent>:<version>-<hash12>``."""
    version = _NOT_TAG_CHARS.sub("-", package.version)[:100]
    return f"realcli-agent/{package.agent}:{version}-{digest[:12]}"


async def ensure_agent_image(
    docker: aiodocker.Docker,
    package: AgentPackage,
    task_image: str,
    *,
    cache: Path | None = None,
    progress: ProgressFn | None = None,
) -> AgentImage:
    """``task_image`` with ``package`` installed: built once per content hash, then reused.

    Concurrent calls for the same image in one process build once.  Raises
    ``AgentInstallError`` (an ``InfrastructureError``) when npm or the build
    fails, and ``InfrastructureError`` when ``task_image`` is missing.
    """
    started = time.monotonic()
    task = await inspect_image(docker, task_image)
    if task is None:
        raise InfrastructureError(f"agent {package.agent}: task image {task_image!r} is not present locally")
    cpu = await _engine_cpu(docker)
    if cpu not in package.binaries:
        raise AgentInstallError(f"agent {package.agent} has no build for linux-{cpu}")
    recipe = _recipe_dir()
    h = hashlib.sha256(_RECIPE_VERSION + b"\0" + _recipe_digest(recipe))
    for part in (str(task["Id"]), package.spec, NODE_VERSION, cpu):
        h.update(part.encode() + b"\0")
    digest = h.hexdigest()
    tag = agent_image_tag(package, digest)
    async with _lock_for(tag):
        if await inspect_image(docker, tag) is not None:
            return AgentImage(tag, digest, True, time.monotonic() - started, package.agent, package.version)
        agent_modules = await npm_install(package.spec, cpu, cache=cache)
        node_modules = await npm_install(f"node-linux-{cpu}@{NODE_VERSION}", cpu, cache=cache)
        binary = agent_modules / package.binaries[cpu]
        if not binary.is_file():
            raise AgentInstallError(
                f"installing {package.spec}: npm installed no {package.binaries[cpu]} (the package layout changed?)"
            )
        root = (cache or agent_cache_dir()) / "builds" / secrets.token_hex(6)
        try:
            await anyio.to_thread.run_sync(
                _lay_out_context,
                root,
                recipe,
                package,
                task_image,
                agent_modules,
                node_modules / f"node-linux-{cpu}" / "bin" / "node",
                cpu,
            )
            labels = {
                "realcli.kind": KIND_AGENT_IMAGE,
                "realcli.agent": package.agent,
                "realcli.agent-version": package.version,
                "realcli.task-image": task_image,
                "realcli.content-hash": digest,
            }
            try:
                await build_image(
                    docker,
                    root,
                    tag=tag,
                    labels=labels,
                    network="none",
                    what=f"agent {package.agent} {package.version} on {task_image}",
                    timeout_sec=_BUILD_TIMEOUT_SEC,
                    progress=progress,
                )
            except InfrastructureError as e:
                raise AgentInstallError(str(e)) from e
        finally:
            await anyio.to_thread.run_sync(lambda: shutil.rmtree(root, ignore_errors=True))
    return AgentImage(tag, digest, False, time.monotonic() - started, package.agent, package.version)


def _lay_out_context(
    root: Path, recipe: Path, package: AgentPackage, task_image: str, agent_modules: Path, node: Path, cpu: str
) -> None:
    """The build context: ``Dockerfile`` and ``realcli/`` (hard links into the cache: no copies)."""
    tree = root / "realcli"
    (tree / "bin").mkdir(parents=True)
    (tree / "node" / "bin").mkdir(parents=True)
    shutil.copytree(agent_modules, tree / "agent" / "node_modules", symlinks=True, copy_function=_link_or_copy)
    _link_or_copy(str(node), str(tree / "node" / "bin" / "node"))
    shutil.copy2(recipe / "forward.js", tree / "forward.js")
    (tree / "bin" / package.command).symlink_to(f"../agent/node_modules/{package.binaries[cpu]}")
    dockerfile = (recipe / "Dockerfile").read_text()
    (root / "Dockerfile").write_text(
        dockerfile.replace("{task_image}", task_image).replace("{command}", package.command)
    )


def _link_or_copy(src: str, dst: str) -> str:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)
    return dst
