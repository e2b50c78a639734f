"""A trial's conversation: the agent (and the user simulator) at work, watched until it ends or a budget runs out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import anyio

from realcli import AgentFailedError, InfrastructureError, TaskFormatError
from realcli import events as ev
from realcli.eventlog import EventLog
from realcli.runtime.agents import Agent, AgentSession, SandboxGrant, TrialView
from realcli.runtime.bus import StreamWriter, TrialFeed
from realcli.runtime.trials._spec import TrialSpec, VoiceFactory
from realcli.runtime.users import UserActor

__all__ = ["StepRun", "StopReason", "Conversation"]

CLOSING_GRACE_SEC: Final = 120.0
# Why the agent's time ended, as the supervisor sees it ("completed": the conversation's own end).
StopReason = Literal["completed", "turn_budget", "time_budget", "storage_budget"]


@dataclass(frozen=True)
class StepRun:
    """What one step of a multi-step trial hands to ``Conversation.converse``: instruction, budgets, start."""

    name: str
    instruction: str
    budgets: ev.Budgets
    inherit: bool
    agent_start: int  # the agent feed's index after the step's StepPrepared
    watch_start: int


class Conversation:
    """Runs a trial's conversations (one, or one per step) and keeps how the agent's time ended."""

    def __init__(
        self, log: EventLog, spec: TrialSpec, agent: Agent, voice: VoiceFactory | None, budgets: ev.Budgets
    ) -> None:
        self._log = log
        self._spec = spec
        self._agent = agent
        self._voice = voice
        self._budgets = budgets
        self.stop_reason: StopReason = "completed"
        self.agent_cause: ev.AgentCause = "agent_done"  # how the agent's own work ended
        self.stop_detail = ""  # e.g. the agent's own token budget ran out
        self._ending = False  # the supervisor itself is stopping the actors

    async def converse(
        self,
        agent_feed: TrialFeed,
        user_feed: TrialFeed,
        watch_feed: TrialFeed,
        grant: SandboxGrant | None,
        step: StepRun | None = None,
    ) -> int:
        """The agent (and, COLLAB, the user simulator) at work until the conversation ends or a budget runs out.

        Returns the agent's turns; ``stop_reason`` says why the agent's time ended.
        """
        spec = self._spec
        user = await spec.writer(self._log, "user")
        agent_out = await spec.writer(self._log, "agent")
        budgets = step.budgets if step is not None else self._budgets
        view = TrialView(
            trial_id=spec.trial_id,
            mode=spec.mode,
            workdir=await self._workdir(watch_feed),
            budgets=budgets,
            step=step.name if step is not None else None,
            continues=step.inherit if step is not None else False,
        )
        session = AgentSession(view, agent_out, agent_feed, grant, start=step.agent_start if step is not None else 0)
        self._ending, self.stop_reason = False, "completed"
        async with anyio.create_task_group() as actors:
            if spec.mode == "exec":
                instruction = step.instruction if step is not None else spec.task.spec.instruction
                await user.append(ev.UserMessaged(kind="instruction", text=instruction))
            else:
                script = spec.task.spec.script
                if script is None or self._voice is None:
                    raise TaskFormatError(
                        f"task {spec.task.task_id} has no interaction/ layer: it runs in EXEC mode only"
                    )
                actors.start_soon(UserActor(script, self._voice(script, user), user, user_feed, seed=spec.seed).run)
            actors.start_soon(self._agent_main, session, agent_out)
            with anyio.move_on_after(budgets.timeout_sec) as budget:
                self.stop_reason = await self._watch(watch_feed, step.watch_start if step is not None else 0)
            if budget.cancelled_caught:
                self.stop_reason = "time_budget"
            self._ending = True
            actors.cancel_scope.cancel()
        return session.turn

    async def _agent_main(self, session: AgentSession, out: StreamWriter) -> None:
        try:
            await self._agent.run(session)
        except anyio.get_cancelled_exc_class():
            if not self._ending:
                await out.append_shielded(ev.AgentStopped(reason="cancelled"))
            elif self.stop_reason != "completed":
                await out.append_shielded(ev.AgentStopped(reason="budget", detail=self.stop_reason))
            raise
        except AgentFailedError as e:
            # The agent failed on its own: recorded, and the trial is scored from what it left.
            self.agent_cause = ev.parse_agent_cause(e.cause) or "agent_crashed"
            self.stop_detail = str(e)
            await out.append(ev.AgentStopped(reason="gave_up", detail=str(e)))
            return
        except InfrastructureError as e:
            await out.append_shielded(ev.AgentStopped(reason="error", detail=str(e)))
            raise
        except Exception as e:  # a bug in an agent adapter must not take the run down
            await out.append_shielded(ev.AgentStopped(reason="error", detail=f"{type(e).__name__}: {e}"))
            raise InfrastructureError(f"agent {self._agent.info.name} crashed: {type(e).__name__}: {e}") from e
        if session.budget_spent is not None:
            self.agent_cause = "agent_budget"
            self.stop_detail = f"the agent stopped: {session.budget_spent}"
            await out.append(ev.AgentStopped(reason="budget", detail=session.budget_spent))
        else:
            await out.append(ev.AgentStopped(reason="done"))

    async def _watch(self, feed: TrialFeed, cursor: int = 0) -> StopReason:
        """Follow the trial (from ``cursor``: a step's start) until its conversation is over; the reason it ended."""
        closing_sent = False
        while True:
            rec = await feed.next(cursor)
            cursor += 1
            match rec.event:
                case ev.AgentTurnTaken(turn=turn) if turn >= self._budgets.max_turns:
                    return "turn_budget"
                case ev.StorageExceeded() as full:
                    self.stop_detail = full.detail
                    return "storage_budget"
                case ev.AgentStopped():
                    return "completed"
                case ev.AgentYielded() if self._spec.mode == "exec":
                    return "completed"
                case ev.UserMessaged(kind="closing"):
                    closing_sent = True
                case ev.UserFinished():
                    if not closing_sent:
                        return "completed"
                    # Let the agent answer the closing message, briefly.
                    with anyio.move_on_after(CLOSING_GRACE_SEC):
                        await feed.wait_for(lambda e: isinstance(e, ev.AgentYielded | ev.AgentStopped), cursor)
                    return "completed"

    async def _workdir(self, feed: TrialFeed) -> str:
        """The working directory the sandbox resolved (the task's, else the image's WORKDIR)."""
        rec, _ = await feed.wait_for(lambda e: isinstance(e, ev.SandboxCreated))
        assert isinstance(rec.event, ev.SandboxCreated)
        return rec.event.workdir
