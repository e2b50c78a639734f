"""Specification-test alignment: every requirement of ``instruction.md`` against every verifier check.

The paper's quality checks (section 3) ask that the instruction and the
verifier say the same thing: a requirement no check tests is a gap the agent
can get wrong unnoticed; a check of something the instruction never says
tests what EXEC agents cannot know.  This module matches the two sides by
rule, with no model:

* **requirements** are the sentences of ``instruction.md`` (headings and
  code blocks are context; a fenced block belongs to the sentence before it);
* **checks** are the verifier's pytest test functions (``tests/test_*.py``):
  the words of the function's name, its docstring and the literals it
  asserts with (strings and numbers in its body, and the short string
  constants of the module it names);
* a requirement and a check **match** when their shared tokens weigh at
  least ``MATCH_THRESHOLD`` (3): a shared literal (a path, an identifier, a
  number, a quoted value) weighs ``LITERAL_WEIGHT`` (2), a shared word stem
  of four letters or more weighs 1.  A short requirement also matches at
  half of its own weight, if that is at least ``SHORT_MINIMUM`` (2).

A requirement the author knows no check can test is listed in task.toml as
``[metadata.alignment] untestable = ["<start of the sentence>", ...]``.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

__all__ = [
    "LITERAL_WEIGHT",
    "MATCH_THRESHOLD",
    "SHORT_MINIMUM",
    "Alignment",
    "Requirement",
    "VerifierCheck",
    "align",
    "align_task",
    "match_score",
    "requirement_sentences",
    "uncovered",
    "verifier_checks",
]

MATCH_THRESHOLD: Final = 3
SHORT_MINIMUM: Final = 2
LITERAL_WEIGHT: Final = 2
_MIN_WORDS: Final = 3  # a "sentence" with fewer content words and literals is a fragment, not a requirement
_MAX_LITERAL: Final = 120  # longer string constants are fixtures (file bodies), not asserted values

_STOP: Final = frozenset(
    """
    about above after again against also always another because been before being below between both
    does doing done down during each either else even every from further have having here into its
    itself just like made make makes many more most much must need needs never none only other over
    same should since some such than that their them then there these they this those through under
    until upon very what when where whether which while will with within without would your yours
    file files test tests check checks value values given fine also stay stays still used using
    """.split()  # noqa: SIM905 (a word list reads better as text)
)
_TOKEN: Final = re.compile(r"[A-Za-z0-9_./~-]+")
_WORD: Final = re.compile(r"[a-z]+")
_SENTENCE_END: Final = re.compile(r"(?<=[.!?])\s+(?=[A-Z(`\"*])")
_BULLET: Final = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_QUOTED: Final = re.compile(r"`([^`]+)`|\"([^\"\n]{1,80})\"|'([^'\n]{1,80})'")


@dataclass(frozen=True)
class Requirement:
    """One sentence of the instruction; ``line`` is 1-based in ``instruction.md``."""

    line: int
    text: str
    untestable: bool = False


@dataclass(frozen=True)
class VerifierCheck:
    """One pytest test function of the verifier."""

    name: str
    file: str
    line: int
    docstring: str = ""
    literals: tuple[str, ...] = ()
    comments: str = ""  # the function's comments, and those above the module constants it names

    @property
    def text(self) -> str:
        """What the matcher reads: the name's words, the docstring and the literals."""
        return " ".join(
            [self.name.removeprefix("test_").replace("_", " "), self.docstring, self.comments, *self.literals]
        )


@dataclass(frozen=True)
class Link:
    requirement: int  # index into Alignment.requirements
    check: str
    score: float
    by: str = "rules"  # rules | model


