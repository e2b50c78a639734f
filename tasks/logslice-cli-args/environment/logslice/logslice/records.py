"""Parsing log lines: '<timestamp> <LEVEL> <component>: <message>'."""
import re
from dataclasses import dataclass
from datetime import datetime, timezone

LEVELS = ("debug", "info", "warning", "error", "critical")
_LINE = re.compile(r"^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z) ([A-Z]+) ([\w.-]+): (.*)$")


@dataclass(frozen=True)
class Record:
    ts: datetime
    level: str  # lower case, one of LEVELS
    component: str
    message: str
    line: str  # the original line, without its newline


def parse_line(line: str) -> Record | None:
    """The record on a log line, or None for lines that are not records (continuations, noise)."""
    text = line.rstrip("\r\n")
    m = _LINE.match(text)
    if not m or m.group(2).lower() not in LEVELS:
        return None
    ts = datetime.strptime(m.group(1), "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    return Record(ts, m.group(2).lower(), m.group(3), m.group(4), text)
