"""The Sandbox contract (realcli.environments.conformance) on every implementation: Docker and local."""

from __future__ import annotations

import secrets
from collections.abc import Mapping

import aiodocker
import pytest

from realcli import ConfigError
from realcli.environments import DockerSandbox, LocalSandbox, Sandbox
from realcli.environments.conformance import SandboxContract, SandboxFactory

pytest_plugins = ["tests.conftest_docker"]


@pytest.mark.docker
class TestDockerSandbox(SandboxContract):
    @pytest.fixture
    def make_sandbox(self, docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str) -> SandboxFactory:
        self.docker = docker_client

        def make(*, workdir: str | None = "/app", env: Mapping[str, str] | None = None) -> Sandbox:
            trial = f"t-{secrets.token_hex(3)}"
            return DockerSandbox(docker_client, debian_image, run=sandbox_run, trial=trial, workdir=workdir, env=env)

        return make

    async def leftovers(self, sandbox: Sandbox) -> list[str]:
        found = await self.docker.containers.list(all=True, filters={"id": [sandbox.info.container_id]})
        return [f"container {c.id[:12]}" for c in found]


class TestLocalSandbox(SandboxContract):
    @pytest.fixture
    def make_sandbox(self) -> SandboxFactory:
        def make(*, workdir: str | None = "/app", env: Mapping[str, str] | None = None) -> Sandbox:
            return LocalSandbox(run="test", trial=secrets.token_hex(3), workdir=workdir, env=env, unsafe=True)

        return make

    async def leftovers(self, sandbox: Sandbox) -> list[str]:
        assert isinstance(sandbox, LocalSandbox)
        left = [f"directory {sandbox.root}"] if sandbox.root.exists() else []
        return left + [f"{n} process(es)" for n in [await sandbox.process_count()] if n]


def test_the_local_sandbox_is_refused_unless_asked_for() -> None:
    with pytest.raises(ConfigError, match="no isolation"):
        LocalSandbox(run="r", trial="t")
