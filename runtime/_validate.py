"""``realcli validate``: the paper's construction quality checks, run for real.

For each task: the files load and lint clean; the oracle passes the verifier
in EXEC and (when the task has an interaction layer) in COLLAB mode, where
every probe fires, every slice is released and every checklist item the
rules judge can decide passes; the no-op agent fails the verifier.  The runs
are recorded like any other run (ids ``<prefix>-oracle`` and
``<prefix>-noop``), so a validation can be audited and re-judged later.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from realcli import events as ev
from realcli.eventlog import EventLog
from realcli.runtime._agent import NoopAgent, OracleAgent
from realcli.runtime._run import AfterTrial, OnTrial, RunPlan, start_run
from realcli.runtime._taskdir import Task
from realcli.runtime._user import ScriptedVoice
from realcli.scripts_catalog import Catalog, LintIssue, lint_script


@dataclass
class TaskValidation:
    """Everything ``validate`` found out about one task; ``ok`` says whether it passes."""

    task_id: str
    lint: list[LintIssue] = field(default_factory=list)
    oracle_exec: float | None = None
    oracle_collab: float | None = None
    noop_exec: float | None = None
    probes_fired: tuple[int, int] = (0, 0)
    slices_released: tuple[int, int] = (0, 0)
    items_passed: int = 0
    items_failed: list[str] = field(default_factory=list)
    items_undecided: int = 0
    fidelity_failures: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    collab: bool = True

    @property
    def ok(self) -> bool:
        return not self.problems


async def validate_tasks(
    log: EventLog,
    tasks: Sequence[Task],
    *,
    catalog: Catalog,
    run_prefix: str,
    concurrency: int = 4,
    judge: AfterTrial | None = None,
    on_trial: OnTrial | None = None,
) -> list[TaskValidation]:
    results = {t.task_id: _static(t, catalog) for t in tasks}
    voice = ScriptedVoice()
    oracle = RunPlan(
        run_id=f"{run_prefix}-oracle",
        tasks=tasks,
        mode="paired",
        agent=OracleAgent.info,
        make_agent=lambda task: OracleAgent(task.spec.oracle),
        voice=lambda script, writer: voice,
        concurrency=concurrency,
        catalog=catalog.info(),
        user_sim=ScriptedVoice.info,
        judges=("rules",) if judge else (),
    )
    noop = RunPlan(
        run_id=f"{run_prefix}-noop",
        tasks=tasks,
        mode="exec",
        agent=NoopAgent.info,
        make_agent=lambda task: NoopAgent(),
        voice=None,
        concurrency=concurrency,
        catalog=catalog.info(),
    )
    await start_run(log, oracle, after_trial=judge, on_trial=on_trial)
    await start_run(log, noop, on_trial=on_trial)
    await _read_outcomes(log, oracle.run_id, results, oracle_run=True)
    await _read_outcomes(log, noop.run_id, results, oracle_run=False)
    for result in results.values():
        _conclude(result)
    return [results[t.task_id] for t in tasks]


def _static(task: Task, catalog: Catalog) -> TaskValidation:
    result = TaskValidation(task.task_id, collab=task.collab_capable)
    script = task.spec.script
    if script is not None:
        result.lint = lint_script(script, task.spec.oracle, task_dir=task.root, catalog=catalog)
        result.probes_fired = (0, len(script.probes))
        result.slices_released = (0, len(script.slices))
    return result


async def _read_outcomes(log: EventLog, run_id: str, results: dict[str, TaskValidation], *, oracle_run: bool) -> None:
    trial_task: dict[str, tuple[str, str]] = {}
    fired: dict[str, set[str]] = {}
    released: dict[str, set[str]] = {}
    async for rec in log.read_all(0, run_id):
        event = rec.event
        match event:
            case ev.TrialScheduled(trial_id=trial, task_id=task_id, mode=scheduled_mode):
                trial_task[trial] = (task_id, scheduled_mode)
            case ev.TrialStarted(trial_id=trial):
                fired[trial], released[trial] = set(), set()
            case ev.ProbeFired(probe_id=probe) if rec.trial_id:
                fired[rec.trial_id].add(probe)
            case ev.SliceReleased(slice_id=slice_id) if rec.trial_id:
                released[rec.trial_id].add(slice_id)
            case ev.TrialFinished(trial_id=trial, reason=reason, detail=detail) if reason not in (
                "completed",
                "turn_budget",
                "time_budget",
            ):
                task, mode = trial_task[trial]
                results[task].problems.append(f"{'oracle' if oracle_run else 'noop'} {mode}: {reason}: {detail}")
            case ev.VerifierFinished(trial_id=trial, reward=reward):
                task, mode = trial_task[trial]
                result = results[task]
                if not oracle_run:
                    result.noop_exec = reward
                elif mode == "exec":
                    result.oracle_exec = reward
                else:
                    result.oracle_collab = reward
                    result.probes_fired = (len(fired[trial]), result.probes_fired[1])
                    result.slices_released = (len(released[trial]), result.slices_released[1])
            case ev.VerdictRendered(trial_id=trial, item_id=item, verdict=verdict, scenario=scenario) if oracle_run:
                task, _ = trial_task[trial]
                result = results[task]
                if verdict == "pass":
                    result.items_passed += 1
                elif verdict == "fail":
                    result.items_failed.append(f"{scenario}/{item}")
                elif verdict in ("undecided", "unjudged"):
                    result.items_undecided += 1
            case ev.FidelityAssessed(trial_id=trial, criterion=criterion, verdict="fail", rationale=why) if oracle_run:
                results[trial_task[trial][0]].fidelity_failures.append(f"{criterion}: {why}")


def _conclude(result: TaskValidation) -> None:
    errors = [i for i in result.lint if i.severity == "error"]
    if errors:
        result.problems.append(f"{len(errors)} lint error(s): {errors[0]}")
    if result.oracle_exec is None or result.oracle_exec < 1:
        result.problems.append(f"oracle fails the verifier in EXEC mode (reward {result.oracle_exec})")
    if result.collab:
        if result.oracle_collab is None or result.oracle_collab < 1:
            result.problems.append(f"oracle fails the verifier in COLLAB mode (reward {result.oracle_collab})")
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
    if result.noop_exec is None or result.noop_exec >= 1:
        result.problems.append(f"the no-op agent passes the verifier (reward {result.noop_exec})")
