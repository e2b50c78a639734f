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
from typing import Literal, NamedTuple

import msgspec

from realcli.events import (
    ACTORS,
    AGENT_PURPOSES,
    AgentMessaged,
    AgentStopped,
    AgentTurnTaken,
    AgentYielded,
    CommandFinished,
    CommandRequested,
    CommandStarted,
    EvidenceSnapshotted,
    FidelityAssessed,
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
    Script,
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
)
from realcli.projections._network import NO_NETWORK_HINT, no_network_failure

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
]

_TRACED_PURPOSES = frozenset({"agent", "oracle", "state_check"})

EvidenceKind = Literal["trace", "environment", "both"]


def normalize_command(text: str) -> str:
    """A command's text with runs of whitespace collapsed: what "the same command" compares."""
    return " ".join(text.split())


@dataclass(slots=True)
class Usage:
    """Model usage summed over ``ModelCalled`` events (one per HTTP attempt)."""

    calls: int = 0
    errors: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    latency_sec: float = 0.0

    def add(self, call: ModelCalled) -> None:
        self.calls += 1
        self.errors += call.error is not None
        self.tokens_in += call.tokens_in
        self.tokens_out += call.tokens_out
        self.cost_usd += call.cost_usd or 0.0
        self.latency_sec += call.latency_sec

    def merge(self, other: Usage) -> None:
        self.calls += other.calls
        self.errors += other.errors
        self.tokens_in += other.tokens_in
        self.tokens_out += other.tokens_out
        self.cost_usd += other.cost_usd
        self.latency_sec += other.latency_sec


@dataclass(slots=True)
class CommandRun:
    """One command in a trace, placed where it was requested (the actor's action), then completed."""

    command_id: str
    text: str
    purpose: str
    started: bool = False
    finished: bool = False
    exit_code: int | None = None
    timed_out: bool = False
    stdout: Output | None = None
    stderr: Output | None = None
    # Trace length when it finished: entries from this index on came after its result.
    finished_at: int = -1

    @property
    def ran(self) -> bool:
        """The sandbox ran it (a request the sandbox never picked up did nothing)."""
        return self.started or self.finished

    @property
    def failed(self) -> bool:
        """Finished with a non-zero or unknown exit code, or timed out."""
        return self.finished and (self.timed_out or self.exit_code != 0)

    @property
    def succeeded(self) -> bool:
        return self.finished and not self.timed_out and self.exit_code == 0

    @property
    def output_bytes(self) -> int:
        out = self.stdout.total_bytes if self.stdout is not None else 0
        err = self.stderr.total_bytes if self.stderr is not None else 0
        return out + err


TraceEntry = (
    CommandRun
    | AgentMessaged
    | AgentYielded
    | AgentTurnTaken
    | AgentStopped
    | UserMessaged
    | UserFinished
    | SliceReleased
    | ProbeFired
)
"""What a trial's trace holds, in log order."""


@dataclass(slots=True)
class RetryStats:
    """What follows a failed agent command (appendix E.3).

    A *retry* is the very next agent command of the trial when its text
    (whitespace-normalized) equals the failed one's.
    """

    failures: int = 0
    followed: int = 0  # failures followed by another agent command
    retries: int = 0
    retry_succeeded: int = 0
    retry_failed: int = 0

    def merge(self, other: RetryStats) -> None:
        self.failures += other.failures
        self.followed += other.followed
        self.retries += other.retries
        self.retry_succeeded += other.retry_succeeded
        self.retry_failed += other.retry_failed


