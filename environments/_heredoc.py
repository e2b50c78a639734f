"""Dockerfile heredocs as BuildKit's Dockerfile frontend finds them (``RUN <<EOF``, ``COPY <<EOF /f``).

BuildKit splits an instruction's logical line (continuations joined) into
shell-like words, keeping quotes and backslashes as written, with one
twist: ``<<`` absorbs the blanks after it, so ``<< 'EOF'`` and ``<<- EOF``
are one word.  A word is a heredoc when it is, whole, an optional file
descriptor, ``<<``, an optional ``-`` (strip leading tabs), blanks and one
shell word naming the terminator: ``<<EOF``, ``<<-EOF``, ``<< 'EOF'``,
``3<<EOF``, ``<<EO"F"``, ``<<'one two'``.  A word with any part of its
name quoted does not expand variables (``COPY`` only: ``RUN`` leaves
expansion to the shell).  ``cat<<EOF``, ``"<<EOF"`` and ``<<<EOF`` are not
heredocs.  Bodies follow the logical line, one per heredoc, in order; a
body ends at a line equal to the name (after leading tabs, with ``<<-``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

__all__ = ["Heredoc", "heredoc_word", "heredocs_in", "split_words"]

_BLANK: Final = " \t"
_HEREDOC_WORD: Final = re.compile(r"^(?P<fd>\d*)<<(?P<chomp>-?)[ \t\v\f\r]*(?P<rest>[^<]*)$", re.DOTALL)


@dataclass(frozen=True)
class Heredoc:
    """One heredoc of an instruction: its terminator, whether ``<<-`` and whether ``COPY`` expands it."""

    name: str
    chomp: bool
    expand: bool
    word: str  # as written on the instruction line: <<-"EOF"


def _quoted(text: str, i: int, quote: str) -> int:
    """The index just past the quote that closes the one at ``i`` (the end of ``text`` when unclosed)."""
    j = i + 1
    while j < len(text) and text[j] != quote:
        j += 2 if quote == '"' and text[j] == "\\" else 1
    return min(j + 1, len(text))


def split_words(line: str) -> list[str]:
    """``line`` split into words the way BuildKit looks for heredocs: quotes and escapes kept as written."""
    words: list[str] = []
    word = ""
    started = False
    i = 0
    while i < len(line):
        c = line[i]
        if c in _BLANK:
            if started:
                words.append(word)
            word, started = "", False
            i += 1
            continue
        started = True
        if c in "'\"":
            end = _quoted(line, i, c)
        elif c == "\\":
            end = min(i + 2, len(line))
        elif line.startswith("${", i):
            close = line.find("}", i)
            end = len(line) if close < 0 else close + 1
        elif line.startswith("<<", i):
            end = i + 2
            while end < len(line) and line[end] in _BLANK:
                end += 1
        else:
            end = i + 1
        word += line[i:end]
        i = end
    if started:
        words.append(word)
    return words


def _unquote(word: str) -> tuple[str, bool]:
    """The word as the shell reads it, and whether any part of it was quoted or escaped."""
    out = ""
    quoted = False
    i = 0
    while i < len(word):
        c = word[i]
        if c in "'\"":
            end = _quoted(word, i, c)
            inner = word[i + 1 : end - 1] if word[end - 1 : end] == c and end - 1 > i else word[i + 1 : end]
            out += inner.replace('\\"', '"').replace("\\\\", "\\") if c == '"' else inner
            quoted = True
            i = end
        elif c == "\\" and i + 1 < len(word):
            out += word[i + 1]
            quoted = True
            i += 2
        else:
            out += c
            i += 1
    return out, quoted


def heredoc_word(word: str) -> Heredoc | None:
    """The heredoc ``word`` opens, or None when it opens none (BuildKit's ``ParseHeredoc``)."""
    match = _HEREDOC_WORD.match(word)
    if match is None or not match["rest"]:
        return None
    rest = match["rest"]
    if len(split_words(rest)) != 1:
        return None
    name, quoted = _unquote(rest)
    if not name:
        return None
    return Heredoc(name=name, chomp=match["chomp"] == "-", expand=not quoted, word=word)


def heredocs_in(line: str) -> list[Heredoc]:
    """The heredocs a logical instruction line opens, in order."""
    return [doc for doc in map(heredoc_word, split_words(line)) if doc is not None]
