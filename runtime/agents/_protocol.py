"""Agents and the session they act through.

An agent is anything with ``info`` and ``async run(session)``.  The session
is its whole world: it reads the user's messages and its commands' results
from the trial's events and appends the agent's own events (commands it
requests, messages, turns).  The agent never sees the log, the sandbox or
the user simulator directly.

Installed agents (Claude Code, Codex: ``realcli.runtime.agents``) are
also ``InstalledAgent``: before the sandbox exists the supervisor asks them
for the image and mounts it needs (``installed``), and their session then
carries a ``SandboxGrant``, the one capability to run their own long-lived
process in the container.  Commands such an agent's tools run inside that
process are recorded with ``record_command``.
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal, Protocol, runtime_checkable

import aiodocker
import anyio

from realcli import events as ev
from realcli.environments import BindMount, ContainerProcesses
from realcli.runtime.bus import StreamWriter, TrialFeed

Mode = Literal["exec", "collab"]
DEFAULT_COMMAND_TIMEOUT: Final = 600.0


@dataclass(frozen=True)
class TrialView:
    """What an agent may know about its trial: never the script, the tests or the solution."""

    trial_id: str
    mode: Mode
    workdir: str
    budgets: ev.Budgets
    step: str | None = None  # the step of a multi-step task this session works on
    continues: bool = False  # the step inherits the prior step's session: keep the conversation

    @property
    def has_user(self) -> bool:
        """Whether a simulated user is present (COLLAB); in EXEC the agent has only the instruction."""
        return self.mode == "collab"


class Agent(Protocol):
    """A CLI agent under evaluation."""

    @property
    def info(self) -> ev.AgentInfo:
        """What the run records about the agent (name, version, model, endpoint without a key, parameters)."""
        ...

    async def run(self, session: AgentSession) -> None:
        """Work on the trial until done; returning ends the agent (``AgentStopped(done)``, or
        ``AgentStopped(budget)`` after ``session.stop_for_budget``)."""
        ...


@dataclass(frozen=True)
class SandboxSetup:
    """What an installed agent needs of its trial's sandbox, and how its image came to be."""

    image: str  # the image the sandbox runs: the task image with the agent installed
    content_hash: str
    cached: bool
    duration_sec: float
    mounts: tuple[BindMount, ...] = ()

    def mount_source(self, target: str) -> Path:
        """The host path mounted at ``target`` (the agent asked for it in ``installed``)."""
        for mount in self.mounts:
            if mount.target == target:
                return mount.source
        raise KeyError(f"no mount at {target}")


@dataclass(frozen=True)
class SandboxGrant:
    """Handed by the supervisor to an installed agent's session: its setup and its process capability."""

    setup: SandboxSetup
    processes: ContainerProcesses


@runtime_checkable
class InstalledAgent(Agent, Protocol):
    """An agent whose own program runs inside the sandbox (a CLI agent installed into the task image)."""

    def installed(self, docker: aiodocker.Docker, task_image: str) -> AbstractAsyncContextManager[SandboxSetup]:
        """Build (or find) the agent's image on top of ``task_image``; hold per-trial resources until exit.

        Raises ``InfrastructureError`` when the agent cannot be installed.
        """
        ...


class AgentSession:
    """The agent's side of a trial, over the log."""

    def __init__(
        self,
        view: TrialView,
        writer: StreamWriter,
        feed: TrialFeed,
        grant: SandboxGrant | None = None,
        *,
        start: int = 0,
    ) -> None:
        self.view = view
        self._out = writer
        self._feed = feed
        self._grant = grant
        self._read = start  # feed index up to which user messages have been handed out (a step starts later)
        self._messages_read = 0
        self.turn = 0
        self.budget_spent: str | None = None  # set by ``stop_for_budget``: why the agent stopped early

    @property
    def grant(self) -> SandboxGrant:
        """The sandbox capability; only an ``InstalledAgent`` receives one."""
        if self._grant is None:
            raise RuntimeError("this session has no sandbox grant: only an InstalledAgent receives one")
        return self._grant

    # ------------------------------------------------------------- listening

    def unread(self) -> list[ev.UserMessaged]:
        """User messages that arrived since the last call, without waiting."""
        records = self._feed.records
        found = [r.event for r in records[self._read :] if isinstance(r.event, ev.UserMessaged)]
        self._read = len(records)
        self._messages_read += len(found)
        return found

    async def messages(self) -> list[ev.UserMessaged]:
        """The next user messages: at least one, waiting for it if need be."""
        while True:
            found = self.unread()
            if found:
                return found
            await self._feed.next(self._read)

    # ---------------------------------------------------------------- acting

    async def run(
        self, command: str, *, timeout_sec: float = DEFAULT_COMMAND_TIMEOUT, purpose: ev.CommandPurpose = "agent"
    ) -> ev.CommandFinished:
        """Run a shell command in the sandbox and wait for its result."""
        request = ev.CommandRequested(command_id=ev.new_id(), command=command, timeout_sec=timeout_sec, purpose=purpose)
        start = len(self._feed.records)
        await self._out.append(request)
        rec, _ = await self._feed.wait_for(
            lambda e: isinstance(e, ev.CommandFinished) and e.command_id == request.command_id, start
        )
        assert isinstance(rec.event, ev.CommandFinished)
        return rec.event

    def stop_for_budget(self, detail: str) -> None:
        """Record that the agent stops because a budget of its own ran out (tokens, cost).

        The agent then returns from ``run``; the trial records ``AgentStopped(budget)``
        and is scored from the state it left, like any other stop.
        """
        self.budget_spent = detail

    async def say(self, text: str, *, question: bool = False, claims_done: bool = False) -> None:
        """Write to the user (in EXEC there is nobody to read it, but it is recorded)."""
        await self._out.append(ev.AgentMessaged(text=text, question=question, claims_done=claims_done))

    async def end_turn(self, commands: int = 0) -> None:
        """Count one agent step (the turn budget counts these).

        The step that spends the turn budget is the agent's last: the call does
        not return, and the trial ends the agent. The trial's watcher reads the
        log and may lag behind a fast agent; without this, an agent could take
        further turns (and run their commands) before it noticed.
        """
        self.turn += 1
        await self._out.append(ev.AgentTurnTaken(turn=self.turn, commands=commands, messages_read=self._messages_read))
        if self.turn >= self.view.budgets.max_turns:
            await anyio.sleep_forever()

    async def yield_turn(self, *, claims_done: bool, question_pending: bool = False) -> None:
        """Hand the floor to the user (EXEC: this ends the agent's work)."""
        await self._out.append(
            ev.AgentYielded(
                turn=self.turn,
                claims_done=claims_done,
                question_pending=question_pending,
                messages_read=self._messages_read,
            )
        )

    async def record(self, event: ev.ModelCalled) -> None:
        """Append a model call (the model client's ``on_call``)."""
        await self._out.append(event)

    async def record_handover(self, event: ev.ContextSummarized) -> None:
        """Record that the agent condensed its conversation to go on within its model's context window."""
        await self._out.append(event)

    async def record_command(self, event: ev.CommandStarted | ev.CommandFinished) -> None:
        """Record a command an installed agent ran itself, through its own tools in its own process.

        There is no ``CommandRequested`` for it (the warden must not run
        it again): the start and the result go on the agent's stream.
        """
        await self._out.append(event)