@dataclass(slots=True)
class TrialFacts:
    """What one try of one trial recorded (the latest try: see the module doc)."""

    trial_id: str
    started: TrialStarted
    tries: int = 1
    finished: TrialFinished | None = None
    verifier: VerifierFinished | None = None
    evidence: EvidenceSnapshotted | None = None
    stopped: AgentStopped | None = None
    user_finished: bool = False
    hard_checks: dict[tuple[str, str], HardCheckFinished] = field(default_factory=dict)
    probes_fired: dict[str, ProbeFired] = field(default_factory=dict)
    probes_not_fired: dict[str, ProbeNotFired] = field(default_factory=dict)
    slices_released: dict[str, SliceReleased] = field(default_factory=dict)
    slices_not_released: dict[str, SliceNotReleased] = field(default_factory=dict)
    agent_commands: int = 0
    agent_messages: int = 0
    agent_questions: int = 0
    user_messages: int = 0
    turns: int = 0
    usage: dict[str, Usage] = field(default_factory=dict)
    retry: RetryStats = field(default_factory=RetryStats)
    trace: list[TraceEntry] | None = None
    probe_ids: tuple[str, ...] = ()  # the script's probes, in script order
    item_evidence: dict[str, EvidenceKind] = field(default_factory=dict)  # checklist item id -> evidence kind
    network: str | None = None  # the sandbox's network (SandboxCreated), None before it exists
    steps: list[StepFinished] = field(default_factory=list)  # a multi-step task's verified steps, in order
    # The last agent (or oracle) command that failed: its text, exit code (None: timed out) and output tail.
    last_failure: tuple[str, int | None, str] | None = None
    offline_failures: int = 0  # commands (and the verifier) that failed to resolve or reach a host
    # In flight: command id -> its trace entry (trace mode) or its text (compact mode).
    _open_runs: dict[str, CommandRun] = field(default_factory=dict)
    _open_texts: dict[str, str] = field(default_factory=dict)
    _last: tuple[str, bool] | None = None  # last agent command: normalized text, failed

    # ------------------------------------------------------------ identity

    @property
    def task_id(self) -> str:
        return self.started.task.task_id

    @property
    def mode(self) -> Literal["exec", "collab"]:
        return self.started.mode

    @property
    def attempt(self) -> int:
        return self.started.attempt

    @property
    def category(self) -> str:
        return self.started.task.category

    @property
    def script(self) -> Script | None:
        """The task's script; None for a trial folded without its trace (compact facts keep
        ``probe_ids`` and ``item_evidence`` instead)."""
        return self.started.task.script

    # ------------------------------------------------------------ updates

    def command_requested(self, event: CommandRequested) -> None:
        if event.purpose not in _TRACED_PURPOSES:
            return
        if self.trace is not None:
            run = CommandRun(event.command_id, event.command, event.purpose)
            self._open_runs[event.command_id] = run
            self.trace.append(run)
        elif event.purpose in AGENT_PURPOSES:
            self._open_texts[event.command_id] = event.command

    def command_started(self, event: CommandStarted) -> None:
        if event.purpose not in _TRACED_PURPOSES:
            return
        if self.trace is not None:
            run = self._open_runs.get(event.command_id)
            if run is None:  # no request recorded: place it where it started
                run = CommandRun(event.command_id, event.command, event.purpose)
                self._open_runs[event.command_id] = run
                self.trace.append(run)
            run.started = True
        elif event.purpose in AGENT_PURPOSES:
            self._open_texts[event.command_id] = event.command

    def command_finished(self, event: CommandFinished) -> None:
        if event.purpose not in _TRACED_PURPOSES:
            return
        failed = event.timed_out or event.exit_code != 0
        if self.trace is not None:
            run = self._open_runs.pop(event.command_id, None)
            if run is None:
                run = CommandRun(event.command_id, "", event.purpose)
                self.trace.append(run)
            run.finished = True
            run.finished_at = len(self.trace)
            run.exit_code = event.exit_code
            run.timed_out = event.timed_out
            run.stdout = event.stdout
            run.stderr = event.stderr
            text = run.text
        else:
            text = self._open_texts.pop(event.command_id, "")
        if event.purpose in AGENT_PURPOSES:
            self.agent_commands += 1
            self._count_retry(normalize_command(text), failed)
            if failed:
                output = (event.stderr.text.strip() or event.stdout.text.strip())[-300:]
                self.last_failure = (text, None if event.timed_out else event.exit_code, output)

    def _count_retry(self, text: str, failed: bool) -> None:
        stats = self.retry
        last = self._last
        if last is not None and last[1]:
            stats.followed += 1
            if text == last[0]:
                stats.retries += 1
                if failed:
                    stats.retry_failed += 1
                else:
                    stats.retry_succeeded += 1
        if failed:
            stats.failures += 1
        self._last = (text, failed)

    def add_usage(self, call: ModelCalled) -> None:
        usage = self.usage.get(call.purpose)
        if usage is None:
            usage = self.usage[call.purpose] = Usage()
        usage.add(call)

    def traced(self, entry: TraceEntry) -> None:
        if self.trace is not None:
            self.trace.append(entry)


class JudgedItem(NamedTuple):
    """What scores need of a ``VerdictRendered`` (its rationale and evidence stay in the log)."""

    template: str
    verdict: str


class Assessment(NamedTuple):
    """What reports need of a ``FidelityAssessed``."""

    verdict: str
    rationale: str
    affected_dimensions: tuple[str, ...]


@dataclass(slots=True)
class JudgeFacts:
    """One judge stream: its header and the latest verdict per trial item."""

    judge_id: str
    started: JudgingStarted | None = None
    finished: JudgingFinished | None = None
    # trial id -> (scenario, item id) -> the latest verdict (a re-judged item overrides).
    verdicts: dict[str, dict[tuple[str, str], JudgedItem]] = field(default_factory=dict)
    # trial id -> criterion -> the latest assessment.
    fidelity: dict[str, dict[str, Assessment]] = field(default_factory=dict)
    usage: Usage = field(default_factory=Usage)

    def drop_trial(self, trial_id: str) -> None:
        self.verdicts.pop(trial_id, None)
        self.fidelity.pop(trial_id, None)


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
        kind, ident = self.locate(stream)
        if kind != "judge":
            return None
        judge = self.judges.get(ident)
        if judge is None:
            judge = self.judges[ident] = JudgeFacts(ident)
        return judge

    def start_trial(self, stream: str, event: TrialStarted) -> None:
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
        case SandboxCreated():
            trial.network = event.network
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
            pass  # ImageBuilt, SandboxCreated, FilesCopied, ...: nothing scored reads them


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
