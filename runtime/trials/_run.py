"""Runs: many trials under a concurrency limit, recorded on the run stream.

``start_run`` schedules every (task, mode, attempt) and runs them;
``resume_run`` re-runs only the trials of a run that did not finish
(interrupted, cancelled, or ended by an infrastructure error; those are
never counted as failures) and keeps the finished ones.  Both start with a
sweep of containers left behind by crashed realcli processes, repeated
every ``$REALCLI_SWEEP_SEC`` (300 s) while the run lasts.  A run that
records the ``rules`` judge is judged as it goes (``LiveJudge``): each
trial when it finishes, and at the end whatever a crash left unjudged,
before ``JudgingFinished`` and ``RunFinished``.

A run's status is read from the log (``run_status``): it is finished when
every scheduled trial's latest try is, whoever ran them; ``close_run``
judges what is left and records ``RunFinished(completed)`` once, from any
process that finds the run finished (a distributed run's coordinator,
worker or ``realcli wait``).

Every ``RunFinished`` carries the run's seal (the heads of all its other
streams, ``realcli verify``).  ``RunStarted`` and ``RunResumed`` name the
process running the trials: a second ``resume`` of a run whose trials a live
process runs is refused (``RunInProgressError``), and of two resumes started
at once, the one whose ``RunResumed`` lands first runs.  An outage of the log
that was ridden out is recorded (``LogRecovered``) and counted in the result.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import os
import socket
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Literal

import aiodocker
import anyio

import realcli
from realcli import ConfigError, ConflictError, LogUnavailableError, NotFoundError, RunInProgressError, TaskFormatError
from realcli import events as ev
from realcli.environments import connect, gc, host_id, owner_id, require_bridges, sweep_forever
from realcli.eventlog import EventLog, LogOutage
from realcli.judging import LiveJudge, RunStatus, read_run, run_status, trial_status
from realcli.runtime.agents import AgentFactory, Mode
from realcli.runtime.bus import StreamWriter, seal
from realcli.runtime.trials._limits import oversized
from realcli.runtime.trials._run_guard import check_idle, record_outages
from realcli.runtime.trials._settings import RunSettings
from realcli.runtime.trials._spec import TrialOutcome, TrialSpec, VoiceFactory, trial_id
from realcli.runtime.trials._trial import TrialRunner
from realcli.taskformat import Task, load_task

RunMode = Literal["exec", "collab", "paired"]
SWEEP_ENV: Final = "REALCLI_SWEEP_SEC"
DEFAULT_SWEEP_SEC: Final = 300.0


def sweep_every_sec() -> float:
    """How often a run or a worker sweeps the sandboxes of dead realcli processes (``$REALCLI_SWEEP_SEC``)."""
    raw = os.environ.get(SWEEP_ENV, "").strip()
    if not raw:
        return DEFAULT_SWEEP_SEC
    try:
        every = float(raw)
    except ValueError:
        every = -1.0
    if not every > 0:
        raise ConfigError(f"${SWEEP_ENV}={raw!r}: expected a positive number of seconds")
    return every


OnTrial = Callable[[TrialOutcome], Awaitable[None] | None]
AfterTrial = Callable[[EventLog, str, str], Awaitable[None]]


@dataclass(frozen=True)
class RunPlan:
    """Everything ``realcli run`` decided before the first event."""

    run_id: str
    tasks: Sequence[Task]
    mode: RunMode
    agent: ev.AgentInfo
    make_agent: AgentFactory
    voice: VoiceFactory | None
    attempts: int = 1
    concurrency: int = 4
    seed: int = 0
    keep_images: bool = False
    judges: Sequence[str] = ("rules",)
    catalog: ev.CatalogInfo | None = None
    user_sim: ev.UserSimInfo | None = None
    max_turns: int | None = None  # caps every task's turn budget (recorded in RunStarted)
    settings: RunSettings = field(default_factory=RunSettings)


@dataclass
class RunResult:
    """What a run came to: each trial's outcome, whether it was interrupted, the log outages it rode out, why it was
    lost if it was, and its head."""

    run_id: str
    outcomes: list[TrialOutcome] = field(default_factory=list)
    interrupted: bool = False
    outages: list[LogOutage] = field(default_factory=list)  # outages of the log the run rode out
    lost: str = ""  # the log was lost past its outage bound: why (the run could not be recorded to its end)
    head: str = ""  # the run's head (its run stream's digest after RunFinished): `realcli verify --head`


def new_run_id(kind: str = "") -> str:
    """A sortable, unique run id: ``r<yyyymmdd-hhmmss>-<6 hex>``; with ``kind``, ``<kind>-<yyyymmdd-hhmmss>-<6 hex>``
    (a validation's prefix, ``validate-...``).  The random part keeps two started in the same second apart
    (two processes validating into one log, say): they collide once in 16 million."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    head = f"{kind}-{stamp}" if kind else f"r{stamp}"
    return f"{head}-{os.urandom(3).hex()}"


def trial_seed(base: int, task_id: str, attempt: int) -> int:
    """Paired EXEC/COLLAB trials share a seed; attempts differ (stable across machines)."""
    digest = hashlib.sha256(f"{base}:{task_id}:{attempt}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def modes_of(mode: RunMode) -> tuple[Mode, ...]:
    """The trial modes a run mode schedules (both for ``paired``)."""
    return ("exec", "collab") if mode == "paired" else (mode,)


def schedule(plan: RunPlan) -> list[TrialSpec]:
    """Every trial of a plan, interleaved so that paired trials run close together."""
    specs = []
    for attempt in range(1, plan.attempts + 1):
        for task in plan.tasks:
            for mode in modes_of(plan.mode):
                if mode == "collab" and not task.collab_capable:
                    continue
                specs.append(
                    TrialSpec(
                        run_id=plan.run_id,
                        trial_id=trial_id(task.task_id, mode, attempt),
                        task=task,
                        mode=mode,
                        attempt=attempt,
                        seed=trial_seed(plan.seed, task.task_id, attempt),
                        keep_image=plan.keep_images,
                        max_turns=plan.max_turns,
                        settings=plan.settings,
                    )
                )
    return specs


async def record_run(log: EventLog, plan: RunPlan) -> tuple[StreamWriter, list[TrialSpec]]:
    """Append ``RunStarted`` and every ``TrialScheduled`` of a new run; the run stream's writer and the trials."""
    ev.check_token(plan.run_id, "run id")
    if await log.stream_version(ev.run_stream(plan.run_id)):
        raise ConfigError(f"run {plan.run_id!r} already exists in {log.url}: pick another --run-id or `realcli resume`")
    for _, reason in oversized(plan.tasks, log)[:1]:
        raise TaskFormatError(reason)
    specs = schedule(plan)
    if not specs:
        raise ConfigError("nothing to run: no task supports the chosen mode (COLLAB needs an interaction/ layer)")
    writer = await StreamWriter.open(log, ev.run_stream(plan.run_id))
    await writer.append(
        ev.RunStarted(
            run_id=plan.run_id,
            mode=plan.mode,
            agent=plan.agent,
            attempts=plan.attempts,
            concurrency=plan.concurrency,
            tasks=[t.task_id for t in plan.tasks],
            user_sim=plan.user_sim,
            catalog=plan.catalog,
            host=socket.gethostname(),
            realcli_version=realcli.__version__,
            judges=list(plan.judges),
            task_dirs=[str(t.root) for t in plan.tasks],
            seed=plan.seed,
            max_turns=plan.max_turns,
            network=plan.settings.network,
            metric=plan.settings.metric,
            image_map=plan.settings.image_map.as_strings(),
            build_ca=plan.settings.build_ca_fingerprint,
            allow_host_network=plan.settings.allow_host_network,
            owner=owner_id(os.getpid()) or "",
            host_id=host_id(),
            timeouts=plan.settings.timeouts,
        ),
        *[
            ev.TrialScheduled(
                trial_id=s.trial_id,
                task_id=s.task.task_id,
                mode=s.mode,
                attempt=s.attempt,
                seed=s.seed,
                task_digest=s.task.spec.digest,
            )
            for s in specs
        ],
    )
    return writer, specs


async def start_run(
    log: EventLog,
    plan: RunPlan,
    *,
    on_trial: OnTrial | None = None,
    after_trial: AfterTrial | None = None,
    docker_url: str | None = None,
) -> RunResult:
    """Record and run a new run on this machine (refused before anything is recorded if it cannot run here)."""
    await check_engine(plan, docker_url)
    writer, specs = await record_run(log, plan)
    return await _execute(log, writer, plan, specs, on_trial, after_trial, docker_url)


async def resume_run(
    log: EventLog,
    run_id: str,
    make_plan: Callable[[ev.RunStarted, list[Task]], RunPlan],
    *,
    on_trial: OnTrial | None = None,
    after_trial: AfterTrial | None = None,
    docker_url: str | None = None,
    on_start: Callable[[int], None] | None = None,
    metric: str | None = None,
    force: bool = False,
) -> RunResult:
    """Re-run the trials of ``run_id`` that did not finish; the finished ones stay as they are.

    ``on_start`` learns how many trials will run, before the first starts.  ``metric``
    (``resume --metric``) decides V for a run that chose no metric: a run whose
    verifiers wrote several metrics can be scored this way; it is recorded in
    ``RunResumed`` and kept by later resumes.  A run that chose another is refused.
    Refused (``RunInProgressError``) while another live process runs the
    run's trials; ``force`` overrides that for a process on another host that
    is known to be gone.
    """
    version = await check_idle(log, run_id, force=force)
    started, scheduled, _ = await read_run(log, run_id)
    metric = await _resume_metric(log, started, metric)
    tasks = _reload_tasks(started)
    plan = make_plan(started, tasks)
    if metric is not None:
        plan = dataclasses.replace(plan, settings=dataclasses.replace(plan.settings, metric=metric))
    by_id = {s.trial_id: s for s in schedule(plan)}
    status = await trial_status(log, run_id)
    todo = [by_id[t.trial_id] for t in scheduled if status.get(t.trial_id) not in ev.SCORED_REASONS]
    missing = [t.trial_id for t in scheduled if t.trial_id not in by_id]
    if missing:
        raise ConfigError(f"run {run_id}: cannot rebuild trials {', '.join(missing)} from the recorded tasks")
    for task in {s.task.task_id: s.task for s in todo}.values():
        plan.settings.task_env.check(task)  # this process's opt-in, before anything is recorded
    await check_engine(plan, docker_url, [s.task for s in todo])
    writer = StreamWriter(log, ev.run_stream(run_id), version)
    resumed = ev.RunResumed(
        run_id=run_id,
        trials=[s.trial_id for s in todo],
        metric=metric,
        host=socket.gethostname(),
        host_id=host_id(),
        owner=owner_id(os.getpid()) or "",
    )
    try:
        await writer.append(resumed)  # at the version read above: of two resumes at once, one lands
    except ConflictError as e:
        raise RunInProgressError(
            f"run {run_id} was picked up by another process at the same moment (it runs the trials): "
            f"`realcli wait {run_id}` follows it"
        ) from e
    if on_start is not None:
        on_start(len(todo))
    result = await _execute(log, writer, plan, todo, on_trial, after_trial, docker_url)
    return result


async def check_resume_metric(log: EventLog, run_id: str, asked: str | None) -> None:
    """Refuse, before anything runs, a ``resume --metric`` that would score a run by two metrics."""
    started, _, _ = await read_run(log, run_id)
    await _resume_metric(log, started, asked)


async def _resume_metric(log: EventLog, started: ev.RunStarted, asked: str | None) -> str | None:
    """The metric a resume scores by: the run's own, else the one asked, else an earlier resume's."""
    if started.metric is not None:
        if asked is not None and asked != started.metric:
            raise ConfigError(
                f"run {started.run_id} chose --metric {started.metric}: its trials are scored by it; "
                f"start a new run to score by {asked}"
            )
        return None
    earlier: str | None = None
    async for rec in log.read(ev.run_stream(started.run_id)):
        if isinstance(rec.event, ev.RunResumed) and rec.event.metric is not None:
            earlier = rec.event.metric
    if asked is not None and earlier is not None and asked != earlier:
        raise ConfigError(
            f"run {started.run_id} was resumed with --metric {earlier}: its trials are scored by it; "
            f"start a new run to score by {asked}"
        )
    return asked or earlier


async def close_run(log: EventLog, run_id: str) -> RunStatus:
    """If every trial of the run has finished: judge what is left and record ``RunFinished(completed)``, once.

    Safe from any number of processes at once: ``RunFinished`` is appended at
    the run stream's version, so of two closers only one appends it.
    """
    status = await run_status(log, run_id)
    if status.state != "finished" or status.closed:
        return status
    if "rules" in status.judges:
        await LiveJudge(log, run_id).finish()
    stream = ev.run_stream(run_id)
    for _ in range(5):
        version = await log.stream_version(stream)
        last = [rec.event async for rec in log.read(stream, from_version=version)]
        if last and isinstance(last[-1], ev.RunFinished) and last[-1].status == "completed":
            break
        heads = await seal(log, run_id, skip=stream)
        done = ev.RunFinished(run_id=run_id, status="completed", trials_finished=status.finished, heads=heads)
        try:
            await log.append(stream, [done], expected_version=version)
            break
        except ConflictError:
            continue  # another process wrote on the run stream: look again
    return await run_status(log, run_id)


def _reload_tasks(started: ev.RunStarted) -> list[Task]:
    tasks = []
    for path in started.task_dirs:
        if not Path(path).is_dir():
            raise NotFoundError(f"run {started.run_id}: task directory {path} is gone; resume where the run started")
        tasks.append(load_task(Path(path)))
    return tasks


async def check_engine(plan: RunPlan, docker_url: str | None, tasks: Sequence[Task] | None = None) -> None:
    """Refuse, in one line, a run whose sandboxes need network the engine can only give as the host's."""
    if plan.settings.allow_host_network:
        return
    needing = sorted({t.task_id for t in tasks or plan.tasks if plan.settings.internet(t.config.environment)})
    if needing:
        async with connect(docker_url) as docker:
            await require_bridges(docker, needing)


async def _execute(
    log: EventLog,
    writer: StreamWriter,
    plan: RunPlan,
    specs: Sequence[TrialSpec],
    on_trial: OnTrial | None,
    after_trial: AfterTrial | None,
    docker_url: str | None,
) -> RunResult:
    result = RunResult(plan.run_id)
    limiter = anyio.CapacityLimiter(max(1, plan.concurrency))
    judge = LiveJudge(log, plan.run_id) if "rules" in plan.judges else None
    status: Literal["completed", "interrupted", "failed"] = "interrupted"
    try:
        try:
            async with connect(docker_url) as docker, anyio.create_task_group() as sweeper:
                await gc(docker)  # containers of crashed realcli processes on this host
                sweeper.start_soon(sweep_forever, docker, sweep_every_sec())
                sweeper.start_soon(record_outages, log, writer, result.outages)
                async with anyio.create_task_group() as tg:
                    for spec in specs:
                        tg.start_soon(_one, log, docker, plan, spec, limiter, result, judge, on_trial, after_trial)
                sweeper.cancel_scope.cancel()
            if judge is not None:
                await judge.finish()  # what a crash (or a lost log) left unjudged, then JudgingFinished
            status = "completed"
        except LogUnavailableError as e:
            result.lost = str(e)  # the trials ended (as infrastructure errors); the run's end cannot be recorded
    finally:
        result.interrupted = status != "completed"
        heads = await seal(log, plan.run_id, skip=writer.stream)
        finished = ev.RunFinished(run_id=plan.run_id, status=status, trials_finished=len(result.outcomes), heads=heads)
        try:
            result.head = (await writer.append_shielded(finished)).digest
        except LogUnavailableError as e:
            result.lost = result.lost or str(e)
    return result


async def _one(
    log: EventLog,
    docker: aiodocker.Docker,
    plan: RunPlan,
    spec: TrialSpec,
    limiter: anyio.CapacityLimiter,
    result: RunResult,
    judge: LiveJudge | None,
    on_trial: OnTrial | None,
    after_trial: AfterTrial | None,
) -> None:
    async with limiter:
        try:
            outcome = await TrialRunner(log, docker, spec, plan.make_agent(spec.task), plan.voice, plan.user_sim).run()
        except LogUnavailableError as e:
            # The log stayed away past its outage bound, even for the trial's last
            # words: this trial is lost (``resume`` re-runs it), the others go on.
            outcome = TrialOutcome(spec.trial_id, spec.task.task_id, spec.mode, "infrastructure_error", None, str(e))
    if outcome.reason not in ev.RESUMABLE_REASONS:
        with contextlib.suppress(LogUnavailableError):  # left unjudged: the catch-up at the end judges it
            if judge is not None:
                await judge.judge(spec.trial_id)
            if after_trial is not None:
                await after_trial(log, plan.run_id, spec.trial_id)
    result.outcomes.append(outcome)
    if on_trial is not None:
        maybe = on_trial(outcome)
        if maybe is not None:
            await maybe
