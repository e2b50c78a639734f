"""Recorded terminal sessions, parsed into the commands that were run (``synthesize task --from-log``).

Four kinds of recording, told apart by their content (not their name):

* an **asciinema v2** cast (``.cast``): a JSON header line, then
  ``[time, "o", text]`` events (``"i"`` input events are not needed: the
  terminal echoes what was typed);
* a **script** typescript (util-linux ``script``): a ``Script started on
  DATE [...]`` header, the raw output, a ``Script done on`` trailer; with its
  ``-T``/``--log-timing`` file (classic ``DELAY BYTES`` lines, or the
  advanced ``O DELAY BYTES`` / ``I`` / ``H`` / ``S`` lines) the output gets
  its times;
* a **bash** history written with ``HISTTIMEFORMAT`` set: ``#EPOCH`` lines,
  each before its command (a multi-line command keeps its lines);
* a **zsh** extended history (``setopt EXTENDED_HISTORY``):
  ``: EPOCH:SECONDS;command``, a command's further lines ending in ``\\``.

Terminal recordings are rendered as a terminal shows them
(``_terminal.TerminalScreen``: line editing, backspaces and escape sequences
applied), then cut at the shell's prompt: each prompt line holds a command
(its continuation lines joined), the lines up to the next prompt are its
output.  Histories hold commands and times only.  Every command gets a
failure sign when its output shows one (``command not found``, ``error``,
a traceback ...) and is marked as the retry of the failed command just
before it when it runs the same program again.  Parsing is deterministic.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Final

from realcli import ConfigError
from realcli.runtime.authoring._prompts import MAX_COMMANDS, commands_of, typed_lines, without_exit
from realcli.runtime.authoring._session_model import Session, SessionCommand
from realcli.runtime.authoring._terminal import TerminalScreen

__all__ = ["MAX_COMMANDS", "SESSION_FORMATS", "Session", "SessionCommand", "parse_session", "render_session"]

SESSION_FORMATS: Final = ("asciinema-v2", "typescript", "bash-history", "zsh-history")
_SCRIPT_START: Final = re.compile(r"^Script started on (\S+ \S+)(?: \[(.*)\])?\s*$")
_SCRIPT_DONE: Final = re.compile(r"Script done on \S+ \S+(?: \[[^\]]*\])?\s*$")
_COLUMNS: Final = re.compile(r'COLUMNS="(\d+)"')
_BASH_STAMP: Final = re.compile(r"^#(\d{9,11})\s*$")
_ZSH_ENTRY: Final = re.compile(r"^: (\d{9,11}):(\d+);(.*)$")
_FAILURE: Final = re.compile(
    r"command not found|No such file or directory|Permission denied|[Ss]yntax ?[Ee]rror|Traceback \(most recent|"
    r"\berror\b|\bError\b|\bERROR:|\bfatal:|\bFAILED\b|cannot |can't |unterminated|[Uu]nknown option|"
    r"[Uu]sage: |\*\*\* \[.*\] Error \d|No rule to make target|not permitted|"
    # the shell's own refusals: a history expansion ("!now"), a bad ${...}, set -u
    r"event not found|bad substitution|unbound variable",
)


# -------------------------------------------------------------------- parsing


def parse_session(path: Path, *, timing: Path | None = None) -> Session:
    """Parse the recording at ``path`` (``timing``: a typescript's timing file; else ``<path>.timing``
    is used when it exists).  A file of none of the four kinds is a ``ConfigError`` naming them."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise ConfigError(f"{path}: cannot read the session ({e.strerror or e})") from e
    digest = hashlib.sha256(data).hexdigest()
    text = data.decode("utf-8", errors="replace")
    first = text.split("\n", 1)[0]
    if first.lstrip().startswith("{") and '"version"' in first:
        session = _asciinema(path, text)
    elif _SCRIPT_START.match(first):
        if timing is None and path.with_name(path.name + ".timing").is_file():
            timing = path.with_name(path.name + ".timing")
        if timing is None and path.with_suffix(".timing").is_file():
            timing = path.with_suffix(".timing")
        session = _typescript(path, data, timing)
    elif any(_ZSH_ENTRY.match(line) for line in text.splitlines()[:20]):
        session = _zsh(path, text)
    elif any(_BASH_STAMP.match(line) for line in text.splitlines()[:20]):
        session = _bash(path, text)
    else:
        raise ConfigError(
            f"{path}: not a recorded session: expected an asciinema v2 cast, a script typescript "
            "(Script started on ...), a bash history with timestamps (HISTTIMEFORMAT set: #EPOCH lines) "
            "or a zsh extended history (: EPOCH:SECONDS;command)"
        )
    if not session.commands:
        raise ConfigError(f"{path}: a {session.format} with no command in it: nothing to draft a task from")
    return replace(session, source=path.name, sha256=digest, commands=_mark(session.commands))


