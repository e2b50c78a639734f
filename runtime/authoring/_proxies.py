"""Difficulty without a model: proxies computed from a task's files alone (no Docker, no rollout).

Until ``realcli profile`` has run a real agent on a task, these numbers
stand in for its difficulty (paper, section 3: rollouts profile difficulty;
the paper's budgets are 600 turns and 6 h EXEC / 10 h COLLAB):

* **solution size**: the reference solution's lines (``solution/`` but its
  ``mutants/``, blank and comment lines left out: code to write) and the
  commands of ``solution/solve.sh`` (simple commands, heredoc bodies left
  out: commands to run);
* **tools**: the distinct programs the solution runs (first words of its
  shell commands that are no shell builtin, and the programs its Python
  files start with ``subprocess`` or ``os.system``); the task's own scripts
  (a path outside ``/bin``, ``/sbin``, ``/usr``) are not tools;
* **verifier checks**: the pytest test functions of ``tests/test_*.py``,
  each ``parametrize`` case counted (what its CTRF report lists);
* **revisions**: slices and probes that change an earlier requirement: a
  slice that says so ("forget what I said", "scratch that", "change of
  plan" ...) after the first, and a probe of a template whose stimulus
  revises the specification (``REVISION_TEMPLATES``);
* **expected turns**: an estimate of the agent turns (model steps, about
  one command or message each) an able agent needs, ``TurnEstimate``.

``difficulty_proxies`` is deterministic; ``write_proxies`` records them as
``[metadata.proxies]`` in ``task.toml`` (``realcli coverage --write-proxies``).
"""

from __future__ import annotations

import ast
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from realcli.runtime.authoring._profile import set_table
from realcli.runtime.authoring._shell import shell_commands, shell_functions

__all__ = [
    "REVISION_TEMPLATES",
    "DifficultyProxies",
    "difficulty_proxies",
    "proxies_table",
    "with_proxies",
    "write_proxies",
]

# The catalog's templates whose stimulus changes a requirement the final state must then meet.
REVISION_TEMPLATES: Final = frozenset({"1.1.b", "2.1.a", "2.1.b", "2.3.a"})
_REVISING: Final = re.compile(
    r"\b(?:forget (?:what|that)|scratch that|on second thought|change of plan|changed my mind|"
    r"instead of what I|I said (?:earlier|before)|correction:|let'?s not)",
    re.IGNORECASE,
)
_BUILTINS: Final = frozenset(
    """
    cd echo printf export set unset local read test [ [[ ]] true false : source . exit return shift trap eval
    exec wait declare typeset let pushd popd umask mapfile readarray getopts type command builtin alias ulimit
    shopt hash times kill break continue
    """.split()  # noqa: SIM905 (a word list reads better as text)
)
_PREFIXES: Final = frozenset({"sudo", "env", "nohup", "xargs", "timeout", "nice", "stdbuf"})
_SYSTEM_DIRS: Final = ("/bin/", "/sbin/", "/usr/bin/", "/usr/sbin/", "/usr/lib/")
_ASSIGNMENT: Final = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(?:\[[^]]*\])?\+?=")
_SUBPROCESS: Final = frozenset({"run", "call", "check_call", "check_output", "Popen", "system"})
_TABLE: Final = re.compile(r"^\s*\[([^\[\]]+)\]\s*(?:#.*)?$")
_HEADER: Final = re.compile(r"(?m)^\s*\[metadata\.proxies\]\s*(?:#.*)?$")


@dataclass(frozen=True)
class TurnEstimate:
    """Expected agent turns, by parts an able agent spends them on (documented in docs/suite.md).

    EXEC: ``orientation`` (3: read the task, look around, inspect the inputs) + one turn per
    solution command + one per 15 solution lines written + one per two verifier checks (checking
    its own work, and one fix in two). COLLAB adds one turn per slice (taking it in and acting on
    it), two per probe (the reply and what it asks for), two per revision (redoing work) and two
    for the opening and the closing.
    """

    orientation: int = 3
    lines_per_turn: int = 15
    checks_per_turn: int = 2

    def exec_turns(self, commands: int, lines: int, checks: int) -> int:
        """The EXEC turns a task's solution takes: orientation, one per command, and turns for its lines and checks."""
        return (
            self.orientation
            + commands
            + math.ceil(lines / self.lines_per_turn)
            + math.ceil(checks / self.checks_per_turn)
        )

    def collab_turns(self, exec_turns: int, slices: int, probes: int, revisions: int) -> int:
        """The COLLAB turns: EXEC's plus turns for the slices, probes and revisions the user brings."""
        return exec_turns + slices + 2 * probes + 2 * revisions + 2


