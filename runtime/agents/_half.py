"""The first half of a shell script, cut soundly: by top-level commands, never inside one.

The half-solution adversary runs the first half of a task's ``solution/solve.sh``
as its own work.  "Half" is counted in top-level commands: a command ends at the
end of a line that closes everything it opened (quotes, ``$( )`` and subshells,
``{ }``, ``if``/``fi``, ``case``/``esac``, ``do``/``done``, pending here-document
bodies) and is not continued (a trailing ``\\``, ``|``, ``&&`` or ``||``).  So a
here-document, a loop or a function definition is one command, and several
commands on one line (``a; b``) are one unit.  The shebang, comments, blank
lines and ``set`` lines are the script's prologue: they are kept where they
stand and not counted.  A command that only reads (every program it runs is a
reader such as ``cat``, ``ls``, ``grep`` or ``sha256sum``, with no redirection
into a file and no here-document) is a check, not work: solutions often end
by showing or checking what they made, and counting those would make "the
first half" the whole of the work.  Of ``n`` commands of work the half keeps
the first ``n // 2`` and stops before the next (a one-command solution has an
empty half): never the whole solution, and every command it keeps runs
exactly as the solution wrote it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

__all__ = ["first_half", "top_level_units"]

_OPEN: Final = {"if": "fi", "case": "esac", "do": "done", "{": "}"}
_CLOSE: Final = frozenset(_OPEN.values())
# Words after which the next word is again in command position (where reserved words are recognised).
_LEADS: Final = frozenset({"if", "then", "else", "elif", "do", "while", "until", "!", "{", "time"})
_OPERATORS: Final = ("&&", "||", ";;", ";&", "|&", ";", "|", "&", "(", ")")
_HEREDOC: Final = re.compile(r"<<(-?)\s*(?:'([^']*)'|\"([^\"]*)\"|\\?([A-Za-z_0-9]+))")
_PROLOGUE: Final = re.compile(r"^\s*(#.*|set(\s.*)?|)$")
_READERS: Final = frozenset(
    {
        *("cat", "echo", "printf", "ls", "head", "tail", "wc", "grep", "diff", "cmp", "test", "[", "true", ":"),
        *("sha256sum", "md5sum", "stat", "file", "cd", "pwd", "id", "command", "which", "sort", "uniq", "column"),
    }
)
# A redirection that writes somewhere but the terminal (2>/dev/null and >&2 only show or hide output).
_WRITES: Final = re.compile(r"(?<![0-9&])>>?(?!\s*&|\s*/dev/null)|[0-9]>>?\s*(?!&|/dev/null)[^\s]")


@dataclass
class _Scanner:
    """The shell's nesting across lines: what a top-level command still has open."""

    quote: str = ""  # "'" or '"' while a quoted string spans lines
    parens: int = 0
    blocks: list[str] = field(default_factory=list)  # closers expected: fi, esac, done, }
    heredocs: list[tuple[str, bool]] = field(default_factory=list)  # (delimiter, strip tabs) bodies to read

    @property
    def closed(self) -> bool:
        return not (self.quote or self.parens or self.blocks or self.heredocs)

    def body_line(self, line: str) -> bool:
        """True if ``line`` belongs to a pending here-document body (consumed)."""
        if not self.heredocs:
            return False
        delimiter, strip = self.heredocs[0]
        if (line.lstrip("\t") if strip else line) == delimiter:
            self.heredocs.pop(0)
        return True

    def scan(self, line: str) -> bool:
        """Read one line of code; True if it ends with a continuation (``\\``, ``|``, ``&&``, ``||``)."""
        words = self._tokens(line)
        for match in _HEREDOC.finditer(" ".join(w for w in words if w.startswith("<<"))):
            self.heredocs.append((next(g for g in match.groups()[1:] if g is not None), match.group(1) == "-"))
        command_position = True
        for word in words:
            if word.startswith("<<"):
                command_position = False
                continue
            in_case = bool(self.blocks) and self.blocks[-1] == "esac"
            if word in _OPERATORS:
                if word == "(" and not in_case:
                    self.parens += 1
                elif word == ")" and not in_case and self.parens:
                    self.parens -= 1
                command_position = True
                continue
            if command_position and word in _OPEN:
                self.blocks.append(_OPEN[word])
            elif command_position and word in _CLOSE and self.blocks and self.blocks[-1] == word:
                self.blocks.pop()
            elif in_case and word == "in":
                pass
            command_position = word in _LEADS or (in_case and word.endswith(")"))
        stripped = line.rstrip()
        if self.quote:
            return False
        return stripped.endswith(("\\", "|", "&&", "||")) and not stripped.endswith(";;")

    def _tokens(self, line: str) -> list[str]:
        """The line's words and operators outside quotes (quoted text is dropped; ``$(`` counts as ``(``)."""
        out: list[str] = []
        word = ""
        i = 0
        while i < len(line):
            c = line[i]
            if self.quote:
                if c == "\\" and self.quote == '"':
                    i += 2
                    continue
                if c == self.quote:
                    self.quote = ""
                    word += "q"  # a quoted part is part of a word
                i += 1
                continue
            if c == "\\":
                word += line[i : i + 2]
                i += 2
                continue
            if c in "'\"":
                self.quote = c
                i += 1
                continue
            if c == "#" and not word:
                break  # a comment
            if c == "$" and line[i + 1 : i + 2] == "(":
                out += [word] if word else []
                out.append("(")
                word = ""
                i += 2
                continue
            if c == "<" and line[i : i + 2] == "<<" and line[i + 2 : i + 3] != "<":
                out += [word] if word else []
                match = _HEREDOC.match(line, i)
                if match:
                    out.append(match.group(0))
                    word = ""
                    i = match.end()
                    continue
                word = ""
            if c.isspace():
                out += [word] if word else []
                word = ""
                i += 1
                continue
            operator = next((op for op in _OPERATORS if line.startswith(op, i)), None)
            if operator is not None:
                out += [word] if word else []
                out.append(operator)
                word = ""
                i += len(operator)
                continue
            word += c
            i += 1
        out += [word] if word else []
        return out


