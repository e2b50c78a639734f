"""``realcli validate``: the paper's construction quality checks, run for real, with negative controls.

For each task: the files load and lint clean; the oracle passes the verifier
in EXEC and (when the task has an interaction layer) in COLLAB mode, where
every probe fires, every slice is released and every checklist item the
rules judge can decide passes.  Then the controls, which must all score low:

* the no-op agent fails the verifier in EXEC and COLLAB, and in COLLAB passes
  no probe instance and no passive check (a pass needs positive evidence);
* the parrot (answers every message with "OK, done." and runs nothing) the
  same;
* every mutant solution (``solution/mutants/<name>.sh``: a plausible wrong
  or partial solution) fails the verifier in EXEC.

With ``adversaries``, the red team too (``RED_TEAM``): every member on every
task in the modes it plays (EXEC, and where the task has an interaction layer
COLLAB; the verifier's attacks EXEC only), judged by the rules judge; a
member that earns more than its ceiling fails the task.

Who failed decides how a trial counts: a trial of the oracle, a control or a
member that the harness or the world stopped (``infrastructure_error``: a
sandbox lost, an engine that failed) says nothing about the task, so it is run
once more (``<run>-retry-<mode>``, its reading replacing the stopped one); a
second such failure is reported as it is, never as a pass or a breach.

The runs are recorded like any other run (ids ``<prefix>-oracle``,
``<prefix>-noop``, ``<prefix>-parrot``, ``<prefix>-mutant-<n>``,
``<prefix>-adv-<member>``), so a validation can be audited and re-judged later.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from realcli import events as ev
from realcli.eventlog import EventLog
from realcli.judging import load_run
from realcli.models import ModelEndpoint
from realcli.projections import (
    CatalogView,
    CommandRun,
    Instance,
    RunFacts,
    TrialFacts,
    aggregate,
    build_instances,
    network_hint,
    trial_cause,
    trial_status,
)
from realcli.runtime.agents import (
    RED_TEAM,
    RED_TEAM_CEILING,
    Agent,
    MutantAgent,
    NoopAgent,
    OracleAgent,
    ParrotAgent,
    RedTeamMember,
    red_team_member,
)
from realcli.runtime.authoring._align import Alignment, align_task
from realcli.runtime.authoring._align_model import align_with_model
from realcli.runtime.trials import AfterTrial, OnTrial, RunMode, RunPlan, RunSettings, start_run
from realcli.runtime.users import ScriptedVoice
from realcli.scripts_catalog import Catalog, LintIssue, lint_script
from realcli.taskformat import Task


@dataclass
class ControlResult:
    """One negative control on one task in one mode: it must fail the verifier and pass no scenario."""

    agent: str  # noop | parrot | mutant:<name>
    mode: str
    reward: float | None
    status: str  # trial_status: scored, infrastructure_error, ...
    cause: str
    detail: str = ""
    passed_scenarios: list[str] = field(default_factory=list)  # must stay empty
    solution_exit: int | None = 0  # a mutant's script: it must run to exit 0 for its rejection to count
    tries: int = 1  # 2: its first trial was stopped by the harness or the world, and this is the second

    @property
    def holds(self) -> bool:
        """Whether the control stayed a control: scored, below full reward, no scenario passed, and its solution ran
        cleanly."""
        return (
            self.status == "scored"
            and (self.reward or 0.0) < 1.0
            and not self.passed_scenarios
            and self.solution_exit == 0
        )


_INFRASTRUCTURE = frozenset({"infrastructure_error", "cancelled", "incomplete"})
# Causes a second trial in the same validation cannot change: a failed build is not built again (the
# builder remembers it), so the task's image error is reported at once.
_NOT_RETRIED = frozenset({"image_error"})


def _tried(tries: int) -> str:
    return " (tried twice)" if tries > 1 else ""


@dataclass
class AdversaryReading:
    """One red-team member on one task in one mode: its reward, and in COLLAB its rules-judge scores."""

    member: str
    mode: str
    reward: float | None
    status: str  # trial_status: scored, no_reward (the agent's doing: no reward), infrastructure_error, ...
    cause: str
    detail: str = ""
    spelling: str = ""  # the destroyer's
    s: float | None = None  # S_COLLAB of the trial (all five dimensions scored), else None
    s_available: float | None = None  # the mean of the dimensions that have a score
    dimensions: dict[str, float | None] = field(default_factory=dict)
    passed_scenarios: list[str] = field(default_factory=list)
    validation: str = ""  # the validation (run prefix) that recorded it
    # The same three over the instances of the task's probes only (no passive check): the ``probes`` ceiling's.
    probes_s: float | None = None
    probes_s_available: float | None = None
    probes_dimensions: dict[str, float | None] = field(default_factory=dict)
    tries: int = 1  # 2: its first trial was stopped by the harness or the world, and this is the second

    @property
    def infrastructure(self) -> bool:
        """The harness or the world stopped the trial: it says nothing about the member."""
        return self.status in _INFRASTRUCTURE

    def breaches(self, oracle: dict[str, float | None] | None = None) -> list[str]:
        """What exceeds the member's ceiling (``oracle``: the oracle's COLLAB dimensions on the task)."""
        if self.infrastructure:
            return []
        out = []
        if (self.reward or 0.0) > 0.0:
            out.append(f"R = {self.reward:g} > 0")
        ceiling = red_team_member(self.member).ceiling
        if ceiling == "oracle":
            for code, value in sorted(self.dimensions.items()):
                bound = (oracle or {}).get(code)
                limit = RED_TEAM_CEILING if bound is None else max(bound, RED_TEAM_CEILING)
                if value is not None and value > limit:
                    out.append(f"{code} = {value:.2f} > {limit:.2f} (the oracle's)")
            return out
        s, s_available, dimensions, over = self.s, self.s_available, self.dimensions, ""
        if ceiling == "probes":
            s, s_available, dimensions = self.probes_s, self.probes_s_available, self.probes_dimensions
            over = " over the probes' items"
        for label, value in (("S_COLLAB", s), ("S (available dimensions)", s_available)):
            if value is not None and value > RED_TEAM_CEILING:
                out.append(f"{label} = {value:.2f} > {RED_TEAM_CEILING:g}{over}")
        for code, value in sorted(dimensions.items()):
            if value is not None and value > RED_TEAM_CEILING:
                out.append(f"{code} = {value:.2f} > {RED_TEAM_CEILING:g}{over}")
        return out


@dataclass
class TaskValidation:
    """Everything ``validate`` found out about one task; ``ok`` says whether it passes."""

    task_id: str
    lint: list[LintIssue] = field(default_factory=list)
    oracle_exec: float | None = None
    oracle_collab: float | None = None
    probes_fired: tuple[int, int] = (0, 0)
    slices_released: tuple[int, int] = (0, 0)
    items_passed: int = 0
    items_failed: list[str] = field(default_factory=list)
    items_undecided: int = 0
    fidelity_failures: list[str] = field(default_factory=list)
    controls: list[ControlResult] = field(default_factory=list)
    mutants: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)  # why a failure may not be the task's (e.g. no network)
    # Per mode, why the oracle's reward is what it is: "" when it ran to a score, else what stopped it;
    # and, when the verifier rejected it, the verifier's output tail and the last failing command.
    oracle_unscored: dict[str, str] = field(default_factory=dict)
    oracle_evidence: dict[str, str] = field(default_factory=dict)
    oracle_tries: dict[str, int] = field(default_factory=dict)  # per mode, when the oracle's trial ran twice
    collab: bool = True
    alignment: Alignment | None = None  # specification-test alignment (lint-level: warnings, never problems)
    oracle_dimensions: dict[str, float | None] = field(default_factory=dict)  # the oracle's COLLAB trial
    adversaries: list[AdversaryReading] = field(default_factory=list)  # empty unless validate --adversaries

    @property
    def ok(self) -> bool:
        """Whether the task passed validation without a problem."""
        return not self.problems

    @property
    def noop_exec(self) -> float | None:
        """The no-op agent's EXEC reward (the paper's no-op check)."""
        return next((c.reward for c in self.controls if c.agent == "noop" and c.mode == "exec"), None)

    def control(self, agent: str) -> list[ControlResult]:
        """The results of the control agent ``agent``, one per mode it ran in."""
        return [c for c in self.controls if c.agent == agent]

    def breaches(self, reading: AdversaryReading) -> list[str]:
        """What of ``reading`` exceeds its member's ceiling on this task."""
        return reading.breaches(self.oracle_dimensions)


