"""The refactor the instruction asks for, in Python: what each file must look like afterwards."""

import re

WIDTH = 79
RENAMES = [
    (re.compile(r"(?<![A-Za-z0-9_])get_level(?![A-Za-z0-9_])"), "sample_level"),
    (re.compile(r"(?<![A-Za-z0-9_])PumpStationError(?![A-Za-z0-9_])"), "LiftStationError"),
    (re.compile(r"(?<![A-Za-z0-9_])PumpStation(?![A-Za-z0-9_])"), "LiftStation"),
]
HEADING = re.compile(r"^#{1,2} ")
FENCE = re.compile(r"^\s*```")
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
MODELINE = re.compile(r"(?:^|\s)(?:vi|vim|ex):")
STATION = re.compile(r'^\[station(?: "[^"]*")?\]\s*$')
SECTION = re.compile(r"^\s*\[")
KEY = re.compile(r"^(\s*)poll_interval(\s*=)")


def rename(line: str) -> str:
    for pat, new in RENAMES:
        line = pat.sub(new, line)
    return line


def wrap(lines: list[str]) -> list[str]:
    out: list[str] = []
    cur = ""
    for word in " ".join(lines).split():
        if cur and len(cur) + 1 + len(word) > WIDTH:
            out.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    if cur:
        out.append(cur)
    return out


def markdown(lines: list[str]) -> list[str]:
    section, fence = "", False
    renamed: list[str] = []
    kinds: list[str] = []  # "prose" for a line of a paragraph of the Overview, else "other"
    for line in lines:
        if FENCE.match(line):
            fence = not fence
            kind = "other"
        elif fence:
            kind = "other"
        elif HEADING.match(line):
            section = line.strip()
            kind = "other"
        elif section == "## Overview" and line.strip() and not LIST_ITEM.match(line) and not MODELINE.search(line):
            kind = "prose"
        else:
            kind = "other"
        renamed.append(line if section == "## Changelog" else rename(line))
        kinds.append(kind)
    out: list[str] = []
    i = 0
    while i < len(renamed):
        if kinds[i] != "prose":
            out.append(renamed[i])
            i += 1
            continue
        j = i
        while j < len(renamed) and kinds[j] == "prose":
            j += 1
        out += wrap(renamed[i:j])
        i = j
    return out


def ini(lines: list[str]) -> list[str]:
    out, station = [], False
    for line in lines:
        if SECTION.match(line):
            station = bool(STATION.match(line))
        elif station:
            line = KEY.sub(r"\1poll_seconds\2", line)
        out.append(rename(line))
    return out


def refactor(name: str, data: bytes) -> bytes:
    """The file's bytes after the refactor (binary files are returned as they are)."""
    if b"\x00" in data:
        return data
    text = data.decode()
    eol = "\r\n" if "\r\n" in text else "\n"
    lines = text.split(eol)
    final = lines[-1] == ""
    if final:
        lines.pop()
    if name.endswith(".md"):
        lines = markdown(lines)
    elif name.endswith(".ini"):
        lines = ini(lines)
    else:
        lines = [rename(line) for line in lines]
    return (eol.join(lines) + (eol if final else "")).encode()
