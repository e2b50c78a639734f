"""Dockerfiles as the engine's own BuildKit can build them, without pulling a frontend.

The Debian engine (20.10) embeds BuildKit with its built-in Dockerfile
frontend of that era: ``RUN --mount`` and ``COPY --chmod`` build, but
heredocs (``RUN <<EOF``, Dockerfile syntax 1.4) do not, and the newer
frontend a ``# syntax=docker/dockerfile:1.4`` line asks for would have to be
pulled.  So before a build, realcli rewrites what that frontend lacks into
what it has, with BuildKit's own meaning:

* ``RUN <<EOF`` whose command is only the heredoc: the body runs with the
  shell (``SHELL ["/bin/sh", "-c"]`` unless the Dockerfile set another); a
  body starting with ``#!`` is written to ``/dev/pipes/EOF`` and executed.
* any other ``RUN`` with heredocs (``RUN python3 <<EOF``, ``cat <<EOF > f``):
  the command and the heredocs are handed to the shell as one script, which
  is what BuildKit does.
* ``COPY``/``ADD`` with heredocs: the shell writes each file (``--chmod``
  and ``--chown`` applied); its text is taken literally (BuildKit would
  expand ``$VARS`` in an unquoted heredoc).
* a ``# syntax=`` directive is dropped: the built-in frontend builds.

Every rewrite is listed in ``Rewrite.notes`` (the build log starts with them).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Final

__all__ = ["Rewrite", "rewrite_dockerfile"]

_DEFAULT_SHELL: Final = ("/bin/sh", "-c")
_INSTRUCTION = re.compile(r"^\s*(?P<kw>[A-Za-z]+)(?:\s+(?P<args>.*))?$", re.DOTALL)
_HEREDOC = re.compile(r"(?<!<)<<(?!<)(?P<chomp>-?)(?P<quote>[\"']?)(?P<word>[A-Za-z0-9_.-]+)(?P=quote)")
_SYNTAX = re.compile(r"^#\s*syntax\s*=", re.IGNORECASE)


@dataclass(frozen=True)
class Rewrite:
    """The Dockerfile to build and what was changed in it."""

    text: str
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Heredoc:
    word: str
    chomp: bool
    marker: str  # as written: <<-"EOF"
    raw: list[str]  # body lines as written

    @property
    def content(self) -> str:
        lines = [ln.lstrip("\t") for ln in self.raw] if self.chomp else self.raw
        return "".join(ln + "\n" for ln in lines)

    @property
    def as_written(self) -> str:
        return "".join(ln + "\n" for ln in self.raw) + self.word


def _terminator(content: str) -> str:
    # A delimiter no line of the body can be.
    return "REALCLI_EOF_" + hashlib.sha256(content.encode()).hexdigest()[:12]


def _split_flags(args: str) -> tuple[list[str], str]:
    """Leading ``--flag`` tokens and the rest of an instruction's arguments."""
    flags: list[str] = []
    rest = args.lstrip()
    while rest.startswith("--"):
        token, _, rest = rest.partition(" ")
        flags.append(token)
        rest = rest.lstrip()
    return flags, rest


def _run_script(command: str, docs: list[_Heredoc]) -> str:
    if len(docs) == 1 and command.strip() == docs[0].marker:
        doc = docs[0]
        if not doc.content.startswith("#!"):
            return doc.content
        path = f"/dev/pipes/{doc.word}"
        term = _terminator(doc.content)
        return f"mkdir -p /dev/pipes && cat > {path} <<'{term}'\n{doc.content}{term}\nchmod +x {path} && {path}"
    # BuildKit hands the command and its heredocs, as written, to the shell.
    return command + "".join("\n" + doc.as_written for doc in docs)


def _copy_script(flags: list[str], rest: str, docs: list[_Heredoc]) -> str:
    dest = rest.split()[-1] if rest.split() else "."
    chown = next((f.split("=", 1)[1] for f in flags if f.startswith("--chown=")), None)
    chmod = next((f.split("=", 1)[1] for f in flags if f.startswith("--chmod=")), None)
    steps = []
    for doc in docs:
        target = dest if len(docs) == 1 and not dest.endswith("/") else dest.rstrip("/") + "/" + doc.word
        quoted = "'" + target.replace("'", "'\\''") + "'"
        term = _terminator(doc.content)
        steps.append(f"mkdir -p \"$(dirname {quoted})\" && cat > {quoted} <<'{term}'\n{doc.content}{term}")
        if chmod:
            steps.append(f"chmod {chmod} {quoted}")
        if chown:
            steps.append(f"chown {chown} {quoted}")
    return "\n".join(steps)


class _Rewriter:
    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.out: list[str] = []
        self.notes: list[str] = []
        self.shell: tuple[str, ...] = _DEFAULT_SHELL
        self.pos = 0

    def run(self) -> Rewrite:
        while self.pos < len(self.lines):
            line = self.lines[self.pos]
            if _SYNTAX.match(line) and not self.out:
                self.notes.append(f"dropped `{line.strip()}`: built with the engine's built-in Dockerfile frontend")
                self.out.append("# " + line.strip() + "  (dropped by realcli)")
                self.pos += 1
                continue
            self._instruction()
        return Rewrite("\n".join(self.out) + "\n", self.notes)

    def _logical_line(self) -> str:
        """The instruction at ``pos`` with its continuation lines joined (heredoc bodies excluded)."""
        parts = [self.lines[self.pos]]
        self.pos += 1
        while parts[-1].rstrip().endswith("\\") and self.pos < len(self.lines) and not _HEREDOC.search(parts[-1]):
            parts.append(self.lines[self.pos])
            self.pos += 1
        return "\n".join(parts)

    def _instruction(self) -> None:
        start = self.pos
        logical = self._logical_line()
        m = _INSTRUCTION.match(logical)
        keyword = m["kw"].upper() if m else ""
        args = (m["args"] or "") if m else ""
        self._track(keyword, args)
        flags, rest = _split_flags(args)
        markers = list(_HEREDOC.finditer(rest)) if keyword in ("RUN", "COPY", "ADD") else []
        if not markers or rest.startswith("["):
            self.out.extend(self.lines[start : self.pos])
            return
        docs = [self._body(mm) for mm in markers]
        if keyword == "RUN":
            script = _run_script(rest, docs)
        else:
            script = _copy_script(flags, rest, docs)
            flags = []
        exec_form = json.dumps([*self.shell, script])
        self.out.append(" ".join(["RUN", *flags, exec_form]))
        self.notes.append(f"line {start + 1}: {keyword} with heredoc(s) {', '.join(d.word for d in docs)} rewritten")

    def _body(self, marker: re.Match[str]) -> _Heredoc:
        word, chomp = marker["word"], marker["chomp"] == "-"
        raw: list[str] = []
        while self.pos < len(self.lines):
            line = self.lines[self.pos]
            self.pos += 1
            if (line.lstrip("\t") if chomp else line) == word:
                break
            raw.append(line)
        return _Heredoc(word, chomp, marker.group(0), raw)

    def _track(self, keyword: str, args: str) -> None:
        """Follow SHELL (reset at each FROM), which decides how a rewritten RUN runs."""
        if keyword == "FROM":
            self.shell = _DEFAULT_SHELL
        elif keyword == "SHELL":
            try:
                shell = json.loads(args)
            except ValueError:
                return
            if isinstance(shell, list) and shell and all(isinstance(s, str) for s in shell):
                self.shell = tuple(shell)


def rewrite_dockerfile(text: str) -> Rewrite:
    """``text`` with heredocs and a ``# syntax=`` line rewritten for the engine's built-in frontend."""
    return _Rewriter(text).run()
