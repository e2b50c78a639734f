"""Installed CLI agents: Claude Code and Codex, run in the sandbox behind the model gateway.

Each is an ``InstalledAgent``.  Before the sandbox exists the supervisor
calls ``installed``: the agent's image (the task image plus the npm-installed
agent, ``realcli.environments.ensure_agent_image``) and a host directory for the
gateway's Unix socket, bind-mounted at ``/run/realcli-gateway``.  Then
``run(session)``, all inside the agent's own task group:

1. the model gateway (``realcli.models.ModelGateway``) serves that socket and
   records every model call through the session (the agent stream's single
   writer);
2. a forwarder in the container (``node forward.js``) exposes the socket on
   ``127.0.0.1:41741``, the only address the agent can reach (the sandbox
   has no network); the agent holds a placeholder key;
3. the agent's own process runs through the session's ``SandboxGrant`` and
   its JSON output becomes events: tool calls are ``CommandStarted`` /
   ``CommandFinished`` (shell commands verbatim, other tools as
   ``[Tool] {input}``), text is ``AgentMessaged`` (the last text of a turn
   carries ``question`` / ``claims_done``), each model response is an
   ``AgentTurnTaken``, the end of a turn with nothing unread is
   ``AgentYielded``.

Claude Code runs once per trial in stream-json mode: user messages (slices,
probes, answers) are written to its stdin as they arrive, and it takes them
into the running turn or queues a new one; ``--replay-user-messages`` says
when each was taken, so a yield is only recorded once every delivered
message has been.  Codex runs ``codex exec --json`` per turn and later turns
resume the same thread (``codex exec resume``); messages that arrive while it
works are delivered when its turn ends.

Failures: an upstream that stays down, or refuses the key, fails the gateway
and the trial ends as an infrastructure error.  An agent process that exits
mid-run (or a turn it reports as failed) while the gateway is fine is the
agent's own failure (``AgentFailedError("agent_crashed")``: its exit code and
stderr are in ``AgentStopped``); the trial is scored from what it left.  A spent
token or cost budget makes the gateway refuse further calls; the agent then
hands back and stops (``AgentStopped(budget)``; the trial is scored from what it left).
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Final

import aiodocker
import anyio

from realcli import AgentFailedError, ConfigError, InfrastructureError, find_error
from realcli import events as ev
from realcli.environments import (
    FORWARDER,
    NODE,
    NODE_VERSION,
    AgentPackage,
    BindMount,
    ContainerProcesses,
    SandboxProcess,
    ensure_agent_image,
)
from realcli.models import GatewayError, GatewayLimits, ModelEndpoint, ModelGateway
from realcli.runtime.agents._protocol import AgentSession, SandboxSetup
from realcli.runtime.agents._recipe import AgentChoice, AgentFactory, AgentRecipe, ModelOptions

__all__ = ["GATEWAY_DIR", "GATEWAY_PORT", "CliAgent", "installed_recipe"]

GATEWAY_DIR: Final = "/run/realcli-gateway"
GATEWAY_PORT: Final = 41741
_SOCKET: Final = "gateway.sock"
_READY_TIMEOUT_SEC: Final = 30.0


class CliAgent:
    """What Claude Code and Codex share: image, gateway, forwarder, event recording."""

    package: AgentPackage
    provider: str

    def __init__(
        self, endpoint: ModelEndpoint, *, version: str | None = None, limits: GatewayLimits | None = None
    ) -> None:
        if endpoint.provider != self.provider:
            raise ConfigError(
                f"agent {self.package.agent} speaks the {self.provider} API, but its endpoint "
                f"{endpoint.public_url} is configured as {endpoint.provider}; set --provider {self.provider}"
            )
        self._endpoint = endpoint
        self._limits = limits or GatewayLimits()
        self.package = self.package.pinned(version)

    @property
    def info(self) -> ev.AgentInfo:
        params = self._endpoint.describe() | {"npm": self.package.spec, "node": NODE_VERSION}
        if self._limits.max_tokens is not None:
            params["max_tokens"] = str(self._limits.max_tokens)
        if self._limits.max_cost_usd is not None:
            params["max_cost_usd"] = f"{self._limits.max_cost_usd:g}"
        return ev.AgentInfo(
            name=self.package.agent,
            version=self.package.version,
            model=self._endpoint.model,
            endpoint=self._endpoint.public_url,
            params=params,
        )

    @contextlib.asynccontextmanager
    async def installed(self, docker: aiodocker.Docker, task_image: str) -> AsyncIterator[SandboxSetup]:
        """The agent image on top of ``task_image``, and the gateway socket's directory for this trial."""
        image = await ensure_agent_image(docker, self.package, task_image)
        with _gateway_dir() as host_dir:
            yield SandboxSetup(
                image=image.tag,
                content_hash=image.content_hash,
                cached=image.cached,
                duration_sec=image.duration_sec,
                mounts=(BindMount(host_dir, GATEWAY_DIR),),
            )

    async def run(self, session: AgentSession) -> None:
        try:
            await self._run(session)
        except BaseExceptionGroup as group:
            # Task groups wrap what failed; the supervisor wants the error itself.
            error = _first_error(group)
            if error is None:
                raise
            raise error from group

    async def _run(self, session: AgentSession) -> None:
        grant = session.grant
        socket = grant.setup.mount_source(GATEWAY_DIR) / _SOCKET
        async with ModelGateway(self._endpoint, session.record, limits=self._limits) as gateway:
            try:
                async with anyio.create_task_group() as tg:
                    await tg.start(gateway.serve_unix, socket)
                    with anyio.CancelScope() as work:
                        tg.start_soon(_cancel_when_failed, gateway, work)
                        forwarder = [NODE, FORWARDER, str(GATEWAY_PORT), f"{GATEWAY_DIR}/{_SOCKET}"]
                        async with grant.processes.spawn(forwarder, stdin=False) as fwd:
                            await _ready(fwd)
                            await self._drive(session, grant.processes, gateway)
                    tg.cancel_scope.cancel()
            except Exception as e:
                # An agent that dies because its model endpoint went away did not fail on its own.
                if gateway.failure is not None and isinstance(find_error(e), AgentFailedError):
                    raise gateway.failure from e
                raise
            spent = gateway.budget_spent
            if spent is not None and gateway.usage.refused:  # a call was refused for it: the agent stopped short
                session.stop_for_budget(spent)
            if gateway.failure is not None:
                raise gateway.failure
            if gateway.errors:
                raise GatewayError(f"the realcli model gateway failed: {gateway.errors[0]}")

    async def _drive(self, session: AgentSession, processes: ContainerProcesses, gateway: ModelGateway) -> None:
        raise NotImplementedError


