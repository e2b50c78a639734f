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


# The runtime's registries (names and help for `--agent` and `--user-sim`) and the package inits that
# serve the rest of the runtime's API on first use: nothing of the actors or Docker.
RUNTIME_REGISTRIES = {
    "realcli.runtime",
    "realcli.runtime.agents",
    "realcli.runtime.agents._registry",
    "realcli.runtime.users",
    "realcli.runtime.users._registry",
}


def heavy(modules: set[str]) -> list[str]:
    runtime = {m for m in modules if m.startswith("realcli.runtime")} - RUNTIME_REGISTRIES
    return sorted(m for m in modules if m.split(".")[0] == "aiodocker" or m in runtime)


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


# What each package may import of realcli (CONTRIBUTING.md "Layout"): layers point inward, and the read side
# (projections, judging, viewer) loads no Docker code.  realcli._errors is everyone's.
LOWER = {"realcli.eventlog", "realcli.scripts_catalog", "realcli.taskformat", "realcli.models"}
ALLOWED = {
    "realcli": {"realcli.cli"},  # python -m realcli
    "realcli.events": set(),
    "realcli.eventlog": {"realcli.events"},
    "realcli.scripts_catalog": {"realcli.events"},
    "realcli.taskformat": {"realcli.events"},
    "realcli.models": {"realcli.events"},
    "realcli.environments": {"realcli.events"},
    "realcli.projections": {"realcli.events"},
    "realcli.judging": {"realcli.events", "realcli.projections", *LOWER},
    "realcli.viewer": {"realcli.events", "realcli.projections", *LOWER},
    "realcli.runtime": {"realcli.events", "realcli.projections", "realcli.judging", "realcli.environments", *LOWER},
}


def package_of(module: str) -> str:
    """The top-level package a realcli name belongs to (``realcli._errors``, ``realcli.TaskFormatError``: realcli)."""
    top = ".".join(module.split(".")[:2])
    return top if top in ALLOWED or top == "realcli.cli" else "realcli"


def layer_offences(module: str, names: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The packages ``module`` imports across the layers outward (or sideways), each once per line."""
    own = package_of(module)
    allowed = ALLOWED.get(own)
    if allowed is None:  # the cli: everything
        return []
    found = {
        (line, other)
        for line, name in names
        if name.startswith("realcli.") and (other := package_of(name)) not in (own, "realcli") and other not in allowed
    }
    return sorted(found)


def test_every_package_imports_only_the_layers_beneath_it() -> None:
    offences = []
    for module, path in source_modules():
        names = list(imported_names(ast.parse(path.read_text(), filename=str(path))))
        for line, name in layer_offences(module, names):
            offences.append(f"{path.relative_to(ROOT)}:{line}: {module} imports {name}")
    assert offences == []


def test_the_layer_check_sees_an_offence() -> None:
    tree = ast.parse("from realcli.taskformat import load_task\nfrom realcli.events import Event\n")
    names = list(imported_names(tree))
    assert layer_offences("realcli.environments._services", names) == [(1, "realcli.taskformat")]
    assert layer_offences("realcli.runtime.trials._run", names) == []


def decorator_names(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> set[str]:
    """The last dotted part of each decorator (``overload`` for ``@typing.overload``, ``setter`` for ``@x.setter``)."""
    names = set()
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(target, ast.Attribute):
            names.add(target.attr)
        elif isinstance(target, ast.Name):
            names.add(target.id)
    return names


def base_names(node: ast.ClassDef) -> list[str]:
    """A class's bases by their last dotted part (``Sandbox`` for ``realcli.environments.Sandbox``, ``Generic[T]``)."""
    names = []
    for base in node.bases:
        target = base.value if isinstance(base, ast.Subscript) else base
        if isinstance(target, ast.Attribute):
            names.append(target.attr)
        elif isinstance(target, ast.Name):
            names.append(target.id)
    return names


def functions_of(node: ast.ClassDef) -> set[str]:
    """The names of the methods and properties a class body defines."""
    return {n.name for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}


def members_of(node: ast.ClassDef) -> set[str]:
    """The names of the methods, properties and attributes a class defines: in its body, and as ``self.x`` set in
    its ``__init__`` (a Protocol's property may be implemented by an attribute)."""
    attributes = {n.target.id for n in node.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
    for init in (n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"):
        stored = (t for t in ast.walk(init) if isinstance(t, ast.Attribute) and isinstance(t.ctx, ast.Store))
        attributes |= {t.attr for t in stored if isinstance(t.value, ast.Name) and t.value.id == "self"}
    return functions_of(node) | attributes


def documented_elsewhere(classes: list[ast.ClassDef]) -> dict[str, set[str]]:
    """For each class name of the library, the methods documented on its interfaces: on its library bases
    (transitively), and on each library Protocol it implements structurally (it defines every method the Protocol
    does, itself or through those bases)."""
    by_name: dict[str, list[ast.ClassDef]] = {}
    for node in classes:
        by_name.setdefault(node.name, []).append(node)

    def lineage(name: str, seen: frozenset[str]) -> list[ast.ClassDef]:
        found = list(by_name.get(name, []))
        for node in by_name.get(name, []):
            for base in base_names(node):
                if base not in seen:
                    found += lineage(base, seen | {base})
        return found

    def documented(nodes: list[ast.ClassDef]) -> set[str]:
        return {
            f.name
            for node in nodes
            for f in node.body
            if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef) and ast.get_docstring(f)
        }

    protocols = {n.name: n for n in classes if "Protocol" in base_names(n) and len(functions_of(n)) > 1}
    out = {}
    for name in by_name:
        family = lineage(name, frozenset({name}))
        bases = family[len(by_name[name]) :]
        defined = set().union(*(members_of(n) for n in family))
        implemented = [p for p_name, p in protocols.items() if p_name != name and functions_of(p) <= defined]
        out[name] = documented(bases) | documented(implemented)
    return out


Source = tuple[str, ast.Module]


def library_sources() -> list[Source]:
    """Every module of the library, parsed, with its path relative to the repository."""
    return [
        (str(path.relative_to(ROOT)), ast.parse(path.read_text(), filename=str(path))) for _, path in source_modules()
    ]


def undocumented(sources: list[Source]) -> list[str]:
    """``path:line name`` of each public function, class, method or property in ``sources`` without a docstring.

    Public: a module-level function or class whose name has no leading underscore, in any module of any realcli
    package (``_private`` modules included: their public names are the package's API inside), and a method or
    property of such a class whose name has no leading underscore.  Not counted: dunder methods, ``@overload``
    stubs, property setters and deleters (the getter documents the property), and a method that overrides one
    documented on an interface of the library, a base class, Protocol or ABC whose docstring is the contract.
    The test knows an override from the source alone: a class's bases are looked up by name among the library's
    module-level classes (transitively), and a class that defines every method of a library Protocol (itself, as
    attributes its ``__init__`` sets, or through those bases) implements it structurally, as mypy sees it; a
    method is an override when such a base or Protocol documents a method of the same name.  Bases from outside
    the library (``msgspec.Struct``, ``Exception``) document nothing of ours, so methods named like theirs still
    count.
    """
    classes = [node for _, tree in sources for node in tree.body if isinstance(node, ast.ClassDef)]
    inherited = documented_elsewhere(classes)
    missing = []
    for where, tree in sources:
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) or node.name.startswith("_"):
                continue
            if "overload" not in decorator_names(node) and not ast.get_docstring(node):
                missing.append(f"{where}:{node.lineno} {node.name}")
            if isinstance(node, ast.ClassDef):
                missing += undocumented_methods(where, node, inherited[node.name])
    return missing


def undocumented_methods(where: str, node: ast.ClassDef, documented: set[str]) -> list[str]:
    """``path:line Class.method`` of each public method of a class that has no docstring, here or on an interface."""
    missing = []
    for method in node.body:
        if not isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef) or method.name.startswith("_"):
            continue
        if decorator_names(method) & {"overload", "setter", "deleter"} or method.name in documented:
            continue
        if not ast.get_docstring(method):
            missing.append(f"{where}:{method.lineno} {node.name}.{method.name}")
    return missing