def _asciinema(path: Path, text: str) -> Session:
    lines = text.splitlines()
    try:
        header = json.loads(lines[0])
    except ValueError as e:
        raise ConfigError(f"{path}: line 1: the asciinema header is not JSON ({e})") from e
    if not isinstance(header, dict) or header.get("version") != 2:
        raise ConfigError(f"{path}: line 1: only asciinema v2 casts are read (version {header.get('version')!r})")
    screen = TerminalScreen(width=int(header.get("width") or 80))
    last = 0.0
    keys: list[tuple[float, str]] = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            at, kind, chunk = json.loads(line)
        except (ValueError, TypeError) as e:
            raise ConfigError(f"{path}: line {number}: not an asciinema event [time, type, data]") from e
        if kind == "o":
            last = float(at)
            screen.feed(last, str(chunk))
        elif kind == "i":  # recorded with --stdin: the keystrokes
            keys.append((float(at), str(chunk)))
    screen.close(last)
    stamp = header.get("timestamp")
    started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stamp)) if isinstance(stamp, int | float) else ""
    commands, notes = commands_of(screen.lines, typed_lines(keys))
    return Session("", "", "asciinema-v2", without_exit(commands), started=started, duration=last, notes=notes)


def _typescript(path: Path, data: bytes, timing: Path | None) -> Session:
    head, _, body = data.partition(b"\n")
    header = _SCRIPT_START.match(head.decode("utf-8", errors="replace"))
    if header is None:
        raise ConfigError(f"{path}: line 1: not a script header (Script started on DATE [...])")
    width = _COLUMNS.search(header.group(2) or "")
    screen = TerminalScreen(width=int(width.group(1)) if width else 80)
    trailer = re.search(rb"\n?Script done on [^\n]*\n?$", body)
    if trailer:
        body = body[: trailer.start()]
    notes: list[str] = []
    duration: float | None = None
    if timing is not None:
        duration = _feed_timed(screen, body, _timing_chunks(timing), notes)
    else:
        screen.feed_bytes(None, body)
    screen.close(duration)
    commands, found = commands_of(screen.lines)
    started = header.group(1).replace(" ", "T")
    return Session(
        "",
        "",
        "typescript",
        without_exit(commands),
        started=started,
        duration=duration,
        timing=timing.name if timing else "",
        notes=(*notes, *found),
    )


