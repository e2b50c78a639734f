"""What the supervisor asks of a trial's sandbox (the sandbox actor's plan)."""

from __future__ import annotations

from dataclasses import dataclass, field

from realcli.environments import BindMount
from realcli.taskformat import Task

__all__ = ["SandboxPlan"]


@dataclass(frozen=True)
class SandboxPlan:
    """What the supervisor asks of the sandbox when it creates the actor."""

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
