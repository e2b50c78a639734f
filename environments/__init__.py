"""Everything realcli does with the Docker engine: images, sandbox containers, networks, clean-up.

All Docker code lives here.  The runtime calls this package's API, its image
API included (a trial ensures its task image, an installed agent its agent
image), and never the engine itself:

* the engine: ``connect``, errors translated to ``EngineError``;
* images: the local base images (``python -m realcli.environments``; nothing
  can be pulled on the machines realcli runs on, so ``debian:bookworm-slim``
  is built by debootstrap + import and ``realcli/python:bookworm`` on top,
  each labelled with its recipe's hash and rebuilt only when it changes),
  task images (``ensure_task_image``: Harbor's docker_image, else the task's
  Dockerfile) and installed-agent images (``ensure_agent_image``);
* sandboxes: the ``Sandbox`` interface (what the runtime does with a trial's
  environment), ``DockerSandbox`` behind it (one trial's container: commands,
  files in and out, snapshots), ``LocalSandbox`` (UNSAFE, no isolation: local
  processes in a temporary directory, for fast tests and development only;
  never the default), ``ContainerProcesses`` (an installed agent's own process in
  it) and the run networks of sandboxes that need network;
* disks: a task's ``storage_mb`` is a cap the engine enforces where it can
  (``disk_enforcement``: btrfs with simple quotas), else a measure polled
  (said once, as a warning); the verifier gets room of its own;
* clean-up: ``gc`` and ``sweep_forever`` remove what dead realcli processes
  left behind (by ownership labels), ``prune_images`` the image cache,
  ``prune_build_cache`` the engine's BuildKit cache beneath it.

``python -m realcli.environments`` is the command-line entry (used by
``make setup`` and CI).
"""

from realcli.environments._agent_images import (
    CLAUDE_CODE,
    CODEX,
    FORWARDER,
    NODE,
    NODE_VERSION,
    AgentPackage,
    ensure_agent_image,
)
from realcli.environments._build import LABEL_RECIPE_HASH, ensure_base_images
from realcli.environments._changes import fold_changes
from realcli.environments._container_commands import KILL_AFTER_SEC
from realcli.environments._disk import DiskEnforcement, disk_enforcement
from realcli.environments._docker import (
    LABEL_SESSION,
    SESSION_ENV,
    DockerUnavailableError,
    RoundTrips,
    connect,
    iter_json_lines,
    session_labels,
)
from realcli.environments._gc import gc, prune_build_cache, prune_images, sweep_forever
from realcli.environments._imagemap import ImageMap
from realcli.environments._images import ImageBuildError, ImageUnavailableError, build_image, context_hash
from realcli.environments._interface import Sandbox
from realcli.environments._local import LocalSandbox
from realcli.environments._networks import StaleEndpointError, remove_network, require_bridges
from realcli.environments._ownership import (
    KIND_SANDBOX,
    LABEL_HOST,
    LABEL_HOST_ID,
    LABEL_KIND,
    LABEL_OWNER,
    LABEL_PID,
    LABEL_RUN,
    host_id,
    owner_id,
)
from realcli.environments._processes import ContainerProcesses, SandboxProcess
from realcli.environments._recipes import BASE_IMAGES, recipe_hash
from realcli.environments._sandbox import DockerSandbox, owner_labels
from realcli.environments._sandbox_types import BindMount, DiskUse, ExecResult, FileCopy, FileRead, PathStat
from realcli.environments._sandboxes import SANDBOXES
from realcli.environments._services import ServiceGroup
from realcli.environments._task_images import TaskImage, ensure_task_image

__all__ = [
    "BASE_IMAGES",
    "CLAUDE_CODE",
    "CODEX",
    "FORWARDER",
    "KIND_SANDBOX",
    "SANDBOXES",
    "KILL_AFTER_SEC",
    "LABEL_HOST",
    "LABEL_HOST_ID",
    "LABEL_KIND",
    "LABEL_OWNER",
    "LABEL_PID",
    "LABEL_RECIPE_HASH",
    "LABEL_RUN",
    "LABEL_SESSION",
    "NODE",
    "NODE_VERSION",
    "SESSION_ENV",
    "AgentPackage",
    "BindMount",
    "ContainerProcesses",
    "DiskEnforcement",
    "DiskUse",
    "DockerSandbox",
    "DockerUnavailableError",
    "ExecResult",
    "FileCopy",
    "FileRead",
    "ImageBuildError",
    "ImageMap",
    "ImageUnavailableError",
    "LocalSandbox",
    "PathStat",
    "RoundTrips",
    "Sandbox",
    "SandboxProcess",
    "StaleEndpointError",
    "TaskImage",
    "build_image",
    "connect",
    "context_hash",
    "disk_enforcement",
    "ensure_agent_image",
    "ensure_base_images",
    "ensure_task_image",
    "fold_changes",
    "owner_labels",
    "ServiceGroup",
    "gc",
    "host_id",
    "iter_json_lines",
    "owner_id",
    "prune_build_cache",
    "prune_images",
    "recipe_hash",
    "remove_network",
    "require_bridges",
    "session_labels",
    "sweep_forever",
]
