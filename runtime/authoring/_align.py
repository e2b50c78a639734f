"""Specification-test alignment: every requirement of ``instruction.md`` against every verifier check.

The paper's quality checks (section 3) ask that the instruction and the
verifier say the same thing: a requirement no check tests is a gap the agent
can get wrong unnoticed; a check of something the instruction never says
tests what EXEC agents cannot know.  This module matches the two sides by
rule, with no model (the tokens are ``_align_tokens``):

* **requirements** are the sentences of ``instruction.md`` (headings and
  code blocks are context; a fenced block belongs to the sentence before it);
* **checks** are the verifier's pytest test functions (``tests/test_*.py``):
  the words of the function's name, its docstring and comments, and the
  literals it uses (strings and numbers in its body and its ``parametrize``
  cases, and the short string constants of the module it names);
* a requirement and a check are **linked** when their shared tokens weigh at
  least ``MATCH_THRESHOLD`` (3): a shared literal (a path, an identifier, a
  number, a flag, a quoted value) weighs ``LITERAL_WEIGHT`` (2), a shared word
  stem of four letters or more weighs 1.  A short requirement also links at
  half of its own weight, if that is at least ``SHORT_MINIMUM`` (2); a check
  links to a requirement that holds every word of its name (two words at
  least: ``test_dist_tarball`` and "writes the release tarball" of ``dist``).

Links make the table.  A **finding** (a warning) needs more than a missing
link, because a check often tests a sentence through data (a fixture row
with ``"1,234.50"`` tests "amounts may use a comma as thousands separator")
and names it tersely:

* a requirement is **unmapped** when no check links to it, it is not
  declared untestable, and the verifier as a whole (every file under
  ``tests/``, fixtures included) holds less than ``PRESENCE`` (half) of its
  weight;
* a check is **unmapped** ("tests nothing instruction.md says") when it
  links to no requirement and the instruction as a whole holds less than
  ``PRESENCE`` of the weight of what names it: its name, docstring and
  comments and the identifiers, paths and flags it uses.

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

from realcli.runtime.authoring._align_tokens import (
    LITERAL_WEIGHT,
    Tokens,
    content_stems,
    literal_tokens,
    quoted,
)

__all__ = [
    "LITERAL_WEIGHT",
    "MATCH_THRESHOLD",
    "PRESENCE",
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
PRESENCE: Final = 0.5  # the share of a side's weight the other side must hold for it not to be a finding
_MIN_WORDS: Final = 3  # a "sentence" with fewer content words and literals is a fragment, not a requirement
_MAX_LITERAL: Final = 120  # longer string constants are fixtures (file bodies), not asserted values
_MAX_VERIFIER_FILE: Final = 100_000  # bytes of one tests/ file read for the verifier's vocabulary

# A sentence ends at . ! or ?, also inside closing emphasis ("**Never modify it.** Then ...").
_SENTENCE_END: Final = re.compile(r"(?:(?<=[.!?])|(?<=[.!?]\*\*)|(?<=[.!?]\*))\s+(?=[A-Z(`\"*])")
# "e.g. `12.37`" does not end a sentence.
_ABBREVIATION: Final = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|incl)\.)$", re.IGNORECASE)
_BULLET: Final = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
# "Make it behave exactly as described below": a pointer to the rest of the document, no requirement of its own.
_POINTER: Final = re.compile(
    r"\b(?:described|specified|stated|defined)\s+(?:here|below|above)\b"
    r"|\bbehaves?\s+(?:exactly\s+)?as\s+below\b",
    re.IGNORECASE,
)
_LEAD_IN: Final = re.compile(r"\*\*[^*]+\*\*")
_EXACT: Final = re.compile(r"^(?:--?[a-z][\w-]*|[\w.-]*[_./][\w./-]*)$", re.IGNORECASE)


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
    def name_words(self) -> str:
        """The function's name as words (``test_dist_tarball`` -> ``dist tarball``)."""
        return self.name.removeprefix("test_").removeprefix("test").replace("_", " ").strip()

    @property
    def text(self) -> str:
        """What the matcher reads: the name's words, the docstring, the comments and the literals."""
        return " ".join([self.name_words, self.docstring, self.comments, *self.literals])

    def tokens(self) -> Tokens:
        """Everything the check says and uses; its name as a phrase is a literal too ("top reps")."""
        return Tokens.of(self.text, [*self.literals, self.name_words])

    def signature(self) -> Tokens:
        """What names the check: its name, docstring and comments, and the identifiers, paths and
        flags it uses (not the numbers and text of its fixture data)."""
        exact = [lit for lit in self.literals if _EXACT.match(lit)]
        return Tokens.of(" ".join([self.name_words, self.docstring, self.comments]), exact)


@dataclass(frozen=True)
class Link:
    """One link between a requirement of the instruction and a verifier check, its score and what found it (rules or
    model)."""

    requirement: int  # index into Alignment.requirements
    check: str
    score: float
    by: str = "rules"  # rules | model


