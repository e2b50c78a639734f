"""The config Docker Compose normalised, turned into what realcli creates (``ComposeProject``), refusing what it
cannot honour with one line naming the service and the key."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import msgspec

from realcli._errors import TaskFormatError
from realcli.events import ComposeHealthcheck, ComposeProject, ComposeService, ComposeVolume, EnvironmentConfig
from realcli.taskformat._compose_main import MainReader
from realcli.taskformat._compose_values import environment, limits, megabytes, seconds, strings, volume_spec, words
from realcli.taskformat._files import task_error
from realcli.taskformat._interpolation import references
from realcli.taskformat._secrets import refusal

__all__ = ["MAIN", "STRING_FIELDS", "Reader"]

MAIN: Final = "main"
# Service keys realcli applies (docs/harbor-compat.md says how); every other key is refused.
_APPLIED: Final = frozenset(
    {
        "build",
        "image",
        "environment",
        "depends_on",
        "healthcheck",
        "volumes",
        "networks",
        "expose",
        "ports",
        "command",
        "entrypoint",
        "working_dir",
        "user",
        "cpus",
        "mem_limit",
        "deploy",
        "init",
        "hostname",
        "labels",
        "restart",
        "stop_grace_period",
        "stop_signal",
        "tty",
        "stdin_open",
        "pull_policy",
    }
)
# The fields whose templates are filled in when a trial runs; a host variable anywhere else is refused.
STRING_FIELDS: Final = frozenset(
    {"environment", "image", "command", "entrypoint", "working_dir", "user", "hostname", "healthcheck"}
)
_WHY: Final = {
    "privileged": "a privileged container could reach the host",
    "network_mode": "every service joins the trial's own network",
    "pid": "services cannot share the host's process namespace",
    "ipc": "services cannot share the host's IPC namespace",
    "cap_add": "capabilities beyond Docker's defaults are not granted",
    "devices": "host devices are not passed through",
    "security_opt": "security options stay Docker's defaults",
    "userns_mode": "user namespaces stay Docker's defaults",
    "extra_hosts": "not supported",
    "container_name": "names are realcli's (trials run side by side)",
}
_CONDITIONS: Final = ("service_started", "service_healthy", "service_completed_successfully")


class Reader:
    """The normalised config turned into what realcli creates, refusing what it cannot honour."""

    def __init__(self, file: Path, env_dir: Path, harbor: Mapping[str, str], config: EnvironmentConfig) -> None:
        self.file = file
        self.env_dir = env_dir.resolve()
        self.harbor = harbor
        self.config = config
        self.notes: list[str] = []

    def refuse(self, where: str, why: str, expected: str = "") -> TaskFormatError:
        """A ``TaskFormatError`` naming the file and key that realcli cannot honour, and what to do."""
        return task_error(self.file, where, why, expected or "remove it, or run the task with Harbor")

    def project(self, config: Mapping[str, Any]) -> ComposeProject:
        """The whole Compose config as the services, volumes and network realcli creates (top-level keys other than
        these are refused)."""
        for key in config:
            if key not in ("services", "volumes", "networks", "version"):
                raise self.refuse(key, "not supported by realcli")
        for name, net in (config.get("networks") or {}).items():
            if (net and set(net) - {"driver"}) or (net or {}).get("driver", "bridge") != "bridge":
                raise self.refuse(f"networks.{name}", "only plain networks are supported: all services share one")
        volumes = [str(v) for v in config.get("volumes") or {}]
        for name, spec in (config.get("volumes") or {}).items():
            if spec and set(spec) - {"name"}:
                raise self.refuse(f"volumes.{name}", "only plain named volumes are supported")
        services = dict(config.get("services") or {})
        self.check_templates(services)
        main = services.pop(MAIN, {})
        network = MainReader(self).check(main)
        read = [self.service(name, spec, volumes) for name, spec in sorted(services.items())]
        depends = self.depends_on(MAIN, main.get("depends_on"))
        project = ComposeProject(
            file=str(self.file),
            services=read,
            main_depends_on=depends,
            main_environment=environment(main.get("environment"), blank=""),
            main_network=network,
            volumes=volumes,
        )
        self.check_order(project)
        if main.get("ports") or any(s.get("ports") for s in services.values()):
            self.notes.append("ports are not published on the host: services reach each other by name")
        if not network and read:
            self.notes.append(
                "services.main.network_mode: none: main has no network, so it cannot reach the other services "
                "(as in Harbor)"
            )
        return msgspec.structs.replace(project, notes=self.notes)

    def check_templates(self, services: Mapping[str, Any]) -> None:
        """Host variables: refused names at load (every key named), and only in fields filled in at run time."""
        refused = []
        for name, spec in services.items():
            for path, text in strings(spec):
                for ref in references(text):
                    where = f"services.{name}.{path}"
                    if (why := refusal(ref.name)) is not None:
                        if ref.fallback is None:  # with a default it gets that, never the host's value
                            refused.append(f"{where}: ${{{ref.name}}} {why}")
                    elif path.split(".")[0].split("[")[0] not in STRING_FIELDS:
                        raise self.refuse(
                            where,
                            f"${{{ref.name}}} is a host variable, read only in " + ", ".join(sorted(STRING_FIELDS)),
                            "write the value here",
                        )
        if refused:
            raise task_error(
                self.file,
                "",
                "; ".join(refused),
                "realcli never passes its own settings or secrets to a task, whatever the options: remove "
                + ("these templates" if len(refused) > 1 else "the template"),
            )

    def service(self, name: str, spec: Mapping[str, Any], volumes: list[str]) -> ComposeService:
        """One service as realcli creates it; keys it cannot honour are refused, ones that cannot matter are noted."""
        where = f"services.{name}"
        for key in spec:
            if key not in _APPLIED:
                raise self.refuse(f"{where}.{key}", _WHY.get(key, "not supported by realcli"))
        for key in ("restart", "stop_grace_period", "stop_signal", "labels", "tty", "stdin_open", "pull_policy"):
            if key in spec:
                self.notes.append(f"{where}.{key}: not applied (realcli removes services with the trial)")
        build, image = spec.get("build"), spec.get("image")
        context = None
        if build is not None:
            extra = set(build) - {"context"}
            if extra:
                raise self.refuse(f"{where}.build.{sorted(extra)[0]}", "not supported by realcli (context only)")
            context = str(self.inside(f"{where}.build.context", str(build["context"])))
        elif image == self.harbor["MAIN_IMAGE_NAME"]:
            context = str(self.env_dir)  # Harbor's name for main's image: built from environment/, as main is
        return ComposeService(
            name=name,
            image=None if context is not None else image,
            build_context=context,
            environment=environment(spec.get("environment"), blank=""),
            depends_on=self.depends_on(name, spec.get("depends_on")),
            healthcheck=self.healthcheck(spec.get("healthcheck")),
            volumes=[self.volume(f"{where}.volumes", v, volumes) for v in spec.get("volumes") or []],
            command=words(spec.get("command")),
            entrypoint=words(spec.get("entrypoint")),
            working_dir=spec.get("working_dir"),
            user=str(spec["user"]) if spec.get("user") is not None else None,
            cpus=self.cpus(spec),
            memory_mb=self.memory(spec),
            init=spec.get("init") in (True, "true"),
            hostname=spec.get("hostname"),
        )

    def inside(self, where: str, path: str) -> Path:
        """``path`` resolved; refused when it lies outside the task's ``environment/``."""
        resolved = Path(path).resolve()
        if resolved != self.env_dir and self.env_dir not in resolved.parents:
            raise self.refuse(where, f"{path} is outside the task's environment/", "expected a path inside it")
        return resolved

    def volume(self, where: str, spec: Any, named: list[str]) -> ComposeVolume:
        """One volume of a service: a named volume of the project or a bind mount inside ``environment/``."""
        spec = volume_spec(spec)
        if spec is None:
            raise self.refuse(where, "unexpected volume")
        kind, source, target = spec.get("type"), str(spec.get("source", "")), str(spec.get("target", ""))
        read_only = bool(spec.get("read_only", False))
        if kind == "volume" and source in named:
            return ComposeVolume(kind="named", source=source, target=target, read_only=read_only)
        if kind == "bind":
            host = self.inside(where, source)
            if not host.exists():
                raise self.refuse(where, f"{source} does not exist", "expected a folder or file of environment/")
            self.notes.append(f"{where}: {source} is copied into the container, not shared with other services")
            return ComposeVolume(kind="project", source=str(host), target=target, read_only=read_only)
        raise self.refuse(where, f"{kind} volume {source or target!r} is not supported", "use a named volume")

    def depends_on(self, name: str, spec: Any) -> dict[str, str]:
        """The services ``name`` waits for and on what condition (an unknown condition is refused)."""
        out: dict[str, str] = {}
        entries = spec.items() if isinstance(spec, Mapping) else ((s, {}) for s in spec or [])
        for other, how in entries:
            condition = (how or {}).get("condition", "service_started")
            if condition not in _CONDITIONS:
                raise self.refuse(f"services.{name}.depends_on.{other}", f"unknown condition {condition!r}")
            out[str(other)] = condition
        return out

    def check_order(self, project: ComposeProject) -> None:
        """Refuse a dependency on ``main`` or on a service that does not exist."""
        names = {s.name for s in project.services}
        for s in project.services:
            for other in s.depends_on:
                if other == MAIN:
                    raise self.refuse(f"services.{s.name}.depends_on.main", "main starts last (it is the sandbox)")
                if other not in names:
                    raise self.refuse(f"services.{s.name}.depends_on.{other}", "no such service")
        for other in project.main_depends_on:
            if other not in names:
                raise self.refuse(f"services.main.depends_on.{other}", "no such service")
        project.start_order()  # raises on a cycle

    def healthcheck(self, spec: Any) -> ComposeHealthcheck | None:
        """A service's healthcheck, or None when it has none or disables it."""
        if not spec or spec.get("disable"):
            return None
        test = spec.get("test")
        test_words = (["CMD-SHELL", test] if isinstance(test, str) else list(test)) if test else []
        if not test_words or test_words == ["NONE"]:
            return None
        return ComposeHealthcheck(
            test=[str(w) for w in test_words],
            interval_sec=seconds(spec.get("interval"), 30.0),
            timeout_sec=seconds(spec.get("timeout"), 30.0),
            retries=int(spec.get("retries", 3)),
            start_period_sec=seconds(spec.get("start_period"), 0.0),
        )

    def cpus(self, spec: Mapping[str, Any]) -> float | None:
        """The CPUs a service may use (``cpus`` or ``deploy.resources.limits``), None when unlimited."""
        value = spec.get("cpus") or limits(spec).get("cpus")
        return float(value) if value else None

    def memory(self, spec: Mapping[str, Any]) -> int | None:
        """The memory limit of a service in MB (``mem_limit`` or ``deploy.resources.limits``), None when unlimited."""
        value = spec.get("mem_limit") or limits(spec).get("memory")
        return None if value is None else megabytes(value)
