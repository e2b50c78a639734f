"""Past one machine: the coordinator queues trials, workers anywhere run them.

``distribute_run`` records a run (``RunStarted``, ``TrialScheduled``) in a
JetStream log, puts one work order per trial on the work queue beside it and
follows the run (``follow_run``).  ``serve_worker`` takes orders from the
queue, rebuilds the trial from the run's log (the task found by id under the
worker's task folders and checked by digest, the agent from the recorded
``AgentInfo`` and this machine's environment for keys), runs it with this
machine's Docker engine, judges it, and acknowledges the order.  A worker
that dies gives its orders back to the queue; another worker retries them
as a new try (or, if the try had finished, only judges and acknowledges it).

A distributed run is a run like any other: its status comes from the log
(``run_status``), and it is finished when every trial is, whoever ran them.
The coordinator may stop at any time without stopping the run: workers
carry on, each judges the trials it finishes, and the worker that finishes
the last one closes the run (``close_run``: what is left unjudged, then
``RunFinished``).  ``follow_run`` (``realcli wait RUN``) re-attaches from
any machine.

With per-role NATS credentials a worker's own credential only reads the log
and takes orders: it writes a run with the credential its orders carry,
which reaches that run and no other (``realcli.eventlog.WorkQueue``).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Sequence
from contextlib import AsyncExitStack, aclosing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import anyio

from realcli import ConfigError, LogUnavailableError, NotFoundError
from realcli import events as ev
from realcli.environments import connect, gc, sweep_forever
from realcli.eventlog import EventLog, WorkItem, WorkOrder, WorkQueue, open_log
from realcli.judging import LiveJudge
from realcli.runtime.agents import ModelOptions, agent_from_info
from realcli.runtime.trials._run import (
    OnTrial,
    RunPlan,
    RunResult,
    close_run,
    record_run,
    sweep_every_sec,
)
from realcli.runtime.trials._settings import RunSettings
from realcli.runtime.trials._spec import TrialOutcome, TrialSpec, VoiceFactory, worker_id
from realcli.runtime.trials._trial import TrialRunner
from realcli.taskformat import Task, TaskEnv, find_tasks, load_task

_GIVE_BACK_SEC: Final = 5.0


async def distribute_run(
    log: EventLog, queue: WorkQueue, plan: RunPlan, *, on_trial: OnTrial | None = None
) -> RunResult:
    """Record ``plan``, queue its trials for workers, and follow the run until every trial has finished."""
    _, specs = await record_run(log, plan)
    await queue.submit([WorkOrder(plan.run_id, s.trial_id) for s in specs])
    return await follow_run(log, plan.run_id, on_trial=on_trial)


@dataclass
class _Try:
    """What ``follow_run`` knows of a trial's latest try."""

    task_id: str
    mode: str
    reward: float | None = None
    finished: ev.TrialFinished | None = None


async def follow_run(log: EventLog, run_id: str, *, on_trial: OnTrial | None = None) -> RunResult:
    """Follow a run in the log until every scheduled trial has finished, then close it (``close_run``).

    Works for any run, from any machine, at any time (trials that finished
    before are reported first).  It also ends at a ``RunFinished`` written
    after it started following (a local run stopped, or a run closed
    elsewhere).  Leaving early (cancellation) records nothing: the run goes
    on wherever its trials run.  ``on_trial`` hears each trial once, when it
    first finishes.
    """
    control = await log.stream_version(ev.run_stream(run_id))
    if control == 0:
        raise NotFoundError(f"run {run_id!r} is not in {log.url}: `realcli runs` lists the runs")
    result = RunResult(run_id)
    scheduled: set[str] = set()
    tries: dict[str, _Try] = {}
    heard: set[str] = set()
    ended: ev.RunFinished | None = None
    async with aclosing(log.subscribe(0, run_id)) as records:  # type: ignore[type-var]
        async for rec in records:
            event, trial = rec.event, rec.trial_id
            match event:
                case ev.TrialScheduled():
                    scheduled.add(event.trial_id)
                case ev.TrialStarted():
                    tries[event.trial_id] = _Try(event.task.task_id, event.mode)
                case ev.VerifierFinished() if trial in tries:
                    tries[trial].reward = event.reward
                case ev.TrialFinished() if event.trial_id in tries:
                    tries[event.trial_id].finished = event
                    if on_trial is not None and event.trial_id not in heard and event.reason in ev.TRIAL_END_REASONS:
                        heard.add(event.trial_id)
                        maybe = on_trial(_outcome(event.trial_id, tries[event.trial_id]))
                        if maybe is not None:
                            await maybe
                case ev.RunFinished() if rec.version >= control:
                    ended = event
            if ended is not None or (scheduled and all(_done(tries.get(t)) for t in scheduled)):
                break
    result.outcomes = [_outcome(t, tries[t]) for t in sorted(scheduled) if _done(tries.get(t))]
    if ended is not None and ended.status != "completed":
        result.interrupted = True
        return result
    status = await close_run(log, run_id)
    result.interrupted = status.state != "finished"
    return result