@dataclass
class Alignment:
    """The requirement x check table of one task, and what is left unmapped."""

    requirements: list[Requirement]
    checks: list[VerifierCheck]
    links: list[Link] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def checks_for(self, index: int) -> list[str]:
        """The checks linked to requirement ``index``, best first."""
        found = sorted((link for link in self.links if link.requirement == index), key=lambda link: -link.score)
        return list(dict.fromkeys(link.check for link in found))

    @property
    def unmapped_requirements(self) -> list[Requirement]:
        """Testable requirements that no check tests."""
        linked = {link.requirement for link in self.links}
        return [r for i, r in enumerate(self.requirements) if i not in linked and not r.untestable]

    @property
    def unmapped_checks(self) -> list[VerifierCheck]:
        """Checks that test nothing the instruction says."""
        linked = {link.check for link in self.links}
        return [c for c in self.checks if c.name not in linked]

    def warnings(self) -> list[str]:
        """One line per unmapped check or requirement (lint-level: validate reports them, never fails on them)."""
        out = [
            f"tests/{c.file}: {c.name} (line {c.line}) tests nothing instruction.md says "
            "(specification-test alignment): say it in the instruction, or drop the check"
            for c in self.unmapped_checks
        ]
        out += [
            f"instruction.md: line {r.line}: no verifier check tests {_short(r.text)!r} "
            "(specification-test alignment): add a check, or list it under [metadata.alignment] untestable"
            for r in self.unmapped_requirements
        ]
        return out

    def to_builtins(self) -> dict[str, object]:
        """The table as JSON-shaped data (validate --json)."""
        return {
            "requirements": [
                {"line": r.line, "text": r.text, "untestable": r.untestable, "checks": self.checks_for(i)}
                for i, r in enumerate(self.requirements)
            ],
            "checks": [{"name": c.name, "file": c.file, "line": c.line} for c in self.checks],
            "unmapped_requirements": [r.line for r in self.unmapped_requirements],
            "unmapped_checks": [c.name for c in self.unmapped_checks],
            "threshold": MATCH_THRESHOLD,
            "notes": list(self.notes),
        }


# ------------------------------------------------------------- requirements


def requirement_sentences(markdown: str, untestable: Sequence[str] = ()) -> list[Requirement]:
    """The requirement sentences of an instruction, with their line numbers.

    ``untestable`` holds sentence starts (case-insensitive) that the author
    declared untestable.
    """
    units: list[tuple[int, str]] = []  # (first line, text) of each paragraph or bullet
    fence = False
    for number, raw in enumerate(markdown.splitlines(), start=1):
        line = raw.rstrip()
        if line.lstrip().startswith("```"):
            fence = not fence
            continue
        if fence:
            last = next((k for k in range(len(units) - 1, -1, -1) if units[k][1]), None)
            if last is not None:  # a code block illustrates the sentence before it
                units[last] = (units[last][0], f"{units[last][1]} {line.strip()}")
            continue
        if not line.strip():
            units.append((number, ""))
            continue
        if line.lstrip().startswith("#"):
            units.append((number, ""))
            continue
        if _BULLET.match(line) or not units or not units[-1][1]:
            units.append((number, _BULLET.sub("", line).strip()))
        else:
            units[-1] = (units[-1][0], f"{units[-1][1]} {line.strip()}")
    marks = [m.strip().lower() for m in untestable if m.strip()]
    out = []
    for first, text in units:
        for sentence in _SENTENCE_END.split(text):
            sentence = sentence.strip()
            if len(_content(sentence)) + len(_literal_tokens(sentence)) < _MIN_WORDS:
                continue
            declared = any(sentence.lower().startswith(m) for m in marks)
            out.append(Requirement(line=first, text=sentence, untestable=declared))
    return out


# ------------------------------------------------------------------- checks