@dataclass
class Alignment:
    """The requirement x check table of one task, and its findings."""

    requirements: list[Requirement]
    checks: list[VerifierCheck]
    links: list[Link] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # Requirements the verifier as a whole holds (by index), checks the instruction as a whole holds (by name):
    # unlinked ones of these are not findings.
    held_by_verifier: set[int] = field(default_factory=set)
    held_by_instruction: set[str] = field(default_factory=set)

    def checks_for(self, index: int) -> list[str]:
        """The checks linked to requirement ``index``, best first."""
        found = sorted((link for link in self.links if link.requirement == index), key=lambda link: -link.score)
        return list(dict.fromkeys(link.check for link in found))

    @property
    def unlinked_requirements(self) -> list[Requirement]:
        """Testable requirements no check links to (the table's "none"; not all are findings)."""
        linked = {link.requirement for link in self.links}
        return [r for i, r in enumerate(self.requirements) if i not in linked and not r.untestable]

    @property
    def unmapped_requirements(self) -> list[Requirement]:
        """Findings: testable requirements no check links to and whose words the verifier does not hold."""
        linked = {link.requirement for link in self.links}
        return [
            r
            for i, r in enumerate(self.requirements)
            if i not in linked and not r.untestable and i not in self.held_by_verifier
        ]

    @property
    def unmapped_checks(self) -> list[VerifierCheck]:
        """Findings: checks that test nothing the instruction says."""
        linked = {link.check for link in self.links}
        return [c for c in self.checks if c.name not in linked and c.name not in self.held_by_instruction]

    def warnings(self) -> list[str]:
        """One line per finding (lint-level: validate reports them, never fails on them)."""
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
                {
                    "line": r.line,
                    "text": r.text,
                    "untestable": r.untestable,
                    "checks": self.checks_for(i),
                    "held_by_verifier": i in self.held_by_verifier,
                }
                for i, r in enumerate(self.requirements)
            ],
            "checks": [
                {
                    "name": c.name,
                    "file": c.file,
                    "line": c.line,
                    "held_by_instruction": c.name in self.held_by_instruction,
                }
                for c in self.checks
            ],
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
    marks = [m.strip().lower() for m in untestable if m.strip()]
    out = []
    for first, text in _units(markdown):
        for sentence in _sentences(text):
            if len(content_stems(sentence, generic=True)) + len(literal_tokens(sentence)) < _MIN_WORDS:
                continue
            if _POINTER.search(sentence) and not literal_tokens(sentence):
                continue
            if _is_lead_in(sentence):
                continue
            declared = any(sentence.lower().startswith(m) for m in marks)
            out.append(Requirement(line=first, text=sentence, untestable=declared))
    return out


def _is_lead_in(sentence: str) -> bool:
    """``**Output and exit status.**``: a short bold heading inside a paragraph (not ``**Never modify it.**``)."""
    if not _LEAD_IN.fullmatch(sentence):
        return False
    words = sentence.strip("*.: ").lower().split()
    return len(words) <= 4 and not any(w in ("no", "not", "never") or w.endswith("n't") for w in words)


def _units(markdown: str) -> list[tuple[int, str]]:
    """(first line, text) of each paragraph or bullet; a fenced block joins the unit before it."""
    units: list[tuple[int, str]] = []
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
        if not line.strip() or line.lstrip().startswith("#"):
            units.append((number, ""))
        elif _BULLET.match(line) or not units or not units[-1][1]:
            units.append((number, _BULLET.sub("", line).strip()))
        else:
            units[-1] = (units[-1][0], f"{units[-1][1]} {line.strip()}")
    return units


def _sentences(text: str) -> list[str]:
    """``text`` split at sentence ends, but not after an abbreviation such as "e.g."."""
    out: list[str] = []
    for piece in _SENTENCE_END.split(text):
        if out and _ABBREVIATION.search(out[-1]):
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return [s.strip() for s in out if s.strip()]


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
        module = _Module(_module_constants(tree, source), _helpers(tree))
        for node in _test_functions(tree):
            found.append(
                VerifierCheck(
                    name=node.name,
                    file=path.name,
                    line=node.lineno,
                    docstring=ast.get_docstring(node) or "",
                    literals=tuple(dict.fromkeys(_literals(node, module))),
                    comments=_comments(source, node.lineno, node.end_lineno or node.lineno),
                )
            )
    return found


