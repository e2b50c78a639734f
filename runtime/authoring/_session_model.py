"""A recorded terminal session, parsed: its commands (``_session`` reads the recordings)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Session", "SessionCommand"]


@dataclass(frozen=True)
class SessionCommand:
    """One command of a session: its line as entered, its output (terminal recordings) and times."""

    index: int  # 1-based, in session order
    text: str
    output: str = ""
    started_at: float | None = None  # seconds since the session started
    duration: float | None = None
    cwd: str | None = None  # the working directory, when the prompt or a cd shows it
    failed: bool = False  # its output shows a failure (an error message, a traceback ...)
    retry_of: int | None = None  # the failed command just before it that it runs again

    @property
    def program(self) -> str:
        """The program the command runs, past ``VAR=value`` assignments and ``sudo``, ``env``, ``time``, ``nohup``."""
        words = self.text.split()
        while words and ("=" in words[0] or words[0] in ("sudo", "env", "time", "nohup")):
            words = words[1:]
        return words[0] if words else ""


@dataclass(frozen=True)
class Session:
    """A parsed recording; ``render_session`` is what the drafting model reads."""

    source: str  # the file's name
    sha256: str  # of the file's bytes
    format: str  # one of SESSION_FORMATS
    commands: tuple[SessionCommand, ...]
    started: str = ""  # ISO 8601, when the recording says
    duration: float | None = None
    timing: str = ""  # the timing file's name, for a typescript that had one
    notes: tuple[str, ...] = ()  # what the parser skipped or could not tell

    def to_builtins(self) -> dict[str, object]:
        """The session's description as plain data, for the task's provenance file."""
        return {
            "source": self.source,
            "sha256": self.sha256,
            "format": self.format,
            "started": self.started,
            "duration": self.duration,
            "timing": self.timing,
            "notes": list(self.notes),
            "commands": [
                {
                    "index": c.index,
                    "text": c.text,
                    "output": c.output,
                    "started_at": c.started_at,
                    "duration": c.duration,
                    "cwd": c.cwd,
                    "failed": c.failed,
                    "retry_of": c.retry_of,
                }
                for c in self.commands
            ],
        }
