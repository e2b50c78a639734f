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

Two user settings are applied here too, without editing the task:

* the image map replaces ``FROM`` images (after global ``ARG`` defaults);
* extra CA certificates (``--build-ca``, for builds behind a TLS-intercepting
  proxy): every ``RUN`` gets the bundle mounted at
  ``/run/realcli-build-ca.pem`` and ``SSL_CERT_FILE``, ``REQUESTS_CA_BUNDLE``,
  ``PIP_CERT``, ``CURL_CA_BUNDLE``, ``NODE_EXTRA_CA_CERTS`` and
  ``GIT_SSL_CAINFO`` as build arguments pointing at it.  Neither the file nor
  the variables stay in the image: the bundle comes from a helper stage fed
  by a build argument, and ``ARG`` values are not part of the image's config.

Every rewrite is listed in ``Rewrite.notes`` (the build log starts with them).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Final

from realcli.environments._imagemap import ImageMap

__all__ = ["CA_BUILD_ARG", "Rewrite", "rewrite_dockerfile"]

_DEFAULT_SHELL: Final = ("/bin/sh", "-c")
_INSTRUCTION = re.compile(r"^\s*(?P<kw>[A-Za-z]+)(?:\s+(?P<args>.*))?$", re.DOTALL)
_HEREDOC = re.compile(r"(?<!<)<<(?!<)(?P<chomp>-?)(?P<quote>[\"']?)(?P<word>[A-Za-z0-9_.-]+)(?P=quote)")
_SYNTAX = re.compile(r"^#\s*syntax\s*=", re.IGNORECASE)
_ARG_DEFAULT = re.compile(r"^(?P<name>[A-Za-z_][A-Za-z0-9_]*)=(?P<value>\S+)$")
_VAR = re.compile(r"\$\{?(?P<name>[A-Za-z_][A-Za-z0-9_]*)\}?")

CA_BUILD_ARG: Final = "REALCLI_BUILD_CA_PEM"
_CA_STAGE: Final = "realcli-build-ca"
_CA_CHUNK: Final = 64 * 1024
_CA_PATH: Final = "/run/realcli-build-ca.pem"
_CA_MOUNT: Final = f"--mount=type=bind,from={_CA_STAGE},source=/ca.pem,target={_CA_PATH}"
_CA_VARS: Final = (
    "SSL_CERT_FILE",
    "REQUESTS_CA_BUNDLE",
    "PIP_CERT",
    "CURL_CA_BUNDLE",
    "NODE_EXTRA_CA_CERTS",
    "GIT_SSL_CAINFO",
)