@dataclass(frozen=True)
class _Control:
    run_suffix: str
    mode: RunMode
    info: ev.AgentInfo
    make_agent: Callable[[Task], Agent]
    tasks: Sequence[Task]


async def validate_tasks(
    log: EventLog,
    tasks: Sequence[Task],
    *,
    catalog: Catalog,
    run_prefix: str,
    concurrency: int = 4,
    judge: AfterTrial | None = None,
    on_trial: OnTrial | None = None,
    settings: RunSettings | None = None,
    align_endpoint: ModelEndpoint | None = None,
    adversaries: bool | Sequence[str] = False,
    on_member: Callable[[RedTeamMember, list[TaskValidation]], None] | None = None,
) -> list[TaskValidation]:
    """Validate ``tasks``: the oracle run, then the controls; one ``TaskValidation`` per task, in order.

    ``settings`` (the image map, build CA certificates, ...) apply to every run of the validation.
    With ``align_endpoint`` the specification-test alignment is model-assisted
    (recorded as ``<run_prefix>-align-<task>``); else rule-based.  With
    ``adversaries`` (True, or the names of some members) every member of the red team plays every
    task (``<run_prefix>-adv-<member>``), right after the oracle; ``on_member`` is told each time one
    has played them all (with the readings so far).
    """
    results = {t.task_id: _static(t, catalog) for t in tasks}
    if align_endpoint is not None:
        for t in tasks:
            results[t.task_id].alignment = await align_with_model(
                log, t.root, endpoint=align_endpoint, synthesis_id=f"{run_prefix}-align-{t.task_id}"
            )
    voice = ScriptedVoice()
    info = catalog.info()

    def plan(
        suffix: str, mode: RunMode, agent: ev.AgentInfo, make: Callable[[Task], Agent], on: Sequence[Task]
    ) -> RunPlan:
        return RunPlan(
            run_id=f"{run_prefix}-{suffix}",
            tasks=on,
            mode=mode,
            agent=agent,
            make_agent=make,
            voice=lambda script, writer: voice,
            concurrency=concurrency,
            catalog=info,
            user_sim=ScriptedVoice.info,
            judges=("rules",) if judge else (),
            settings=settings or RunSettings(),
        )

    async def play(
        suffix: str, mode: RunMode, agent: ev.AgentInfo, make: Callable[[Task], Agent], on: Sequence[Task]
    ) -> list[_Played]:
        # A mutant's own exit status is in its trace: a mutant that crashes proves nothing about the verifier.
        return await _play_and_retry(
            log,
            lambda s, m, o: plan(s, m, agent, make, o),
            suffix,
            mode,
            on,
            judge,
            on_trial,
            keep_trace=agent.name == "mutant",
        )

    oracle = OracleAgent.info
    for played in await play("oracle", "paired", oracle, lambda task: OracleAgent(task.spec.oracle), tasks):
        _read_oracle(played.facts, results, skip=played.retried, tries=played.tries)
    # The red team before the controls: what --adversaries adds is measured first.
    for member in _members(adversaries):
        for played in await play(
            f"adv-{member.name}",
            _run_mode(member),
            member.info,
            member.agent,
            [t for t in tasks if member.applies_to(t)],
        ):
            for task_id, reading in _read_adversary(played.facts, member, skip=played.retried):
                reading.validation, reading.tries = run_prefix, played.tries
                results[task_id].adversaries.append(reading)
        if on_member is not None:
            on_member(member, [results[t.task_id] for t in tasks])
    for control in _controls(tasks):
        for played in await play(control.run_suffix, control.mode, control.info, control.make_agent, control.tasks):
            _read_control(
                played.facts, control, results, judged=judge is not None, skip=played.retried, tries=played.tries
            )
    for result in results.values():
        _conclude(result)
    return [results[t.task_id] for t in tasks]


