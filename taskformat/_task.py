"""The task loader: a task directory (docs/task-format.md) in, a ``Task`` out.

Every problem is a ``TaskFormatError`` with ONE line::

    <file>: [<field path>: ]<what is wrong>[ (<what was expected>)]

``<file>`` is the path as the caller gave it joined with the file's place in
the task (``tasks/x/interaction/script.json``); ``<field path>`` is dotted,
with list indices (``probes[2].trigger.on``).

The loader rejects only what would make a task run incorrectly: parse and type
errors, missing files, dangling references, regexes that do not compile,
traps that cannot be planted.  Style and quality belong to ``realcli lint``.
The pieces: ``_config`` (task.toml), ``_interaction`` (the COLLAB layer),
``_convert`` (typed values, one-line messages), ``_digest`` (content hashes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from realcli._errors import ConfigError
from realcli.events import ComposeProject, TaskConfig, TaskSpec, check_token
from realcli.taskformat._compose import load_compose
from realcli.taskformat._config import check_environment, convert_config, load_steps
from realcli.taskformat._digest import tree_digest
from realcli.taskformat._files import check_file, read_config, read_text, task_error
from realcli.taskformat._interaction import load_interaction
from realcli.taskformat._templating import check_templates

__all__ = ["Task", "find_tasks", "load_task"]


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
    compose: ComposeProject | None = None  # environment/docker-compose.yaml's services besides main

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


def _check_task_id(name: str, path: Path) -> None:
    """The folder's name is the task id, which names the task's streams in the log: refused at load, not
    when the first trial starts (Harbor takes any folder name, so this is one of realcli's differences)."""
    try:
        check_token(name, "task id")
    except ConfigError:
        raise task_error(
            path, "", f"the folder name {name!r} cannot be a task id", "rename it: letters, digits, '-' and '_' only"
        ) from None


def load_task(path: Path) -> Task:
    """Load and validate the task directory at ``path``.

    Raises ``TaskFormatError`` (one line: file, field, problem, expectation)
    when the directory breaks the contract.
    """
    if not path.is_dir():
        what = "not a directory" if path.exists() else "no such directory"
        raise task_error(path, "", what, "expected a task directory containing task.toml")
    root = path.resolve()
    _check_task_id(root.name, path)
    raw = read_config(path)
    config = convert_config(path / "task.toml", raw)
    check_templates(path / "task.toml", config)
    check_environment(path, config)
    compose = load_compose(root, config.environment)
    if config.steps:
        instruction, steps = load_steps(path, config)
    else:
        instruction = read_text(
            path / "instruction.md",
            "expected the task's complete specification in Markdown, handed to the agent at once in EXEC mode",
        )
        steps = []
        check_file(path / "tests" / "test.sh", "expected the verifier script, which writes /logs/verifier/reward.txt")
    script, oracle, traps = load_interaction(path)
    if steps and script is not None:
        raise task_error(
            path / "interaction", "", "a multi-step task ([[steps]]) cannot have a COLLAB layer", "remove one of them"
        )
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
        compose=compose,
    )


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
        raise task_error(path, "", "no such file or directory", expected)
    if (path / "task.toml").is_file():
        return [path]
    try:
        children = sorted(path.iterdir()) if path.is_dir() else []
    except OSError as e:
        raise task_error(path, "", f"cannot read: {e.strerror}", expected) from e
    tasks = [child for child in children if child.is_dir() and (child / "task.toml").is_file()]
    if not tasks:
        raise task_error(path, "", "neither a task directory nor a folder of task directories", expected)
    return tasks
