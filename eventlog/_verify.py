"""Checking a run end to end: every stream's chain, every seal, and (if given) the run's head.

``verify_run`` reads the run once, as stored (``read_raw``), and finds:

* a broken chain: an event whose stored digest is not the chain's (it, or
  its place in the stream, was altered), a gap or a repeat in a stream's
  versions, an event without a digest after chained ones (appended by
  something that does not chain);
* a broken seal: a ``TrialFinished`` or ``RunFinished`` whose recorded
  heads (``StreamHead``) no longer match the streams (rewritten since);
* events after a seal: appended to a trial's streams after its last try
  ended, or to any stream of a run after its last close (a trial stream
  that appeared after it too).  A judge stream added after the close is a
  note (``realcli rejudge`` does that), not a problem;
* with ``head``: whether the run stream ever had that digest (the run's
  head printed by ``realcli run``): a log rewritten wholesale, chain and
  seals recomputed, no longer passes through it.

A run recorded before chains existed has no digest at all: it is reported
as unchained, not as broken.  What a chain and its seals cannot catch is
in ``docs/threat-model.md``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Final

import msgspec

from realcli.eventlog._base import EventLog, RawRecord
from realcli.eventlog._chain import genesis, next_digest
from realcli.events import RunFinished, StreamHead, TrialFinished, TrialStarted, check_token, run_of, trial_of

__all__ = ["ChainProblem", "Verification", "seal_of", "verify_run"]

_DIGEST: Final = 32
# The events verify decodes (every encoded event starts with its type tag): seals and new tries.
_SEAL_PREFIXES: Final = tuple(f'{{"type":"{t}"'.encode() for t in ("TrialFinished", "RunFinished", "TrialStarted"))


@functools.cache
def _seals() -> msgspec.json.Decoder[TrialFinished | RunFinished | TrialStarted]:
    # Built at the first decode, not at import: a started trial carries its script, whose rules are
    # typed by the registry of rule kinds, plug-ins included (realcli.events.RULE_KINDS).
    return msgspec.json.Decoder(TrialFinished | RunFinished | TrialStarted)


class ChainProblem(msgspec.Struct, frozen=True):
    """One thing wrong with a run's log: where (stream and version) and what."""

    stream: str
    version: int
    what: str

    def __str__(self) -> str:
        return f"{self.stream} v{self.version}: {self.what}"


class Verification(msgspec.Struct):
    """What ``verify_run`` found (see the module doc)."""

    run_id: str
    streams: int = 0
    events: int = 0
    unchained: int = 0  # events recorded without a digest (before chains)
    head: str = ""  # the run stream's last digest: the run's head
    sealed: bool = False  # the run stream ends with a RunFinished whose heads cover the run
    head_found: bool | None = None  # whether the asked-for head is on the run stream's chain (None: none asked)
    problems: list[ChainProblem] = msgspec.field(default_factory=list)
    notes: list[str] = msgspec.field(default_factory=list)

    @property
    def chained(self) -> bool:
        """Whether the run has a chain at all (a run recorded before chains has none)."""
        return self.events > self.unchained

    @property
    def intact(self) -> bool:
        """Whether the check found no problem."""
        return not self.problems

    def summary(self) -> str:
        """One line: the verdict."""
        if not self.events:
            return f"run {self.run_id}: no events"
        if not self.chained and self.intact:
            return (
                f"run {self.run_id}: recorded before realcli chained its log ({self.events} events, "
                f"{self.streams} streams): no chain to verify"
            )
        if not self.intact:
            return (
                f"run {self.run_id}: BROKEN: {len(self.problems)} problem(s) in {self.events} events of "
                f"{self.streams} streams (first: {self.problems[0]})"
            )
        state = "sealed at its close" if self.sealed else "open (not closed since its last start or resume)"
        partly = f", {self.unchained} recorded before chains" if self.unchained else ""
        return (
            f"run {self.run_id}: intact: {self.events} events in {self.streams} streams{partly}, "
            f"chains and seals hold, {state}; head {self.head}"
        )


@dataclass
class _Stream:
    """One stream as verify has read it so far."""

    name: str
    version: int = 0
    prev: bytes = b""
    chained: bool = False
    digests: bytearray = field(default_factory=bytearray)  # 32 bytes per version, to check seals against

    def digest_at(self, version: int) -> bytes | None:
        if not 1 <= version <= self.version:
            return None
        return bytes(self.digests[(version - 1) * _DIGEST : version * _DIGEST])


@dataclass
class _Trial:
    seal: TrialFinished | None = None  # the latest try's end, while no new try has started
    seal_at: int = 0  # its version on the supervisor stream


