"""A compose project's templates filled in for a trial, by Compose's rules and realcli's (``_templating``)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from realcli._errors import TaskFormatError
from realcli.events import ComposeProject, ComposeService
from realcli.taskformat._interpolation import Reference, substitute, unescape
from realcli.taskformat._secrets import refusal

__all__ = ["ComposeResolver"]

Opted = Callable[[str], "str | None"]  # a variable's host value when the user opted into it, else None


class ComposeResolver:
    """Every string field of ``project`` with its references replaced: the opted-in value, else the task's
    ``.env``, else unset (Compose's empty value, or its default)."""

    def __init__(self, project: ComposeProject, opted: Opted) -> None:
        self._project = project
        self._opted = opted

    def project(self) -> ComposeProject:
        """The project with main's environment and every service filled in."""
        main = {k: self.text(f"services.main.environment.{k}", v) for k, v in self._project.main_environment.items()}
        services = [self.service(s) for s in self._project.services]
        return msgspec.structs.replace(self._project, main_environment=main, services=services)

    def service(self, service: ComposeService) -> ComposeService:
        """``service`` with its string fields filled in."""

        def text(field: str, value: str | None) -> str | None:
            return None if value is None else self.text(f"services.{service.name}.{field}", value)

        def words(field: str, value: list[str] | None) -> list[str] | None:
            where = f"services.{service.name}.{field}"
            return None if value is None else [self.text(f"{where}[{i}]", w) for i, w in enumerate(value)]

        check = service.healthcheck
        return msgspec.structs.replace(
            service,
            environment={
                k: self.text(f"services.{service.name}.environment.{k}", v) for k, v in service.environment.items()
            },
            image=text("image", service.image),
            working_dir=text("working_dir", service.working_dir),
            user=text("user", service.user),
            hostname=text("hostname", service.hostname),
            command=words("command", service.command),
            entrypoint=words("entrypoint", service.entrypoint),
            healthcheck=None
            if check is None
            else msgspec.structs.replace(check, test=words("healthcheck.test", check.test) or []),
        )

    def text(self, where: str, value: str) -> str:
        """``value`` with its references replaced (``where`` names the field in errors)."""
        file = self._project.file

        def one(ref: Reference) -> str:
            why = refusal(ref.name)
            if why is not None:  # never the host's value: its default, else refused (at load already, or here)
                if (default := ref.fallback) is not None:
                    return default
                raise TaskFormatError(f"{file}: {where}: ${{{ref.name}}} {why}; realcli never passes it")
            try:
                found = self._opted(ref.name)
            except TaskFormatError as e:
                raise TaskFormatError(str(e).replace(f"{file}: ", f"{file}: {where}: ", 1)) from None
            if found is None:
                found = self._project.dotenv.get(ref.name)
            out = ref.value(found)
            if out is None:
                raise TaskFormatError(
                    f"{file}: {where}: ${{{ref.name}}} is required ({ref.arg or 'no message'}); opt in with "
                    f"--task-env {ref.name}, $REALCLI_TASK_ENV or task_env in the realcli config"
                )
            return out

        return unescape(substitute(value, one))
