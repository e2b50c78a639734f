"""The task loader: a task directory (docs/task-format.md) in, a ``Task`` out.

Every problem is a ``TaskFormatError`` with ONE line::

    <file>: [<field path>: ]<what is wrong>[ (<what was expected>)]

``<file>`` is the path as the caller gave it joined with the file's place in
the task (``tasks/x/interaction/script.json``); ``<field path>`` is dotted,
with list indices (``probes[2].trigger.on``).

The loader rejects only what would make a task run incorrectly: parse and type
errors, missing files, dangling references, regexes that do not compile,
traps that cannot be planted.  Style and quality belong to ``realcli lint``.

Trap ``src`` resolution: a relative POSIX path, looked up first under
``interaction/`` (so ``traps/.env.local`` is ``interaction/traps/.env.local``,
as in the contract's example) and then under the task directory; it must stay
inside the task directory.  ``dest`` must be an absolute container path.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import stat
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from types import MappingProxyType
from typing import Any, Literal, TypeVar

import msgspec
import msgspec.inspect as mi

from realcli._errors import TaskFormatError
from realcli.events import (
    TRIGGER_KINDS,
    EnvironmentConfig,
    Metadata,
    OnAfter,
    OnAllProbesDone,
    OnCommand,
    OracleContract,
    Probe,
    Script,
    StepSpec,
    TaskConfig,
    TaskSpec,
    Trigger,
)

__all__ = ["Task", "find_tasks", "load_task", "tree_digest", "unimplemented_keys"]

SCRIPT_SCHEMA_VERSION = 1

_Syntax = Literal["toml", "json"]
_T = TypeVar("_T")


# --------------------------------------------------------------------------
# The loaded task
# --------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Task:
    """A loaded, validated task directory.

    ``spec`` is what a trial records (``TrialStarted``); the paths are
    absolute; ``raw_config`` is task.toml as parsed, unknown keys included.
    """

    spec: TaskSpec
    root: Path
    environment_dir: Path
    tests_dir: Path
    solution_dir: Path
    interaction_dir: Path | None
    environment_hash: str
    raw_config: Mapping[str, Any]
    traps: tuple[tuple[Path, str], ...] = ()

    @property
    def task_id(self) -> str:
        """The directory name."""
        return self.spec.task_id

    @property
    def config(self) -> TaskConfig:
        """task.toml as typed config (defaults filled in)."""
        return self.spec.config

    @property
    def collab_capable(self) -> bool:
        """Whether the task has an interaction layer, i.e. can run in COLLAB mode."""
        return self.spec.script is not None

    @property
    def dockerfile(self) -> Path | None:
        """``environment/Dockerfile`` if present (absent when ``docker_image`` is used instead)."""
        path = self.environment_dir / "Dockerfile"
        return path if path.is_file() else None

    def trap_files(self) -> list[tuple[Path, str]]:
        """The script's traps as (host file or directory, absolute container destination), in script order."""
        return list(self.traps)

    def step_dir(self, name: str) -> Path:
        """``steps/<name>/`` of a multi-step task: instruction.md, tests/, solution/, workdir/."""
        return self.root / "steps" / name

    @property
    def mutants(self) -> list[str]:
        """Names of the task's mutant solutions (``solution/mutants/<name>.sh``): plausible wrong or partial
        solutions that the verifier must reject (``realcli validate`` runs each one)."""
        folder = self.solution_dir / "mutants"
        return sorted(p.stem for p in folder.glob("*.sh") if p.is_file()) if folder.is_dir() else []


