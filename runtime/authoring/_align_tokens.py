"""The words and exact values the specification-test aligner compares (no I/O).

Two kinds of token: a **word stem** (a word of four letters or more that is
not a stop word, crudely stemmed) and a **literal**, a token that names
something exactly: a path, an identifier, a dotted or underscored name, a
number of two digits or more, a command-line flag (``-n``, ``--max-lines``),
or quoted text (``backticks``, "double" or 'single' quotes).  A path also
contributes its parts, except the directories every task has (``/app``,
``/usr``, ``/tmp`` ...), which say nothing about what is specific.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from realcli._stem import stem

__all__ = ["LITERAL_WEIGHT", "Tokens", "content_stems", "literal_tokens", "quoted", "stem"]

LITERAL_WEIGHT: Final = 2

STOP: Final = frozenset(
    """
    about above after again against also always another because been before being below between both
    does doing done down during each either else even every from further have having here into its
    itself just like made make makes many more most much must need needs never none only other over
    same should since some such than that their them then there these they this those through under
    until upon very what when where whether which while will with within without would your yours
    file files test tests check checks value values given fine also stay stays still used using
    """.split()  # noqa: SIM905 (a word list reads better as text)
)
# Words nearly every command-line task says: sharing one says nothing about sharing a requirement.
GENERIC: Final = frozenset(
    """
    name names line lines data exit exits start starts json python bash command commands empty output
    outputs input inputs print prints printed path paths folder folders directory string text number
    numbers script scripts program error errors run runs running
    """.split()  # noqa: SIM905
)
# Tools nearly every task names, as literals.
_GENERIC_LITERALS: Final = frozenset("python3 python bash sh json utf-8 stdout stderr stdin".split())  # noqa: SIM905
# Directories of every task's paths: a shared "/app" says nothing about what a sentence and a check share.
_GENERIC_PARTS: Final = frozenset(
    "app tmp usr bin sbin etc var lib opt srv home root local share dev run data out".split()  # noqa: SIM905
)
_TOKEN: Final = re.compile(r"[A-Za-z0-9_./~-]+")
_FLAG: Final = re.compile(r"^--?[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
_WORD: Final = re.compile(r"[a-z]+")
_QUOTED: Final = re.compile(r"`([^`]+)`|\"([^\"\n]{1,80})\"|'([^'\n]{1,80})'")


def content_stems(text: str, *, generic: bool = False) -> set[str]:
    """Stems of the words of four letters or more that are not stop words (nor ``GENERIC``, unless asked)."""
    return {
        stem(w) for w in _WORD.findall(text.lower()) if len(w) >= 4 and w not in STOP and (generic or w not in GENERIC)
    }


def literal_tokens(text: str) -> set[str]:
    """Tokens that name something exactly: paths, identifiers, numbers, dotted names, command-line flags."""
    out = set()
    for raw in _TOKEN.findall(text):
        flag = raw.rstrip(".,;:").lower()
        if _FLAG.match(flag):
            out.add(flag)
            continue
        token = raw.strip(".,;:-").lower()
        if len(token) >= 2 and any(ch in token for ch in "_./0123456789") and not token.replace(".", "").isdigit():
            out.add(token)
            out.update(part for part in token.split("/") if len(part) >= 3 and part not in _GENERIC_PARTS)
        elif token.isdigit() and len(token) >= 2:
            out.add(token)
    return out


def quoted(text: str) -> set[str]:
    """The quoted spans of ``text``, lower-cased."""
    return {next(g for g in m.groups() if g).strip().lower() for m in _QUOTED.finditer(text)} - {""}


def literal_weight(literal: str) -> int:
    """``LITERAL_WEIGHT``, or 1 for a literal that many tasks share: a number, a one-letter flag (``-q``),
    a common tool (``python3``), a path of generic directories only (``/app/out``)."""
    if literal.replace(".", "").isdigit() or re.fullmatch(r"-[a-z0-9]", literal) or literal in _GENERIC_LITERALS:
        return 1
    parts = [p for p in literal.split("/") if p]
    if literal.startswith("/") and all(p in _GENERIC_PARTS for p in parts):
        return 1
    return LITERAL_WEIGHT


def words_of(literal: str) -> set[str]:
    """The stems inside a literal (so that a shared literal's words do not count twice)."""
    return {stem(w) for w in _WORD.findall(literal)}


@dataclass(frozen=True)
class Tokens:
    """The stems and literals of a text, and their weight."""

    words: frozenset[str]
    literals: frozenset[str]

    @classmethod
    def of(cls, text: str, extra_literals: Iterable[str] = ()) -> Tokens:
        """The tokens of ``text``; ``extra_literals`` are values a check uses (each is a literal itself)."""
        literals = literal_tokens(text) | quoted(text)
        for value in extra_literals:
            literals |= literal_tokens(value)
            if 2 <= len(value.strip()) <= 40:
                literals.add(value.strip().lower())
        return cls(frozenset(content_stems(text)), frozenset(literals))

    @property
    def weight(self) -> int:
        """How much the tokens weigh: each literal by its weight, each word 1."""
        return sum(literal_weight(lit) for lit in self.literals) + len(self.words)

    def shared(self, other: Tokens) -> float:
        """The weight of what both hold; a shared literal's words count once, as the literal."""
        literals = self.literals & other.literals
        literal_words = {w for lit in literals for w in words_of(lit)}
        return sum(literal_weight(lit) for lit in literals) + len((self.words & other.words) - literal_words)

    def found_in(self, literals: frozenset[str], words: frozenset[str], text: str) -> float:
        """How much of this text's weight a larger body holds (0..1): its literals (also as plain
        substrings of ``text``, for values inside fixture data) and its stems."""
        if not self.weight:
            return 1.0
        have = sum(literal_weight(lit) for lit in self.literals if lit in literals or lit in text)
        have += len(self.words & words)
        return have / self.weight