@dataclass(frozen=True)
class DifficultyProxies:
    """What a task's files say about its difficulty; ``proxies_table`` renders them for task.toml."""

    solution_lines: int
    solution_commands: int
    tools: tuple[str, ...]
    verifier_checks: int
    slices: int
    probes: int
    revising_slices: int
    revision_probes: int
    expected_turns_exec: int
    expected_turns_collab: int

    @property
    def revisions(self) -> int:
        """Slices and probes that make the agent revise its work."""
        return self.revising_slices + self.revision_probes

    def to_builtins(self) -> dict[str, object]:
        """The proxies as plain data for ``task.toml`` and JSON (tools as a list, with their count)."""
        return {
            "solution_lines": self.solution_lines,
            "solution_commands": self.solution_commands,
            "distinct_tools": len(self.tools),
            "tools": list(self.tools),
            "verifier_checks": self.verifier_checks,
            "revisions": self.revisions,
            "revising_slices": self.revising_slices,
            "revision_probes": self.revision_probes,
            "expected_turns_exec": self.expected_turns_exec,
            "expected_turns_collab": self.expected_turns_collab,
        }


def difficulty_proxies(root: Path, estimate: TurnEstimate = TurnEstimate()) -> DifficultyProxies:
    """The proxies of the task directory ``root`` (missing parts count 0)."""
    files = _solution_files(root / "solution")
    lines = sum(_code_lines(text) for _, text in files)
    own = _own_names(root)  # the task's own scripts, run by name once installed, are not tools
    commands: list[list[str]] = []
    tools: set[str] = set()
    for path, text in files:
        if _is_shell(path, text):
            found = shell_commands(text)
            if path.name == "solve.sh":  # what the agent runs; the other scripts are code it writes
                commands += found
            skip = own | shell_functions(text)
            tools |= {t for cmd in found if (t := _tool(cmd)) and t not in skip}
        elif path.suffix == ".py" or text.startswith(("#!/usr/bin/env python", "#!/usr/bin/python")):
            tools |= _python_tools(text) - own
    checks = _verifier_checks(root / "tests")
    slices, probes = _script(root / "interaction" / "script.json")
    revising = sum(1 for k, content in enumerate(slices) if k and _REVISING.search(content))
    revision_probes = sum(1 for template in probes if template in REVISION_TEMPLATES)
    exec_turns = estimate.exec_turns(len(commands), lines, checks)
    return DifficultyProxies(
        solution_lines=lines,
        solution_commands=len(commands),
        tools=tuple(sorted(tools)),
        verifier_checks=checks,
        slices=len(slices),
        probes=len(probes),
        revising_slices=revising,
        revision_probes=revision_probes,
        expected_turns_exec=exec_turns,
        expected_turns_collab=estimate.collab_turns(exec_turns, len(slices), len(probes), revising + revision_probes)
        if slices or probes
        else 0,
    )


def proxies_table(proxies: DifficultyProxies) -> str:
    """The ``[metadata.proxies]`` table of task.toml."""
    data = proxies.to_builtins()
    lines = [
        "[metadata.proxies]",
        "# Difficulty proxies from the task's files (realcli coverage --write-proxies; docs/suite.md).",
    ]
    for key, value in data.items():
        lines.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines) + "\n"


def write_proxies(root: Path, proxies: DifficultyProxies | None = None) -> bool:
    """Record the proxies in ``root/task.toml``, every other byte kept; True when the file changed."""
    path = root / "task.toml"
    text = path.read_text(encoding="utf-8")
    updated = with_proxies(text, proxies or difficulty_proxies(root))
    if updated == text:
        return False
    path.write_text(updated, encoding="utf-8")
    return True


def with_proxies(text: str, proxies: DifficultyProxies) -> str:
    """``text`` (a task.toml) with its ``[metadata.proxies]`` table replaced, or added after the
    ``[metadata]`` tables where a reader looks for it; every other byte kept."""
    block = proxies_table(proxies)
    return set_table(text, "metadata.proxies", block) if _HEADER.search(text) else _after_metadata(text, block)


def _after_metadata(text: str, block: str) -> str:
    """``text`` with ``block`` inserted after its last ``[metadata...]`` table (else appended)."""
    lines = text.splitlines(keepends=True)
    heads = [i for i, line in enumerate(lines) if _TABLE.match(line)]
    meta = [i for i in heads if _TABLE.match(lines[i]).group(1).strip().startswith("metadata")]  # type: ignore[union-attr]
    if not meta:
        return set_table(text, "metadata.proxies", block)
    end = next((i for i in heads if i > meta[-1]), len(lines))
    while end > meta[-1] + 1 and not lines[end - 1].strip():
        end -= 1
    gap = ["\n"] if end < len(lines) and lines[end].strip() else []
    return "".join([*lines[:end], "\n", block, *gap, *lines[end:]])