def load_task(path: Path) -> Task:
    """Load and validate the task directory at ``path``.

    Raises ``TaskFormatError`` (one line: file, field, problem, expectation)
    when the directory breaks the contract.
    """
    if not path.is_dir():
        what = "not a directory" if path.exists() else "no such directory"
        raise _error(path, "", what, "expected a task directory containing task.toml")
    raw = _read_config(path)
    config = _convert_config(path / "task.toml", raw)
    _check_environment(path, config)
    if config.steps:
        instruction, steps = _load_steps(path, config)
    else:
        instruction = _read_text(
            path / "instruction.md",
            "expected the task's complete specification in Markdown, handed to the agent at once in EXEC mode",
        )
        steps = []
        _check_file(path / "tests" / "test.sh", "expected the verifier script, which writes /logs/verifier/reward.txt")
    script, oracle, traps = _load_interaction(path)
    if steps and script is not None:
        raise _error(
            path / "interaction", "", "a multi-step task ([[steps]]) cannot have a COLLAB layer", "remove one of them"
        )
    root = path.resolve()
    spec = TaskSpec(
        task_id=root.name,
        digest=tree_digest(path),
        config=config,
        instruction=instruction,
        script=script,
        oracle=oracle,
        steps=steps,
    )
    return Task(
        spec=spec,
        root=root,
        environment_dir=root / "environment",
        tests_dir=root / "tests",
        solution_dir=root / "solution",
        interaction_dir=root / "interaction" if script is not None else None,
        environment_hash=tree_digest(path / "environment"),
        raw_config=MappingProxyType(raw),
        traps=tuple((host.resolve(), dest) for host, dest in traps),
    )


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
    "environment.storage_mb": "not enforced: the sandbox's disk is not limited",
    "environment.storage": "not enforced: the sandbox's disk is not limited",
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


_STEP_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


def _load_steps(root: Path, config: TaskConfig) -> tuple[str, list[StepSpec]]:
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
            raise _error(toml, f"{where}.name", f"invalid step name {step.name!r}", "expected a directory name")
        if step.name in seen:
            raise _error(toml, f"{where}.name", f"duplicate step {step.name!r}", "expected unique step names")
        seen.add(step.name)
        if step.verifier.environment_mode not in (None, "shared"):
            raise _error(
                toml,
                f"{where}.verifier.environment_mode",
                "a separate verifier environment is not supported",
                "expected environment_mode = 'shared' (the verifier runs in the agent's container)",
            )
        folder = root / "steps" / step.name
        text = _read_text(folder / "instruction.md", f"expected the instruction of step {step.name!r}")
        if not (folder / "tests" / "test.sh").is_file():
            _check_file(
                root / "tests" / "test.sh",
                f"expected the verifier of step {step.name!r}: tests/test.sh or steps/{step.name}/tests/test.sh",
            )
        steps.append(StepSpec(name=step.name, instruction=text))
    top = root / "instruction.md"
    instruction = _read_text(top, "expected UTF-8 text") if top.exists() else ""
    return instruction, steps


def find_tasks(paths: Sequence[Path]) -> list[Path]:
    """Expand each path (a task directory, or a folder whose subdirectories are tasks) to task directories.

    The result is sorted and free of duplicates (two spellings of one directory count once).
    """
    found: dict[Path, Path] = {}
    for path in paths:
        for task_dir in _tasks_under(path):
            found.setdefault(task_dir.resolve(), task_dir)
    return sorted(found.values(), key=str)


def _tasks_under(path: Path) -> list[Path]:
    expected = "expected a task directory containing task.toml, or a folder of task directories"
    if not path.exists():
        raise _error(path, "", "no such file or directory", expected)
    if (path / "task.toml").is_file():
        return [path]
    try:
        children = sorted(path.iterdir()) if path.is_dir() else []
    except OSError as e:
        raise _error(path, "", f"cannot read: {e.strerror}", expected) from e
    tasks = [child for child in children if child.is_dir() and (child / "task.toml").is_file()]
    if not tasks:
        raise _error(path, "", "neither a task directory nor a folder of task directories", expected)
    return tasks


# --------------------------------------------------------------------------
# Content hashes
# --------------------------------------------------------------------------


