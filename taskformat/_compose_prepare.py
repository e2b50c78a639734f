"""A task's compose file before Compose reads it: env files inlined, bare names made templates, Harbor's variables in.

Compose would read ``env_file`` paths anywhere on the host and a bare
``environment`` name (``- KEY``) from the host's environment; realcli reads
env files itself (files of ``environment/`` only) and makes a bare name the
template ``${KEY}``, which the trial fills in by the rules of every template.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import yaml

from realcli.taskformat._compose_values import environment
from realcli.taskformat._files import task_error
from realcli.taskformat._interpolation import references, substitute
from realcli.taskformat._secrets import refusal

__all__ = ["Preparer", "env_lines"]

# Keys realcli reads but never applies (docs/harbor-compat.md): what their templates hold cannot matter.
_UNUSED: Final = ("ports", "expose", "labels")


class Preparer:
    """The task's file before Compose reads it: env files inlined, bare names made templates, Harbor's variables in."""

    def __init__(self, file: Path, env_dir: Path, harbor: Mapping[str, str]) -> None:
        self.file = file
        self.env_dir = env_dir.resolve()
        self.harbor = harbor

    def prepare(self) -> dict[str, Any]:
        """The Compose file as data, each service prepared; raises ``TaskFormatError`` naming the file when it cannot be
        read or is not a Compose file."""
        try:
            loaded = yaml.safe_load(self.file.read_text())
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as e:
            raise task_error(self.file, "", f"cannot read it: {' '.join(str(e).split())}") from e
        if not isinstance(loaded, dict):
            raise task_error(self.file, "", "not a Compose file", "expected a mapping with services:")
        for name, spec in (loaded.get("services") or {}).items():
            if isinstance(spec, dict):
                self.service(str(name), spec)
        filled: dict[str, Any] = self.fill(loaded)
        return filled

    def service(self, name: str, spec: dict[str, Any]) -> None:
        """Prepare one service in place (its env files inlined); ``extends`` from another file is refused."""
        where = f"services.{name}"
        extends = spec.get("extends")
        if isinstance(extends, Mapping) and extends.get("file"):
            raise task_error(
                self.file,
                f"{where}.extends.file",
                "extending a service of another file is not supported",
                "move that service into this file (extends within the file works)",
            )
        for key in _UNUSED:
            if key in spec:
                spec[key] = self.unset(f"{where}.{key}", spec[key])
        env = environment(spec.get("environment"))
        files = spec.pop("env_file", None)
        from_files: dict[str, str | None] = {}
        for i, entry in enumerate([files] if isinstance(files, str | dict) else files or []):
            path = entry.get("path") if isinstance(entry, dict) else entry
            from_files.update(self.env_file(f"{where}.env_file[{i}]", str(path)))
        merged = {**from_files, **env}
        if merged:
            # A name without a value is the host's variable in Compose: the template of that variable here.
            spec["environment"] = {k: f"${{{k}}}" if v is None else v for k, v in merged.items()}

    def env_file(self, where: str, path: str) -> dict[str, str | None]:
        """The variables of an env file of the service, which must lie inside ``environment/``."""
        host = (self.env_dir / path).resolve()
        if host != self.env_dir and self.env_dir not in host.parents:
            raise task_error(self.file, where, f"{path} is outside the task's environment/", "expected a file in it")
        try:
            return env_lines(host.read_text())
        except (OSError, UnicodeDecodeError) as e:
            raise task_error(self.file, where, f"cannot read {path}: {e}") from e

    def unset(self, where: str, value: Any) -> Any:
        """A key realcli never applies: its host variables are unset (no value of the host can matter there),
        so Compose, which cannot check a template there, gets its defaults."""
        if isinstance(value, str):
            for ref in references(value):
                if ref.name not in self.harbor and ref.fallback is None and (why := refusal(ref.name)) is not None:
                    raise task_error(
                        self.file, where, f"${{{ref.name}}} {why}", "realcli never passes it to a task: remove it"
                    )
            return substitute(value, lambda ref: ref.value(self.harbor.get(ref.name)) or "")
        if isinstance(value, dict):
            return {k: self.unset(where, v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.unset(where, v) for v in value]
        return value

    def fill(self, value: Any) -> Any:
        """Harbor's variables substituted in every string; other references stay for the trial."""
        if isinstance(value, str):
            return substitute(value, lambda ref: ref.value(self.harbor[ref.name]) if ref.name in self.harbor else None)
        if isinstance(value, dict):
            return {k: self.fill(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.fill(v) for v in value]
        return value


def env_lines(text: str) -> dict[str, str | None]:
    """An env file as Compose reads it: ``KEY=VALUE`` (optionally quoted), ``# comments``, ``KEY`` alone."""
    out: dict[str, str | None] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, eq, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        out[key.strip()] = value if eq else None
    return out
