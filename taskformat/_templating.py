"""Harbor's ``${VAR}`` templates in task.toml ``env`` tables: which host variables a task may read.

``${VAR}`` is the value of the host variable ``VAR``; ``${VAR:-default}``
falls back to ``default`` when it is unset or empty.  A task is written by
strangers, so realcli resolves a template only from the variables its user
opted into (``TaskEnv``: ``--task-env NAME``, ``$REALCLI_TASK_ENV``, the
config's ``task_env``); for every other variable the task sees an unset one
(its default, else a one-line error).  realcli's own settings and credentials,
and anything that looks like a secret, are never passed, whatever the user
says (``_secrets``): a template naming one gets its default (``${DB_PASSWORD:-postgres}``,
as public tasks give their database sidecars), and one without a default
refuses the task when it loads.

The task snapshot in the log keeps the templates, never the resolved values;
the values a trial's task got are redacted from its events when they are
written (``TaskEnv.values``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from realcli._errors import ConfigError, TaskFormatError
from realcli.events import ComposeProject, TaskConfig
from realcli.taskformat._compose import compose_refs
from realcli.taskformat._compose_env import ComposeResolver
from realcli.taskformat._files import task_error
from realcli.taskformat._secrets import MIN_SECRET_LEN, refusal, secret_shape

if TYPE_CHECKING:
    from realcli.taskformat._task import Task

__all__ = ["TASK_ENV_VAR", "TaskEnv", "TemplateRef", "check_templates", "template_refs"]

TASK_ENV_VAR: Final = "REALCLI_TASK_ENV"
_TEMPLATE: Final = re.compile(r"\$\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?::-(?P<default>[^}]*))?\}")
_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class TemplateRef:
    """One ``${VAR}`` a task reads: ``field`` is e.g. ``environment.env.KEY`` of ``file`` (relative to the task).

    ``default`` is what it gets without a value; with none, ``required`` says whether the task then does not
    run (task.toml's ``${VAR}``, Compose's ``${VAR:?msg}``) or gets an empty value (Compose's ``${VAR}``).
    """

    field: str
    name: str
    default: str | None
    file: str = "task.toml"
    required: bool = True


def _tables(config: TaskConfig) -> list[tuple[str, Mapping[str, str]]]:
    tables: list[tuple[str, Mapping[str, str]]] = [
        ("environment.env", config.environment.env),
        ("verifier.env", config.verifier.env),
        ("solution.env", config.solution.env),
    ]
    if config.verifier.environment is not None:  # a separate verifier's own environment
        tables.append(("verifier.environment.env", config.verifier.environment.env))
    tables += [(f"steps.{s.name}.verifier.env", s.verifier.env) for s in config.steps if s.verifier.env is not None]
    return tables


def template_refs(config: TaskConfig, compose: ComposeProject | None = None) -> list[TemplateRef]:
    """Every ``${VAR}`` in the task's env tables (``[environment]``, ``[verifier]`` and its separate
    ``[verifier.environment]``, ``[solution]``, steps), then
    every host variable its compose file reads."""
    refs = [
        TemplateRef(f"{table}.{key}", m["name"], m["default"], required=m["default"] is None)
        for table, env in _tables(config)
        for key, value in env.items()
        for m in _TEMPLATE.finditer(value)
    ]
    if compose is not None:
        file = f"environment/{Path(compose.file).name}"
        for where, ref in compose_refs(compose):
            default = ref.arg if ref.op in ("-", ":-") else None
            refs.append(TemplateRef(where, ref.name, default, file=file, required=ref.op in ("?", ":?")))
    return refs


def check_templates(toml: Path, config: TaskConfig) -> None:
    """Refuse a task whose templates name a variable realcli never passes: one line naming every such key."""
    # A refused name with a default gets that default (the host's value is never read): only one without is refused.
    refused = [
        (ref, why) for ref in template_refs(config) if ref.default is None and (why := refusal(ref.name)) is not None
    ]
    if not refused:
        return
    (first, why), rest = refused[0], refused[1:]
    problem = f"${{{first.name}}} {why}"
    for (ref, reason), (_, before) in zip(rest, refused, strict=False):
        problem += f"; {ref.field}: ${{{ref.name}}} " + ("too" if reason == before else reason)
    raise task_error(
        toml,
        first.field,
        problem,
        "realcli never passes its own settings or secrets to a task, whatever the options: remove "
        + ("these templates" if rest else "the template"),
    )


class TaskEnv:
    """The host variables tasks may read, as their user opted in, and the values they then get.

    ``environ`` (default: this process's environment, read when a template is
    resolved) is where the values come from.  Refused names cannot be opted
    into (``ConfigError``); an opted-in value that looks like a secret is
    refused when a task would get it.
    """

    def __init__(
        self, names: Iterable[str] = (), *, source: str = "--task-env", environ: Mapping[str, str] | None = None
    ) -> None:
        names = tuple(names)
        for name in names:
            if not _NAME.fullmatch(name):
                raise ConfigError(f"{source} {name!r}: not a variable name (letters, digits and _)")
            why = refusal(name)
            if why is not None:
                raise ConfigError(f"{source} {name}: {name} {why}; realcli never passes it to a task")
        self.names: frozenset[str] = frozenset(names)
        self._environ = environ

    def __add__(self, other: TaskEnv) -> TaskEnv:
        return TaskEnv(self.names | other.names, environ=self._environ)

    def __repr__(self) -> str:
        return f"TaskEnv({sorted(self.names)})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TaskEnv) and (self.names, self._environ) == (other.names, other._environ)

    def __hash__(self) -> int:
        return hash(self.names)

    @property
    def environ(self) -> Mapping[str, str]:
        """Where the values come from (this process's environment unless given)."""
        return os.environ if self._environ is None else self._environ

    def check(self, task: Task) -> None:
        """Refuse, at load, a task whose templates this opt-in cannot resolve (``TaskFormatError``, one line)."""
        toml = task.root / "task.toml"
        for ref in template_refs(task.config):
            self._value(ref.name, ref.default, f"{toml}: {ref.field}")
        if task.compose is not None:
            self.resolve_compose(task.compose)

    def resolve(self, env: Mapping[str, str], *, where: str) -> dict[str, str]:
        """``env`` with every template replaced; ``where`` names the file and table (``x/task.toml: verifier.env``)."""
        out: dict[str, str] = {}
        for key, value in env.items():

            def substitute(m: re.Match[str], key: str = key) -> str:
                return self._value(m["name"], m["default"], f"{where}.{key}")

            out[key] = _TEMPLATE.sub(substitute, value)
        return out

    def values(self, task: Task) -> frozenset[str]:
        """The host values ``task``'s templates would get (those long enough to redact), never raising."""
        found = set()
        for ref in template_refs(task.config, task.compose):
            value = self.environ.get(ref.name) if ref.name in self.names else None
            if value and len(value) >= MIN_SECRET_LEN:
                found.add(value)
        return frozenset(found)

    def resolve_compose(self, project: ComposeProject) -> ComposeProject:
        """``project`` with its templates filled in by Compose's rules, from what the user opted into, then the
        task's ``.env``; another variable is unset.  ``TaskFormatError`` for Compose's ``${VAR:?msg}`` unset, and
        for an opted-in value that looks like a secret."""
        return ComposeResolver(project, lambda name: self._opted(name, project.file)).project()

    def _opted(self, name: str, file: str) -> str | None:
        """The host value of ``name`` when the user opted into it (never a secret), else None."""
        found = self.environ.get(name) if name in self.names else None
        if found is not None and (shape := secret_shape(found, self.environ)) is not None:
            raise TaskFormatError(
                f"{file}: ${{{name}}} holds what looks like a secret ({shape}); realcli never passes secrets to a "
                "task, even opted in"
            )
        return found

    def _value(self, name: str, default: str | None, where: str) -> str:
        why = refusal(name)
        if why is not None:
            if default is not None:
                return default  # what the task gets without the host: realcli never reads the host's value
            raise TaskFormatError(f"{where}: ${{{name}}} {why}; realcli never passes it to a task (remove it)")
        value = self.environ.get(name) if name in self.names else None
        if not value:
            if default is not None:
                return default
            if name not in self.names:
                raise TaskFormatError(
                    f"{where}: ${{{name}}} is a host variable you did not pass to tasks "
                    f"(opt in with --task-env {name}, ${TASK_ENV_VAR} or task_env in the realcli config, "
                    f"or give a default: ${{{name}:-VALUE}})"
                )
            raise TaskFormatError(
                f"{where}: ${{{name}}} is not set in realcli's environment "
                f"(set it, or give a default: ${{{name}:-VALUE}})"
            )
        shape = secret_shape(value, self.environ)
        if shape is not None:
            raise TaskFormatError(
                f"{where}: ${{{name}}} holds what looks like a secret ({shape}); realcli never passes secrets "
                "to a task, even opted in"
            )
        return value
