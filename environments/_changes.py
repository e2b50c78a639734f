"""A sandbox's filesystem changes, as the engine's changes API reports them, folded into ``FilesystemChanges``."""

from __future__ import annotations

from collections.abc import Iterable

from realcli.events import MAX_PATH_CHANGES, FilesystemChanges, PathChange, PathChangeKind

__all__ = ["DOCKER_CHANGE_KINDS", "fold_changes"]

DOCKER_CHANGE_KINDS: dict[int, PathChangeKind] = {0: "modified", 1: "added", 2: "deleted"}
"""The Engine API's ``Kind`` codes of ``GET /containers/{id}/changes``."""

_ORDER: dict[PathChangeKind, int] = {"deleted": 0, "modified": 1, "added": 2}


def fold_changes(raw: Iterable[tuple[str, PathChangeKind]], *, limit: int = MAX_PATH_CHANGES) -> FilesystemChanges:
    """The file changes of ``raw`` (path, kind): directories that changed only through their content left out.

    The engine marks a directory modified when anything inside it changed;
    such a directory is the parent of another change, so a modified path
    that is the parent of another reported path is not a change of its own.
    An added or deleted directory stays (it is one).
    """
    entries = dict(raw)
    parents = {path.rsplit("/", 1)[0] or "/" for path in entries}
    kept = [
        PathChange(path=path, kind=kind)
        for path, kind in entries.items()
        if not (kind == "modified" and path in parents)
    ]
    kept.sort(key=lambda c: (_ORDER[c.kind], c.path))
    counts = {kind: sum(1 for c in kept if c.kind == kind) for kind in _ORDER}
    return FilesystemChanges(
        changes=kept[:limit],
        added=counts["added"],
        modified=counts["modified"],
        deleted=counts["deleted"],
        truncated=len(kept) > limit,
    )