@contextlib.contextmanager
def _gateway_dir() -> Iterator[Path]:
    """A host directory for the gateway's socket, removed with it at the end of the trial."""
    # Under /tmp: a Unix socket's path must fit in 108 bytes, whatever TMPDIR says.
    with tempfile.TemporaryDirectory(prefix="realcli-gw-", dir="/tmp") as tmp:
        Path(tmp).chmod(0o755)  # the sandbox's user may not be root
        yield Path(tmp)


async def _cancel_when_failed(gateway: ModelGateway, scope: anyio.CancelScope) -> None:
    await gateway.failed.wait()
    scope.cancel()


async def _ready(forwarder: SandboxProcess) -> None:
    with anyio.move_on_after(_READY_TIMEOUT_SEC):
        line = await forwarder.readline()
        if line is not None and line.strip() == b"ready":
            return
    raise GatewayError(
        f"the gateway forwarder did not start in the sandbox: {forwarder.stderr().text.strip()[:300] or 'no output'}"
    )


def _first_error(group: BaseExceptionGroup[BaseException]) -> Exception | None:
    """The error to report from a task group's failure: an infrastructure error first; None if only cancelled."""
    leaves: list[BaseException] = []

    def walk(g: BaseExceptionGroup[BaseException]) -> None:
        for e in g.exceptions:
            if isinstance(e, BaseExceptionGroup):
                walk(e)
            else:
                leaves.append(e)

    walk(group)
    errors = [e for e in leaves if isinstance(e, Exception)]
    return next((e for e in errors if isinstance(e, InfrastructureError)), errors[0] if errors else None)


def installed_recipe(kind: type[CliAgent]) -> AgentRecipe:
    """The ``AGENTS`` entry of an installed CLI agent: its model, provider, version and gateway caps from the flags."""

    def build(choice: AgentChoice) -> tuple[ev.AgentInfo, AgentFactory]:
        options, installed = choice.options, choice.installed
        chosen = ModelOptions(
            model=options.model, base_url=options.base_url, provider=options.provider or kind.provider
        )
        endpoint = chosen.endpoint("REALCLI_AGENT")
        agent = kind(endpoint, version=installed.version, limits=installed.limits)
        return agent.info, lambda task: kind(endpoint, version=installed.version, limits=installed.limits)

    return AgentRecipe(build)
