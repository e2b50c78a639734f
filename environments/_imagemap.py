"""The image map: substitute base images and ``docker_image``s without editing tasks.

For air-gapped or mirrored setups: ``FROM=TO`` pairs, where ``FROM`` may be a
glob (``python:3.*-slim*``).  The first pair that matches wins; a reference
without a tag also matches as ``<ref>:latest``.  Applied to ``[environment]
docker_image`` and, at build time, to every ``FROM`` line of a Dockerfile.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable
from dataclasses import dataclass

from realcli._errors import ConfigError

__all__ = ["ImageMap"]


def _with_latest(ref: str) -> str | None:
    """``ref:latest`` for a reference without tag or digest, else None."""
    last = ref.rsplit("/", 1)[-1]
    return None if ":" in last or "@" in ref else ref + ":latest"


@dataclass(frozen=True)
class ImageMap:
    """Ordered ``(pattern, replacement)`` pairs."""

    pairs: tuple[tuple[str, str], ...] = ()

    @classmethod
    def parse(cls, items: Iterable[str], *, source: str = "--image-map") -> ImageMap:
        """From ``FROM=TO`` strings; ``ConfigError`` naming ``source`` for a malformed one."""
        pairs = []
        for item in items:
            pattern, sep, replacement = item.partition("=")
            if not sep or not pattern.strip() or not replacement.strip():
                raise ConfigError(f"{source} {item!r}: expected FROM=TO, e.g. 'ubuntu:24.04=debian:bookworm-slim'")
            pairs.append((pattern.strip(), replacement.strip()))
        return cls(tuple(pairs))

    def __add__(self, other: ImageMap) -> ImageMap:
        return ImageMap(self.pairs + other.pairs)

    def __bool__(self) -> bool:
        return bool(self.pairs)

    def lookup(self, ref: str) -> str | None:
        """The replacement for image ``ref``, or None when no pair matches."""
        candidates = [ref] + [r for r in [_with_latest(ref)] if r]
        for pattern, replacement in self.pairs:
            if any(fnmatch.fnmatchcase(c, pattern) for c in candidates):
                return replacement
        return None

    def apply(self, ref: str) -> str:
        """``ref`` after the map (itself when nothing matches)."""
        return self.lookup(ref) or ref

    def as_strings(self) -> list[str]:
        """``FROM=TO`` strings, as recorded in a run."""
        return [f"{p}={r}" for p, r in self.pairs]
