"""What the supervisor asks of the warden: the sandbox to create and how to prepare and verify it."""

from __future__ import annotations

from dataclasses import dataclass, field

from realcli.environments import BindMount, ImageMap
from realcli.taskformat import Task, TaskEnv

__all__ = ["WardenPlan"]


@dataclass(frozen=True)
class WardenPlan:
    """What the supervisor asks of the warden when it creates it: the sandbox, its files, network and verifier."""

    task: Task
    image: str
    run_id: str
    trial_id: str
    plant_traps: bool
    copy_solution: bool
    keep_image: bool = False
    extra_labels: dict[str, str] = field(default_factory=dict)
    mounts: tuple[BindMount, ...] = ()  # an installed agent's (its model gateway's socket)
    internet: bool = False  # the task's declaration under the run's network setting (RunSettings.internet)
    allow_host_network: bool = False  # the host's network when the engine cannot bridge (--allow-host-network)
    metric: str | None = None  # the reward.json metric that decides V when there is no 'reward' (--metric)
    entrypoint: tuple[str, ...] = ()  # the task image's ENTRYPOINT: it runs in the sandbox, as in Harbor
    image_map: ImageMap = field(default_factory=ImageMap)  # for a multi-container task's service images
    build_ca: str | None = None
    build_timeout_sec: float = 600.0  # [environment] build_timeout_sec, scaled: the services' builds, a step's setup.sh
    task_env: TaskEnv = field(default_factory=TaskEnv)  # the host variables the task's templates may read
    verifier_image: str | None = None  # a separate verifier's own image ([verifier] environment_mode = "separate")
    verifier_internet: bool = False  # its environment's network under the run's network setting