@dataclass(frozen=True)
class _Played:
    """One run of a validation: its facts, and the trials in it that a later retry run re-played."""

    facts: RunFacts
    retried: frozenset[str] = frozenset()
    tries: int = 1  # 2 for a retry run


async def _play_and_retry(
    log: EventLog,
    plan: Callable[[str, RunMode, Sequence[Task]], RunPlan],
    suffix: str,
    mode: RunMode,
    on: Sequence[Task],
    judge: AfterTrial | None,
    on_trial: OnTrial | None,
    *,
    keep_trace: bool = False,
) -> list[_Played]:
    """The run ``<prefix>-<suffix>`` of ``on``; then, per mode in which the harness or the world stopped trials,
    one more run of just those tasks (``-retry-<mode>``), but for a cause a second trial cannot change
    (``_NOT_RETRIED``).  A second such failure stays as it is."""
    run = plan(suffix, mode, on)
    await start_run(log, run, after_trial=judge, on_trial=on_trial)
    facts = await load_run(log, run.run_id, keep_trace=keep_trace)
    stopped = [
        t for t in facts.trials.values() if trial_status(t) in _INFRASTRUCTURE and trial_cause(t) not in _NOT_RETRIED
    ]
    played = [_Played(facts, frozenset(t.trial_id for t in stopped))]
    for again in sorted({t.mode for t in stopped}):
        ids = {t.task_id for t in stopped if t.mode == again}
        retry = plan(f"{suffix}-retry-{again}", again, [t for t in on if t.task_id in ids])
        await start_run(log, retry, after_trial=judge, on_trial=on_trial)
        played.append(_Played(await load_run(log, retry.run_id, keep_trace=keep_trace), tries=2))
    return played


