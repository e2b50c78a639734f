"""task.toml as typed config, Harbor's steps and environment: what realcli applies, refuses or derives."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

import msgspec

from realcli.events import EnvironmentConfig, Metadata, StepSpec, TaskConfig
from realcli.taskformat._convert import check_finite, convert
from realcli.taskformat._files import check_file, read_text, task_error

__all__ = ["check_environment", "convert_config", "load_steps"]


# --------------------------------------------------------------------------
# task.toml
# --------------------------------------------------------------------------


def convert_config(path: Path, raw: dict[str, Any]) -> TaskConfig:
    """``task.toml`` decoded into a ``TaskConfig``; raises ``TaskFormatError`` naming the file and key of anything
    invalid."""
    data = dict(raw)
    if isinstance(data.get("metadata"), dict):
        data["metadata"] = _lenient_metadata(data["metadata"])
    config = convert(path, data, TaskConfig, "toml")
    check_finite(path, config)
    env = config.environment
    if env.workdir and not env.workdir.startswith("/"):
        raise task_error(
            path,
            "environment.workdir",
            f"{env.workdir!r} is not an absolute path",
            "expected a container path starting with /",
        )
    _refuse_unsupported(path, config)
    given = raw.get("environment", {})
    _refuse_platform(path, given if isinstance(given, dict) else {})
    env = _apply_size(path, env, "memory", explicit="memory_mb" in given)
    env = _apply_size(path, env, "storage", explicit="storage_mb" in given)
    verifier = config.verifier
    if verifier.environment is not None:
        venv, vgiven = verifier.environment, raw.get("verifier", {}).get("environment", {})
        venv = _apply_size(path, venv, "memory", explicit="memory_mb" in vgiven, where="verifier.environment")
        venv = _apply_size(path, venv, "storage", explicit="storage_mb" in vgiven, where="verifier.environment")
        if venv.workdir and not venv.workdir.startswith("/"):
            raise task_error(path, "verifier.environment.workdir", f"{venv.workdir!r} is not an absolute path", "")
        verifier = msgspec.structs.replace(verifier, environment=venv)
    return msgspec.structs.replace(config, environment=env, verifier=verifier)


_NETWORK_EXPECTED = "expected public or no-network; refused rather than run with more or less network than declared"


def _refuse_unsupported(path: Path, config: TaskConfig) -> None:
    """Harbor keys that would change how the task runs and that realcli cannot apply: refused, never ignored."""
    env, agent, verifier = config.environment, config.agent, config.verifier
    if env.network_mode == "allowlist":
        problem = "'allowlist' is not supported (realcli cannot limit a sandbox to allowed_hosts)"
        raise task_error(path, "environment.network_mode", problem, _NETWORK_EXPECTED)
    for where, hosts in (("environment", env.allowed_hosts), ("agent", agent.allowed_hosts)):
        if hosts is not None:
            raise task_error(path, f"{where}.allowed_hosts", "allowlists are not supported", _NETWORK_EXPECTED)
    if verifier.allowed_hosts is not None:
        raise task_error(path, "verifier.allowed_hosts", "allowlists are not supported", _NETWORK_EXPECTED)
    agent_network = "public" if env.internet else "no-network"
    verifier_env = verifier.environment or env if verifier.separate else env
    for phase, mode, declared in (
        ("agent", agent.network_mode, agent_network),
        ("verifier", verifier.network_mode, "public" if verifier_env.internet else "no-network"),
    ):
        if mode is not None and mode != declared:
            raise task_error(
                path,
                f"{phase}.network_mode",
                f"{mode!r} differs from the environment's {declared!r}: a per-phase network is not supported",
                "expected the same network as its environment, or no per-phase network_mode",
            )
    _refuse_environment(path, "environment", env)
    _check_verifier_mode(path, config)


def _refuse_environment(path: Path, where: str, env: EnvironmentConfig) -> None:
    """An environment table's keys realcli cannot apply ([environment], or a separate verifier's)."""
    if where != "environment" and env.network_mode == "allowlist":
        problem = "'allowlist' is not supported (realcli cannot limit a sandbox to allowed_hosts)"
        raise task_error(path, f"{where}.network_mode", problem, _NETWORK_EXPECTED)
    if where != "environment" and env.allowed_hosts is not None:
        raise task_error(path, f"{where}.allowed_hosts", "allowlists are not supported", _NETWORK_EXPECTED)
    for key, present in (
        ("gpus", env.gpus > 0),
        ("gpu_types", env.gpu_types is not None),
        ("mcp_servers", bool(env.mcp_servers)),
        ("skills_dir", env.skills_dir is not None),
    ):
        if present:
            raise task_error(
                path, f"{where}.{key}", "not supported by realcli", "remove it, or run the task with Harbor"
            )


def _check_verifier_mode(path: Path, config: TaskConfig) -> None:
    """Harbor's verifier modes: ``shared`` (the default) or ``separate`` (``[verifier.environment]`` implies it)."""
    verifier = config.verifier
    if verifier.environment_mode not in (None, "shared", "separate"):
        raise task_error(
            path,
            "verifier.environment_mode",
            f"unknown mode {verifier.environment_mode!r}",
            "expected 'shared' (the agent's container) or 'separate' (a container of its own)",
        )
    if verifier.environment_mode == "shared" and verifier.environment is not None:
        raise task_error(
            path,
            "verifier.environment",
            "a verifier environment with environment_mode = 'shared' (Harbor refuses it too)",
            "remove [verifier.environment], or set environment_mode = 'separate'",
        )
    for i, artifact in enumerate(config.artifacts):
        source = artifact if isinstance(artifact, str) else artifact.source
        if not source.startswith("/"):
            raise task_error(
                path, f"artifacts[{i}]", f"{source!r} is not an absolute path", "expected a container path"
            )
        if not isinstance(artifact, str) and artifact.service not in (None, "main"):
            raise task_error(
                path, f"artifacts[{i}].service", "compose services are not supported", "remove service, or use main"
            )
    if verifier.environment is not None:
        _refuse_environment(path, "verifier.environment", verifier.environment)
    if verifier.separate and config.steps:
        raise task_error(
            path,
            "verifier.environment_mode",
            "a separate verifier environment is not supported for a multi-step task",
            "expected environment_mode = 'shared' with [[steps]] (the verifier runs in the agent's container)",
        )


