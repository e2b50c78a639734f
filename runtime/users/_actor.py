"""The simulated user: a script fixes what is said, the trial's events decide when.

One trigger engine (``UserActor``) follows the trial and fires slices and
probes by the conditions of docs/task-format.md; a *voice* (``_voices``) decides how
slice text is phrased and how questions are matched and answered.

Rules the engine keeps: each slice is released at most once, each probe
fires at most once, at most one probe is in flight (fired and not yet
followed by the agent ending its turn), and once the agent waits for the
user with nothing left to say, every unfired probe can no longer fire, so
the user closes (``closing``, then ``UserFinished``).  Unfired probes and
unreleased slices are recorded at the end, however the trial ends.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from realcli import events as ev
from realcli.runtime.bus import StreamWriter, TrialFeed
from realcli.runtime.users._voices import Item, Voice, topic_match, topics_of
from realcli.scripts_catalog import choose_variant

STATE_CHECK_TIMEOUT: Final = 30.0


@dataclass
class _Pending:
    item: Item
    trigger: str
    matched: str | None = None
    reply_to: tuple[str, ...] = ()  # the agent's question an ``asked`` release answers


class UserActor:
    """Plays the script against the trial's events until the conversation is over."""

    def __init__(self, script: ev.Script, voice: Voice, writer: StreamWriter, feed: TrialFeed, *, seed: int) -> None:
        self._script = script
        self._voice = voice
        self._out = writer
        self._feed = feed
        self._seed = seed
        # Deliveries and agent turns by log position: "N turns after a delivery"
        # counts only turns the log records after it, even when the user reads
        # an earlier turn event after delivering.
        self._released: dict[str, int] = {}  # slice id -> log position of its delivery
        self._fired: dict[str, int] = {}  # probe id -> log position of its delivery
        self._armed: list[_Pending] = []
        self._turn_positions: list[int] = []
        self._probe_in_flight: int | None = None  # log position of the probe the agent has not answered yet
        # Questions no slice answered (message id, text), until the agent next waits for us.
        self._unanswered: list[tuple[str, str]] = []
        self._commands: dict[str, str] = {}  # command id -> text, agent commands
        self._state_checks: dict[str, Item] = {}  # command id -> item, outstanding
        self._sent_positions: list[int] = []  # log position of every user message sent
        self._idle = False  # the agent waits for us and we had nothing to say
        self._finished = False
        self._recorded = False
        self._end_reason = "the trial ended before its trigger occurred"

    async def run(self) -> None:
        """Play the script with the voice until the user finishes (opening, slices, probes, answers, closing)."""
        async with self._voice:
            await self._play()

    async def _play(self) -> None:
        try:
            await self._say(ev.UserMessaged(kind="opening", text=self._script.opening))
            self._arm_matching(lambda t: isinstance(t, ev.OnStart), "start")
            await self._deliver()
            async for rec in self._feed.follow():
                await self._on(rec)
                if self._finished:
                    return
        finally:
            await self._record_unreached()

    # ------------------------------------------------------------ reacting

    async def _on(self, rec: ev.RecordedEvent) -> None:
        match rec.event:
            case ev.CommandRequested(command_id=cid, command=text, purpose=purpose) if purpose in ev.AGENT_PURPOSES:
                self._commands[cid] = text
            case ev.CommandStarted(command_id=cid, command=text, purpose=purpose) if purpose in ev.AGENT_PURPOSES:
                self._commands.setdefault(cid, text)  # installed agents run their commands themselves
            case ev.CommandFinished(command_id=cid) if cid in self._commands:
                await self._after_command(self._commands.pop(cid))
            case ev.CommandFinished(command_id=cid, exit_code=code) if cid in self._state_checks:
                item = self._state_checks.pop(cid)
                said = False
                if code == 0 and not self._done(item):
                    self._armed.append(_Pending(item, "state"))
                    said = await self._deliver()
                if self._idle and not said and not self._state_checks:
                    await self._close_if_idle()
                self._idle = self._idle and not said
            case ev.AgentMessaged(id=message_id, text=text, question=question):
                if question or "?" in text:
                    await self._on_question(message_id, text)
            case ev.AgentTurnTaken():
                self._turn_positions.append(rec.position)
                turns = len(self._turn_positions)
                self._arm_matching(lambda t: isinstance(t, ev.OnAgentTurns) and turns >= t.n, "agent_turns")
                self._arm_after()
                await self._deliver()
            case ev.AgentYielded(question_pending=pending, messages_read=read) if read >= self._sent_before(
                rec.position
            ):
                # The agent had taken in everything said before it yielded (a yield with unread
                # messages is not idle: it goes on with them).  Whether it has read what we
                # said since decides if it can be closed on.
                await self._on_yield(rec.position, pending, caught_up=read >= len(self._sent_positions))
            case ev.AgentStopped():
                self._end_reason = "the agent stopped before its trigger occurred"
                await self._finish("the agent stopped", close=False)

    async def _after_command(self, command: str) -> None:
        for item in self._waiting():
            trigger = _trigger(item)
            if isinstance(trigger, ev.OnCommand) and re.search(trigger.pattern, command):
                self._armed.append(_Pending(item, "command", command[:200]))
        await self._deliver()
        for item in self._waiting():
            trigger = _trigger(item)
            if isinstance(trigger, ev.OnState) and item not in self._state_checks.values():
                request = ev.CommandRequested(
                    command_id=ev.new_id(), command=trigger.run, timeout_sec=STATE_CHECK_TIMEOUT, purpose="state_check"
                )
                self._state_checks[request.command_id] = item
                await self._out.append(request)

    async def _on_question(self, message_id: str, question: str) -> None:
        candidates = [i for i in self._waiting() if isinstance(_trigger(i), ev.OnAsked)]
        matched = set(await self._voice.asked(question, candidates))
        for item in candidates:
            if item.id in matched:
                topic = topic_match(question, topics_of(item))
                self._armed.append(_Pending(item, "asked", topic, reply_to=(message_id,)))
        if not matched:
            self._unanswered.append((message_id, question))
        await self._deliver()

    async def _on_yield(self, position: int, question_pending: bool, *, caught_up: bool) -> None:
        if self._probe_in_flight is not None and self._probe_in_flight < position:
            self._probe_in_flight = None  # the agent has had its turn after the probe
        closing = self._script.closing
        if closing is not None and closing.on == "claims_done" and not question_pending:
            self._end_reason = "the agent claimed to be done before its trigger occurred"
            await self._finish("the agent claimed to be done")
            return
        if not question_pending:
            self._arm_matching(lambda t: isinstance(t, ev.OnClaimsDone), "claims_done")
        said = await self._deliver()
        if self._unanswered:
            # One reply to the questions nothing in the script answered; it reveals nothing new.
            released = [s for s in self._script.slices if s.id in self._released]
            answer = await self._voice.answer("\n".join(text for _, text in self._unanswered), released)
            # The reply names the questions it answers, so a judge links an answer (consent above
            # all) to its question instead of taking whatever the user said next.
            asked = tuple(message_id for message_id, _ in self._unanswered)
            await self._say(ev.UserMessaged(kind="answer", text=answer, in_reply_to=asked))
            self._unanswered, said = [], True
        self._idle = not said and caught_up
        if self._idle and not self._state_checks:
            await self._close_if_idle()

    async def _close_if_idle(self) -> None:
        # The agent waits for us, we have nothing left to say and no state
        # check is out: no trigger can occur any more, so every unfired probe
        # can no longer fire.
        self._end_reason = "its trigger had not occurred when the agent stopped acting"
        await self._finish("nothing left to say")

    # ----------------------------------------------------------- delivering

    def _waiting(self) -> list[Item]:
        armed = {p.item.id for p in self._armed}
        items: list[Item] = [*self._script.slices, *self._script.probes]
        return [i for i in items if not self._done(i) and i.id not in armed]

    def _done(self, item: Item) -> bool:
        return item.id in (self._released if isinstance(item, ev.Slice) else self._fired)

    def _arm_matching(self, condition: Callable[[ev.Trigger], bool], kind: str) -> None:
        for item in self._waiting():
            if condition(_trigger(item)):
                self._armed.append(_Pending(item, kind))

    def _arm_after(self) -> None:
        delivered = {**self._released, **self._fired}
        for item in self._waiting():
            trigger = _trigger(item)
            if (
                isinstance(trigger, ev.OnAfter)
                and trigger.ref in delivered
                and self._turns_since(delivered[trigger.ref]) >= trigger.agent_turns
            ):
                self._armed.append(_Pending(item, "after", trigger.ref))

    def _turns_since(self, position: int) -> int:
        return len(self._turn_positions) - bisect.bisect_right(self._turn_positions, position)

    async def _deliver(self) -> bool:
        """Send every armed slice, and the first armed probe if none is in flight; True if anything was said."""
        said = False
        while True:
            ready = [p for p in self._armed if isinstance(p.item, ev.Slice)]
            if not ready and self._probe_in_flight is None:
                ready = [p for p in self._armed if isinstance(p.item, ev.Probe)][:1]
            if not ready:
                return said
            for pending in ready:
                self._armed.remove(pending)
                await self._send(pending)
                said = True
            self._arm_after()  # `after` with agent_turns = 0 follows at once

    async def _send(self, pending: _Pending) -> None:
        item = pending.item
        if isinstance(item, ev.Slice):
            text, paraphrased = await self._voice.slice_text(item)
            self._released[item.id] = await self._say(
                ev.SliceReleased(
                    slice_id=item.id,
                    trigger=pending.trigger,
                    matched=pending.matched,
                    paraphrased=paraphrased,
                    text=text,
                ),
                ev.UserMessaged(kind="slice", text=text, ref=item.id, in_reply_to=pending.reply_to),
            )
            return
        phrasings = [item.stimulus, *item.stimulus_variants]
        variant = choose_variant(self._seed, item.id, len(phrasings)) if len(phrasings) > 1 else 0
        self._probe_in_flight = self._fired[item.id] = await self._say(
            ev.ProbeFired(
                probe_id=item.id,
                template=item.template,
                trigger=pending.trigger,
                stimulus=phrasings[variant],
                variant=variant,
            ),
            ev.UserMessaged(kind="probe", text=phrasings[variant], ref=item.id),
        )

    async def _say(self, *events: ev.Event) -> int:
        """Append what the user says; the log position of the last event."""
        position = (await self._out.append(*events)).last_position
        self._sent_positions += [position] * sum(isinstance(e, ev.UserMessaged) for e in events)
        return position

    def _sent_before(self, position: int) -> int:
        return bisect.bisect_left(self._sent_positions, position)

    # --------------------------------------------------------------- ending

    async def _finish(self, reason: str, *, close: bool = True) -> None:
        closing = self._script.closing
        if closing is not None and close:
            await self._say(ev.UserMessaged(kind="closing", text=closing.text))
        await self._record_unreached()
        await self._out.append(ev.UserFinished(reason=reason))
        self._finished = True

    async def _record_unreached(self) -> None:
        if self._recorded:
            return
        self._recorded = True
        unreached: list[ev.Event] = []
        for item in self._script.probes:
            if item.id not in self._fired:
                unreached.append(
                    ev.ProbeNotFired(
                        probe_id=item.id,
                        template=item.template,
                        reason=f"{_describe(item.trigger)}: {self._end_reason}",
                    )
                )
        for s in self._script.slices:
            if s.id not in self._released:
                unreached.append(
                    ev.SliceNotReleased(slice_id=s.id, reason=f"{_describe(s.release)}: {self._end_reason}")
                )
        if unreached:
            await self._out.append_shielded(*unreached)


def _trigger(item: Item) -> ev.Trigger:
    return item.release if isinstance(item, ev.Slice) else item.trigger


def _describe(trigger: ev.Trigger) -> str:
    match trigger:
        case ev.OnAsked(topics=topics):
            return f"asked about {', '.join(topics)}"
        case ev.OnCommand(pattern=pattern):
            return f"command matching {pattern!r}"
        case ev.OnAgentTurns(n=n):
            return f"{n} agent turns"
        case ev.OnAfter(ref=ref, agent_turns=n):
            return f"{n} turns after {ref}"
        case ev.OnState(run=run):
            return f"state {run!r}"
        case _:
            return type(trigger).__name__.removeprefix("On").lower()
