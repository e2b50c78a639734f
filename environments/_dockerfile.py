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

* the image map replaces the images a build uses: ``FROM``, ``COPY --from`` and
  ``RUN --mount=...,from=`` (after global ``ARG`` defaults);
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
import shlex
from dataclasses import dataclass, field
from typing import Final

from realcli.environments._heredoc import Heredoc, heredoc_word, heredocs_in
from realcli.environments._imagemap import ImageMap

__all__ = ["CA_BUILD_ARG", "HEREDOC_DIR", "Rewrite", "rewrite_dockerfile"]

_DEFAULT_SHELL: Final = ("/bin/sh", "-c")
_INSTRUCTION = re.compile(r"^\s*(?P<kw>[A-Za-z]+)(?:\s+(?P<args>.*))?$", re.DOTALL)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SPECIAL_PARAMS: Final = "0123456789@*#?-$!"
_FILE_NAME = re.compile(r"[A-Za-z0-9_.-]+")
_CONTINUATION = re.compile(r"\\[ \t]*$")
_COMMENT = re.compile(r"^\s*#")
# The build context's folder for COPY heredocs' text (BuildKit makes such files in a scratch layer).
HEREDOC_DIR: Final = ".realcli-heredocs"
_COPY_FLAGS: Final = ("--chown=", "--chmod=", "--link")
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
    """The Dockerfile to build, what was changed in it, the images it builds on and its build arguments.

    ``bases`` are the external images (after the map), ``mapped`` the
    substitutions the image map made, ``build_args`` what the build must pass.
    """

    text: str
    notes: list[str] = field(default_factory=list)
    bases: list[str] = field(default_factory=list)
    mapped: dict[str, str] = field(default_factory=dict)
    build_args: dict[str, str] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)  # added to the build context: path -> content


@dataclass(frozen=True)
class _Body:
    """A heredoc and its body lines as written."""

    doc: Heredoc
    raw: list[str]

    @property
    def text(self) -> str:
        """The body as BuildKit hands it over (leading tabs stripped for ``<<-``)."""
        lines = [ln.lstrip("\t") for ln in self.raw] if self.doc.chomp else self.raw
        return "".join(ln + "\n" for ln in lines)

    @property
    def as_written(self) -> str:
        return "".join(ln + "\n" for ln in self.raw) + self.doc.name


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


def _run_script(command: str, bodies: list[_Body]) -> str:
    """What BuildKit runs for a ``RUN`` with heredocs (its ``dispatchRun``)."""
    single = heredoc_word(command.strip())
    if single is not None:
        content = bodies[0].text
        if not content.startswith("#!"):
            return content  # the body is the command
        path = shlex.quote(f"/dev/pipes/{single.name}")
        term = _terminator(content)
        return f"mkdir -p /dev/pipes && cat > {path} <<'{term}'\n{content}{term}\nchmod +x {path} && {path}"
    # Anything else: the command and its heredocs, as written, go to the shell.
    return command + "".join("\n" + body.as_written for body in bodies)


def _shell_heredoc_text(content: str) -> str:
    """``content`` for an unquoted shell heredoc whose expansion gives BuildKit's expansion of it.

    BuildKit expands ``$VAR`` and ``${...}`` in an unquoted ``COPY`` heredoc
    and drops the backslash of every ``\\x``; it runs no command
    substitution.  The shell does all three, so the rest is escaped.
    """
    out: list[str] = []
    i = 0
    while i < len(content):
        c = content[i]
        if c == "\\":
            nxt = content[i + 1 : i + 2]
            out.append("\\" + nxt if nxt in ("$", "`", "\\") and nxt else nxt)
            i += 2
        elif c == "$" and content.startswith("${", i):
            close = content.find("}", i)
            end = len(content) if close < 0 else close + 1
            out.append(content[i:end])
            i = end
        elif c == "$" and (m := _NAME.match(content, i + 1)):
            out.append("$" + m.group(0))
            i = m.end()
        elif c == "$" and content[i + 1 : i + 2] and content[i + 1] in _SPECIAL_PARAMS:
            i += 2  # an unset special parameter: BuildKit expands it to nothing
        elif c in "$`":
            out.append("\\" + c)
            i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _copy_target(dest: str, name: str) -> str:
    """Shell that sets ``$target``: ``dest``, or ``dest/name`` when it is a directory (COPY's rule)."""
    quoted = shlex.quote(dest.rstrip("/") or "/")
    if dest.endswith("/"):
        return f"target={quoted}/{shlex.quote(name)}"
    return f'target={quoted}; if [ -d "$target" ]; then target="$target"/{shlex.quote(name)}; fi'