def _run_mode(member: RedTeamMember) -> RunMode:
    """``paired`` for a member that plays both modes, else the one it plays."""
    return "paired" if len(member.modes) == 2 else member.modes[0]


def _members(adversaries: bool | Sequence[str]) -> tuple[RedTeamMember, ...]:
    if isinstance(adversaries, bool):
        return RED_TEAM if adversaries else ()
    return tuple(red_team_member(name) for name in adversaries)


async def read_red_team(
    log: EventLog, tasks: Sequence[Task], *, run_prefix: str | Sequence[str], judge_id: str = "rules"
) -> tuple[list[TaskValidation], list[str]]:
    """The red team's readings in recorded validations, as ``judge_id`` judged their runs, and the members found.

    Nothing runs: each validation's oracle run and each member's run that finished (``<prefix>-adv-<member>``,
    its retries replacing the trials they re-ran) are read from the log.  With several prefixes, in order, a
    later one's readings of a member on a task replace an earlier one's (a member re-played after a fix), and
    the oracle's scores on a task come from the latest validation that ran it; each reading says which
    validation it came from.  After a new rule set, ``realcli rejudge`` each run under a new judge id and draw
    the readings again with it.
    """
    prefixes = [run_prefix] if isinstance(run_prefix, str) else list(run_prefix)
    runs = set(await log.runs())
    results = {t.task_id: TaskValidation(t.task_id, collab=t.collab_capable, mutants=t.mutants) for t in tasks}
    found: list[str] = []
    for prefix in prefixes:
        oracle = await load_run(log, f"{prefix}-oracle")  # a clear error for a prefix that is no validation
        oracles = [oracle]
        if (retry := f"{prefix}-oracle-retry-collab") in runs:  # its scores replace the re-played trial's
            oracles.append(await load_run(log, retry))
        for facts in oracles:  # (only COLLAB trials have dimensions)
            for trial_id, (_, _, dimensions) in _trial_scores(facts, judge_id).items():
                if (task_id := facts.trials[trial_id].task_id) in results:
                    results[task_id].oracle_dimensions = dimensions
        for member in RED_TEAM:
            readings = await _recorded_member(log, runs, prefix, member, judge_id)
            if readings is None:
                continue
            found.append(member.name)
            for task_id in {task_id for task_id, _ in readings} & set(results):
                result = results[task_id]
                result.adversaries = [a for a in result.adversaries if a.member != member.name]
            for task_id, reading in readings:
                if task_id in results:
                    results[task_id].adversaries.append(reading)
    order = [m.name for m in RED_TEAM]
    return [results[t.task_id] for t in tasks], sorted(set(found), key=order.index)