def tree_digest(path: Path) -> str:
    """sha256 (hex) of a directory's content, stable across machines and locations.

    Covers every regular file (relative POSIX path, one executable bit, bytes)
    and every symlink (relative path, target text), in sorted path order;
    mtimes, owners, other mode bits and empty directories do not count.  A
    missing directory hashes as an empty one.
    """
    digest = hashlib.sha256()
    for rel, full, st in sorted(_tree_entries(path, PurePosixPath()), key=lambda entry: entry[0]):
        if stat.S_ISLNK(st.st_mode):
            fields = [b"link", _fs_bytes(rel), _fs_bytes(os.readlink(full))]
        else:
            exec_flag = b"x" if st.st_mode & 0o111 else b"-"
            fields = [b"file", _fs_bytes(rel), exec_flag, _file_sha256(full).encode()]
        # NUL cannot occur in a path or in these fields, so the framing is unambiguous.
        digest.update(b"\0".join(fields) + b"\0")
    return digest.hexdigest()


def _tree_entries(path: Path, rel: PurePosixPath) -> Iterator[tuple[str, Path, os.stat_result]]:
    try:
        with os.scandir(path) as it:
            entries = [(Path(e.path), e.name, e.stat(follow_symlinks=False)) for e in it]
    except FileNotFoundError:
        return
    except OSError as e:
        raise _error(path, "", f"cannot read: {e.strerror}", "expected a readable directory") from e
    for full, name, st in entries:
        child = rel / name
        if stat.S_ISDIR(st.st_mode):
            yield from _tree_entries(full, child)
        elif stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode):
            yield str(child), full, st


def _file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    try:
        with path.open("rb") as f:
            while chunk := f.read(1 << 20):
                digest.update(chunk)
    except OSError as e:
        raise _error(path, "", f"cannot read: {e.strerror}", "expected a readable file") from e
    return digest.hexdigest()


def _fs_bytes(name: str) -> bytes:
    return name.encode("utf-8", "surrogateescape")


# --------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------


def _error(file: Path | str, where: str, problem: str, expected: str = "") -> TaskFormatError:
    message = f"{file}: {where}: {problem}" if where else f"{file}: {problem}"
    if expected:
        message += f" ({expected})"
    return TaskFormatError(message.replace("\r", "\\r").replace("\n", "\\n"))


def _check_file(path: Path, expected: str, missing_note: str = "") -> None:
    if not path.is_file():
        problem = "file missing" if not path.exists() else "not a regular file"
        if missing_note:
            problem += f"; {missing_note}"
        raise _error(path, "", problem, expected)


def _read_text(path: Path, expected: str, missing_note: str = "") -> str:
    _check_file(path, expected, missing_note)
    try:
        data = path.read_bytes()
    except OSError as e:
        raise _error(path, "", f"cannot read: {e.strerror}", "expected a readable file") from e
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise _error(path, "", f"not valid UTF-8 at byte {e.start}", "expected UTF-8 text") from e


def _read_config(root: Path) -> dict[str, Any]:
    path = root / "task.toml"
    text = _read_text(path, "expected the task's configuration in TOML; every key is optional")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise _syntax_error(path, str(e), "TOML") from e


def _read_json(path: Path, expected: str) -> Any:
    text = _read_text(path, expected)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        where = f"line {e.lineno}, column {e.colno}"
        raise _error(path, where, _lower_first(e.msg), "expected valid JSON") from e


_TOML_POSITION = re.compile(r"^(?P<msg>.*) \(at (?:line (?P<line>\d+), column (?P<col>\d+)|end of document)\)$")


def _syntax_error(path: Path, message: str, syntax: str) -> TaskFormatError:
    m = _TOML_POSITION.match(message)
    if m is None:
        return _error(path, "", _lower_first(message), f"expected valid {syntax}")
    where = f"line {m['line']}, column {m['col']}" if m["line"] else "end of file"
    return _error(path, where, _lower_first(m["msg"]), f"expected valid {syntax}")


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


# --------------------------------------------------------------------------
# task.toml
# --------------------------------------------------------------------------


def _convert_config(path: Path, raw: dict[str, Any]) -> TaskConfig:
    data = dict(raw)
    if isinstance(data.get("metadata"), dict):
        data["metadata"] = _lenient_metadata(data["metadata"])
    config = _convert(path, data, TaskConfig, "toml")
    _check_finite(path, config)
    env = config.environment
    if env.workdir and not env.workdir.startswith("/"):
        raise _error(
            path,
            "environment.workdir",
            f"{env.workdir!r} is not an absolute path",
            "expected a container path starting with /",
        )
    _refuse_unsupported(path, config)
    given = raw.get("environment", {})
    env = _apply_size(path, env, "memory", explicit="memory_mb" in given)
    env = _apply_size(path, env, "storage", explicit="storage_mb" in given)
    return msgspec.structs.replace(config, environment=env)