def _timing_chunks(path: Path) -> list[tuple[float, int]]:
    """(delay, output bytes) of a timing file, classic (``DELAY BYTES``) or advanced (``O DELAY BYTES``)."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError as e:
        raise ConfigError(f"{path}: cannot read the timing file ({e.strerror or e})") from e
    chunks: list[tuple[float, int]] = []
    pending = 0.0  # the delays of input and signal records add up to the next output record
    for number, line in enumerate(lines, start=1):
        parts = line.split()
        try:
            if len(parts) == 2:
                chunks.append((pending + float(parts[0]), int(parts[1])))
                pending = 0.0
            elif len(parts) >= 3 and parts[0] == "O":
                chunks.append((pending + float(parts[1]), int(parts[2])))
                pending = 0.0
            elif len(parts) >= 3 and parts[0] in ("I", "S", "H"):
                pending += float(parts[1])
            elif parts:
                raise ValueError(line)
        except ValueError as e:
            raise ConfigError(
                f"{path}: line {number}: not a script timing record (DELAY BYTES or O DELAY BYTES)"
            ) from e
    return chunks


def _feed_timed(screen: TerminalScreen, body: bytes, chunks: Sequence[tuple[float, int]], notes: list[str]) -> float:
    at, offset = 0.0, 0
    for delay, size in chunks:
        at += delay
        screen.feed_bytes(at, body[offset : offset + size])
        offset += size
    if offset < len(body):
        notes.append(f"the timing file covers {offset} of {len(body)} bytes; the rest has no times")
        screen.feed_bytes(None, body[offset:])
    return at


def _bash(path: Path, text: str) -> Session:
    entries: list[tuple[int | None, list[str]]] = []
    for line in text.splitlines():
        stamp = _BASH_STAMP.match(line)
        if stamp:
            entries.append((int(stamp.group(1)), []))
        elif entries:
            entries[-1][1].append(line)
        elif line.strip():
            entries.append((None, [line]))  # lines written before HISTTIMEFORMAT was set
    timed = [(at, "\n".join(lines).strip()) for at, lines in entries if "\n".join(lines).strip()]
    return _history("bash-history", timed, [None] * len(timed))


def _zsh(path: Path, text: str) -> Session:
    timed: list[tuple[int | None, str]] = []
    durations: list[float | None] = []
    lines = iter(_unmetafy(text).splitlines())
    for number, line in enumerate(lines, start=1):
        entry = _ZSH_ENTRY.match(line)
        if entry is None:
            if line.strip():
                raise ConfigError(f"{path}: line {number}: not a zsh extended history entry (: EPOCH:SECONDS;command)")
            continue
        command = entry.group(3)
        while command.endswith("\\"):  # zsh writes a command's newlines as backslash-newline
            command = command[:-1] + "\n" + next(lines, "")
        timed.append((int(entry.group(1)), command.strip()))
        durations.append(float(entry.group(2)))
    return _history("zsh-history", timed, durations)


def _unmetafy(text: str) -> str:
    """zsh stores bytes >= 0x83 as 0x83 followed by the byte xor 0x20 ("metafied")."""
    if "\x83" not in text:
        return text
    raw = text.encode("latin-1", errors="replace")
    out, i = bytearray(), 0
    while i < len(raw):
        if raw[i] == 0x83 and i + 1 < len(raw):
            out.append(raw[i + 1] ^ 0x20)
            i += 2
        else:
            out.append(raw[i])
            i += 1
    return out.decode("utf-8", errors="replace")


def _history(kind: str, timed: Sequence[tuple[int | None, str]], durations: Sequence[float | None]) -> Session:
    known = [at for at, _ in timed if at is not None]
    origin = min(known) if known else None
    commands: list[SessionCommand] = []
    cwd: str | None = None
    for k, ((at, command), duration) in enumerate(zip(timed, durations, strict=True), start=1):
        commands.append(
            SessionCommand(
                index=k,
                text=command,
                started_at=float(at - origin) if at is not None and origin is not None else None,
                duration=duration,
                cwd=cwd,
            )
        )
        cwd = _after_cd(command, cwd)
    started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(origin)) if origin is not None else ""
    last = max(known) - origin if known and origin is not None else None
    return Session("", "", kind, without_exit(commands), started=started, duration=last)


def _after_cd(command: str, cwd: str | None) -> str | None:
    """The working directory after ``command``, when a ``cd`` to an absolute or home path says it."""
    found = re.match(r"^\s*cd\s+(\S+)\s*(?:$|&&|;)", command)
    if found is None:
        return cwd
    target = found.group(1).strip("'\"")
    if target.startswith(("/", "~")):
        return target
    if cwd is not None and not target.startswith("-"):
        return f"{cwd.rstrip('/')}/{target}"
    return None


def _mark(commands: Iterable[SessionCommand]) -> tuple[SessionCommand, ...]:
    """Failure signs, and retries: a command after a failed one that runs the same program (or nearly
    the same line: a typo fixed); without outputs (a history), the same line run again within three
    commands (``make``, a fix, ``make``)."""
    out: list[SessionCommand] = []
    for c in commands:
        failed = bool(c.output) and bool(_FAILURE.search(c.output))
        retry = None
        if out and out[-1].failed and (c.program == out[-1].program or _similar(c.text, out[-1].text)):
            retry = out[-1].index
        elif not c.output:
            retry = next((p.index for p in reversed(out[-3:]) if p.text == c.text and not p.output), None)
        out.append(replace(c, failed=failed, retry_of=retry))
    return tuple(out)


def _similar(a: str, b: str) -> bool:
    from difflib import SequenceMatcher

    return SequenceMatcher(None, a, b).ratio() >= 0.75


# ------------------------------------------------------------------ rendering


def render_session(session: Session, *, output_lines: int = 12, budget: int = 12_000) -> str:
    """The session as the drafting model reads it: one block per command, its output clipped to its
    first and last lines (``output_lines`` in all), the whole kept under ``budget`` characters."""
    head = (
        f"Recorded session {session.source} ({session.format}"
        + (f", started {session.started}" if session.started else "")
        + (f", {session.duration:.0f} s" if session.duration is not None else "")
        + f"): {len(session.commands)} commands."
    )
    blocks = [_render_command(c, output_lines) for c in session.commands]
    text = "\n".join([head, *blocks])
    while len(text) > budget and output_lines > 2:
        output_lines //= 2
        blocks = [_render_command(c, output_lines) for c in session.commands]
        text = "\n".join([head, *blocks])
    if len(text) > budget:
        text = text[: budget - 40] + "\n[... the rest of the session is cut]"
    return text


def _render_command(c: SessionCommand, output_lines: int) -> str:
    facts = []
    if c.started_at is not None:
        facts.append(f"at {c.started_at:.0f} s")
    if c.duration is not None:
        facts.append(f"took {c.duration:.1f} s")
    if c.cwd:
        facts.append(f"in {c.cwd}")
    if c.failed:
        facts.append("FAILED")
    if c.retry_of is not None:
        facts.append(f"runs [{c.retry_of}] again")
    line = f"[{c.index}] $ {c.text}" + (f"    ({', '.join(facts)})" if facts else "")
    if not c.output:
        return line
    out = c.output.splitlines()
    if len(out) > output_lines:
        keep = max(1, output_lines // 2)
        out = [*out[:keep], f"... {len(out) - 2 * keep} more lines ...", *out[-keep:]]
    return line + "\n" + "\n".join("    " + o[:200] for o in out)
