"""The base image recipes shipped in ``recipes/`` and their content hashes."""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from realcli._errors import ConfigError
from realcli.environments._images import context_hash

RECIPES_DIR = Path(__file__).parent / "recipes"
# Bump when the builder's own behaviour changes what a recipe produces.
_BUILDER_VERSION = b"realcli-environments-v1"


@dataclass(frozen=True, slots=True)
class BaseImage:
    """A locally built base image.

    ``kind`` is ``rootfs`` (debootstrap + import, ``recipe.toml``) or
    ``dockerfile`` (a build context FROM ``parent``).
    """

    name: str
    recipe: Path
    kind: Literal["rootfs", "dockerfile"]
    parent: str | None = None


@dataclass(frozen=True, slots=True)
class RootfsRecipe:
    """``recipe.toml`` of a ``rootfs`` image."""

    image: str
    suite: str
    variant: str
    mirror: str
    changes: list[str] = field(default_factory=list)
    remove: list[str] = field(default_factory=list)
    keep: list[str] = field(default_factory=list)
    files: list[tuple[str, str, int]] = field(default_factory=list)  # (path, content, mode)


BASE_IMAGES: tuple[BaseImage, ...] = (
    BaseImage("debian:bookworm-slim", RECIPES_DIR / "debian-bookworm-slim", "rootfs"),
    BaseImage(
        "realcli/python:bookworm",
        RECIPES_DIR / "python-bookworm",
        "dockerfile",
        parent="debian:bookworm-slim",
    ),
)
"""Every base image, parents before children."""


def base_image(name: str) -> BaseImage:
    """The recipe of base image ``name``; ``ConfigError`` when there is none."""
    for image in BASE_IMAGES:
        if image.name == name:
            return image
    known = ", ".join(i.name for i in BASE_IMAGES)
    raise ConfigError(f"no base image recipe named {name!r}; known: {known}")


def with_parents(names: list[str] | None) -> list[BaseImage]:
    """The images named (all when None) plus the parents they need, in build order."""
    if names is None:
        return list(BASE_IMAGES)
    wanted: set[str] = set()
    for name in names:
        image: BaseImage | None = base_image(name)
        while image is not None and image.name not in wanted:
            wanted.add(image.name)
            image = base_image(image.parent) if image.parent else None
    return [i for i in BASE_IMAGES if i.name in wanted]


@cache
def recipe_hash(name: str) -> str:
    """Hex sha256 of a recipe (and, through it, of its parent's recipe)."""
    image = base_image(name)
    parent = recipe_hash(image.parent).encode() if image.parent else b""
    if image.kind == "rootfs":
        h = hashlib.sha256(_BUILDER_VERSION + b"\0" + (image.recipe / "recipe.toml").read_bytes())
        return h.hexdigest()
    return context_hash(image.recipe, extra=_BUILDER_VERSION + b"\0" + parent)


def load_rootfs_recipe(image: BaseImage) -> RootfsRecipe:
    """Parse ``recipe.toml``; a malformed recipe is a ``ConfigError`` naming the file and key."""
    path = image.recipe / "recipe.toml"
    try:
        data = tomllib.loads(path.read_text())
        files = [(str(f["path"]), str(f["content"]).lstrip("\n"), int(f.get("mode", 0o644))) for f in data["files"]]
        return RootfsRecipe(
            image=str(data["image"]),
            suite=str(data["suite"]),
            variant=str(data["variant"]),
            mirror=str(data["mirror"]),
            changes=[str(c) for c in data.get("changes", [])],
            remove=[str(p) for p in data.get("remove", [])],
            keep=[str(p) for p in data.get("keep", [])],
            files=files,
        )
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as e:
        raise ConfigError(f"{path}: invalid base image recipe ({type(e).__name__}: {e}); fix the file") from e