_NETWORK_EXPECTED = "expected public or no-network; refused rather than run with more or less network than declared"


def _refuse_unsupported(path: Path, config: TaskConfig) -> None:
    """Harbor keys that would change how the task runs and that realcli cannot apply: refused, never ignored."""
    env, agent, verifier = config.environment, config.agent, config.verifier
    if env.network_mode == "allowlist":
        problem = "'allowlist' is not supported (realcli cannot limit a sandbox to allowed_hosts)"
        raise _error(path, "environment.network_mode", problem, _NETWORK_EXPECTED)
    for where, hosts in (("environment", env.allowed_hosts), ("agent", agent.allowed_hosts)):
        if hosts is not None:
            raise _error(path, f"{where}.allowed_hosts", "allowlists are not supported", _NETWORK_EXPECTED)
    if verifier.allowed_hosts is not None:
        raise _error(path, "verifier.allowed_hosts", "allowlists are not supported", _NETWORK_EXPECTED)
    declared = "public" if env.internet else "no-network"
    for phase, mode in (("agent", agent.network_mode), ("verifier", verifier.network_mode)):
        if mode is not None and mode != declared:
            raise _error(
                path,
                f"{phase}.network_mode",
                f"{mode!r} differs from the environment's {declared!r}: a per-phase network is not supported",
                "expected the same network as [environment], or no per-phase network_mode",
            )
    if verifier.environment_mode not in (None, "shared") or verifier.environment is not None:
        raise _error(
            path,
            "verifier.environment_mode" if verifier.environment is None else "verifier.environment",
            "a separate verifier environment is not supported",
            "expected environment_mode = 'shared' (the verifier runs in the agent's container)",
        )
    for key, present in (
        ("environment.gpus", env.gpus > 0),
        ("environment.gpu_types", env.gpu_types is not None),
        ("environment.mcp_servers", bool(env.mcp_servers)),
        ("environment.skills_dir", env.skills_dir is not None),
    ):
        if present:
            raise _error(path, key, "not supported by realcli", "remove it, or run the task with Harbor")


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
    path: Path, env: EnvironmentConfig, key: Literal["memory", "storage"], *, explicit: bool
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
        raise _error(
            path, f"environment.{key}", f"invalid size {text!r}", "expected a size such as '2G' or '512M', at least 1M"
        )
    if explicit:
        return env
    return msgspec.structs.replace(env, **{f"{key}_mb": mb})


# --------------------------------------------------------------------------
# environment/, tests/
# --------------------------------------------------------------------------


# Harbor's multi-container environments (not supported here).
_COMPOSE_FILES = ("docker-compose.yaml", "docker-compose.yml", "compose.yaml", "compose.yml")


def _check_environment(root: Path, config: TaskConfig) -> None:
    if config.environment.docker_image:
        return
    env_dir = root / "environment"
    compose = any((env_dir / name).is_file() for name in _COMPOSE_FILES)
    _check_file(
        env_dir / "Dockerfile",
        "expected the Dockerfile that builds the agent's container, or [environment] docker_image in task.toml",
        missing_note="docker-compose environments are not supported" if compose else "",
    )


# --------------------------------------------------------------------------
# interaction/
# --------------------------------------------------------------------------


def _load_interaction(
    root: Path,
) -> tuple[Script | None, OracleContract | None, list[tuple[Path, str]]]:
    idir = root / "interaction"
    if not idir.exists():
        return None, None, []
    if not idir.is_dir():
        expected = "expected the COLLAB layer: script.json, oracle_contract.json, traps/"
        raise _error(idir, "", "not a directory", expected)
    script_path = idir / "script.json"
    script = _convert(
        script_path,
        _read_json(script_path, "expected the scripted user: opening, slices, probes, closing"),
        Script,
        "json",
    )
    _check_finite(script_path, script)
    _check_script(script_path, script)
    traps = _resolve_traps(root, script_path, script)
    oracle_path = idir / "oracle_contract.json"
    oracle = None
    if oracle_path.exists():
        oracle = _convert(
            oracle_path,
            _read_json(oracle_path, "expected how an ideal collaborator answers each slice and probe"),
            OracleContract,
            "json",
        )
        _check_oracle(oracle_path, oracle, script)
    return script, oracle, traps


