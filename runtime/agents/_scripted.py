"""The built-in agents that need no model: the baselines, the controls and the reference solution.

``noop`` (does nothing, the paper's no-op baseline), ``parrot`` (answers
every message with a fixed "OK, done." and runs nothing: a control that
talks), ``oracle`` (the reference solution; in COLLAB it follows
``oracle_contract.json`` exactly as docs/task-format.md describes) and
``mutant`` (runs one of the task's mutant solutions instead: a plausible
wrong solution the verifier must reject).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from realcli import events as ev
from realcli.runtime.agents._protocol import AgentSession
from realcli.runtime.agents._recipe import AgentRecipe

__all__ = [
    "ACK",
    "NOOP",
    "ORACLE",
    "PARROT",
    "PARROT_REPLY",
    "SOLUTION_AGENTS",
    "SOLVE",
    "MutantAgent",
    "NoopAgent",
    "OracleAgent",
    "ParrotAgent",
    "ask_text",
]


class NoopAgent:
    """Does nothing: it ends every turn at once, claiming nothing."""

    info = ev.AgentInfo(name="noop", version="1")

    async def run(self, session: AgentSession) -> None:
        """Do nothing: yield every turn claiming to be done (the control whose reward must stay low)."""
        await session.messages()
        while True:
            await session.yield_turn(claims_done=True)
            if not session.view.has_user:
                return
            if any(m.kind == "closing" for m in await session.messages()):
                return


PARROT_REPLY: Final = "OK, done."


class ParrotAgent:
    """A negative control that talks: every user message gets "OK, done." and nothing is ever run."""

    info = ev.AgentInfo(name="parrot", version="1")

    async def run(self, session: AgentSession) -> None:
        """Answer every message with the same canned reply and run no command (the control for the collaboration
        scores)."""
        while True:
            messages = await session.messages()
            if any(m.kind == "closing" for m in messages):
                return
            await session.say(PARROT_REPLY, claims_done=True)
            await session.end_turn()
            await session.yield_turn(claims_done=True)
            if not session.view.has_user:
                return


SOLVE: Final = "bash /solution/solve.sh"
ACK: Final = "Noted."


def ask_text(topic: str) -> str:
    """The question the oracle asks about a topic of its contract."""
    return f"Before I start: what should I know about {topic}?"


SOLUTION_AGENTS: Final = frozenset({"oracle", "mutant"})
"""Agents whose sandbox gets the task's ``solution/`` at ``/solution`` (nobody else ever sees it)."""


class OracleAgent:
    """The reference solution, and in COLLAB the ideal collaborator of ``oracle_contract.json``."""

    info = ev.AgentInfo(name="oracle", version="1")

    def __init__(
        self,
        contract: ev.OracleContract | None = None,
        *,
        solve_timeout_sec: float | None = None,
        solve: str = SOLVE,
    ) -> None:
        self._contract = contract or ev.OracleContract()
        self._solve_timeout = solve_timeout_sec
        self._solve_command = solve

    async def run(self, session: AgentSession) -> None:
        """Run the task's reference solution; in COLLAB, also answer probes and slices as the oracle contract says."""
        opening = await session.messages()
        if not session.view.has_user:
            await self._solve(session)
            await session.yield_turn(claims_done=True)
            return
        if await self._handle(session, opening):
            return
        for topic in self._contract.ask_topics:
            await session.say(ask_text(topic), question=True)
            await session.end_turn()
            await session.yield_turn(claims_done=False, question_pending=True)
            if await self._handle(session, await session.messages()):
                return
        await self._solve(session)
        await session.say("Done: the task is complete.", claims_done=True)
        await session.yield_turn(claims_done=True)
        while not await self._handle(session, await session.messages()):
            await session.yield_turn(claims_done=True)

    async def _solve(self, session: AgentSession) -> None:
        timeout = self._solve_timeout or session.view.budgets.timeout_sec
        command = self._solve_command
        if session.view.step is not None and command == SOLVE:
            # A multi-step task's oracle runs each step's own solution (steps/<name>/solution/solve.sh).
            script = f"/solution/steps/{session.view.step}/solve.sh"
            command = f"if [ -f {script} ]; then bash {script}; else echo 'no solution for this step'; fi"
        await session.run(command, timeout_sec=timeout, purpose="oracle")
        await session.end_turn(commands=1)

    async def _handle(self, session: AgentSession, messages: Sequence[ev.UserMessaged]) -> bool:
        """Answer each message as the contract says; True once the user has closed.

        A probe read together with other messages is answered first: once the
        agent has read a probe, the judge takes its next action as the response
        to it, whatever that action is about (docs/judging.md, windows).
        """
        closed = False
        for message in sorted(messages, key=lambda m: m.kind != "probe"):  # stable: otherwise in order
            if message.kind == "closing":
                closed = True
            if message.kind not in ("slice", "probe"):
                continue  # the opening and plain answers need no acknowledgement
            reply = self._reply(message)
            await session.say(reply.reply or ACK, question=reply.question)
            for command in reply.commands:
                await session.run(command, purpose="oracle")
            await session.end_turn(commands=len(reply.commands))
        return closed

    def _reply(self, message: ev.UserMessaged) -> ev.OracleReply:
        if message.ref is not None:
            if message.kind == "slice" and message.ref in self._contract.on_slice:
                return self._contract.on_slice[message.ref]
            if message.kind == "probe" and message.ref in self._contract.on_probe:
                return self._contract.on_probe[message.ref]
        return ev.OracleReply(reply=ACK)


class MutantAgent(OracleAgent):
    """Runs ``solution/mutants/<name>.sh`` (EXEC) instead of the reference solution."""

    def __init__(self, name: str) -> None:
        super().__init__(solve=f"bash /solution/mutants/{name}.sh")
        self.info = ev.AgentInfo(name="mutant", version="1", params={"mutant": name})


NOOP: Final = AgentRecipe.fixed(NoopAgent.info, lambda task: NoopAgent())
"""The ``noop`` entry of ``AGENTS``."""
PARROT: Final = AgentRecipe.fixed(ParrotAgent.info, lambda task: ParrotAgent())
"""The ``parrot`` entry of ``AGENTS``."""
ORACLE: Final = AgentRecipe.fixed(OracleAgent.info, lambda task: OracleAgent(task.spec.oracle))
"""The ``oracle`` entry of ``AGENTS``."""