async def _recorded_member(
    log: EventLog, runs: set[str], prefix: str, member: RedTeamMember, judge_id: str
) -> list[tuple[str, AdversaryReading]] | None:
    """The member's readings in the validation ``prefix`` (None: it has no finished run there)."""
    run_id = f"{prefix}-adv-{member.name}"
    if run_id not in runs:
        return None
    facts = await load_run(log, run_id)
    if facts.finished is None or facts.finished.status != "completed":
        return None  # still running, or interrupted half-way: not a reading of the whole suite
    readings = _read_adversary(facts, member, judge_id)
    for mode in member.modes:
        if f"{run_id}-retry-{mode}" in runs:
            retried = _read_adversary(await load_run(log, f"{run_id}-retry-{mode}"), member, judge_id)
            again = {task_id for task_id, _ in retried}
            readings = [r for r in readings if not (r[1].mode == mode and r[0] in again)] + retried
    for _, reading in readings:
        reading.validation = prefix
    return readings


def sample_tasks(tasks: Sequence[Task], n: int) -> list[Task]:
    """``n`` of ``tasks`` spread over their categories: one per category in turn, by task id (deterministic).

    A quick validation of a large suite (``realcli validate --sample N``,
    ``make demo``); the full validation is every task.
    """
    by_category: dict[str, list[Task]] = {}
    for task in sorted(tasks, key=lambda t: t.task_id):
        by_category.setdefault(task.spec.category, []).append(task)
    queues = [by_category[c] for c in sorted(by_category)]
    picked: list[Task] = []
    while len(picked) < min(n, len(tasks)):
        for queue in queues:
            if queue and len(picked) < n:
                picked.append(queue.pop(0))
    return picked


def _controls(tasks: Sequence[Task]) -> list[_Control]:
    out = [
        _Control("noop", "paired", NoopAgent.info, lambda task: NoopAgent(), tasks),
        _Control("parrot", "paired", ParrotAgent.info, lambda task: ParrotAgent(), tasks),
    ]
    # One run per mutant rank: the k-th mutant of every task that has at least k of them.
    most = max((len(t.mutants) for t in tasks), default=0)
    for k in range(most):
        having = [t for t in tasks if len(t.mutants) > k]
        out.append(
            _Control(
                f"mutant-{k + 1}",
                "exec",
                ev.AgentInfo(name="mutant", version="1", params={"rank": str(k + 1)}),
                _mutant_maker(k),
                having,
            )
        )
    return out


def _mutant_maker(rank: int) -> Callable[[Task], Agent]:
    return lambda task: MutantAgent(task.mutants[rank])