class _Verifier:
    def __init__(self, run_id: str, head: str | None) -> None:
        self.result = Verification(run_id)
        self.run_stream = f"{run_id}.run"
        self.streams: dict[str, _Stream] = {}
        self.trials: dict[str, _Trial] = {}
        self.run_seal: RunFinished | None = None  # the latest RunFinished, while it is the run stream's last event
        self.wanted_head = head
        if head is not None:
            self.result.head_found = False

    def problem(self, stream: str, version: int, what: str) -> None:
        self.result.problems.append(ChainProblem(stream, version, what))

    def add(self, rec: RawRecord) -> None:
        stream = self.streams.get(rec.stream)
        if stream is None:
            stream = self.streams[rec.stream] = _Stream(rec.stream, prev=genesis(rec.stream))
        self.result.events += 1
        if rec.version != stream.version + 1:
            self.problem(rec.stream, rec.version, f"follows version {stream.version}: an event is missing or repeated")
            del stream.digests[max(rec.version - 1, 0) * _DIGEST :]  # a repeat overwrites; a gap is noted
            stream.digests += bytes(_DIGEST) * max(rec.version - 1 - len(stream.digests) // _DIGEST, 0)
        computed = next_digest(stream.prev, rec.version, rec.data)
        digest = computed if rec.digest is None else self._check_digest(stream, rec, computed)
        stream.version, stream.prev = rec.version, digest
        stream.digests += digest
        if rec.stream == self.run_stream:
            self.result.head = digest.hex()
            if self.wanted_head == self.result.head:
                self.result.head_found = True
            self.run_seal = None  # anything on the run stream after a RunFinished opens the run again
        if rec.data.startswith(_SEAL_PREFIXES):
            self._seal(rec)

    def _check_digest(self, stream: _Stream, rec: RawRecord, computed: bytes) -> bytes:
        """The digest the chain goes on from (the stored one); a record inside a JetStream append has none."""
        if not rec.digest:
            self.result.unchained += 1
            if stream.chained:
                self.problem(rec.stream, rec.version, "has no digest after chained events: not appended by realcli")
            return computed
        stream.chained = True
        if rec.digest != computed.hex():
            self.problem(
                rec.stream,
                rec.version,
                "its digest does not follow the chain: the event (or one before it) was altered",
            )
            try:
                return bytes.fromhex(rec.digest)
            except ValueError:
                return computed
        return computed

    def _seal(self, rec: RawRecord) -> None:
        try:
            event = _seals().decode(rec.data)
        except msgspec.DecodeError:
            self.problem(rec.stream, rec.version, "does not decode as the event its type names")
            return
        trial = trial_of(rec.stream)
        if isinstance(event, TrialStarted) and trial is not None:
            self.trials.setdefault(trial, _Trial()).seal = None
        elif isinstance(event, TrialFinished) and trial is not None:
            self._check_heads(rec, event.heads, f"{run_of(rec.stream)}.{trial}.")
            self.trials[trial] = _Trial(event, rec.version)
        elif isinstance(event, RunFinished) and rec.stream == self.run_stream:
            self._check_heads(rec, event.heads, f"{self.result.run_id}.")
            self.run_seal = event if event.heads else None

    def _check_heads(self, rec: RawRecord, heads: list[StreamHead], scope: str) -> None:
        """Each head a seal recorded matches the stream's chain at that version."""
        for head in heads:
            stream = self.streams.get(head.stream)
            at = stream.digest_at(head.version) if stream is not None else None
            if not head.stream.startswith(scope):
                self.problem(rec.stream, rec.version, f"seals {head.stream}, which is not its own")
            elif at is None:
                self.problem(rec.stream, rec.version, f"seals {head.stream} at version {head.version}, never reached")
            elif head.digest and at.hex() != head.digest:
                self.problem(
                    head.stream,
                    head.version,
                    f"no longer matches the seal in {rec.stream} v{rec.version}: the stream was rewritten",
                )

    def finish(self) -> Verification:
        result = self.result
        result.streams = len(self.streams)
        for trial, state in sorted(self.trials.items()):
            if state.seal is not None and state.seal.heads:
                supervisor = f"{result.run_id}.{trial}.supervisor"
                self._after_seal(state.seal.heads, f"{result.run_id}.{trial}.", f"trial {trial} ended", {supervisor})
                self._after_seal(
                    [StreamHead(supervisor, state.seal_at)], supervisor, f"trial {trial} ended", exact=True
                )
        if self.run_seal is not None:
            result.sealed = True
            self._after_seal(self.run_seal.heads, f"{result.run_id}.", "the run closed", {self.run_stream})
        if self.wanted_head is not None and not result.head_found:
            self.problem(
                self.run_stream,
                self.streams[self.run_stream].version if self.run_stream in self.streams else 0,
                f"never had head {self.wanted_head}: the run's log is not the one that head was taken of",
            )
        return result

    def _after_seal(
        self, heads: list[StreamHead], scope: str, what: str, skip: set[str] | None = None, *, exact: bool = False
    ) -> None:
        """Nothing was appended to the scope's streams after their seal, and no stream appeared after it.

        Judge streams are the exception, reported as notes: ``realcli rejudge``
        adds verdicts to a closed run, and no seal covers them.
        """
        sealed = {h.stream: h.version for h in heads}
        for name, stream in sorted(self.streams.items()):
            if (exact and name != scope) or (not exact and not name.startswith(scope)) or name in (skip or ()):
                continue
            at = sealed.get(name)
            judge = name.split(".")[1] == "judge"
            if at is None and judge:
                self.result.notes.append(f"{name} was added after {what} (a rejudge?): no seal covers it")
            elif at is None:
                self.problem(name, 1, f"appeared after {what}: no seal covers it")
            elif stream.version > at and judge:
                self.result.notes.append(
                    f"{name}: {stream.version - at} event(s) added after {what} (a rejudge?): no seal covers them"
                )
            elif stream.version > at:
                self.problem(
                    name, at + 1, f"{stream.version - at} event(s) appended after {what} (sealed at version {at})"
                )


async def verify_run(log: EventLog, run_id: str, *, head: str | None = None) -> Verification:
    """Verify run ``run_id`` of ``log`` (see the module doc); ``head``: a run head to find on its chain."""
    check_token(run_id, "run id")
    verifier = _Verifier(run_id, head.lower() if head else None)
    async for rec in log.read_raw(0, scope=run_id):
        verifier.add(rec)
    return verifier.finish()


async def seal_of(log: EventLog, scope: str, *, skip: str = "") -> list[StreamHead]:
    """The heads of every stream of ``scope`` but ``skip`` (the stream the seal goes on): a seal to record."""
    return [StreamHead(s.name, s.version, s.digest) for s in await log.streams(scope) if s.name != skip]