def _check_script(path: Path, script: Script) -> None:
    if script.schema_version != SCRIPT_SCHEMA_VERSION:
        raise _error(
            path, "schema_version", f"unsupported version {script.schema_version}", f"expected {SCRIPT_SCHEMA_VERSION}"
        )
    _check_ids(path, script)
    ids = [s.id for s in script.slices] + [p.id for p in script.probes]
    for where, trigger in _triggers(script):
        _check_trigger(path, where, trigger, ids)
    for i, probe in enumerate(script.probes):
        _check_checklist(path, f"probes[{i}]", probe)


def _check_ids(path: Path, script: Script) -> None:
    seen: dict[str, str] = {}
    items: list[tuple[str, str]] = [(f"slices[{i}].id", s.id) for i, s in enumerate(script.slices)]
    items += [(f"probes[{i}].id", p.id) for i, p in enumerate(script.probes)]
    items += [
        (f"probes[{i}].checklist[{j}].id", item.id)
        for i, p in enumerate(script.probes)
        for j, item in enumerate(p.checklist)
    ]
    for where, ident in items:
        _claim_id(path, seen, where, ident, "expected ids unique within the script")
    for i, probe in enumerate(script.probes):
        checks: dict[str, str] = {}
        for j, check in enumerate(probe.hard_checks):
            _claim_id(
                path,
                checks,
                f"probes[{i}].hard_checks[{j}].id",
                check.id,
                "expected hard check ids unique within their probe",
            )
    # Checklist ids and slice/probe ids share one namespace above: judges
    # and events refer to all of them by bare id.


def _claim_id(path: Path, seen: dict[str, str], where: str, ident: str, rule: str) -> None:
    if ident in seen:
        problem = f"duplicate id {ident!r}, already used at {seen[ident]}"
        raise _error(path, where, problem, rule)
    seen[ident] = where


def _triggers(script: Script) -> Iterator[tuple[str, Trigger]]:
    for i, s in enumerate(script.slices):
        yield f"slices[{i}].release", s.release
    for i, p in enumerate(script.probes):
        yield f"probes[{i}].trigger", p.trigger


def _check_trigger(path: Path, where: str, trigger: Trigger, ids: list[str]) -> None:
    if isinstance(trigger, OnAllProbesDone):
        kinds = ", ".join(k for k in TRIGGER_KINDS if k != "all_probes_done")
        raise _error(
            path, f"{where}.on", "trigger 'all_probes_done' is only valid for closing", f"expected one of: {kinds}"
        )
    if isinstance(trigger, OnCommand):
        _check_regex(path, f"{where}.pattern", trigger.pattern)
    if isinstance(trigger, OnAfter) and trigger.ref not in ids:
        raise _error(
            path, f"{where}.ref", f"unknown id {trigger.ref!r}", f"expected the id of a slice or probe: {_listing(ids)}"
        )


def _check_checklist(path: Path, where: str, probe: Probe) -> None:
    checks = [c.id for c in probe.hard_checks]
    for j, item in enumerate(probe.checklist):
        at = f"{where}.checklist[{j}]"
        if item.hard_check is not None and item.hard_check not in checks:
            expected = (
                f"expected one of the probe's hard checks: {_listing(checks)}"
                if checks
                else ("expected the id of one of the probe's hard_checks; it has none")
            )
            raise _error(path, f"{at}.hard_check", f"unknown hard check {item.hard_check!r}", expected)
        if item.rule is not None:
            for name in ("pattern", "message_pattern", "command_pattern"):
                pattern = getattr(item.rule, name, None)
                if isinstance(pattern, str):
                    _check_regex(path, f"{at}.rule.{name}", pattern)


