"""The run fold: ``evolve(state, event) -> state`` over a run's recorded events.

One pass over ``read_all(scope=run)`` (log order) builds ``RunFacts``: the run's
header, one ``TrialFacts`` per trial and one ``JudgeFacts`` per judge stream.
The state is a private accumulator owned by the fold, so ``evolve`` updates it
in place and returns it (a copy per event would cost more than the decode).

Per-trial facts are compact by default (counters, verifier result, probes,
hard checks), so a report over a million events holds per-trial data only.
With ``keep_trace=True`` each trial also keeps its *trace*: the agent's
commands, messages, yields and turns and the user's messages, slices and
probes in log order, which the judges and the fidelity audit read.

A new ``TrialStarted`` on a trial's streams starts a new try: the old try's
facts are dropped, and so are verdicts any judge rendered for the old try
(they come before the new ``TrialStarted`` in log order).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

import msgspec

from realcli.events import (
    ACTORS,
    AgentMessaged,
    AgentStopped,
    AgentTurnTaken,
    AgentYielded,
    CommandFinished,
    CommandRequested,
    CommandStarted,
    EvidenceSnapshotted,
    FidelityAssessed,
    FilesCopied,
    HardCheckFinished,
    JudgingFinished,
    JudgingStarted,
    ModelCalled,
    Output,
    ProbeFired,
    ProbeNotFired,
    RecordedEvent,
    RunFinished,
    RunResumed,
    RunStarted,
    SandboxCreated,
    SliceNotReleased,
    SliceReleased,
    StepFinished,
    StepsScored,
    TaskSpec,
    TrialFinished,
    TrialScheduled,
    TrialStarted,
    UnknownEvent,
    UserFinished,
    UserMessaged,
    VerdictRendered,
    VerifierFinished,
    VerifierPrepared,
)
from realcli.projections.facts._network import NO_NETWORK_HINT, no_network_failure
from realcli.projections.facts._trial import (
    Assessment,
    CommandRun,
    EvidenceKind,
    JudgedItem,
    JudgeFacts,
    RetryStats,
    TraceEntry,
    TrialFacts,
    Usage,
    normalize_command,
)

__all__ = [
    "Assessment",
    "CommandRun",
    "EvidenceKind",
    "JudgeFacts",
    "JudgedItem",
    "RetryStats",
    "RunFacts",
    "TraceEntry",
    "TrialFacts",
    "Usage",
    "evolve",
    "fold",
    "network_hint",
    "normalize_command",
    "processes_hint",
]


_Where = tuple[Literal["run", "trial", "judge", "other"], str]


@dataclass(frozen=True, slots=True)
class _SharedTask:
    """A task snapshot shared by the trials of one task, and what scores read of its script."""

    task: TaskSpec
    probe_ids: tuple[str, ...]
    item_evidence: dict[str, EvidenceKind]

    @classmethod
    def of(cls, task: TaskSpec, *, slim: bool) -> _SharedTask:
        probes = task.script.probes if task.script is not None else []
        evidence = {item.id: item.evidence for probe in probes for item in probe.checklist}
        if slim:
            # Compact facts drop the instruction, script and oracle (kilobytes per task):
            # scores need only the probe ids and each item's evidence kind.
            task = msgspec.structs.replace(task, instruction="", script=None, oracle=None)
        return cls(task, tuple(p.id for p in probes), evidence)


def _classify(stream: str) -> _Where:
    parts = stream.split(".")
    if len(parts) == 2 and parts[1] == "run":
        return ("run", "")
    if len(parts) == 3 and parts[1] == "judge":
        return ("judge", parts[2])
    if len(parts) == 3:
        return ("trial", parts[1])
    return ("other", "")


@dataclass(slots=True)
class RunFacts:
    """Everything the fold learned about one run."""

    run_id: str
    keep_trace: bool = False
    started: RunStarted | None = None
    finished: RunFinished | None = None
    resumed: int = 0
    scheduled: dict[str, TrialScheduled] = field(default_factory=dict)
    trials: dict[str, TrialFacts] = field(default_factory=dict)
    judges: dict[str, JudgeFacts] = field(default_factory=dict)
    events: int = 0
    unknown_events: int = 0
    orphan_events: int = 0  # trial events before the trial's first TrialStarted
    _where: dict[str, _Where] = field(default_factory=dict)
    # stream name -> the current try of its trial: one dict hit per event on the hot path.
    _by_stream: dict[str, TrialFacts] = field(default_factory=dict)
    # (task id, digest) -> its snapshot: the paired trials and attempts of a task share one.
    _tasks: dict[tuple[str, str], _SharedTask] = field(default_factory=dict)
    _strings: dict[str, str] = field(default_factory=dict)

    def intern(self, text: str) -> str:
        """One shared copy of a string that many facts repeat (verdicts, template ids)."""
        return self._strings.setdefault(text, text)

    def locate(self, stream: str) -> _Where:
        """Which kind of stream this is, and its trial or judge id (cached per stream name)."""
        where = self._where.get(stream)
        if where is None:
            where = self._where[stream] = _classify(stream)
        return where

    def trial(self, stream: str) -> TrialFacts | None:
        """The current try of the trial ``stream`` belongs to (None, and counted, before it started)."""
        trial = self._by_stream.get(stream)
        if trial is None and self.locate(stream)[0] == "trial":
            self.orphan_events += 1
        return trial

    def judge(self, stream: str) -> JudgeFacts | None:
        """The facts of the judge whose stream ``stream`` is (created at its first event); None for a stream that is not
        a judge's."""
        kind, ident = self.locate(stream)
        if kind != "judge":
            return None
        judge = self.judges.get(ident)
        if judge is None:
            judge = self.judges[ident] = JudgeFacts(ident)
        return judge

    def start_trial(self, stream: str, event: TrialStarted) -> None:
        """Begin a new try of the trial of ``stream``: fresh facts that share the task snapshot, the old try's judge
        verdicts dropped."""
        kind, ident = self.locate(stream)
        if kind != "trial":
            return
        previous = self.trials.get(ident)
        key = (event.task.task_id, event.task.digest)
        shared = self._tasks.get(key)
        if shared is None:
            shared = self._tasks[key] = _SharedTask.of(event.task, slim=not self.keep_trace)
        event = msgspec.structs.replace(event, task=shared.task)
        trial = TrialFacts(
            trial_id=ident,
            started=event,
            tries=1 if previous is None else previous.tries + 1,
            trace=[] if self.keep_trace else None,
            probe_ids=shared.probe_ids,
            item_evidence=shared.item_evidence,
        )
        self.trials[ident] = trial
        prefix = stream.rsplit(".", 1)[0]
        for actor in ACTORS:
            self._by_stream[f"{prefix}.{actor}"] = trial
        if previous is not None:
            for judge in self.judges.values():
                judge.drop_trial(ident)