def _trial_scores(
    facts: RunFacts, judge_id: str = "rules", *, probes_only: bool = False
) -> dict[str, tuple[float | None, float | None, dict[str, float | None]]]:
    """Per COLLAB trial judged by ``judge_id``: (S_COLLAB, S over the available dimensions, dimensions);
    ``probes_only``: over the instances of the task's probes, leaving out the passive checks."""
    if judge_id not in facts.judges:
        return {}
    view = CatalogView(facts.started.catalog if facts.started is not None else None)
    instances, _ = build_instances(facts, judge_id, view)
    by_trial: dict[str, list[Instance]] = {}
    for inst in instances:
        # A trial keeps its entry (empty: every dimension None) when only passive checks were judged in it.
        mine = by_trial.setdefault(inst.trial_id, [])
        if inst.kind == "probe" or not probes_only:
            mine.append(inst)
    out = {}
    for trial_id, mine in by_trial.items():
        score = aggregate(mine, view)
        out[trial_id] = (score.s, score.s_available, dict(score.dimensions))
    return out


def _read_adversary(
    facts: RunFacts, member: RedTeamMember, judge_id: str = "rules", *, skip: frozenset[str] = frozenset()
) -> list[tuple[str, AdversaryReading]]:
    """The member's readings in a run: (task id, reading) per trial of a mode it plays (a COLLAB trial of an
    EXEC-only member, recorded before it was one, is left out), but the trials in ``skip`` (re-played)."""
    scores = _trial_scores(facts, judge_id)
    probes = _trial_scores(facts, judge_id, probes_only=True)
    view = CatalogView(facts.started.catalog if facts.started is not None else None)
    passed: dict[str, list[str]] = {}
    if judge_id in facts.judges:
        for inst in build_instances(facts, judge_id, view)[0]:
            if inst.status == "pass":
                passed.setdefault(inst.trial_id, []).append(f"{inst.scenario} ({inst.template})")
    out = []
    for trial in sorted(facts.trials.values(), key=lambda t: (t.task_id, t.mode)):
        if trial.mode not in member.modes or trial.trial_id in skip:
            continue
        status = trial_status(trial)
        s, s_available, dimensions = scores.get(trial.trial_id, (None, None, {}))
        probes_s, probes_s_available, probes_dimensions = probes.get(trial.trial_id, (None, None, {}))
        reading = AdversaryReading(
            member=member.name,
            mode=trial.mode,
            reward=trial.verifier.reward if trial.verifier is not None else None,
            status=status,
            cause=trial_cause(trial) or "",
            detail=_not_scored(trial_cause(trial), status, trial) if status != "scored" else "",
            spelling=member.spelling(trial.task_id),
            s=s,
            s_available=s_available,
            dimensions=dimensions,
            passed_scenarios=sorted(passed.get(trial.trial_id, [])),
            probes_s=probes_s,
            probes_s_available=probes_s_available,
            probes_dimensions=probes_dimensions,
        )
        out.append((trial.task_id, reading))
    return out


def _static(task: Task, catalog: Catalog) -> TaskValidation:
    result = TaskValidation(task.task_id, collab=task.collab_capable, mutants=task.mutants)
    result.alignment = align_task(task.root)
    script = task.spec.script
    if script is not None:
        result.lint = lint_script(script, task.spec.oracle, task_dir=task.root, catalog=catalog)
        result.probes_fired = (0, len(script.probes))
        result.slices_released = (0, len(script.slices))
    return result


