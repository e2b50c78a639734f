"""A rendered terminal session cut at the shell's prompt into commands and their outputs.

The prompt is the pattern, among the usual shapes, that matches most lines;
its directory is the command's working directory.  A prompt can follow
output that ended without a newline (``total: 42dev@host:~$ ls``): it is
found inside the line too.  ``> `` continuation lines join an unfinished
command.  When the recording has the keystrokes (asciinema ``--stdin``), the
line typed at each prompt is the command: output that arrived while it was
typed (a background job's ``backup finished`` in the middle of ``ls -la``)
is moved out of the command into its output.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from realcli.runtime.authoring._session_model import SessionCommand
from realcli.runtime.authoring._terminal import ScreenLine

__all__ = ["Typed", "commands_of", "typed_lines", "without_exit"]

MAX_COMMANDS: Final = 400
# Prompts, most specific first: user@host:DIR$ , [user@host DIR]$ , user@host DIR % , DIR $ , bare $ ;
# each as (what comes before the directory, the directory and the end of the prompt).
_PROMPTS: Final = (
    (r"(?:\([^)]*\) )?[\w.-]+@[\w.-]+:", r"(?P<cwd>[^\s$#]*)[$#] "),
    (r"(?:\([^)]*\) )?\[[\w.-]+@[\w.-]+ ", r"(?P<cwd>[^\]]*)\][$#] "),
    (r"(?:\([^)]*\) )?[\w.-]+@[\w.-]+ ", r"(?P<cwd>\S+) ?[%#$] "),
    (r"", r"(?P<cwd>[~/]\S*) ?[$#%>] "),
    (r"", r"[$#%] "),
)
_ANCHORED: Final = tuple(re.compile("^" + head + tail) for head, tail in _PROMPTS)
_TAILS: Final = {pattern: tail for pattern, (head, tail) in zip(_ANCHORED, _PROMPTS, strict=True) if head}
_CONTINUATION: Final = re.compile(r"^(?:> |\w*> )")
_LOOKAHEAD_LINES: Final = 3  # output lines a typed command may have been pushed into by interleaved output


@dataclass(frozen=True)
class Typed:
    """A line typed and entered at ``at`` (seconds); ``clean`` when no cursor or history key was used."""

    at: float
    text: str
    clean: bool


def typed_lines(events: Sequence[tuple[float, str]]) -> list[Typed]:
    """The lines typed, from keystroke events (asciinema ``"i"``): printable keys, backspace, Ctrl-U and
    Ctrl-W edit the line; Enter ends it; any escape sequence (an arrow, history) makes it unclean."""
    out: list[Typed] = []
    line, clean = "", True
    for at, data in events:
        for ch in re.sub(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|O.|.)", "\x00", data):
            if ch in "\r\n":
                out.append(Typed(at, line, clean))
                line, clean = "", True
            elif ch in "\x7f\b":
                line = line[:-1]
            elif ch == "\x15":
                line = ""
            elif ch == "\x17":
                line = re.sub(r"\S*\s*$", "", line)
            elif ch == "\x00" or ch == "\t":  # an escape sequence, or a completion the screen shows differently
                clean = False
            elif ch >= " ":
                line += ch
    return out


@dataclass
class _Block:
    command: str
    started: float | None  # Enter pressed: the prompt line ended
    cwd: str | None
    shown: float | None = None  # the prompt appeared
    output: list[ScreenLine] = field(default_factory=list)


def commands_of(
    lines: Sequence[ScreenLine], typed: Sequence[Typed] = ()
) -> tuple[list[SessionCommand], tuple[str, ...]]:
    """Cut rendered lines at the shell's prompt into commands (``typed``: the keystrokes' lines, if any)."""
    best = max(_ANCHORED, key=lambda p: sum(1 for line in lines if p.match(line.text)))
    if not any(best.match(line.text) for line in lines):
        return [], ("no shell prompt found (user@host:dir$, [user@host dir]$, dir$ or $): no command could be cut",)
    blocks = _blocks(_split_inside(lines, best), best)
    notes: list[str] = []
    if typed:
        notes += _reconcile(blocks, typed)
    commands: list[SessionCommand] = []
    for k, block in enumerate(blocks):
        following = blocks[k + 1] if k + 1 < len(blocks) else None
        ended = following.shown if following else None  # the next prompt: the command has finished
        if not block.command.strip():
            continue
        commands.append(
            SessionCommand(
                index=len(commands) + 1,
                text=block.command.strip(),
                output="\n".join(line.text for line in block.output).strip("\n"),
                started_at=block.started,
                duration=round(ended - block.started, 3) if ended is not None and block.started is not None else None,
                cwd=block.cwd,
            )
        )
    return commands, tuple(notes)


def without_exit(commands: Sequence[SessionCommand]) -> tuple[SessionCommand, ...]:
    """The commands but a final ``exit`` (it ends the recording, it is no work), at most ``MAX_COMMANDS``."""
    if commands and commands[-1].text in ("exit", "logout"):
        commands = commands[:-1]
    return tuple(commands[-MAX_COMMANDS:])


def _split_inside(lines: Sequence[ScreenLine], best: re.Pattern[str]) -> list[ScreenLine]:
    """A prompt after output that had no final newline starts a line of its own.  Only a prompt that
    names user@host is looked for inside a line, and only the session's own (``total: 42dev@box:~$``
    is output ``total: 42`` and the prompt of ``dev@box``)."""
    tail = _TAILS.get(best)
    heads = Counter(m.string[: m.start("cwd")] for line in lines if (m := best.match(line.text)))
    if tail is None or not heads:
        return list(lines)
    inside = re.compile(re.escape(heads.most_common(1)[0][0]) + tail)
    out: list[ScreenLine] = []
    for line in lines:
        found = None if best.match(line.text) else inside.search(line.text)
        if found is not None and found.start() > 0:
            out += [
                ScreenLine(line.text[: found.start()], line.first, line.first),
                ScreenLine(line.text[found.start() :], line.first, line.ended),
            ]
        else:
            out.append(line)
    return out


def _blocks(lines: Sequence[ScreenLine], best: re.Pattern[str]) -> list[_Block]:
    blocks: list[_Block] = []
    for line in lines:
        prompt = best.match(line.text)
        if prompt:
            cwd = prompt.groupdict().get("cwd")
            blocks.append(_Block(line.text[prompt.end() :], line.ended, cwd or None, shown=line.first))
        elif blocks and not blocks[-1].output and _CONTINUATION.match(line.text) and _open(blocks[-1].command):
            blocks[-1].command += "\n" + _CONTINUATION.sub("", line.text, count=1)
        elif blocks:
            blocks[-1].output.append(line)
    return blocks


def _open(command: str) -> bool:
    """A command line the shell would continue: a trailing backslash, an unclosed quote, or ``do``."""
    stripped = command.rstrip()
    if stripped.endswith(("\\", "|", "&&", "do", "then", "{")):
        return True
    return stripped.count("'") % 2 == 1 or stripped.count('"') % 2 == 1


# ------------------------------------------------------------- typed input


def _reconcile(blocks: list[_Block], typed: Sequence[Typed]) -> list[str]:
    """Each prompt's command is the first line entered while it was shown (keystrokes beat the screen)."""
    notes = []
    for k, block in enumerate(blocks):
        following = blocks[k + 1].shown if k + 1 < len(blocks) else None
        start = block.shown if block.shown is not None else float("-inf")
        end = following if following is not None else float("inf")
        entered = next((t for t in typed if start <= t.at < end), None)
        if entered is None or not entered.clean or not entered.text.strip():
            continue
        block.started = entered.at
        if entered.text != block.command and not _pull_out(block, entered.text):
            notes.append(f"the line typed at {entered.at:.1f} s ({entered.text!r}) is not what the screen shows")
    return notes


def _pull_out(block: _Block, typed: str) -> bool:
    """Make ``typed`` the block's command; the screen characters it does not explain (output that arrived
    while it was typed) become the first line of the output, and the output lines it fully explains go."""
    lines = [block.command, *(line.text for line in block.output[:_LOOKAHEAD_LINES])]
    text = "\n".join(lines)
    matched, i = [], 0
    for ch in typed:
        while i < len(text) and text[i] != ch:
            i += 1
        if i == len(text):
            return False
        matched.append(i)
        i += 1
    end = matched[-1] + 1
    taken = set(matched)
    interleaved = "".join(ch for j, ch in enumerate(text[:end]) if j not in taken and ch != "\n").strip()
    used = text[:end].count("\n")  # output lines the typed command runs into
    rest = text[end:].split("\n", 1)[0].strip()  # after the command on its line: not the command's
    at = block.output[0].first if block.output else block.started
    kept = [ScreenLine(x, at, at) for x in (interleaved, rest) if x]
    block.command, block.output = typed, [*kept, *block.output[used:]]
    return True
