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
            "artifacts",
        }
    ),
    "agent": frozenset({"timeout_sec", "max_turns", "user", "network_mode"}),
    "collab": frozenset({"timeout_sec", "max_turns"}),
    "verifier": frozenset({"timeout_sec", "env", "user", "environment_mode", "network_mode", "environment", "metric"}),
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
            "os",
        }
    ),
    "solution": frozenset({"env"}),
}
_NOT_IMPLEMENTED: dict[str, str] = {
    "artifacts": "not collected after the trial (the evidence snapshot is); only a separate verifier gets them",
    "verifier.collect": "not implemented: collect hooks are not run (a separate verifier gets the artifacts as "
    "the agent's container holds them)",
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
            if dotted in _NOT_IMPLEMENTED and not (dotted == "artifacts" and _separate(raw)):
                found.append((dotted, _NOT_IMPLEMENTED[dotted]))
            elif key not in known:
                found.append((dotted, "unknown key: ignored"))
    steps = raw.get("steps")
    for i, step in enumerate(steps if isinstance(steps, list) else []):
        if isinstance(step, Mapping):
            found += [(f"steps[{i}].{key}", "unknown key: ignored") for key in step if key not in _STEP_KEYS]
    return found


def _separate(raw: Mapping[str, Any]) -> bool:
    """Whether the task's verifier runs in an environment of its own (then ``artifacts`` are applied)."""
    verifier = raw.get("verifier")
    if not isinstance(verifier, Mapping):
        return False
    return verifier.get("environment_mode") == "separate" or (
        verifier.get("environment_mode") is None and "environment" in verifier
    )


_STEP_KEYS = frozenset({"name", "min_reward", "agent", "verifier", "healthcheck", "inherit_prior_session"})
