"""The package structure holds: the read side loads no Docker code, and no package reaches into another's privates."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent

# Commands that only read the log: they must start without the actors or the Docker client.
READ_SIDE = ["report", "tail", "runs", "export", "import", "rejudge", "view", "lint", "catalog", "coverage"]

PROBE = """
import json, sys
from realcli.cli import main
code = 0
try:
    if sys.argv[1:]:
        main(sys.argv[1:])
except SystemExit as e:
    code = e.code
print(json.dumps({"exit": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def loaded_modules(*argv: str) -> set[str]:
    """The modules a fresh interpreter holds after `import realcli.cli` and, if given, one successful command."""
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, timeout=120, check=True)
    probe = json.loads(done.stderr.splitlines()[-1])
    assert probe["exit"] in (0, None), done.stderr
    return set(probe["modules"])


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] == "aiodocker" or m.startswith("realcli.runtime"))


def test_importing_the_cli_loads_neither_docker_nor_the_runtime() -> None:
    assert heavy(loaded_modules()) == []


@pytest.mark.parametrize("command", READ_SIDE)
def test_read_side_commands_start_without_docker_or_the_runtime(command: str) -> None:
    assert heavy(loaded_modules(command, "--help")) == []


def test_reading_and_rejudging_a_recorded_run_load_neither_docker_nor_the_runtime(tmp_path: Path) -> None:
    log = f"sqlite:{tmp_path / 'runs.db'}"
    archive = ROOT / "tests" / "fixtures" / "logs" / "run-v1.jsonl"
    assert heavy(loaded_modules("import", str(archive), "--log", log)) == []
    assert heavy(loaded_modules("report", "fixture-v1", "--log", log, "-o", str(tmp_path / "report.md"))) == []
    assert (tmp_path / "report.md").read_text().strip()
    rejudge = ("rejudge", "fixture-v1", "--judge", "rules", "--judge-id", "rules-again", "--log", log)
    assert heavy(loaded_modules(*rejudge)) == []
    assert heavy(loaded_modules("tail", "fixture-v1", "--log", log)) == []
    assert heavy(loaded_modules("runs", "--log", log)) == []


def source_modules() -> Iterator[tuple[str, Path]]:
    """Every library module with its dotted name, from pyproject's package-dir (tests and bench are not in it)."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    for package, folder in setuptools["package-dir"].items():
        base = ROOT / folder
        for path in sorted(base.glob("*.py") if package == "realcli" else base.rglob("*.py")):
            parts = [p for p in path.relative_to(base).with_suffix("").parts if p != "__init__"]
            yield ".".join([package, *parts]), path


def imported_names(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Dotted names a module imports, with `from pkg import _mod` counted as `pkg._mod`."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
            yield from ((node.lineno, f"{node.module}.{alias.name}") for alias in node.names)


def private_owner(name: str) -> str | None:
    """The package whose private part `name` reaches (realcli.runtime.agents for realcli.runtime.agents._x)."""
    parts = name.split(".")
    for i, part in enumerate(parts):
        if part.startswith("_") and not part.startswith("__"):
            return ".".join(parts[:i])
    return None


def test_no_package_imports_another_packages_private_module() -> None:
    offences = []
    for module, path in source_modules():
        for line, name in imported_names(ast.parse(path.read_text(), filename=str(path))):
            owner = private_owner(name) if name.startswith("realcli.") else None
            if owner is not None and module != owner and not module.startswith(owner + "."):
                offences.append(f"{path.relative_to(ROOT)}:{line}: {module} imports {name}")
    assert offences == []


def test_the_private_import_check_sees_an_offence() -> None:
    tree = ast.parse("from realcli.eventlog._workqueue import WorkQueue\nfrom realcli.runtime import _trial\n")
    owners = [private_owner(name) for _, name in imported_names(tree)]
    assert owners == ["realcli.eventlog", "realcli.eventlog", None, "realcli.runtime"]
