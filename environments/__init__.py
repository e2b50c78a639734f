"""The Docker engine layer: connecting to it, building images, and the local base images.

The runtime (sandboxes, task and agent images) builds on this package and
never talks to the engine's API for images directly.

Nothing can be pulled on the machines realcli runs on, so the base images
task Dockerfiles start FROM are built here: ``debian:bookworm-slim``
(debootstrap + import) and ``realcli/python:bookworm`` (python3, pytest,
pytest-json-ctrf and common CLI tools).  Each image carries its recipe's hash
as a label and is rebuilt only when the recipe changes.

``python -m realcli.environments`` is the command-line entry (used by
``make setup`` and CI).
"""

from realcli.environments._build import (
    LABEL_KIND,
    LABEL_RECIPE_HASH,
    BaseImageResult,
    ensure_base_images,
    main,
)
from realcli.environments._docker import (
    LABEL_SESSION,
    SESSION_ENV,
    DockerUnavailableError,
    ProgressFn,
    connect,
    docker_error,
    image_labels,
    inspect_image,
    is_not_found,
    iter_json_lines,
    one_line,
    session_labels,
)
from realcli.environments._dockerfile import Rewrite
from realcli.environments._imagemap import ImageMap
from realcli.environments._images import (
    BuildResult,
    ImageBuildError,
    ImageUnavailableError,
    build_image,
    context_hash,
    log_tail,
    prepare_dockerfile,
    pull_image,
    remove_image,
)
from realcli.environments._recipes import BASE_IMAGES, BaseImage, base_image, recipe_hash

__all__ = [
    "BASE_IMAGES",
    "LABEL_KIND",
    "LABEL_RECIPE_HASH",
    "LABEL_SESSION",
    "SESSION_ENV",
    "BaseImage",
    "BaseImageResult",
    "BuildResult",
    "DockerUnavailableError",
    "ImageBuildError",
    "ImageMap",
    "ImageUnavailableError",
    "ProgressFn",
    "base_image",
    "build_image",
    "connect",
    "context_hash",
    "docker_error",
    "ensure_base_images",
    "image_labels",
    "inspect_image",
    "is_not_found",
    "iter_json_lines",
    "log_tail",
    "main",
    "one_line",
    "prepare_dockerfile",
    "pull_image",
    "recipe_hash",
    "Rewrite",
    "session_labels",
    "remove_image",
]
