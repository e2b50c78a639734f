"""Local base images: recipes and the builder that keeps them up to date.

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
from realcli.environments._recipes import BASE_IMAGES, BaseImage, base_image, recipe_hash

__all__ = [
    "BASE_IMAGES",
    "LABEL_KIND",
    "LABEL_RECIPE_HASH",
    "BaseImage",
    "BaseImageResult",
    "base_image",
    "ensure_base_images",
    "main",
    "recipe_hash",
]