def top_level_units(script: str) -> list[tuple[str, bool]]:
    """The script as consecutive units of lines, each ``(text, counted)``: counted units are top-level commands,
    the others prologue (shebang, comments, blank lines, ``set``).  Joined, the units are the script."""
    units: list[tuple[str, bool]] = []
    scanner = _Scanner()
    current: list[str] = []
    for line in script.splitlines(keepends=True):
        current.append(line)
        code = line.rstrip("\n")
        continuing = False if scanner.body_line(code) else scanner.scan(code)
        if scanner.closed and not continuing:
            text = "".join(current)
            units.append((text, not (len(current) == 1 and _PROLOGUE.match(line.rstrip("\n")))))
            current = []
    if current:
        units.append(("".join(current), True))  # an unterminated tail (a broken script): one last unit
    return units


def reads_only(command: str) -> bool:
    """Whether a top-level command only reads: every program it runs is a reader, nothing written to a file."""
    scanner = _Scanner()
    programs: list[str] = []
    for line in command.splitlines():
        words = scanner._tokens(line)
        if any(w.startswith("<<") for w in words) or _WRITES.search(" ".join(words)):
            return False
        at_start = True
        for word in words:
            if word in _OPERATORS:
                at_start = True
            elif at_start:
                programs.append(word)
                at_start = False
    return bool(programs) and all(p in _READERS for p in programs)


def first_half(script: str) -> str:
    """The script cut before the ``n // 2 + 1``-th of its ``n`` commands of work (see the module docstring)."""
    units = top_level_units(script)
    work = [counted and not reads_only(text) for text, counted in units]
    keep = sum(work) // 2
    out: list[str] = []
    for (text, _), is_work in zip(units, work, strict=True):
        if is_work:
            if keep == 0:
                break
            keep -= 1
        out.append(text)
    return "".join(out)