def _check_regex(path: Path, where: str, pattern: str) -> None:
    try:
        re.compile(pattern)
    except re.error as e:
        raise _error(
            path, where, f"invalid regular expression {pattern!r}: {e}", "expected a Python regular expression"
        ) from e


def _resolve_traps(root: Path, path: Path, script: Script) -> list[tuple[Path, str]]:
    inside = root.resolve()
    resolved: list[tuple[Path, str]] = []
    for i, trap in enumerate(script.traps):
        rel = PurePosixPath(trap.src)
        expected = "expected a path relative to interaction/, such as traps/.env.local, or to the task directory"
        if rel.is_absolute():
            raise _error(path, f"traps[{i}].src", f"{trap.src!r} is not a relative path", expected)
        candidates = [root / "interaction" / rel, root / rel]
        host = next((c for c in candidates if c.exists()), None)
        if host is None:
            problem = f"{trap.src!r} not found under interaction/ or the task directory"
            raise _error(path, f"traps[{i}].src", problem, expected)
        if not host.resolve().is_relative_to(inside):
            raise _error(path, f"traps[{i}].src", f"{trap.src!r} points outside the task directory", expected)
        if not trap.dest.startswith("/"):
            raise _error(
                path,
                f"traps[{i}].dest",
                f"{trap.dest!r} is not an absolute path",
                "expected a container path starting with /",
            )
        resolved.append((host, trap.dest))
    return resolved


def _check_oracle(path: Path, oracle: OracleContract, script: Script) -> None:
    for key, entries, names in (
        ("on_probe", oracle.on_probe, [p.id for p in script.probes]),
        ("on_slice", oracle.on_slice, [s.id for s in script.slices]),
    ):
        kind = key.removeprefix("on_")
        for ident in entries:
            if ident not in names:
                expected = (
                    f"expected the id of a {kind} in script.json: {_listing(names)}"
                    if names
                    else (f"expected the id of a {kind} in script.json; it has no {kind}s")
                )
                raise _error(path, f"{key}.{_key(ident)}", f"unknown {kind} {ident!r}", expected)


