"""The verifier's output files printed by its own command, after the tests: no archive request to read them.

The command that lists the evidence and runs the tests (one command, see
``SandboxVerifier.verify_after_listing``) ends with a section on stderr: a
marker line, then each output file as ``@@name size`` and its bytes.  The
section is the last thing written to stderr and nothing the agent or the
tests control comes after it (the tests' stderr goes to stdout), so it is
read from the *last* marker: a path in the listing that imitates it only
ends up in the listing.  Anything unusual (a symlink, a file over the bound,
a capture cut short, bytes that are not UTF-8, a command that could not
run) leaves that file, or all of them, to be read through the archive API.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Final

from realcli import events as ev

__all__ = ["INLINE_FILE_BYTES", "MARKER", "Printed", "parse_printed", "print_files"]

MARKER: Final = "@@realcli-verifier-outputs@@"
INLINE_FILE_BYTES: Final = 8 * 1024  # a reward file is a few bytes; larger ones go through the archive


def print_files(paths: Sequence[str]) -> str:
    """Shell that prints ``paths`` (each as ``@@path size`` and its bytes) after the marker, to stdout."""
    files = " ".join(shlex.quote(p) for p in paths)
    return (
        f"echo; echo {MARKER}; for p in {files}; do "
        'if [ -L "$p" ]; then echo "@@$p link"; elif [ -f "$p" ]; then s=$(wc -c < "$p"); '
        f'echo "@@$p $s"; if [ "$s" -le {INLINE_FILE_BYTES} ]; then cat "$p"; echo; fi; fi; done; echo @@end'
    )


class Printed:
    """What the section said: the text before it, and each file it settled (None: no such file)."""

    def __init__(self, before: str, files: dict[str, bytes | None]) -> None:
        self.before = before
        self.files = files


def parse_printed(output: ev.Output, paths: Sequence[str]) -> Printed:
    """The files the section settled; those it did not are absent from ``Printed.files``."""
    text = output.text
    at = text.rfind(f"\n{MARKER}\n")
    if at < 0:
        return Printed(text, {})
    before, section = text[:at], text[at + len(MARKER) + 2 :]
    if output.truncated:
        return Printed(before, {})  # the capture may have cut the section's middle
    files: dict[str, bytes | None] = {}
    data = section.encode()
    if not data.endswith(b"@@end\n"):
        return Printed(before, {})  # the loop did not finish
    data = data.removesuffix(b"@@end\n")
    while data:
        line, sep, data = data.partition(b"\n")
        name, _, size = line.decode(errors="replace").removeprefix("@@").rpartition(" ")
        if not sep or not line.startswith(b"@@") or name not in paths or not (size.isdigit() or size == "link"):
            return Printed(before, {})
        if size == "link" or int(size) > INLINE_FILE_BYTES:
            continue  # a link, or a file printed without its bytes: read through the archive
        content, data = data[: int(size)], data[int(size) :]
        if len(content) != int(size) or not data.startswith(b"\n"):
            return Printed(before, {})  # not UTF-8 (the capture replaced bytes), or cut
        files[name] = content
        data = data[1:]
    # A file the section did not name was not there.
    for path in paths:
        if path not in files and f"@@{path} " not in section:
            files[path] = None
    return Printed(before, files)
