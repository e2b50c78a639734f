"""The simple commands of a shell script, for counting (no evaluation, no expansion).

A small scanner, not a shell: it knows quotes (which may span lines),
comments, line continuations, heredocs (their bodies are data), ``$(...)``
and backticks (the commands inside count), ``[[ ... ]]`` and ``(( ... ))``
(expressions, not commands), ``case`` patterns, function definitions and
``for`` headers (no commands of their own).  ``a | b && c; d`` is four
commands.  Good enough to measure a reference solution's size; nothing
runs on what it returns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

__all__ = ["shell_commands", "shell_functions"]

_FUNCTION: Final = re.compile(r"^[ \t]*(?:function\s+)?([A-Za-z_][\w.-]*)[ \t]*\(\s*\)[ \t]*", re.MULTILINE)
_HEREDOC: Final = re.compile(r"<<(?!<)-?\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\1")
_ASSIGNMENT: Final = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(?:\[[^]]*\])?\+?=")
_LEADING: Final = frozenset({"if", "then", "else", "elif", "while", "until", "do", "!", "time", "{"})
_NO_COMMAND: Final = frozenset({"fi", "done", "esac", "}", "then", "do", "else", ";;", "in"})


@dataclass
class _Scanner:
    text: str
    i: int = 0
    commands: list[list[str]] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    word: str = ""
    heredocs: list[str] = field(default_factory=list)  # delimiters whose bodies start at the next newline
    case_patterns: bool = False  # inside case ... esac, before an item's ")"

    def run(self) -> list[list[str]]:
        while self.i < len(self.text):
            self._step()
        self._end_command()
        return self.commands

    def _step(self) -> None:
        ch, rest = self.text[self.i], self.text[self.i :]
        if self.case_patterns:
            self._case_pattern(ch, rest)
        elif ch == "\\":
            self.word += rest[:2] if rest[1:2] != "\n" else ""
            self.i += 2
        elif ch in "'\"":
            self._quoted(ch)
        elif ch == "#" and not self.word:
            self.i = self._line_end()
        elif rest.startswith(("$((", "((")):
            self.i = self._closing(self.i + rest.index("((") + 2, "))")
        elif rest.startswith("[[") and not self.word and all(w in _LEADING for w in self.words):
            self.words.append("[[")
            self.i = self._closing(self.i + 2, "]]")
        elif rest.startswith("<<") and not rest.startswith("<<<"):
            self._heredoc()
        elif ch == "\n":
            self._end_command()
            self._skip_heredoc_bodies()
            self.i += 1
        elif rest.startswith(";;"):
            self._end_command()
            self.case_patterns = True
            self.i += 2
        elif ch in ";&|()`" or rest.startswith("$("):
            self._end_command()
            self.i += 2 if rest.startswith("$(") else 1
        elif ch.isspace() or ch in "<>":
            self._end_word()
            self.i += 1
        else:
            self.word += ch
            self.i += 1

    def _case_pattern(self, ch: str, rest: str) -> None:
        """Skip a case item's pattern (``y|yes)``) up to its ``)``; ``esac`` ends the case."""
        if ch == ")":
            self.case_patterns = False
        elif re.match(r"esac\b", rest) and (self.i == 0 or not self.text[self.i - 1].isalnum()):
            self.case_patterns = False
            self.i += len("esac")
            return
        elif ch in "'\"":
            self.word = ""
            self._quoted(ch)
            self.word = ""
            return
        self.i += 1

    def _quoted(self, quote: str) -> None:
        """A quoted word; the commands of a ``$(...)`` inside double quotes count (its quotes are its own)."""
        j = self.i + 1
        while j < len(self.text) and self.text[j] != quote:
            if quote == '"' and self.text[j] == "\\":
                j += 2
            elif quote == '"' and self.text.startswith("$(", j) and not self.text.startswith("$((", j):
                end = _substitution_end(self.text, j + 2)
                self.commands += _Scanner(self.text[j + 2 : end]).run()
                j = end + 1
            else:
                j += 1
        self.word += self.text[self.i : j + 1]
        self.i = j + 1

    def _line_end(self) -> int:
        end = self.text.find("\n", self.i)
        return len(self.text) if end < 0 else end

    def _closing(self, start: int, closer: str) -> int:
        end = self.text.find(closer, start)
        return len(self.text) if end < 0 else end + len(closer)

    def _heredoc(self) -> None:
        found = _HEREDOC.match(self.text, self.i)
        if found is None:
            self._end_word()
            self.i += 2
            return
        self._end_word()
        self.heredocs.append(found.group(2))
        self.i = found.end()

    def _skip_heredoc_bodies(self) -> None:
        for delimiter in self.heredocs:
            while self.i < len(self.text):
                start = self.i + 1
                end = self.text.find("\n", start)
                end = len(self.text) if end < 0 else end
                self.i = end
                if self.text[start:end].strip() == delimiter:
                    break
        self.heredocs = []

    def _end_word(self) -> None:
        if self.word:
            self.words.append(self.word)
            self.word = ""

    def _end_command(self) -> None:
        self._end_word()
        words, self.words = self.words, []
        while words and (words[0] in _LEADING or _ASSIGNMENT.match(words[0])):
            words = words[1:]
        if not words or words[0] in _NO_COMMAND or words[0] in ("for", "select"):
            return
        if words[0] == "case":
            self.case_patterns = True
            return
        if re.fullmatch(r"\d*", words[0]):  # a redirection of a file descriptor, nothing to run
            return
        self.commands.append(words)


def _substitution_end(text: str, start: int) -> int:
    """The index of the ``)`` that closes a ``$(`` whose content starts at ``start`` (quotes and nested
    parentheses inside it skipped); the text's end if none does."""
    depth, j = 1, start
    while j < len(text):
        ch = text[j]
        if ch == "\\":
            j += 2
            continue
        if ch == "'":
            j = text.find("'", j + 1)
            j = len(text) if j < 0 else j
        elif ch == '"':
            j += 1
            while j < len(text) and text[j] != '"':
                if text[j] == "\\":
                    j += 1
                elif text.startswith("$(", j):
                    j = _substitution_end(text, j + 2)
                j += 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return len(text)


def shell_commands(script: str) -> list[list[str]]:
    """The simple commands of ``script``, each as its words (quotes kept, nothing expanded)."""
    return _Scanner(_FUNCTION.sub("", script)).run()


def shell_functions(script: str) -> set[str]:
    """The names of the functions ``script`` defines (calling one runs no program)."""
    return set(_FUNCTION.findall(script))