def _offline(*outputs: Output) -> bool:
    return any(no_network_failure(out.text) for out in outputs)


def network_hint(trial: TrialFacts) -> str | None:
    """``NO_NETWORK_HINT`` when the trial's sandbox had no network and its commands failed to reach one."""
    return NO_NETWORK_HINT if trial.offline_failures else None


def processes_hint(trial: TrialFacts) -> str | None:
    """A failed trial whose agent left processes running, which realcli's verifier ran without (Harbor's sees them)."""
    prepared, verifier = trial.prepared, trial.verifier
    if prepared is None or not prepared.stopped_total or prepared.tampering or verifier is None:
        return None
    if verifier.reward is not None and verifier.reward >= 1.0:
        return None
    shown = ", ".join(command[:60] for command in prepared.stopped[:3])
    more = f" and {prepared.stopped_total - 3} more" if prepared.stopped_total > 3 else ""
    return (
        f"the agent left {prepared.stopped_total} process(es) running ({shown}{more}); they were killed before the "
        "verifier ran (realcli's verdict is the harness's: a service the tests need must be started by them)"
    )


def evolve(state: RunFacts, rec: RecordedEvent) -> RunFacts:
    """Fold one recorded event into ``state`` (in place) and return it.

    Trial events are matched first, commonest type first; run and judge
    streams (a few events per trial) take the slower path.
    """
    state.events += 1
    event = rec.event
    trial = state._by_stream.get(rec.stream)
    if trial is None:
        _untracked(state, rec.stream, event)
        return state
    match event:
        case CommandFinished():
            trial.command_finished(event)
            if trial.network == "none" and event.exit_code != 0 and _offline(event.stdout, event.stderr):
                trial.offline_failures += 1
        case CommandStarted():
            trial.command_started(event)
        case CommandRequested():
            trial.command_requested(event)
        case ModelCalled():
            trial.add_usage(event)
        case AgentTurnTaken():
            trial.turns = max(trial.turns, event.turn)
            trial.traced(event)
        case AgentMessaged():
            trial.agent_messages += 1
            trial.agent_questions += event.question
            trial.traced(event)
        case AgentYielded():
            trial.traced(event)
        case UserMessaged():
            trial.user_messages += 1
            trial.traced(event)
        case _:
            _trial_rare(state, rec.stream, trial, event)
    return state