def _refuse_platform(path: Path, environment: dict[str, Any]) -> None:
    """Harbor 0.2x's platform keys: Windows containers and TPUs are refused (linux is realcli's only OS)."""
    os_name = environment.get("os", "linux")
    if os_name != "linux":
        raise task_error(path, "environment.os", f"{os_name!r} containers are not supported", "expected 'linux'")
    if environment.get("tpu") is not None:
        raise task_error(path, "environment.tpu", "not supported by realcli", "remove it, or run the task with Harbor")


def _lenient_metadata(meta: dict[str, Any]) -> dict[str, Any]:
    # Harbor's [metadata] is an arbitrary table (e.g. difficulty = "unknown"):
    # metadata never changes how a task runs, so a value our typed Metadata
    # cannot hold falls back to the default here (raw_config keeps it for
    # lint) instead of refusing a valid Harbor task.
    kept: dict[str, Any] = {}
    for key, value in meta.items():
        try:
            msgspec.convert({key: value}, Metadata)
        except msgspec.ValidationError:
            continue
        kept[key] = value
    return kept


_SIZE_UNITS_MB = {"G": 1024.0, "M": 1.0, "K": 1 / 1024}


def _apply_size(
    path: Path, env: EnvironmentConfig, key: Literal["memory", "storage"], *, explicit: bool, where: str = "environment"
) -> EnvironmentConfig:
    """Derive ``<key>_mb`` from Harbor's deprecated ``<key> = "2G"`` unless ``<key>_mb`` is set."""
    text = getattr(env, key)
    if text is None:
        return env
    # Harbor's own parsing: upper-cased, a G/M/K suffix, a float before it.
    size = text.strip().upper()
    mb: int | None = None
    if size[-1:] in _SIZE_UNITS_MB:
        try:
            mb = int(float(size[:-1]) * _SIZE_UNITS_MB[size[-1]])
        except (ValueError, OverflowError):  # not a number; nan; inf
            mb = None
    if mb is None or mb < 1:
        raise task_error(
            path, f"{where}.{key}", f"invalid size {text!r}", "expected a size such as '2G' or '512M', at least 1M"
        )
    if explicit:
        return env
    return msgspec.structs.replace(env, **{f"{key}_mb": mb})


def check_environment(root: Path, config: TaskConfig) -> None:
    """Raise ``TaskFormatError`` unless the task has the Dockerfile its image (and a separate verifier's image) is built
    from, or names an image."""
    if config.verifier.separate and not (config.verifier.environment or config.environment).docker_image:
        # Harbor builds a separate verifier's image from tests/ (its build context), as environment/ for the agent.
        check_file(
            root / "tests" / "Dockerfile",
            "expected the Dockerfile of the separate verifier's image (it holds /tests/test.sh), "
            "or [verifier.environment] docker_image",
        )
    if config.environment.docker_image:
        return
    check_file(
        root / "environment" / "Dockerfile",
        "expected the Dockerfile that builds the agent's container (the main service), "
        "or [environment] docker_image in task.toml",
    )


_STEP_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


def load_steps(root: Path, config: TaskConfig) -> tuple[str, list[StepSpec]]:
    """A multi-step task's steps (Harbor's layout under ``steps/<name>/``), and its top-level instruction if any.

    The top-level instruction.md is never sent to the agent (Harbor); every
    step needs its instruction and a verifier (its own ``tests/test.sh`` or
    the task's).
    """
    toml = root / "task.toml"
    seen: set[str] = set()
    steps: list[StepSpec] = []
    for i, step in enumerate(config.steps):
        where = f"steps[{i}]"
        if not _STEP_NAME.fullmatch(step.name):
            raise task_error(toml, f"{where}.name", f"invalid step name {step.name!r}", "expected a directory name")
        if step.name in seen:
            raise task_error(toml, f"{where}.name", f"duplicate step {step.name!r}", "expected unique step names")
        seen.add(step.name)
        if step.verifier.environment_mode not in (None, "shared"):
            raise task_error(
                toml,
                f"{where}.verifier.environment_mode",
                "a separate verifier environment is not supported",
                "expected environment_mode = 'shared' (the verifier runs in the agent's container)",
            )
        folder = root / "steps" / step.name
        text = read_text(folder / "instruction.md", f"expected the instruction of step {step.name!r}")
        if not (folder / "tests" / "test.sh").is_file():
            check_file(
                root / "tests" / "test.sh",
                f"expected the verifier of step {step.name!r}: tests/test.sh or steps/{step.name}/tests/test.sh",
            )
        steps.append(StepSpec(name=step.name, instruction=text))
    top = root / "instruction.md"
    instruction = read_text(top, "expected UTF-8 text") if top.exists() else ""
    return instruction, steps