# -------------------------------------------------------------------- solution


def _solution_files(folder: Path) -> list[tuple[Path, str]]:
    out = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else []:
        if "mutants" in path.relative_to(folder).parts:
            continue
        data = path.read_bytes()
        if b"\0" in data[:4096]:
            continue
        out.append((path, data.decode("utf-8", errors="replace")))
    return out


def _own_names(root: Path) -> set[str]:
    """Names (and stems) of the files the task ships in ``environment/`` and ``solution/``."""
    names: set[str] = set()
    for folder in (root / "environment", root / "solution"):
        for path in folder.rglob("*") if folder.is_dir() else []:
            if path.is_file():
                names |= {path.name, path.stem}
    return names


def _code_lines(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.strip() and not line.strip().startswith(("#", "//")))


def _is_shell(path: Path, text: str) -> bool:
    first = text.split("\n", 1)[0]
    return path.suffix in (".sh", ".bash") or bool(re.match(r"#!.*\b(?:ba|da|z)?sh\b", first))


def _tool(words: list[str]) -> str | None:
    """The program a command runs, if it is a tool (not a builtin, a variable or the task's own script)."""
    while words and words[0] in _PREFIXES:
        words = [w for w in words[1:] if not w.startswith("-") and not _ASSIGNMENT.match(w)]
    if not words:
        return None
    name = words[0].strip("'\"")
    if not name or name in _BUILTINS or "$" in name or name.startswith("-"):
        return None
    if "/" in name:
        if not name.startswith(_SYSTEM_DIRS):
            return None
        name = name.rsplit("/", 1)[1]
    return name


def _python_tools(source: str) -> set[str]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    out = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr not in _SUBPROCESS or not node.args:
            continue
        first = node.args[0]
        if isinstance(first, ast.List | ast.Tuple) and first.elts and isinstance(first.elts[0], ast.Constant):
            words = [str(first.elts[0].value)]
        elif isinstance(first, ast.Constant) and isinstance(first.value, str):
            words = first.value.split()[:1]
        else:
            continue
        if words and (tool := _tool(words)):
            out.add(tool)
    return out


# -------------------------------------------------------------------- verifier


def _verifier_checks(tests: Path) -> int:
    total = 0
    for path in sorted(tests.glob("test_*.py")) if tests.is_dir() else []:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
        except SyntaxError:
            continue
        sizes = _literal_sizes(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
                total += math.prod(_cases(d, sizes) for d in node.decorator_list)
    return total


def _literal_sizes(tree: ast.Module) -> dict[str, int]:
    """Module-level names bound to a literal list, tuple, dict or set, and their sizes."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = node.value
            if isinstance(value, ast.List | ast.Tuple | ast.Set):
                out[node.targets[0].id] = len(value.elts)
            elif isinstance(value, ast.Dict):
                out[node.targets[0].id] = len(value.keys)
    return out


def _cases(decorator: ast.expr, sizes: dict[str, int]) -> int:
    """How many cases a ``@pytest.mark.parametrize(names, values)`` makes (1 for any other decorator)."""
    if not (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)):
        return 1
    if decorator.func.attr != "parametrize" or len(decorator.args) < 2:
        return 1
    return _size(decorator.args[1], sizes)


def _size(values: ast.expr, sizes: dict[str, int]) -> int:
    if isinstance(values, ast.List | ast.Tuple | ast.Set):
        return len(values.elts)
    if isinstance(values, ast.Name):
        return sizes.get(values.id, 1)
    if isinstance(values, ast.Call) and isinstance(values.func, ast.Name) and values.args:
        arg = values.args[0]
        if values.func.id == "range" and isinstance(arg, ast.Constant) and isinstance(arg.value, int):
            return arg.value if len(values.args) == 1 else 1
        if values.func.id in ("sorted", "list", "tuple"):
            return _size(arg, sizes)
    return 1


# ---------------------------------------------------------------------- script


def _script(path: Path) -> tuple[list[str], list[str]]:
    """The slices' contents and the probes' templates of an interaction layer (none without one)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return [], []
    slices = [str(s.get("content", "")) for s in data.get("slices", []) if isinstance(s, dict)]
    probes = [str(p.get("template", "")) for p in data.get("probes", []) if isinstance(p, dict)]
    return slices, probes