def _trial_rare(state: RunFacts, stream: str, trial: TrialFacts, event: object) -> None:
    """Trial events that occur a few times per trial."""
    match event:
        case SliceReleased():
            trial.slices_released.setdefault(event.slice_id, event)
            trial.traced(event)
        case ProbeFired():
            trial.probes_fired.setdefault(event.probe_id, event)
            trial.traced(event)
        case HardCheckFinished():
            trial.hard_checks[(event.probe_id, event.check_id)] = event
        case ProbeNotFired():
            trial.probes_not_fired[event.probe_id] = event
        case SliceNotReleased():
            trial.slices_not_released[event.slice_id] = event
        case VerifierFinished():
            trial.verifier = event
            if trial.network == "none" and event.reward != 1.0 and _offline(event.output):
                trial.offline_failures += 1
        case VerifierPrepared():
            # One per verification (per step): a tampered one is the one to keep.
            if trial.prepared is None or not trial.prepared.tampering:
                trial.prepared = event
        case SandboxCreated():
            trial.network = event.network
            trial.workdir = event.workdir
        case FilesCopied(direction="in"):
            if state.keep_trace:
                trial.copied_in.append(event.dest)  # harness files: not the agent's changes
        case StepFinished():
            trial.steps.append(event)
        case StepsScored():
            # A multi-step trial is scored by its steps (Harbor's strategy), not by its last step alone.
            if trial.verifier is not None:
                trial.verifier = msgspec.structs.replace(trial.verifier, reward=event.reward, metrics=event.metrics)
        case TrialFinished():
            trial.finished = event
        case AgentStopped():
            trial.stopped = event
            trial.traced(event)
        case UserFinished():
            trial.user_finished = True
            trial.traced(event)
        case EvidenceSnapshotted():
            if state.keep_trace:
                trial.evidence = event
        case TrialStarted():
            state.start_trial(stream, event)  # a new try
        case UnknownEvent():
            state.unknown_events += 1
        case _:
            pass  # ImageBuilt, SandboxRemoved, ...: nothing scored reads them


def _untracked(state: RunFacts, stream: str, event: object) -> None:
    """Events of the run and judge streams, a trial's first ``TrialStarted``, and orphans."""
    match event:
        case VerdictRendered():
            if (judge := state.judge(stream)) is not None:
                # Many verdicts share a few strings: keep one copy of each.
                item = JudgedItem(state.intern(event.template), state.intern(event.verdict))
                judge.verdicts.setdefault(event.trial_id, {})[(event.scenario, event.item_id)] = item
        case FidelityAssessed():
            if (judge := state.judge(stream)) is not None:
                assessed = Assessment(
                    state.intern(event.verdict),
                    state.intern(event.rationale),
                    tuple(state.intern(d) for d in event.affected_dimensions),
                )
                judge.fidelity.setdefault(event.trial_id, {})[event.criterion] = assessed
        case ModelCalled():
            if (judge := state.judge(stream)) is not None:
                judge.usage.add(event)
            else:
                state.trial(stream)  # counts an orphan
        case TrialStarted():
            state.start_trial(stream, event)
        case JudgingStarted():
            if (judge := state.judge(stream)) is not None and judge.started is None:
                judge.started = event
        case JudgingFinished():
            if (judge := state.judge(stream)) is not None:
                judge.finished = event
        case TrialScheduled():
            state.scheduled[event.trial_id] = event
        case RunStarted():
            state.started = event
        case RunFinished():
            state.finished = event
        case RunResumed():
            state.resumed += 1
        case UnknownEvent():
            state.unknown_events += 1
        case _:
            state.trial(stream)  # a trial event before its TrialStarted: counted as an orphan


def fold(run_id: str, records: Iterable[RecordedEvent], *, keep_trace: bool = False) -> RunFacts:
    """Fold ``records`` (one run's events in log order) into fresh ``RunFacts``."""
    state = RunFacts(run_id, keep_trace=keep_trace)
    for rec in records:
        evolve(state, rec)
    return state
