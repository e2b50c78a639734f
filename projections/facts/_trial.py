"""The facts the run's fold keeps per trial (counters, verifier result, probes, checks, the trace) and per judge."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from realcli.events import (
    AGENT_PURPOSES,
    AgentMessaged,
    AgentStopped,
    AgentTurnTaken,
    AgentYielded,
    CommandFinished,
    CommandRequested,
    CommandStarted,
    EvidenceSnapshotted,
    HardCheckFinished,
    JudgingFinished,
    JudgingStarted,
    ModelCalled,
    Output,
    ProbeFired,
    ProbeNotFired,
    Script,
    SliceNotReleased,
    SliceReleased,
    StepFinished,
    TrialFinished,
    TrialStarted,
    UserFinished,
    UserMessaged,
    VerifierFinished,
    VerifierPrepared,
)

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
        """Count one model call in."""
        self.calls += 1
        self.errors += call.error is not None
        self.tokens_in += call.tokens_in
        self.tokens_out += call.tokens_out
        self.cost_usd += call.cost_usd or 0.0
        self.latency_sec += call.latency_sec

    def merge(self, other: Usage) -> None:
        """Add another usage's counts to this one."""
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
        """Whether the command finished in time with exit code 0."""
        return self.finished and not self.timed_out and self.exit_code == 0

    @property
    def output_bytes(self) -> int:
        """The bytes the command wrote on stdout and stderr (before any cap)."""
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
        """Add another trial's retry counts to these."""
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
    prepared: VerifierPrepared | None = None  # the verifier's guard (the tampered one, if a step was)
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
    workdir: str = ""  # the sandbox's working directory (SandboxCreated; "" unknown, as in older logs)
    copied_in: list[str] = field(default_factory=list)  # where the harness put files (trace mode only)
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
        """The task this trial runs."""
        return self.started.task.task_id

    @property
    def mode(self) -> Literal["exec", "collab"]:
        """EXEC or COLLAB."""
        return self.started.mode

    @property
    def attempt(self) -> int:
        """Which attempt of its task and mode this trial is (from 1)."""
        return self.started.attempt

    @property
    def category(self) -> str:
        """The task's category."""
        return self.started.task.category

    @property
    def script(self) -> Script | None:
        """The task's script; None for a trial folded without its trace (compact facts keep
        ``probe_ids`` and ``item_evidence`` instead)."""
        return self.started.task.script

    # ------------------------------------------------------------ updates

    def command_requested(self, event: CommandRequested) -> None:
        """Fold a traced command's request: it opens the command's place in the trace."""
        if event.purpose not in _TRACED_PURPOSES:
            return
        if self.trace is not None:
            run = CommandRun(event.command_id, event.command, event.purpose)
            self._open_runs[event.command_id] = run
            self.trace.append(run)
        elif event.purpose in AGENT_PURPOSES:
            self._open_texts[event.command_id] = event.command

    def command_started(self, event: CommandStarted) -> None:
        """Fold a command's start (placing it in the trace if its request was not recorded)."""
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
        """Fold a command's end: its exit code and output into the trace, and the retry counts of
        the agent's commands."""
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
        """Count a model call under its purpose."""
        usage = self.usage.get(call.purpose)
        if usage is None:
            usage = self.usage[call.purpose] = Usage()
        usage.add(call)

    def traced(self, entry: TraceEntry) -> None:
        """Add an entry to the trace (a trial folded without its trace drops it)."""
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
        """Forget the trial's verdicts and assessments (a new try of it starts unjudged)."""
        self.verdicts.pop(trial_id, None)
        self.fidelity.pop(trial_id, None)