def test_every_public_function_and_class_has_a_docstring() -> None:
    missing = undocumented(library_sources())
    assert not missing, f"{len(missing)} public names without a docstring:\n" + "\n".join(missing)


OFFENCES = """
from typing import Protocol, overload


class Log(Protocol):
    \"\"\"An interface.\"\"\"

    def read(self) -> int:
        \"\"\"Documented here, once.\"\"\"

    def write(self) -> None:
        \"\"\"Documented here, once.\"\"\"

    def close(self) -> None: ...


class Base:
    \"\"\"A base.\"\"\"

    def size(self) -> int:
        \"\"\"Documented on the base.\"\"\"
        return 0


class FileLog(Base):
    \"\"\"Implements Log without naming it.\"\"\"

    def read(self) -> int:
        return 1

    def write(self) -> None:
        pass

    def close(self) -> None:
        pass

    def size(self) -> int:
        return 2

    def __len__(self) -> int:
        return 0

    @property
    def name(self) -> str:
        return ""

    @name.setter
    def name(self, value: str) -> None:
        pass

    def _helper(self) -> None:
        pass


@overload
def pick(x: int) -> int: ...
@overload
def pick(x: str) -> str: ...
def pick(x: object) -> object:
    return x


class Event:
    pass


def _private() -> None:
    pass
"""


def test_the_docstring_check_sees_an_offence() -> None:
    found = undocumented([("events/_x.py", ast.parse(OFFENCES))])
    lines = OFFENCES.splitlines()
    # Each offence is named by its file and the line of its def: the close stub, the close that overrides an
    # undocumented stub, the property (its setter is not counted), the implementation of an overloaded function,
    # and the class.  FileLog's read and write implement Log's documented ones and its size overrides Base's.
    assert [f.split()[1] for f in found] == ["Log.close", "FileLog.close", "FileLog.name", "pick", "Event"]
    for offence in found:
        where, name = offence.split()
        row = lines[int(where.removeprefix("events/_x.py:")) - 1]
        assert row.split("(")[0].split()[-1].rstrip(":") == name.split(".")[-1]
