"""Which task.toml keys realcli applies, and what it does with the others (``realcli lint`` lists them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["unimplemented_keys"]


# task.toml keys realcli applies (tables of free metadata are not listed: metadata, task).
_APPLIED: dict[str, frozenset[str]] = {
    "": frozenset(
        {
            "version",
            "schema_version",
            "source",
            "task",
            "metadata",
            "agent",
            "collab",
            "verifier",
            "environment",
            "solution",
            "steps",
            "multi_step_reward_strategy",
        }
    ),
    "agent": frozenset({"timeout_sec", "max_turns", "user", "network_mode"}),
    "collab": frozenset({"timeout_sec", "max_turns"}),
    "verifier": frozenset({"timeout_sec", "env", "user", "environment_mode", "network_mode"}),
    "environment": frozenset(
        {
            "cpus",
            "memory_mb",
            "memory",
            "storage_mb",
            "storage",
            "allow_internet",
            "workdir",
            "network_mode",
            "docker_image",
            "build_timeout_sec",
            "env",
            "healthcheck",
            "gpus",
        }
    ),
    "solution": frozenset({"env"}),
}
_NOT_IMPLEMENTED: dict[str, str] = {
    "artifacts": "not implemented: artifacts are not collected after the trial (the evidence snapshot is)",
}


def unimplemented_keys(raw: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(dotted key, what realcli does with it) for every task.toml key it does not implement.

    Keys that would change behaviour and cannot be applied never get here:
    the loader refuses them.  What is left is ignored or not enforced, and
    ``realcli lint`` lists it.
    """
    found: list[tuple[str, str]] = []
    for table, known in _APPLIED.items():
        section = raw if not table else raw.get(table)
        if not isinstance(section, Mapping):
            continue
        for key in section:
            dotted = f"{table}.{key}" if table else str(key)
            if dotted in _NOT_IMPLEMENTED:
                found.append((dotted, _NOT_IMPLEMENTED[dotted]))
            elif key not in known:
                found.append((dotted, "unknown key: ignored"))
    steps = raw.get("steps")
    for i, step in enumerate(steps if isinstance(steps, list) else []):
        if isinstance(step, Mapping):
            found += [(f"steps[{i}].{key}", "unknown key: ignored") for key in step if key not in _STEP_KEYS]
    return found


_STEP_KEYS = frozenset({"name", "min_reward", "agent", "verifier", "healthcheck", "inherit_prior_session"})