@dataclass
class _Module:
    """What a test function can name in its module: short constants, and helper functions and fixtures."""

    constants: dict[str, list[str]]
    helpers: dict[str, ast.FunctionDef | ast.AsyncFunctionDef]
    _own: dict[str, tuple[list[str], list[str]]] = field(default_factory=dict)  # name -> (literals, names used)

    def own(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[list[str], list[str]]:
        """A function's own literals (body, decorators, the constants it names) and the names it uses."""
        if node.name not in self._own or self.helpers.get(node.name) is not node:
            literals: list[str] = []
            names: list[str] = [a.arg for a in node.args.args]  # the fixtures it requests
            body = node.body[1:] if ast.get_docstring(node) else node.body
            for stmt in [*node.decorator_list, *body]:
                literals += [v for v in _constants_in(stmt) if len(v) <= _MAX_LITERAL]
                used = [n.id for n in ast.walk(stmt) if isinstance(n, ast.Name)]
                literals += [v for name in used for v in self.constants.get(name, [])]
                names += used
            self._own[node.name] = (literals, names)
        return self._own[node.name]


def _helpers(tree: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    return {
        n.name: n
        for n in tree.body
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and not n.name.startswith("test")
    }


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


def _literals(func: ast.FunctionDef | ast.AsyncFunctionDef, module: _Module) -> list[str]:
    """The values a check uses: its body's, its decorators' (``parametrize`` cases), the constants it names,
    and those of the module's helper functions and fixtures it calls or requests (a reference
    implementation states what is checked in its constants: ``400 <= wl <= 450``)."""
    out: list[str] = []
    seen: set[str] = set()
    pending: list[ast.FunctionDef | ast.AsyncFunctionDef] = [func]
    while pending:
        literals, names = module.own(pending.pop())
        out += literals
        for name in names:
            if name in module.helpers and name not in seen:
                seen.add(name)
                pending.append(module.helpers[name])
    return out


# ----------------------------------------------------------------- matching


def match_score(requirement: str, check: VerifierCheck | str) -> float:
    """How strongly a requirement sentence and a check are about the same thing (see the module doc)."""
    req = Tokens.of(requirement)
    chk = Tokens.of(check) if isinstance(check, str) else check.tokens()
    return req.shared(chk)


def _matches(score: float, req: Tokens) -> bool:
    """``MATCH_THRESHOLD``, or half of a short requirement's own weight (at least ``SHORT_MINIMUM``)."""
    return score >= MATCH_THRESHOLD or (score >= SHORT_MINIMUM and score >= req.weight / 2)


def _name_within(check: VerifierCheck, req: Tokens) -> bool:
    """Every word of the check's name (two at least) is a word of the requirement."""
    words = content_stems(check.name_words)
    return len(words) >= 2 and words <= req.words


def align(
    requirements: list[Requirement],
    checks: list[VerifierCheck],
    *,
    instruction: str = "",
    verifier: str = "",
) -> Alignment:
    """Link every requirement to every check that matches it (rule-based).

    ``instruction`` and ``verifier`` are the two sides' whole texts: what
    one of them holds of an unlinked item on the other side is not a finding.
    """
    result = Alignment(requirements=requirements, checks=checks)
    req_tokens = [Tokens.of(r.text) for r in requirements]
    chk_tokens = [c.tokens() for c in checks]
    for i, rt in enumerate(req_tokens):
        for check, ct in zip(checks, chk_tokens, strict=True):
            score = rt.shared(ct)
            if _matches(score, rt) or _name_within(check, rt):
                result.links.append(Link(requirement=i, check=check.name, score=score))
    if verifier:
        body = _Body.of(verifier)
        result.held_by_verifier = {i for i, rt in enumerate(req_tokens) if body.holds(rt)}
    if instruction:
        body = _Body.of(instruction)
        result.held_by_instruction = {c.name for c in checks if body.holds(c.signature())}
    return result


@dataclass(frozen=True)
class _Body:
    """A whole side (the instruction, or every file of the verifier) as one bag of tokens."""

    text: str
    tokens: Tokens

    @classmethod
    def of(cls, text: str) -> _Body:
        return cls(text.lower(), Tokens.of(text))

    def holds(self, part: Tokens) -> bool:
        return part.found_in(self.tokens.literals, self.tokens.words, self.text) >= PRESENCE


def align_task(root: Path) -> Alignment:
    """The alignment table of the task directory ``root`` (instruction.md against tests/test_*.py)."""
    instruction = root / "instruction.md"
    text = instruction.read_text(encoding="utf-8", errors="replace") if instruction.is_file() else ""
    result = align(
        requirement_sentences(text, _declared_untestable(root)),
        verifier_checks(root / "tests"),
        instruction=text,
        verifier=verifier_text(root / "tests"),
    )
    if not result.checks:
        result.notes.append("tests/ has no pytest test functions (tests/test_*.py): nothing to align")
    return result


def verifier_text(tests_dir: Path) -> str:
    """Every text file under ``tests/`` (the checks, their helpers and fixtures), joined."""
    parts = []
    for path in sorted(p for p in tests_dir.rglob("*") if p.is_file()):
        data = path.read_bytes()[:_MAX_VERIFIER_FILE]
        if b"\0" not in data[:4096]:  # skip binaries (a fixture database)
            parts.append(data.decode("utf-8", errors="replace"))
    return "\n".join(parts)


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
    have_words = set().union(*(content_stems(p) for p in parts))
    have_literals = set().union(*(literal_tokens(p) for p in parts))
    missing = []
    for req in requirements:
        stems, tokens, spans = content_stems(req.text), literal_tokens(req.text), quoted(req.text)
        exact = len(tokens) + len(spans)
        found = len(tokens & have_literals) + sum(q in joined for q in spans)
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
