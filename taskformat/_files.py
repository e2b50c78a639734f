"""Reading a task's files, and the one-line errors about them.

Every problem is a ``TaskFormatError`` with ONE line::

    <file>: [<field path>: ]<what is wrong>[ (<what was expected>)]
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from realcli._errors import TaskFormatError

__all__ = [
    "check_file",
    "listing",
    "lower_first",
    "quote_key",
    "read_config",
    "read_json",
    "read_text",
    "syntax_error",
    "task_error",
]


def task_error(file: Path | str, where: str, problem: str, expected: str = "") -> TaskFormatError:
    """A ``TaskFormatError`` in the one-line form ``file: where: problem (expected)``."""
    message = f"{file}: {where}: {problem}" if where else f"{file}: {problem}"
    if expected:
        message += f" ({expected})"
    return TaskFormatError(message.replace("\r", "\\r").replace("\n", "\\n"))


def check_file(path: Path, expected: str, missing_note: str = "") -> None:
    """Raise ``TaskFormatError`` unless ``path`` is a regular file, saying what it should hold."""
    if not path.is_file():
        problem = "file missing" if not path.exists() else "not a regular file"
        if missing_note:
            problem += f"; {missing_note}"
        raise task_error(path, "", problem, expected)


def read_text(path: Path, expected: str, missing_note: str = "") -> str:
    """A task file's text; raises ``TaskFormatError`` when it is missing, unreadable or not UTF-8."""
    check_file(path, expected, missing_note)
    try:
        data = path.read_bytes()
    except OSError as e:
        raise task_error(path, "", f"cannot read: {e.strerror}", "expected a readable file") from e
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise task_error(path, "", f"not valid UTF-8 at byte {e.start}", "expected UTF-8 text") from e


def read_config(root: Path) -> dict[str, Any]:
    """``task.toml`` parsed (not yet validated); a syntax error names its line and column."""
    path = root / "task.toml"
    text = read_text(path, "expected the task's configuration in TOML; every key is optional")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise syntax_error(path, str(e), "TOML") from e


def read_json(path: Path, expected: str) -> Any:
    """A task's JSON file parsed; a syntax error names its line and column."""
    text = read_text(path, expected)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        where = f"line {e.lineno}, column {e.colno}"
        raise task_error(path, where, lower_first(e.msg), "expected valid JSON") from e


_TOML_POSITION = re.compile(r"^(?P<msg>.*) \(at (?:line (?P<line>\d+), column (?P<col>\d+)|end of document)\)$")


def syntax_error(path: Path, message: str, syntax: str) -> TaskFormatError:
    """A parser's message as a ``TaskFormatError`` with its line and column where it gives them."""
    m = _TOML_POSITION.match(message)
    if m is None:
        return task_error(path, "", lower_first(message), f"expected valid {syntax}")
    where = f"line {m['line']}, column {m['col']}" if m["line"] else "end of file"
    return task_error(path, where, lower_first(m["msg"]), f"expected valid {syntax}")


def lower_first(text: str) -> str:
    """``text`` with its first letter lower-cased (a library's message inside ours)."""
    return text[:1].lower() + text[1:]


def listing(names: Sequence[str], limit: int = 12) -> str:
    """The names joined by commas, the first ``limit`` of them."""
    shown = ", ".join(names[:limit])
    return shown + (", ..." if len(names) > limit else "")


def quote_key(name: str) -> str:
    """A key as TOML writes it: bare when it can be, else quoted."""
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name)
