"""The export rule: a package's ``__init__`` exports (``__all__``) only names something outside the package uses.

Read from the sources alone (nothing is imported): a package is every folder with an ``__init__.py`` of the
library's package-dir (pyproject), sub-packages included; its users are every other module of the library,
the tests and the benchmarks.  A user uses ``name`` of package ``P`` by ``from P import name``, by an attribute
``P.name`` (through ``import P``, ``import P as p`` or ``from parent import P``), by a ``"P:name"`` import path
(registries, pyproject's scripts), or by ``from P import *``.  Code a test writes out for a subprocess (a
plug-in's module, in a string) counts too: a string that names realcli and parses as Python is read alike.
"""

from __future__ import annotations

import ast
import re
import textwrap
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).parent.parent
IMPORT_PATH = re.compile(r"^(realcli(?:\.\w+)*):(\w+)$")

Used = set[tuple[str, str]]


def packages() -> dict[str, Path]:
    """Every package of the library (dotted name -> folder), sub-packages included."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = {}
    for package, folder in setuptools["package-dir"].items():
        base = ROOT / folder
        inits = [base / "__init__.py"] if package == "realcli" else sorted(base.rglob("__init__.py"))
        for init in inits:
            parts = init.parent.relative_to(base).parts
            found[".".join([package, *parts])] = init.parent
    return found


def exported(module: Path) -> list[str]:
    """The names of a module's literal ``__all__`` (none without one), with ``*names`` spread from another
    module's ``__all__`` imported as ``names`` (``from realcli.events._events import __all__ as names``)."""
    tree = ast.parse(module.read_text(), filename=str(module))
    borrowed = {
        alias.asname: module.parent / f"{node.module.rsplit('.', 1)[-1]}.py"
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
        if alias.name == "__all__" and alias.asname
    }
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            assert isinstance(node.value, ast.List | ast.Tuple), f"{module}: __all__ is not a literal list"
            names = []
            for item in node.value.elts:
                if isinstance(item, ast.Starred) and isinstance(item.value, ast.Name):
                    names += exported(borrowed[item.value.id])
                else:
                    names.append(ast.literal_eval(item))
            return names
    return []


def dotted(node: ast.expr, aliases: dict[str, str]) -> str | None:
    """``a.b.c`` for a chain of attributes over a name, its head resolved through the module's import aliases."""
    if isinstance(node, ast.Name):
        return aliases.get(node.id)
    if isinstance(node, ast.Attribute):
        head = dotted(node.value, aliases)
        return None if head is None else f"{head}.{node.attr}"
    return None


def used_names(tree: ast.AST) -> Used:
    """Every ``(module, name)`` a module's code uses of realcli (see the module docstring)."""
    aliases: dict[str, str] = {}
    used: Used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                used.add((node.module, alias.name))
                aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    aliases[alias.asname] = alias.name
                else:
                    head = alias.name.split(".")[0]
                    aliases[head] = head
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and (owner := dotted(node.value, aliases)):
            used.add((owner, node.attr))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "realcli" in node.value:
            used |= names_in_text(node.value)
    return used


def names_in_text(text: str) -> Used:
    """What a string uses: a ``"package:name"`` import path, or the code it holds if it parses as Python."""
    if match := IMPORT_PATH.match(text.strip()):
        return {(match[1], match[2])}
    if "import" not in text:
        return set()
    try:
        tree = ast.parse(textwrap.dedent(text))
    except SyntaxError:
        return set()
    return used_names(tree)


def users() -> Iterator[tuple[Path, Used]]:
    """Every module of the library, the tests and the benchmarks, with what it uses; and pyproject's import paths."""
    folders = [*{folder for folder in packages().values()}, ROOT / "tests", ROOT / "bench"]
    seen = set()
    for folder in folders:
        for path in sorted(folder.glob("*.py") if folder == ROOT / "realcli" else folder.rglob("*.py")):
            if path not in seen:
                seen.add(path)
                yield path, used_names(ast.parse(path.read_text(), filename=str(path)))
    pyproject = ROOT / "pyproject.toml"
    yield pyproject, set().union(*(names_in_text(s) for s in re.findall(r'"([\w.]+:\w+)"', pyproject.read_text())))


def unused_exports(exports: dict[str, tuple[Path, list[str]]], used_by: Iterable[tuple[Path, Used]]) -> list[str]:
    """``package: name`` for each name a package exports that no module outside the package's folder uses."""
    outside: dict[str, Used] = {package: set() for package in exports}
    for path, used in used_by:
        for package, (folder, _) in exports.items():
            if not path.is_relative_to(folder):
                outside[package] |= used
    return [
        f"{package}: {name}"
        for package, (_, names) in sorted(exports.items())
        for name in names
        if (package, name) not in outside[package] and (package, "*") not in outside[package]
    ]


def test_every_export_of_a_package_is_used_outside_it() -> None:
    exports = {package: (folder, exported(folder / "__init__.py")) for package, folder in packages().items()}
    unused = unused_exports(exports, users())
    assert not unused, f"{len(unused)} exported names nothing outside their package uses:\n" + "\n".join(unused)


def test_the_export_check_sees_an_offence() -> None:
    pkg, sub = Path("/x/pkg"), Path("/x/pkg/sub")
    exports = {"realcli.pkg": (pkg, ["a", "b", "c", "d", "e"]), "realcli.pkg.sub": (sub, ["f", "g", "h"])}
    plugin = textwrap.dedent('''
        PLUGIN = """
            from realcli.pkg import d
        """
        ENTRY = "realcli.pkg:e"
    ''')
    sources = {
        Path("/x/other/_m.py"): "from realcli.pkg import a\nimport realcli.pkg as p\np.b\n",
        Path("/x/tests/test_m.py"): plugin,
        Path("/x/pkg/_inside.py"): "from realcli.pkg import c\nfrom realcli.pkg import sub\nsub.f\n",
        Path("/x/pkg/sub/_own.py"): "from realcli.pkg.sub import g\n",
    }
    used_by = [(path, used_names(ast.parse(text))) for path, text in sources.items()]
    # c is used only inside pkg; f by pkg, outside sub; g only inside sub; h by nobody.
    assert unused_exports(exports, used_by) == ["realcli.pkg: c", "realcli.pkg.sub: g", "realcli.pkg.sub: h"]