def verifier_checks(tests_dir: Path) -> list[VerifierCheck]:
    """The pytest test functions of ``tests_dir/test_*.py`` (methods of ``Test*`` classes included)."""
    found = []
    for path in sorted(tests_dir.glob("test_*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
        except SyntaxError:
            continue
        source = path.read_text(encoding="utf-8", errors="replace").splitlines()
        constants = _module_constants(tree, source)
        for node in _test_functions(tree):
            found.append(
                VerifierCheck(
                    name=node.name,
                    file=path.name,
                    line=node.lineno,
                    docstring=ast.get_docstring(node) or "",
                    literals=tuple(dict.fromkeys(_literals(node, constants))),
                    comments=_comments(source, node.lineno, node.end_lineno or node.lineno),
                )
            )
    return found


def _test_functions(tree: ast.Module) -> Iterable[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            yield node
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name.startswith("test"):
                    yield item


def _module_constants(tree: ast.Module, source: list[str]) -> dict[str, list[str]]:
    """Module-level names bound to short literals (``RAW = Path("/app/data/x.csv")``, ``LIMIT = 14``).

    A long constant (a fixture's file body) contributes the comment above it
    instead: that comment says what the fixture is for.
    """
    out: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            values = [v for v in _constants_in(node.value) if len(v) <= _MAX_LITERAL]
            above = _comment_block_above(source, node.lineno)
            if values or above:
                out[node.targets[0].id] = values + ([above] if above else [])
    return out


def _comment_block_above(source: list[str], line: int) -> str:
    lines = []
    k = line - 2
    while k >= 0 and source[k].lstrip().startswith("#"):
        lines.append(source[k].lstrip().lstrip("#").strip())
        k -= 1
    return " ".join(reversed(lines))


def _comments(source: list[str], first: int, last: int) -> str:
    found = []
    for text in source[first - 1 : last]:
        _, hash_, comment = text.partition("#")
        if hash_ and comment.strip() and '"' not in text.split("#", 1)[0][-1:]:
            found.append(comment.strip())
    return " ".join(found)


def _constants_in(node: ast.AST) -> list[str]:
    return [
        str(n.value)
        for n in ast.walk(node)
        if isinstance(n, ast.Constant) and isinstance(n.value, str | int | float) and not isinstance(n.value, bool)
    ]


def _literals(func: ast.FunctionDef | ast.AsyncFunctionDef, constants: dict[str, list[str]]) -> list[str]:
    body = func.body[1:] if ast.get_docstring(func) else func.body
    out: list[str] = []
    for stmt in body:
        out += [v for v in _constants_in(stmt) if len(v) <= _MAX_LITERAL]
        out += [v for n in ast.walk(stmt) if isinstance(n, ast.Name) for v in constants.get(n.id, [])]
    return out


# ----------------------------------------------------------------- matching


def _stem(word: str) -> str:
    for suffix in ("ingly", "edly", "ing", "ed", "es", "ly", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


def _content(text: str) -> set[str]:
    """Stems of the words of four letters or more that are not stop words."""
    return {_stem(w) for w in _WORD.findall(text.lower()) if len(w) >= 4 and w not in _STOP}


def _literal_tokens(text: str) -> set[str]:
    """Tokens that name something exactly: paths, identifiers, numbers, dotted names."""
    out = set()
    for token in _TOKEN.findall(text):
        token = token.strip(".,;:-").lower()
        if len(token) >= 2 and any(ch in token for ch in "_./0123456789") and not token.replace(".", "").isdigit():
            out.add(token)
            out.update(part for part in re.split(r"[/]", token) if len(part) >= 3)
        elif token.isdigit() and len(token) >= 2:
            out.add(token)
    return out


def _quoted(text: str) -> set[str]:
    return {next(g for g in m.groups() if g).strip().lower() for m in _QUOTED.finditer(text)}


@dataclass(frozen=True)
class _Tokens:
    words: frozenset[str]
    literals: frozenset[str]

    @classmethod
    def of(cls, text: str, extra_literals: Iterable[str] = ()) -> _Tokens:
        literals = _literal_tokens(text) | _quoted(text)
        for value in extra_literals:
            literals |= _literal_tokens(value)
            if 2 <= len(value.strip()) <= 40:
                literals.add(value.strip().lower())
        return cls(frozenset(_content(text)), frozenset(literals))


def match_score(requirement: str, check: VerifierCheck | str) -> float:
    """How strongly a requirement sentence and a check are about the same thing (see the module doc)."""
    req = _Tokens.of(requirement)
    chk = _Tokens.of(check) if isinstance(check, str) else _Tokens.of(check.text, check.literals)
    return _score(req, chk)


def _score(req: _Tokens, chk: _Tokens) -> float:
    shared_literals = req.literals & chk.literals
    # A literal's words count once: as the literal, not again as words.
    literal_words = {_stem(w) for lit in shared_literals for w in _WORD.findall(lit)}
    shared_words = (req.words & chk.words) - literal_words
    return LITERAL_WEIGHT * len(shared_literals) + len(shared_words)


def _matches(score: float, req: _Tokens) -> bool:
    """``MATCH_THRESHOLD``, or half of a short requirement's own weight (at least ``SHORT_MINIMUM``)."""
    own = LITERAL_WEIGHT * len(req.literals) + len(req.words)
    return score >= MATCH_THRESHOLD or (score >= SHORT_MINIMUM and score >= own / 2)


def align(requirements: list[Requirement], checks: list[VerifierCheck]) -> Alignment:
    """Link every requirement to every check that matches it (rule-based)."""
    result = Alignment(requirements=requirements, checks=checks)
    req_tokens = [_Tokens.of(r.text) for r in requirements]
    chk_tokens = [_Tokens.of(c.text, c.literals) for c in checks]
    for i, rt in enumerate(req_tokens):
        for check, ct in zip(checks, chk_tokens, strict=True):
            score = _score(rt, ct)
            if _matches(score, rt):
                result.links.append(Link(requirement=i, check=check.name, score=score))
    return result


def align_task(root: Path) -> Alignment:
    """The alignment table of the task directory ``root`` (instruction.md against tests/test_*.py)."""
    instruction = root / "instruction.md"
    text = instruction.read_text(encoding="utf-8", errors="replace") if instruction.is_file() else ""
    result = align(requirement_sentences(text, _declared_untestable(root)), verifier_checks(root / "tests"))
    if not result.checks:
        result.notes.append("tests/ has no pytest test functions (tests/test_*.py): nothing to align")
    return result


def _declared_untestable(root: Path) -> list[str]:
    try:
        data = tomllib.loads((root / "task.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return []
    section = data.get("metadata", {}).get("alignment", {})
    marks = section.get("untestable", []) if isinstance(section, dict) else []
    return [m for m in marks if isinstance(m, str)]


def uncovered(
    requirements: Sequence[Requirement], parts: Sequence[str], *, words: float = 0.5, literals: float = 0.5
) -> list[Requirement]:
    """Requirements that ``parts`` (an opening and slices) do not carry.

    A requirement is carried when the parts together hold at least ``words``
    of its content stems and at least ``literals`` of the exact values it
    names (paths, identifiers, numbers, quoted text).  Paraphrase passes;
    a slice set that drops a requirement loses most of both.  On the twelve
    bundled tasks' hand-written layers 9 of 256 sentences fall below these
    thresholds (paraphrases); dropping any one slice of csv-report is caught.
    """
    joined = " ".join(parts).lower()
    have_words = set().union(*(_content(p) for p in parts))
    have_literals = set().union(*(_literal_tokens(p) for p in parts))
    missing = []
    for req in requirements:
        stems, tokens, quoted = _content(req.text), _literal_tokens(req.text), _quoted(req.text)
        exact = len(tokens) + len(quoted)
        found = len(tokens & have_literals) + sum(q in joined for q in quoted)
        if (stems and len(stems & have_words) / len(stems) < words) or (exact and found / exact < literals):
            missing.append(req)
    return missing


def _short(text: str, limit: int = 90) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def add_model_links(result: Alignment, data: object) -> list[str]:
    """Merge a model's mapping (``{"links": [...], "untestable": [...]}``, 1-based requirement numbers).

    Only links between a real requirement and a real check are kept; each
    dropped entry is a note.  Links the rules found stay.
    """
    notes: list[str] = []
    names = {c.name for c in result.checks}
    raw = data if isinstance(data, dict) else {}
    links = raw.get("links")
    for k, link in enumerate(links if isinstance(links, list) else []):
        number = link.get("requirement") if isinstance(link, dict) else None
        checks = link.get("checks") if isinstance(link, dict) else None
        if not isinstance(number, int) or not 1 <= number <= len(result.requirements):
            notes.append(f"align.links[{k}].requirement: {number!r} is no requirement number; dropped")
            continue
        for name in checks if isinstance(checks, list) else []:
            if name in names:
                result.links.append(Link(requirement=number - 1, check=name, score=0.0, by="model"))
            else:
                notes.append(f"align.links[{k}].checks: {name!r} is no check of the verifier; dropped")
    marks = raw.get("untestable")
    for number in marks if isinstance(marks, list) else []:
        if isinstance(number, int) and 1 <= number <= len(result.requirements):
            req = result.requirements[number - 1]
            if not any(link.requirement == number - 1 for link in result.links):
                result.requirements[number - 1] = Requirement(line=req.line, text=req.text, untestable=True)
        else:
            notes.append(f"align.untestable: {number!r} is no requirement number; dropped")
    result.notes.append("model-assisted: the model's links are added to the rules' links")
    return notes