def _done(attempt: _Try | None) -> bool:
    return attempt is not None and attempt.finished is not None and attempt.finished.reason in ev.TRIAL_END_REASONS


def _outcome(trial_id: str, attempt: _Try) -> TrialOutcome:
    finished = attempt.finished
    assert finished is not None
    return TrialOutcome(trial_id, attempt.task_id, attempt.mode, finished.reason, attempt.reward, finished.detail)  # type: ignore[arg-type]


# ------------------------------------------------------------------------- worker


@dataclass(frozen=True)
class WorkerConfig:
    """How this worker runs trials: where its tasks are, how many at once, its model settings."""

    task_dirs: Sequence[Path]
    concurrency: int = 2
    agent_options: ModelOptions = field(default_factory=ModelOptions)
    voice_for: Callable[[ev.RunStarted], tuple[VoiceFactory | None, ev.UserSimInfo | None]] | None = None
    idle_exit_sec: float | None = None  # stop after this long without work (tests, batch jobs)
    build_ca: str | None = None  # this machine's extra CA bundle for image builds (runs record only its hash)
    metric: str | None = None  # the reward.json metric for runs that chose none (--metric)
    task_env: TaskEnv = field(default_factory=TaskEnv)  # the host variables this worker's user lets tasks read
    on_give_back: Callable[[WorkOrder, str], None] | None = None  # an order given back to the queue, and why


class _Run:
    """A run as a worker knows it: its header, its trials and the metric its latest resume chose (read up to
    ``read``), the log it writes the run with (the run's own credential, or the worker's) and its live judge."""

    def __init__(self, run_id: str, log: EventLog) -> None:
        self.run_id = run_id
        self.log = log
        self.judge = LiveJudge(log, run_id)
        self.started: ev.RunStarted | None = None
        self.scheduled: dict[str, ev.TrialScheduled] = {}
        self.resumed_metric: str | None = None
        self.read = 0  # the run stream's version read so far

    async def catch_up(self) -> None:
        """Read what the run stream gained since the last order (a resume may have chosen a metric)."""
        async for rec in self.log.read(ev.run_stream(self.run_id), from_version=self.read + 1):
            match rec.event:
                case ev.RunStarted() as started:
                    self.started = started
                case ev.TrialScheduled() as trial:
                    self.scheduled[trial.trial_id] = trial
                case ev.RunResumed(metric=str(metric)):
                    self.resumed_metric = metric  # `resume --metric`: the run is scored by it, here too
            self.read = rec.version
        if self.started is None:
            raise ConfigError(
                f"work order for run {self.run_id!r}, which is not in {self.log.url}: is the worker on the same log?"
            )


class _Runs:
    def __init__(self, log: EventLog, stack: AsyncExitStack) -> None:
        self._log = log
        self._stack = stack
        self._runs: dict[str, _Run] = {}
        self._lock = anyio.Lock()

    async def get(self, item: WorkItem) -> _Run:
        """The order's run, brought up to date."""
        run_id = item.order.run_id
        async with self._lock:  # one connection per run, however many of its orders arrive at once
            if run_id not in self._runs:
                credential = item.credential()
                log = self._log
                if credential is not None:
                    log = await self._stack.enter_async_context(
                        open_log(self._log.url, create=False, role="worker", credential=credential)
                    )
                self._runs[run_id] = _Run(run_id, log)
            run = self._runs[run_id]
            await run.catch_up()
            return run


