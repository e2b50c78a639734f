"""Harbor's separate verifier: the tests run in a container of their own, with the agent's artifacts handed over.

``[verifier] environment_mode = "separate"`` (or a ``[verifier.environment]``
table, which implies it): the verifier's container is made from its own
image (``[verifier.environment] docker_image``, else ``tests/`` built as the
build context, the image holding ``/tests/test.sh``) with the settings of
``[verifier.environment]`` (else a copy of ``[environment]``).  From the
agent's container (its processes stopped first) come only the artifacts:
``/logs/artifacts`` and every ``artifacts`` path, copied out through the
engine's archive API and restored at the same paths.  ``/logs/verifier``
starts empty.  Nothing of the agent's tools, processes or other files
reaches the verifier: its verdict rests on the task's image and the
artifacts alone.
"""

from __future__ import annotations

import posixpath
import tempfile
from pathlib import Path
from typing import Final

import aiodocker
import msgspec

from realcli import TaskFormatError
from realcli import events as ev
from realcli.environments import DockerSandbox, Sandbox
from realcli.runtime.bus import StreamWriter
from realcli.runtime.trials._warden_plan import WardenPlan
from realcli.runtime.trials._warden_verifier import SandboxVerifier

__all__ = ["ARTIFACTS_DIR", "SeparateVerifier"]

ARTIFACTS_DIR: Final = "/logs/artifacts"  # Harbor's convention directory: always handed over
_ARTIFACT_BYTES: Final = 256 << 20  # per artifact, as the archive API copies it out


class SeparateVerifier:
    """Runs a task's tests in the separate verifier's own container, for the warden."""

    def __init__(
        self, docker: aiodocker.Docker, plan: WardenPlan, writer: StreamWriter, verifier: SandboxVerifier
    ) -> None:
        self._docker = docker
        self._plan = plan
        self._out = writer
        self._verifier = verifier

    async def verify(self, box: Sandbox, req: ev.VerificationRequested) -> None:
        """Hand the artifacts over from ``box`` (the agent's), run the tests in a fresh container, record them."""
        plan = self._plan
        assert plan.verifier_image is not None
        with tempfile.TemporaryDirectory(prefix="realcli-artifacts-") as tmp:
            carried = await self._collect(box, Path(tmp))
            async with _verifier_sandbox(self._docker, plan) as sandbox:
                for source, folder in carried:
                    size = await sandbox.put_files(posixpath.dirname(source) or "/", folder)
                    await self._out.append(
                        ev.FilesCopied(direction="in", src=source, dest=source, bytes=size, purpose="artifact")
                    )
                if (await sandbox.stat_paths(["/tests/test.sh"]))["/tests/test.sh"] is None:
                    raise TaskFormatError(
                        f"task {plan.task.task_id}: the separate verifier's image {plan.verifier_image} has no "
                        "/tests/test.sh (tests/Dockerfile must copy the tests there)"
                    )
                await self._verifier.verify(sandbox, req, tests_in_image=True)

    async def _collect(self, box: Sandbox, into: Path) -> list[tuple[str, Path]]:
        """Each artifact that exists in the agent's container, copied out to a folder of its own."""
        carried = []
        sources = dict.fromkeys([ARTIFACTS_DIR, *self._plan.task.config.artifact_sources()])
        for i, source in enumerate(sources):
            folder = into / str(i)
            copy = await box.get_archive(source, folder, max_bytes=_ARTIFACT_BYTES)
            if copy.bytes == 0:
                continue  # not there: Harbor hands over what exists
            await self._out.append(
                ev.FilesCopied(direction="out", src=source, dest="artifacts", bytes=copy.bytes, purpose="artifact")
            )
            carried.append((source, folder))
        return carried


def _verifier_sandbox(docker: aiodocker.Docker, plan: WardenPlan) -> DockerSandbox:
    """The separate verifier's container: its own image and environment, labelled as the trial's."""
    config = plan.task.config
    environment = config.verifier.environment or config.environment
    toml = f"{plan.task.root / 'task.toml'}"
    where = "verifier.environment.env" if config.verifier.environment is not None else "environment.env"
    env = plan.task_env.resolve(environment.env, where=f"{toml}: {where}")
    environment = msgspec.structs.replace(environment, env=env)
    assert plan.verifier_image is not None
    return DockerSandbox.for_task(
        docker,
        plan.verifier_image,
        environment,
        run=plan.run_id,
        trial=plan.trial_id,
        labels=plan.extra_labels,
        internet=plan.verifier_internet,
        allow_host_network=plan.allow_host_network,
    )
