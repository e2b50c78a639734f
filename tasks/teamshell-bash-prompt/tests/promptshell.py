"""An interactive bash on a pseudo-terminal, driven like a person would, to read its prompt.

Each command line is typed and sent; the prompt that follows is read once the shell has printed
something ending in the prompt's last character and then stays quiet.
"""

from __future__ import annotations

import re
import time

import pexpect

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]")
PASTE = re.compile(r"\x1b\[\?2004[hl]")
ENDS_LIKE_PROMPT = re.compile(r"[$#] (?:\x1b\[[0-9;]*m)*$")
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def plain(text: str) -> str:
    """The text without terminal escape sequences (what a person sees)."""
    return ANSI.sub("", text)


class Shell:
    """bash -i on a pseudo-terminal; ``run`` types one line and returns the next prompt (raw)."""

    def __init__(
        self,
        cwd: str = "/root",
        term: str = "xterm-256color",
        env: dict[str, str] | None = None,
        rcfiles: bool = False,
    ) -> None:
        base = {"HOME": "/root", "PATH": PATH, "TERM": term, "LANG": "C.UTF-8", "USER": "root"}
        base.update(env or {})
        args = ["-i"] if rcfiles else ["--norc", "--noprofile", "-i"]
        self.p = pexpect.spawn(
            "/bin/bash", args, env=base, cwd=cwd, encoding="utf-8", codec_errors="replace",
            dimensions=(40, 500), timeout=60,
        )
        self.transcript = ""
        self.last = self._read_prompt()

    def _read_prompt(self, deadline: float = 60.0) -> str:
        buf = ""
        end = time.monotonic() + deadline
        while True:
            try:
                chunk = self.p.read_nonblocking(65536, timeout=0.5)
                buf += chunk
                continue
            except pexpect.TIMEOUT:
                if ENDS_LIKE_PROMPT.search(PASTE.sub("", buf)):
                    break
                if time.monotonic() > end:
                    raise AssertionError(f"no prompt within {deadline:.0f} s; the shell printed: {buf[-2000:]!r}")
            except pexpect.EOF:
                raise AssertionError(f"the shell exited; it printed: {buf[-2000:]!r}") from None
        self.transcript += buf
        text = PASTE.sub("", buf)
        return re.split(r"\r\n|\n|\r", text)[-1]

    def run(self, line: str, deadline: float = 60.0) -> str:
        """Types ``line`` and Enter; returns the raw prompt printed after it (colours included)."""
        self.p.send(line + "\r")
        self.last = self._read_prompt(deadline)
        return self.last

    def prompt(self, line: str, deadline: float = 60.0) -> str:
        """Like ``run``, but the prompt as the user sees it (no escape sequences)."""
        return plain(self.run(line, deadline))

    def output_since_start(self) -> str:
        """Everything the shell printed so far, without escape sequences."""
        return plain(self.transcript)

    def close(self) -> None:
        """Ends the shell."""
        self.p.sendline("exit")
        self.p.close(force=True)