async def serve_worker(log: EventLog, queue: WorkQueue, config: WorkerConfig) -> int:
    """Run trials from the queue until cancelled (or idle for ``idle_exit_sec``); returns trials run."""
    tasks = {t.task_id: t for t in (load_task(p) for p in find_tasks(list(config.task_dirs)))}
    slots = anyio.Semaphore(config.concurrency)
    done = 0
    stack = AsyncExitStack()
    runs = _Runs(log, stack)

    async def work(item: WorkItem, docker: object) -> None:
        nonlocal done
        try:
            ran = await _run_order(queue, docker, item, tasks, runs, config)
            done += ran  # not `done += await ...`: that reads `done` before the trial, and loses counts
        except LogUnavailableError as e:
            # The log stayed away past its outage bound: another try, later.
            await item.give_back(delay_sec=_GIVE_BACK_SEC)
            if config.on_give_back is not None:
                config.on_give_back(item.order, str(e))
        finally:
            slots.release()

    async with stack, connect() as docker, queue.consumer() as consumer, anyio.create_task_group() as sweeper:
        await gc(docker)
        sweeper.start_soon(sweep_forever, docker, sweep_every_sec())
        async with anyio.create_task_group() as tg:
            idle_since = anyio.current_time()
            while True:
                await slots.acquire()
                item = await consumer.next(wait_sec=1.0)
                if item is None:
                    slots.release()
                    if config.idle_exit_sec is not None and anyio.current_time() - idle_since > config.idle_exit_sec:
                        break
                    continue
                idle_since = anyio.current_time()
                tg.start_soon(work, item, docker)
        sweeper.cancel_scope.cancel()
    return done


async def _run_order(
    queue: WorkQueue,
    docker: object,
    item: WorkItem,
    tasks: dict[str, Task],
    runs: _Runs,
    config: WorkerConfig,
) -> int:
    """Run (or finish handling) one order; 1 if a trial ran here."""
    order = item.order
    run = await runs.get(item)
    log, started = run.log, run.started
    assert started is not None  # get() refuses a run without its header
    trial = run.scheduled.get(order.trial_id)
    if trial is None:
        raise NotFoundError(f"run {order.run_id} has no trial {order.trial_id}")
    end = await _latest_end(log, order.run_id, order.trial_id)
    ran = 0
    if end not in ev.TRIAL_END_REASONS:
        task = tasks.get(trial.task_id)
        if task is None or (trial.task_digest and task.spec.digest != trial.task_digest):
            # Another worker may have the task: give the order back rather than fail the trial.
            await item.give_back(delay_sec=_GIVE_BACK_SEC)
            return 0
        # The run's own metric wins, then its latest resume's, then this worker's --metric (for runs that chose none).
        metric = run.resumed_metric or config.metric
        end = await _run_trial(log, docker, item, task, started, trial, dataclasses.replace(config, metric=metric))
        ran = 1
    # else: a try that finished, whose worker died before acknowledging it: never run it twice.
    if "rules" in started.judges and end not in ev.RESUMABLE_REASONS:
        await run.judge.judge(order.trial_id)
    await item.done()
    with contextlib.suppress(LogUnavailableError):  # then the coordinator, another worker or `wait` closes it
        if await queue.remaining(order.run_id) == 0:
            await close_run(log, order.run_id)  # the last order of the run: finish it, whoever else is around
    return ran


async def _run_trial(
    log: EventLog,
    docker: object,
    item: WorkItem,
    task: Task,
    started: ev.RunStarted,
    trial: ev.TrialScheduled,
    config: WorkerConfig,
) -> str:
    voice, sim = config.voice_for(started) if config.voice_for else (None, None)
    order = item.order
    spec = TrialSpec(
        run_id=order.run_id,
        trial_id=order.trial_id,
        task=task,
        mode=trial.mode,
        attempt=trial.attempt,
        seed=trial.seed,
        max_turns=started.max_turns,
        settings=RunSettings.recorded(
            started, build_ca=config.build_ca, metric=config.metric, task_env=config.task_env
        ),
    )
    agent = agent_from_info(started.agent, config.agent_options)(task)
    async with anyio.create_task_group() as tg:

        async def keep_order() -> None:
            while True:  # tell the queue we are alive well within its ack_wait
                await anyio.sleep(item.touch_every)
                await item.touch()

        tg.start_soon(keep_order)
        outcome = await TrialRunner(log, docker, spec, agent, voice, sim, worker=worker_id()).run()  # type: ignore[arg-type]
        tg.cancel_scope.cancel()
    return outcome.reason


async def _latest_end(log: EventLog, run_id: str, trial_id: str) -> str | None:
    """The end reason of a trial's latest try (None: never started, or still without an end)."""
    end: str | None = None
    async for rec in log.read(ev.trial_stream(run_id, trial_id, "supervisor")):
        if isinstance(rec.event, ev.TrialStarted):
            end = None
        elif isinstance(rec.event, ev.TrialFinished):
            end = rec.event.reason
    return end
