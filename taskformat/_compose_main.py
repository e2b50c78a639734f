"""``main`` in a task's compose file: realcli's sandbox, so a few keys are applied and Harbor's base is accepted as
Harbor writes it (its keep-alive, its log mounts, the task's own limits, ``network_mode: none``); the rest is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from realcli.taskformat._compose_values import limits, megabytes, volume_spec, words

if TYPE_CHECKING:
    from realcli.taskformat._compose_read import Reader

__all__ = ["HOST_LOGS", "MAIN_KEYS", "MainReader"]

# Where Harbor mounts its log directories on the host (realcli reads /logs itself): the value of HOST_*_PATH.
HOST_LOGS: Final = "/realcli-harbor-logs"
_KEEPALIVE: Final = (["sh", "-c", "sleep infinity"], ["/bin/sh", "-c", "sleep infinity"])
# ``main`` is realcli's sandbox: these keys are applied there, the rest of Harbor's base only as Harbor writes it.
_MAIN_APPLIED: Final = frozenset({"environment", "depends_on", "expose", "ports", "networks"})
_MAIN_AS_HARBOR: Final = frozenset({"build", "image", "command", "volumes", "deploy", "network_mode", "pull_policy"})
MAIN_KEYS: Final = _MAIN_APPLIED | _MAIN_AS_HARBOR


class MainReader:
    """``main`` is realcli's sandbox: some keys applied, Harbor's base accepted as Harbor writes it."""

    def __init__(self, reader: Reader) -> None:
        self.r = reader

    def check(self, main: Mapping[str, Any]) -> bool:
        """Refuses what realcli cannot do for ``main``; returns whether it has network (``network_mode: none``)."""
        for key in main:
            if key not in MAIN_KEYS:
                raise self.r.refuse(
                    f"services.main.{key}", "the main service is realcli's sandbox; not supported there"
                )
        self.build_and_image(main)
        if "command" in main and words(main["command"]) not in _KEEPALIVE:
            raise self.r.refuse(
                "services.main.command",
                "main runs Harbor's keep-alive (sh -c 'sleep infinity')",
                "remove it; the image's ENTRYPOINT runs as in Harbor",
            )
        for i, spec in enumerate(main.get("volumes") or []):
            self.log_mount(f"services.main.volumes[{i}]", spec)
        self.limits(main)
        mode = main.get("network_mode")
        if mode not in (None, "none"):
            raise self.r.refuse("services.main.network_mode", "main joins the trial's network, or none")
        if "pull_policy" in main:
            self.r.notes.append("services.main.pull_policy: not applied (realcli builds or finds main's image)")
        return mode != "none"

    def build_and_image(self, main: Mapping[str, Any]) -> None:
        """Check that ``main`` is built from ``environment/`` or uses the task's own image; anything else is refused."""
        build = main.get("build")
        if build is not None and (
            set(build) - {"context"} or self.r.inside("", str(build["context"])) != self.r.env_dir
        ):
            raise self.r.refuse("services.main.build", "main is built from environment/ (its Dockerfile)")
        harbor = {self.r.harbor["MAIN_IMAGE_NAME"], self.r.config.docker_image}
        if main.get("image") is not None and main["image"] not in harbor:
            raise self.r.refuse(
                "services.main.image",
                "main's image is environment/Dockerfile's or [environment] docker_image",
                "set docker_image in task.toml",
            )

    def log_mount(self, where: str, spec: Any) -> None:
        """Harbor's own mounts of its log directories are realcli's /logs; any other volume of main is refused."""
        found = volume_spec(spec) or {}
        source, target = str(found.get("source", "")), str(found.get("target", ""))
        if source.startswith(f"{HOST_LOGS}/") and target == f"/logs/{source.rsplit('/', 1)[-1]}":
            self.r.notes.append(f"{where}: Harbor's mount of {target}: realcli collects /logs itself")
            return
        raise self.r.refuse(where, "main's files come from its image and the task", "remove the volume")

    def limits(self, main: Mapping[str, Any]) -> None:
        """``deploy`` on main may only repeat the task's own limits (Harbor's ``${CPUS}`` and ``${MEMORY}``)."""
        deploy = main.get("deploy")
        if deploy is None:
            return
        found = limits(main)
        if (
            set(deploy) - {"resources"}
            or set(deploy.get("resources") or {}) - {"limits"}
            or set(found)
            - {
                "cpus",
                "memory",
            }
        ):
            raise self.r.refuse("services.main.deploy", "only resources.limits (cpus, memory) on main")
        cpus, memory = found.get("cpus"), found.get("memory")
        if (cpus is not None and float(cpus) != self.r.config.cpus) or (
            memory is not None and megabytes(memory) != self.r.config.memory_mb
        ):
            raise self.r.refuse(
                "services.main.deploy.resources.limits",
                "main's limits are the task's",
                "set [environment] cpus and memory_mb in task.toml (Harbor's ${CPUS} and ${MEMORY} are them)",
            )