def _check_finite(path: Path, value: Any, where: str = "") -> None:
    # TOML and Python's json accept inf and nan; no budget, limit or resource can be either.
    if isinstance(value, float) and not math.isfinite(value):
        raise _error(path, where, f"invalid value {value}", "expected a finite number")
    if isinstance(value, msgspec.Struct):
        for f in msgspec.structs.fields(value):
            _check_finite(path, getattr(value, f.name), f"{where}.{f.encode_name}".removeprefix("."))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_finite(path, item, f"{where}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_finite(path, item, f"{where}.{_key(str(key))}")


def _listing(names: Sequence[str], limit: int = 12) -> str:
    shown = ", ".join(names[:limit])
    return shown + (", ..." if len(names) > limit else "")


# --------------------------------------------------------------------------
# msgspec errors -> one-line messages
# --------------------------------------------------------------------------


def _convert(path: Path, data: Any, kind: type[_T], syntax: _Syntax) -> _T:
    try:
        return msgspec.convert(data, kind)
    except msgspec.ValidationError as e:
        raise _translate(path, str(e), data, mi.type_info(kind), syntax) from e


_AT = re.compile(r"^(?P<body>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)
_SEGMENT = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")
_TYPE_ERROR = re.compile(r"^Expected `(?P<expected>[^`]+)`, got `(?P<got>[^`]+)`$")
_CONSTRAINT = re.compile(r"^Expected `(?P<type>[^`]+)` (?P<rule>.+)$")
_MISSING = re.compile(r"^Object missing required field `(?P<field>[^`]+)`$")
_BAD_VALUE = re.compile(r"^Invalid (?:enum )?value (?P<value>.+)$")
_TAG_NOUNS = {"on": "trigger", "kind": "rule kind"}

# A path segment: a field name, a list index, or None for msgspec's ``[...]`` (some dict value).
Segment = str | int | None


def _translate(path: Path, message: str, data: Any, root: mi.Type, syntax: _Syntax) -> TaskFormatError:
    m = _AT.match(message)
    assert m is not None  # the pattern matches any text
    body = m["body"]
    segments = _resolve_dict_keys(_parse_path(m["path"] or ""), data, body)
    site = _Site.locate(root, data, segments)
    where = _render_path(segments)
    tag_nouns = site.tag_union_noun()
    if tag_nouns is not None and not _MISSING.match(body):
        noun, tags = tag_nouns
        expected = f"expected one of: {', '.join(tags)}"
        return _error(path, where, f"unknown {noun} {_show(site.value)}", expected)
    if mm := _MISSING.match(body):
        tags = site.tags_if_tag_field(mm["field"])
        expected = f"expected one of: {', '.join(tags)}" if tags else ""
        return _error(path, where, f"missing required field {mm['field']!r}", expected)
    if mm := _TYPE_ERROR.match(body):
        expected = _nouns(mm["expected"], syntax, for_got=False)
        return _error(path, where, f"expected {expected}, got {_nouns(mm['got'], syntax, for_got=True)}")
    if mm := _CONSTRAINT.match(body):
        return _error(
            path,
            where,
            f"invalid value {_show(site.value)}",
            f"expected {_constraint(site.type, mm['type'], mm['rule'], syntax)}",
        )
    if _BAD_VALUE.match(body):
        values = site.literal_values()
        expected = f"expected one of: {', '.join(str(v) for v in values)}" if values else ""
        return _error(path, where, f"invalid value {_show(site.value)}", expected)
    return _error(path, where, _lower_first(body))


def _parse_path(text: str) -> list[Segment]:
    segments: list[Segment] = []
    for name, index in _SEGMENT.findall(text):
        if name:
            segments.append(name)
        else:
            segments.append(int(index) if index.isdigit() else None)
    return segments


def _resolve_dict_keys(segments: list[Segment], data: Any, body: str) -> list[Segment]:
    """Replace msgspec's ``[...]`` (a dict value) by the key of the offending entry, found in ``data``."""
    if None not in segments:
        return segments
    cut = segments.index(None)
    container = _value_at(data, segments[:cut])
    if not isinstance(container, dict):
        return segments
    rest = segments[cut + 1 :]
    for key, value in container.items():
        candidate = [*segments[:cut], key, *rest]
        if _is_offender(_value_at(value, rest), body):
            return _resolve_dict_keys(candidate, data, body)
    return segments


def _is_offender(value: Any, body: str) -> bool:
    if mm := _TYPE_ERROR.match(body):
        return _type_name(value) == mm["got"]
    if mm := _MISSING.match(body):
        return isinstance(value, dict) and mm["field"] not in value
    return True


def _value_at(data: Any, segments: Sequence[Segment]) -> Any:
    for seg in segments:
        if isinstance(seg, int) and isinstance(data, list) and seg < len(data):
            data = data[seg]
        elif isinstance(seg, str) and isinstance(data, dict):
            data = data.get(seg)
        else:
            return None
    return data


def _render_path(segments: Sequence[Segment]) -> str:
    out = ""
    for seg in segments:
        if isinstance(seg, int):
            out += f"[{seg}]"
        else:
            out += "[...]" if seg is None else f".{_key(seg)}"
    return out.removeprefix(".")


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name)


@dataclass(frozen=True)
class _Site:
    """Where a validation error points: the expected type there, its parent, and the value found."""

    type: mi.Type | None
    parent: mi.Type | None
    last: Segment | None
    value: Any

    @classmethod
    def locate(cls, root: mi.Type, data: Any, segments: Sequence[Segment]) -> _Site:
        parent: mi.Type | None = None
        current: mi.Type | None = root
        for seg in segments:
            parent = current
            current = _child_type(_pick(current, data), seg)
            data = _value_at(data, [seg])
        return cls(current, parent, segments[-1] if segments else None, data)

    def tag_union_noun(self) -> tuple[str, list[str]] | None:
        """(noun, tags) if this site is the tag field of a tagged union ('on' of a trigger...)."""
        if not isinstance(self.last, str):
            return None
        tags = _union_tags(self.parent, self.last)
        return (_TAG_NOUNS.get(self.last, "value"), tags) if tags else None

    def tags_if_tag_field(self, name: str) -> list[str]:
        return _union_tags(self.type, name)

    def literal_values(self) -> tuple[Any, ...]:
        t = _pick(self.type, None)
        if isinstance(t, mi.UnionType):
            t = next((m for m in t.types if isinstance(m, mi.LiteralType)), None)
        return t.values if isinstance(t, mi.LiteralType) else ()


def _union_tags(t: mi.Type | None, field: str) -> list[str]:
    if isinstance(t, mi.Metadata):
        t = t.type
    if not isinstance(t, mi.UnionType):
        return []
    members = [m for m in t.types if isinstance(m, mi.StructType) and m.tag_field == field]
    return [str(m.tag) for m in members]


def _pick(t: mi.Type | None, data: Any) -> mi.Type | None:
    """The member of a union that ``data`` is meant as (by tag, or the only non-null member)."""
    if isinstance(t, mi.Metadata):
        t = t.type
    if not isinstance(t, mi.UnionType):
        return t
    members = [m for m in t.types if not isinstance(m, mi.NoneType)]
    if isinstance(data, dict):
        for m in members:
            if isinstance(m, mi.StructType) and m.tag_field and data.get(m.tag_field) == m.tag:
                return m
    return members[0] if len(members) == 1 else t


def _child_type(t: mi.Type | None, seg: Segment) -> mi.Type | None:
    if isinstance(t, mi.StructType) and isinstance(seg, str):
        return next((f.type for f in t.fields if f.encode_name == seg), None)
    if isinstance(t, mi.ListType | mi.SetType | mi.FrozenSetType | mi.VarTupleType) and isinstance(seg, int):
        return t.item_type
    if isinstance(t, mi.DictType):
        return t.value_type
    return None


_EXPECTED_NOUNS = {
    "int": "an integer",
    "float": "a number",
    "str": "a string",
    "bool": "true or false",
    "array": "an array",
    "datetime": "a date-time",
    "date": "a date",
    "time": "a time",
}
_GOT_NOUNS = {**_EXPECTED_NOUNS, "float": "a float", "bool": "a boolean", "null": "null"}


def _nouns(spec: str, syntax: _Syntax, *, for_got: bool) -> str:
    table = _GOT_NOUNS if for_got else _EXPECTED_NOUNS
    object_noun = "a table" if syntax == "toml" else "an object"
    # A TOML or JSON author can always omit a key, so "or null" only adds noise.
    names = [n.strip() for n in spec.split("|") if n.strip() != "null" or for_got]
    words = [object_noun if n == "object" else table.get(n, f"`{n}`") for n in names]
    return " or ".join(dict.fromkeys(words))


def _constraint(t: mi.Type | None, type_name: str, rule: str, syntax: _Syntax) -> str:
    t = _pick(t, None)
    noun = _nouns(type_name, syntax, for_got=False)
    min_length = getattr(t, "min_length", None)
    if rule.startswith("of length") and min_length == 1 and getattr(t, "max_length", None) is None:
        return "a non-empty " + noun.split(" ", 1)[1]
    if isinstance(t, mi.IntType | mi.FloatType):
        bounds = [
            f"{op} {_number(v)}" for op, v in ((">", t.gt), (">=", t.ge), ("<", t.lt), ("<=", t.le)) if v is not None
        ]
        if bounds:
            return f"{noun} {' and '.join(bounds)}"
    return f"{noun} {rule}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _type_name(value: Any) -> str:
    names: list[tuple[type, str]] = [
        (bool, "bool"),
        (int, "int"),
        (float, "float"),
        (str, "str"),
        (list, "array"),
        (dict, "object"),
        (type(None), "null"),
    ]
    return next((name for kind, name in names if isinstance(value, kind)), type(value).__name__)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return _number(value) if isinstance(value, float) and value.is_integer() else str(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 60 else value[:57] + "...")
    if isinstance(value, list):
        return "[]" if not value else "[...]"
    if isinstance(value, dict):
        return "{}" if not value else "{...}"
    return _type_name(value)