def _read_oracle(
    facts: RunFacts, results: dict[str, TaskValidation], *, skip: frozenset[str] = frozenset(), tries: int = 1
) -> None:
    """The oracle's readings in ``facts`` (but the trials in ``skip``, which a retry re-played)."""
    for trial in facts.trials.values():
        if trial.trial_id in skip:
            continue
        result = results[trial.task_id]
        result.oracle_tries[trial.mode] = tries
        status = trial_status(trial)
        if status != "scored":
            result.oracle_unscored[trial.mode] = _not_scored(trial_cause(trial), status, trial)
        result.oracle_evidence[trial.mode] = _failure_evidence(trial)
        reward = trial.verifier.reward if trial.verifier is not None else None
        if (hint := network_hint(trial)) is not None:
            result.hints.append(f"oracle {trial.mode}: {hint}")
        if trial.mode == "exec":
            result.oracle_exec = reward
            continue
        result.oracle_collab = reward
        result.probes_fired = (len(trial.probes_fired), result.probes_fired[1])
        result.slices_released = (len(trial.slices_released), result.slices_released[1])
    judge = facts.judges.get("rules")
    if judge is None:
        return
    for trial_id, (_, _, dimensions) in _trial_scores(facts).items():
        if trial_id not in skip:
            results[facts.trials[trial_id].task_id].oracle_dimensions = dimensions
    for trial_id, verdicts in judge.verdicts.items():
        if trial_id in skip:
            continue
        result = results[facts.trials[trial_id].task_id]
        for (scenario, item), judged in sorted(verdicts.items()):
            if judged.verdict == "pass":
                result.items_passed += 1
            elif judged.verdict == "fail":
                result.items_failed.append(f"{scenario}/{item}")
            elif judged.verdict in ("undecided", "unjudged"):
                result.items_undecided += 1
    for trial_id, criteria in judge.fidelity.items():
        if trial_id in skip:
            continue
        result = results[facts.trials[trial_id].task_id]
        for criterion, assessed in sorted(criteria.items()):
            if assessed.verdict == "fail":
                result.fidelity_failures.append(f"{criterion}: {assessed.rationale}")


def _read_control(
    facts: RunFacts,
    control: _Control,
    results: dict[str, TaskValidation],
    *,
    judged: bool,
    skip: frozenset[str] = frozenset(),
    tries: int = 1,
) -> None:
    """The control's readings in ``facts`` (but the trials in ``skip``, which a retry re-played)."""
    passed: dict[str, list[str]] = {}
    if judged and "rules" in facts.judges:
        view = CatalogView(facts.started.catalog if facts.started is not None else None)
        instances, _ = build_instances(facts, "rules", view)
        for inst in instances:
            if inst.status == "pass":
                passed.setdefault(inst.trial_id, []).append(f"{inst.scenario} ({inst.template})")
    for trial in facts.trials.values():
        if trial.trial_id in skip:
            continue
        name = control.info.name
        if name == "mutant":
            name = f"mutant:{trial.started.agent.params.get('mutant', '?')}"
        status = trial_status(trial)
        results[trial.task_id].controls.append(
            ControlResult(
                agent=name,
                mode=trial.mode,
                reward=trial.verifier.reward if trial.verifier is not None else None,
                status=status,
                cause=trial_cause(trial) or "",
                detail=_not_scored(trial_cause(trial), status, trial) if status != "scored" else "",
                passed_scenarios=sorted(passed.get(trial.trial_id, [])),
                solution_exit=_solution_exit(trial) if control.info.name == "mutant" else 0,
                tries=tries,
            )
        )


def _solution_exit(trial: TrialFacts) -> int | None:
    """The exit code of the solution script the mutant agent ran (None: it never finished)."""
    runs = [e for e in trial.trace or [] if isinstance(e, CommandRun) and e.purpose == "oracle"]
    return runs[-1].exit_code if runs and runs[-1].finished else None


def _failure_evidence(trial: TrialFacts) -> str:
    """The verifier's output tail and the last failing command: why a verifier rejected a trial."""
    parts = []
    if trial.verifier is not None and (tail := _tail(trial.verifier.output.text)):
        parts.append(f"verifier output: ...{tail}")
    if trial.last_failure is not None:
        text, code, output = trial.last_failure
        how = "timed out" if code is None else f"exit {code}"
        parts.append(f"last failing command: `{_tail(text, 120)}` ({how})" + (f": {_tail(output)}" if output else ""))
    return "; ".join(parts)


def _tail(text: str, limit: int = 200) -> str:
    flat = " | ".join(line.strip() for line in text.strip().splitlines() if line.strip())
    return flat if len(flat) <= limit else flat[-limit:]


def _not_scored(cause: str | None, status: str, trial: TrialFacts) -> str:
    verifier, finished = trial.verifier, trial.finished
    detail = (verifier.error if verifier is not None and verifier.error else "") or (
        finished.detail if finished is not None else "the trial did not finish"
    )
    return f"{status} ({cause or 'running'}): {detail}"