@dataclass(frozen=True)
class Rewrite:
    """The Dockerfile to build, what was changed in it, the images it starts FROM and its build arguments.

    ``bases`` are the external images (after the map), ``mapped`` the
    substitutions the image map made, ``build_args`` what the build must pass.
    """

    text: str
    notes: list[str] = field(default_factory=list)
    bases: list[str] = field(default_factory=list)
    mapped: dict[str, str] = field(default_factory=dict)
    build_args: dict[str, str] = field(default_factory=dict)


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
    def __init__(self, text: str, image_map: ImageMap, ca: str | None) -> None:
        self.lines = text.splitlines()
        self.image_map = image_map
        self.ca = ca
        self.out: list[str] = []
        self.notes: list[str] = []
        self.shell: tuple[str, ...] = _DEFAULT_SHELL
        self.pos = 0
        self.args: dict[str, str] = {}  # global ARG defaults (before the first FROM)
        self.stages: set[str] = set()
        self.bases: list[str] = []
        self.mapped: dict[str, str] = {}
        self.first_from: int | None = None  # index in out of the first FROM

    def run(self) -> Rewrite:
        while self.pos < len(self.lines):
            line = self.lines[self.pos]
            if _SYNTAX.match(line) and not self.out:
                self.notes.append(f"dropped `{line.strip()}`: built with the engine's built-in Dockerfile frontend")
                self.out.append("# " + line.strip() + "  (dropped by realcli)")
                self.pos += 1
                continue
            self._instruction()
        build_args = self._add_ca_stage()
        return Rewrite("\n".join(self.out) + "\n", self.notes, self.bases, self.mapped, build_args)

    def _add_ca_stage(self) -> dict[str, str]:
        if self.ca is None or self.first_from is None:
            return {}
        base = next((b for b in self.bases if b != "scratch"), None)
        if base is None:
            return {}
        # One build argument per chunk: a single environment string is limited to 128 KiB,
        # and a system bundle is larger.
        chunks = [self.ca[i : i + _CA_CHUNK] for i in range(0, len(self.ca), _CA_CHUNK)]
        names = [f"{CA_BUILD_ARG}_{i}" for i in range(len(chunks))]
        stage = [
            f"FROM {base} AS {_CA_STAGE}",
            "ARG " + " ".join(names),
            "RUN printf '%s' " + " ".join(f'"${name}"' for name in names) + " > /ca.pem",
        ]
        self.out[self.first_from : self.first_from] = stage
        self.notes.append(f"extra CA certificates mounted at {_CA_PATH} for every RUN")
        return dict(zip(names, chunks, strict=True))

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
        if keyword == "FROM":
            self._from(start, args)
            return
        flags, rest = _split_flags(args)
        markers = list(_HEREDOC.finditer(rest)) if keyword in ("RUN", "COPY", "ADD") else []
        if not markers or rest.startswith("["):
            lines = self.lines[start : self.pos]
            if keyword == "RUN" and self.ca is not None:
                lines = [lines[0].replace(m["kw"], f"{m['kw']} {_CA_MOUNT}", 1) if m else lines[0], *lines[1:]]
            self.out.extend(lines)
            return
        docs = [self._body(mm) for mm in markers]
        if keyword == "RUN":
            script = _run_script(rest, docs)
        else:
            script = _copy_script(flags, rest, docs)
            flags = []
        exec_form = json.dumps([*self.shell, script])
        mount = [_CA_MOUNT] if self.ca is not None else []
        self.out.append(" ".join(["RUN", *mount, *flags, exec_form]))
        self.notes.append(f"line {start + 1}: {keyword} with heredoc(s) {', '.join(d.word for d in docs)} rewritten")

    def _from(self, start: int, args: str) -> None:
        """Map the stage's image, remember stage names, declare the CA variables in the stage."""
        flags, rest = _split_flags(args)
        words = rest.split()
        line = " ".join(["FROM", *flags, *words]) if words else self.lines[start]
        if words:
            ref = words[0]
            if len(words) >= 3 and words[1].upper() == "AS":
                self.stages.add(words[2].lower())
            if ref.lower() not in self.stages:
                resolved = _VAR.sub(lambda v: self.args.get(v["name"], v.group(0)), ref)
                target = self.image_map.apply(resolved)
                if target != resolved:
                    self.mapped[resolved] = target
                    self.notes.append(f"line {start + 1}: FROM {resolved} mapped to {target} (image map)")
                if target != ref:
                    line = " ".join(["FROM", *flags, target, *words[1:]])
                if "$" not in target:
                    self.bases.append(target)
        if self.first_from is None:
            self.first_from = len(self.out)
        self.out.append(line)
        if self.ca is not None:
            self.out.append("ARG " + " ".join(f"{name}={_CA_PATH}" for name in _CA_VARS))

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
        """Follow SHELL (reset at each FROM), which decides how a rewritten RUN runs, and global ARGs."""
        if keyword == "ARG" and self.first_from is None:
            for word in args.split():
                if mm := _ARG_DEFAULT.match(word):
                    self.args[mm["name"]] = mm["value"].strip("\"'")
        if keyword == "FROM":
            self.shell = _DEFAULT_SHELL
        elif keyword == "SHELL":
            try:
                shell = json.loads(args)
            except ValueError:
                return
            if isinstance(shell, list) and shell and all(isinstance(s, str) for s in shell):
                self.shell = tuple(shell)


def rewrite_dockerfile(text: str, *, image_map: ImageMap | None = None, ca: str | None = None) -> Rewrite:
    """``text`` rewritten for the engine's built-in frontend, with the image map and extra CA certificates applied.

    ``ca`` is a PEM bundle, or None for none.
    """
    return _Rewriter(text, image_map or ImageMap(), ca).run()
