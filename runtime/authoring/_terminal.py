"""What a terminal showed, line by line, from the bytes a program wrote to it (a recorded session).

A small emulator of the part of a terminal a shell session uses: printable
text (UTF-8), carriage return, newline, backspace, tab, automatic wrap at the
terminal's width (with xterm's deferred wrap, which readline relies on when a
command line is longer than the screen), and the escape sequences of line
editing: cursor left/right/up/column, erase in line, delete and insert
characters.  Colours, modes, titles (OSC) and other sequences are dropped.
Each finished line keeps the time its first character was written and the
time it ended (the newline), so a recording's timing survives rendering.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from typing import Final

__all__ = ["ScreenLine", "TerminalScreen"]

_CSI: Final = re.compile(r"\x1b\[([0-?]*)([ -/]*)([@-~])")
_OSC: Final = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
_OTHER_ESC: Final = re.compile(r"\x1b[()*+][0-9A-Za-z]|\x1b[@-Z\\-_=>78]")


@dataclass(frozen=True)
class ScreenLine:
    """One line as the terminal showed it when it ended."""

    text: str
    first: float | None  # when its first character was written (seconds into the session)
    ended: float | None  # when the newline came


@dataclass
class TerminalScreen:
    """Feed it ``(time, text)`` chunks; ``lines`` are the finished lines, ``close()`` ends the last."""

    width: int = 80
    lines: list[ScreenLine] = field(default_factory=list)
    _rows: list[list[str]] = field(default_factory=lambda: [[]])
    _row: int = 0
    _col: int = 0
    _pending_wrap: bool = False
    _first: float | None = None
    _carry: str = ""  # an escape sequence cut by a chunk boundary
    _decoder: codecs.IncrementalDecoder = field(
        default_factory=lambda: codecs.getincrementaldecoder("utf-8")("replace")
    )

    def feed_bytes(self, at: float | None, data: bytes) -> None:
        """Feed raw bytes of the recording (decoded incrementally: a character may span chunks)."""
        self.feed(at, self._decoder.decode(data))

    def feed(self, at: float | None, text: str) -> None:
        """Feed text written to the terminal at time ``at``: characters, newlines and escape sequences (an incomplete
        one waits for the next chunk)."""
        text, self._carry = self._carry + text, ""
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "\x1b":
                consumed = self._escape(text, i)
                if consumed < 0:  # incomplete: wait for the next chunk
                    self._carry = text[i:]
                    return
                i += consumed
                continue
            self._char(at, ch)
            i += 1

    def close(self, at: float | None = None) -> None:
        """End the recording: the line being written counts as finished."""
        if any(self._rows) or self._first is not None:
            self._newline(at)

    # ---------------------------------------------------------------- text

    def _char(self, at: float | None, ch: str) -> None:
        if ch == "\n":
            self._newline(at)
        elif ch == "\r":
            self._col, self._pending_wrap = 0, False
        elif ch == "\b":
            self._col, self._pending_wrap = max(0, self._col - 1), False
        elif ch == "\t":
            self._col = min(self.width - 1, (self._col // 8 + 1) * 8)
        elif ch >= " " and ch != "\x7f":
            self._put(at, ch)

    def _put(self, at: float | None, ch: str) -> None:
        if self._pending_wrap:
            self._row, self._col, self._pending_wrap = self._row + 1, 0, False
        while len(self._rows) <= self._row:
            self._rows.append([])
        row = self._rows[self._row]
        row.extend(" " * (self._col + 1 - len(row)))
        row[self._col] = ch
        if self._first is None:
            self._first = at
        if self._col == self.width - 1:
            self._pending_wrap = True
        else:
            self._col += 1

    def _newline(self, at: float | None) -> None:
        text = "".join("".join(row) for row in self._rows).rstrip()
        self.lines.append(ScreenLine(text=text, first=self._first if text else at, ended=at))
        self._rows, self._row, self._col, self._pending_wrap, self._first = [[]], 0, 0, False, None

    # ------------------------------------------------------- escape sequences

    def _escape(self, text: str, i: int) -> int:
        """Apply the sequence at ``text[i]``; its length, or -1 when the text ends inside it."""
        for pattern in (_CSI, _OSC, _OTHER_ESC):
            found = pattern.match(text, i)
            if found:
                if pattern is _CSI:
                    self._csi(found.group(1), found.group(3))
                return found.end() - i
        if len(text) - i < 8 and ("\x07" not in text[i:]):
            return -1
        return 1  # an unknown escape: drop the ESC alone

    def _csi(self, params: str, final: str) -> None:
        numbers = [int(p) if p.isdigit() else 0 for p in params.lstrip("?").split(";")] if params else []
        n = max(1, numbers[0]) if numbers and final in "ABCDPG@" else 1
        row = self._rows[self._row] if self._row < len(self._rows) else []
        self._pending_wrap = False
        if final == "C":
            self._col = min(self.width - 1, self._col + n)
        elif final == "D":
            self._col = max(0, self._col - n)
        elif final == "G":
            self._col = min(self.width - 1, n - 1)
        elif final == "A":
            self._row = max(0, self._row - n)
        elif final == "B":
            self._row += n
        elif final == "K":
            mode = numbers[0] if numbers else 0
            if mode == 0:
                del row[self._col :]
            elif mode == 1:
                row[: self._col + 1] = " " * min(len(row), self._col + 1)
            else:
                row.clear()
        elif final == "P":
            del row[self._col : self._col + n]
        elif final == "@":
            row[self._col : self._col] = " " * n
        elif final == "J" and numbers and numbers[0] in (2, 3):  # the screen cleared: its line starts anew
            self._rows, self._row, self._col = [[]], 0, 0