def _expanding_copy(flags: list[str], dest: str, body: _Body) -> str:
    """A shell script that writes an expanded ``COPY`` heredoc as BuildKit would (``--chmod``/``--chown`` applied)."""
    chown = next((f.split("=", 1)[1] for f in flags if f.startswith("--chown=")), None)
    chmod = next((f.split("=", 1)[1] for f in flags if f.startswith("--chmod=")), None)
    term = _terminator(body.text)
    steps = [
        _copy_target(dest, body.doc.name),
        f'mkdir -p "$(dirname "$target")" && cat > "$target" <<{term}\n{_shell_heredoc_text(body.text)}{term}',
    ]
    if chmod:
        steps.append(f'chmod {shlex.quote(chmod)} "$target"')
    if chown:
        steps.append(f'chown {shlex.quote(chown)} "$target"')
    return "\n".join(steps)


def _needs_expansion(body: _Body) -> bool:
    return body.doc.expand and ("$" in body.text or "\\" in body.text)


def _context_name(body: _Body) -> str | None:
    """Where a ``COPY`` heredoc's text goes in the build context, or None when its name cannot be a file name."""
    name = body.doc.name
    if not _FILE_NAME.fullmatch(name) or name in (".", ".."):
        return None
    return f"{HEREDOC_DIR}/{hashlib.sha256(body.text.encode()).hexdigest()[:16]}/{name}"


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
        self.files: dict[str, bytes] = {}  # build-context files the rewrite adds (COPY heredocs' text)

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
        return Rewrite("\n".join(self.out) + "\n", self.notes, self.bases, self.mapped, build_args, self.files)

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
        """The instruction at ``pos`` with its continuation lines joined as BuildKit joins them.

        A line ending in ``\\`` goes on on the next line, comment lines
        between are skipped; the heredoc bodies come after the whole line.
        """
        line = self.lines[self.pos]
        self.pos += 1
        if _COMMENT.match(line):
            return line
        joined = ""
        while _CONTINUATION.search(line) and self.pos < len(self.lines):
            joined += _CONTINUATION.sub("", line)
            line = self.lines[self.pos]
            self.pos += 1
            while _COMMENT.match(line) and self.pos < len(self.lines):
                line = self.lines[self.pos]
                self.pos += 1
        return joined + _CONTINUATION.sub("", line)

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
        mapped_flags = [self._map_flag(keyword, flag, start) for flag in flags]
        docs = heredocs_in(rest) if keyword in ("RUN", "COPY", "ADD") and not rest.startswith("[") else []
        if not docs:
            lines = self.lines[start : self.pos]
            if mapped_flags != flags and m is not None:
                lines = [" ".join([m["kw"], *mapped_flags, rest])]
            if keyword == "RUN" and self.ca is not None and m is not None:
                lines = [lines[0].replace(m["kw"], f"{m['kw']} {_CA_MOUNT}", 1), *lines[1:]]
            self.out.extend(lines)
            return
        bodies = [self._body(doc) for doc in docs]
        if keyword == "RUN":
            self._run(mapped_flags, _run_script(rest, bodies))
        else:
            self._copy(keyword, mapped_flags, rest, bodies)
        self.notes.append(f"line {start + 1}: {keyword} with heredoc(s) {', '.join(d.name for d in docs)} rewritten")

    def _run(self, flags: list[str], script: str, shell: tuple[str, ...] | None = None) -> None:
        mount = [_CA_MOUNT] if self.ca is not None else []
        self.out.append(" ".join(["RUN", *mount, *flags, json.dumps([*(shell or self.shell), script])]))

    def _copy(self, keyword: str, flags: list[str], rest: str, bodies: list[_Body]) -> None:
        """``COPY``/``ADD`` with heredoc sources, as BuildKit's ``parseSourcesAndDest`` reads them.

        A heredoc's text becomes a file of the build context copied by a plain
        ``COPY`` (ownership, ``--chmod``, a directory destination: all COPY's
        own); one whose text BuildKit would expand (an unquoted name, ``$`` or
        ``\\`` in the text) is written by the shell in the stage instead.
        """
        *sources, dest = rest.split() or [""]
        texts = {body.doc.name: body for body in bodies}
        paths: list[str] = []
        files: list[str] = []
        expanded: list[_Body] = []
        for src in sources:
            doc = heredoc_word(src)
            body = texts.get(doc.name) if doc is not None else None
            if doc is None or body is None:
                paths.append(src)
                continue
            body = _Body(doc, body.raw)  # the source's own <<- decides the stripping
            where = None if _needs_expansion(body) else _context_name(body)
            if where is None:
                expanded.append(body)
            else:
                self.files[where] = body.text.encode()
                files.append(where)
        if paths:
            self.out.append(" ".join([keyword, *flags, *paths, dest]))
        if files:
            copy_flags = [f for f in flags if f.startswith(_COPY_FLAGS)]
            self.out.append(" ".join(["COPY", *copy_flags, json.dumps([*files, dest])]))
        for body in expanded:
            self._run([], _expanding_copy(flags, dest, body), _DEFAULT_SHELL)

    def _map_flag(self, keyword: str, flag: str, start: int) -> str:
        """An image another stage's files come from (``COPY --from=IMAGE``, ``RUN --mount=...,from=IMAGE``),
        mapped as ``FROM`` images are: Harbor's builds pull it, so the map must reach it here too."""
        if keyword in ("COPY", "ADD") and flag.startswith("--from="):
            return "--from=" + self._map_image(flag.removeprefix("--from="), start, "COPY --from")
        if keyword == "RUN" and flag.startswith("--mount="):
            options = flag.removeprefix("--mount=").split(",")
            for i, option in enumerate(options):
                if option.startswith("from="):
                    options[i] = "from=" + self._map_image(option.removeprefix("from="), start, "RUN --mount from")
            return "--mount=" + ",".join(options)
        return flag

    def _map_image(self, ref: str, start: int, where: str) -> str:
        """``ref`` with global ``ARG`` defaults resolved and the image map applied, unless it names a stage (by
        name or index); the external images are the build's bases (looked for, or pulled, before it)."""
        if ref.lower() in self.stages or ref.isdigit():
            return ref
        resolved = _VAR.sub(lambda v: self.args.get(v["name"], v.group(0)), ref)
        target = self.image_map.apply(resolved)
        if target != resolved:
            self.mapped[resolved] = target
            self.notes.append(f"line {start + 1}: {where} {resolved} mapped to {target} (image map)")
        if "$" not in target:
            self.bases.append(target)
        return target

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
                target = self._map_image(ref, start, "FROM")
                if target != ref:
                    line = " ".join(["FROM", *flags, target, *words[1:]])
        if self.first_from is None:
            self.first_from = len(self.out)
        self.out.append(line)
        if self.ca is not None:
            self.out.append("ARG " + " ".join(f"{name}={_CA_PATH}" for name in _CA_VARS))

    def _body(self, doc: Heredoc) -> _Body:
        raw: list[str] = []
        while self.pos < len(self.lines):
            line = self.lines[self.pos]
            self.pos += 1
            if (line.lstrip("\t") if doc.chomp else line) == doc.name:
                break
            raw.append(line)
        return _Body(doc, raw)

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