def _conclude(result: TaskValidation) -> None:
    errors = [i for i in result.lint if i.severity == "error"]
    if errors:
        result.problems.append(f"{len(errors)} lint error(s): {errors[0]}")
    result.problems += _oracle_problems(result, "exec", result.oracle_exec)
    if result.collab:
        result.problems += _oracle_problems(result, "collab", result.oracle_collab)
        if result.probes_fired[0] < result.probes_fired[1]:
            result.problems.append(
                f"only {result.probes_fired[0]}/{result.probes_fired[1]} probes fired under the oracle"
            )
        if result.slices_released[0] < result.slices_released[1]:
            result.problems.append(
                f"only {result.slices_released[0]}/{result.slices_released[1]} slices released under the oracle"
            )
        if result.items_failed:
            result.problems.append(f"oracle fails checklist items {', '.join(result.items_failed[:5])}")
        if result.fidelity_failures:
            result.problems.append(f"the scripted user deviated from the script: {result.fidelity_failures[0]}")
    for control in result.controls:
        result.problems += _control_problems(control)
    for reading in result.adversaries:
        result.problems += _adversary_problems(result, reading)
    if result.alignment is not None:
        result.warnings += _alignment_warnings(result.alignment)
    if not result.mutants:
        result.warnings.append(
            "no mutant solutions (solution/mutants/*.sh): the verifier is not checked against a plausible wrong one"
        )


def _alignment_warnings(alignment: Alignment) -> list[str]:
    """The aligner's findings, one line each: checks of something instruction.md never says, and
    requirements no check tests (``Alignment.warnings``).

    A verifier without pytest functions (a shell test.sh) has nothing to align: no warning.
    """
    return alignment.warnings() if alignment.checks else []


def _oracle_problems(result: TaskValidation, mode: str, reward: float | None) -> list[str]:
    """What is wrong with the oracle in ``mode``: it did not run to a score, or the verifier rejected it."""
    if mode in result.oracle_unscored:
        tried = _tried(result.oracle_tries.get(mode, 1))
        return [f"oracle {mode} did not run to a score{tried}: {result.oracle_unscored[mode]}"]
    if reward is None:
        return [f"oracle {mode} did not run (no trial)"]
    if reward >= 1:
        return []
    evidence = result.oracle_evidence.get(mode, "")
    return [
        f"oracle fails the verifier in {mode.upper()} mode (reward {reward:g})" + (f": {evidence}" if evidence else "")
    ]


def _adversary_problems(result: TaskValidation, reading: AdversaryReading) -> list[str]:
    who = f"adversary {reading.member} {reading.mode}" + (f" ({reading.spelling})" if reading.spelling else "")
    if reading.infrastructure:
        twice = "; tried twice" if reading.tries > 1 else ""
        return [f"{who} did not run to a score (the harness, not the member{twice}): {reading.detail}"]
    breaches = result.breaches(reading)
    if not breaches:
        return []
    member = red_team_member(reading.member)
    passed = f"; passes {', '.join(reading.passed_scenarios[:3])}" if reading.passed_scenarios else ""
    return [f"{who} exceeds its ceiling ({member.ceiling_text}): {', '.join(breaches)}{passed}"]


def _control_problems(control: ControlResult) -> list[str]:
    who = f"{control.agent} {control.mode}"
    if control.status != "scored":
        return [f"control {who} did not run to a score{_tried(control.tries)}: {control.detail}"]
    out = []
    if control.solution_exit != 0:
        out.append(
            f"the {who} script did not run to the end (exit {control.solution_exit}): a mutant must be a "
            "plausible solution that runs, or its rejection proves nothing"
        )
    if (control.reward or 0.0) >= 1.0:
        out.append(f"the {who} control passes the verifier (reward {control.reward:g}): strengthen the tests")
    if control.passed_scenarios:
        out.append(
            f"the {who} control passes {', '.join(control.passed_scenarios[:3])}: "
            "an item passes without positive evidence"
        )
    return out
