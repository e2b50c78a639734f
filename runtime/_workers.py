"""Past one machine: the coordinator queues trials, workers anywhere run them.

``distribute_run`` records a run (``RunStarted``, ``TrialScheduled``) in a
JetStream log, puts one work order per trial on the work queue beside it and
follows the log until every trial has finished, judging each as it comes in.
``serve_worker`` takes orders from the queue, rebuilds the trial from the
run's log (the task found by id under the worker's task folders and checked
by digest, the agent from the recorded ``AgentInfo`` and this machine's
environment for keys), runs it with this machine's Docker engine, and
acknowledges the order when the trial is over.  A worker that dies gives its
orders back to the queue; another worker retries them as a new try.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import anyio

from realcli import ConfigError, NotFoundError
from realcli import events as ev
from realcli.environments import connect
from realcli.eventlog import EventLog
from realcli.eventlog._workqueue import WorkItem, WorkOrder, WorkQueue
from realcli.runtime._agents import ModelOptions, agent_from_info
from realcli.runtime._bus import StreamWriter
from realcli.runtime._run import AfterTrial, OnTrial, RunPlan, RunResult, record_run
from realcli.runtime._sandbox import gc
from realcli.runtime._settings import RunSettings
from realcli.runtime._taskdir import Task, find_tasks, load_task
from realcli.runtime._trial import TrialOutcome, TrialRunner, TrialSpec, VoiceFactory, worker_id

_FINAL: Final = ("completed", "turn_budget", "time_budget", "infrastructure_error", "cancelled")


async def distribute_run(
    log: EventLog,
    queue: WorkQueue,
    plan: RunPlan,
    *,
    on_trial: OnTrial | None = None,
    after_trial: AfterTrial | None = None,
) -> RunResult:
    """Record ``plan``, queue its trials for workers, and wait for all of them to finish."""
    _, specs = await record_run(log, plan)
    await queue.submit([WorkOrder(plan.run_id, s.trial_id) for s in specs])
    return await follow_run(log, plan.run_id, [s.trial_id for s in specs], on_trial=on_trial, after_trial=after_trial)


async def follow_run(
    log: EventLog,
    run_id: str,
    trials: Sequence[str],
    *,
    on_trial: OnTrial | None = None,
    after_trial: AfterTrial | None = None,
) -> RunResult:
    """Follow a run's log until each of ``trials`` has finished a try; then record the run finished."""
    result = RunResult(run_id)
    waiting = set(trials)
    writer = await StreamWriter.open(log, ev.run_stream(run_id))
    status: str = "interrupted"
    try:
        async for rec in log.subscribe(0, run_id):
            event = rec.event
            if isinstance(event, ev.TrialFinished) and event.trial_id in waiting and event.reason in _FINAL:
                waiting.discard(event.trial_id)
                outcome = await _outcome(log, run_id, event)
                if after_trial is not None and event.reason not in ("infrastructure_error", "cancelled"):
                    await after_trial(log, run_id, event.trial_id)
                result.outcomes.append(outcome)
                if on_trial is not None:
                    maybe = on_trial(outcome)
                    if maybe is not None:
                        await maybe
                if not waiting:
                    status = "completed"
                    break
    finally:
        result.interrupted = status != "completed"
        detail = "" if status == "completed" else "the coordinator stopped following; workers carry on"
        await writer.append_shielded(
            ev.RunFinished(
                run_id=run_id,
                status="completed" if status == "completed" else "interrupted",
                trials_finished=len(result.outcomes),
                detail=detail,
            )
        )
    return result


async def _outcome(log: EventLog, run_id: str, finished: ev.TrialFinished) -> TrialOutcome:
    task_id, mode, reward = "", "exec", None
    async for rec in log.read(ev.trial_stream(run_id, finished.trial_id, "supervisor")):
        if isinstance(rec.event, ev.TrialStarted):
            task_id, mode = rec.event.task.task_id, rec.event.mode
    async for rec in log.read(ev.trial_stream(run_id, finished.trial_id, "sandbox")):
        if isinstance(rec.event, ev.SandboxCreated):
            reward = None
        elif isinstance(rec.event, ev.VerifierFinished):
            reward = rec.event.reward
    return TrialOutcome(finished.trial_id, task_id, mode, finished.reason, reward, finished.detail)  # type: ignore[arg-type]


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


async def serve_worker(log: EventLog, queue: WorkQueue, config: WorkerConfig) -> int:
    """Run trials from the queue until cancelled (or idle for ``idle_exit_sec``); returns trials run."""
    tasks = {t.task_id: t for t in (load_task(p) for p in find_tasks(list(config.task_dirs)))}
    runs: dict[str, tuple[ev.RunStarted, dict[str, ev.TrialScheduled]]] = {}
    slots = anyio.Semaphore(config.concurrency)
    done = 0
    async with connect() as docker, queue.consumer() as consumer, anyio.create_task_group() as tg:
        await gc(docker)
        idle_since = anyio.current_time()

        async def work(item: WorkItem) -> None:
            nonlocal done
            try:
                await _run_order(log, docker, item, tasks, runs, config)
                done += 1
            finally:
                slots.release()

        while True:
            await slots.acquire()
            item = await consumer.next(wait_sec=1.0)
            if item is None:
                slots.release()
                if config.idle_exit_sec is not None and anyio.current_time() - idle_since > config.idle_exit_sec:
                    break
                continue
            idle_since = anyio.current_time()
            tg.start_soon(work, item)
    return done


async def _run_order(
    log: EventLog,
    docker: object,
    item: WorkItem,
    tasks: dict[str, Task],
    runs: dict[str, tuple[ev.RunStarted, dict[str, ev.TrialScheduled]]],
    config: WorkerConfig,
) -> None:
    order = item.order
    if order.run_id not in runs:
        runs[order.run_id] = await _read_run(log, order.run_id)
    started, scheduled = runs[order.run_id]
    trial = scheduled.get(order.trial_id)
    if trial is None:
        raise NotFoundError(f"run {order.run_id} has no trial {order.trial_id}")
    task = tasks.get(trial.task_id)
    if task is None or (trial.task_digest and task.spec.digest != trial.task_digest):
        # Another worker may have the task: give the order back rather than fail the trial.
        await item.give_back(delay_sec=5.0)
        return
    voice, sim = config.voice_for(started) if config.voice_for else (None, None)
    spec = TrialSpec(
        run_id=order.run_id,
        trial_id=order.trial_id,
        task=task,
        mode=trial.mode,
        attempt=trial.attempt,
        seed=trial.seed,
        max_turns=started.max_turns,
        settings=RunSettings.recorded(started, build_ca=config.build_ca),
    )
    agent = agent_from_info(started.agent, config.agent_options)(task)
    async with anyio.create_task_group() as tg:

        async def keep_order() -> None:
            while True:  # tell the queue we are alive well within its ack_wait
                await anyio.sleep(item.touch_every)
                await item.touch()

        tg.start_soon(keep_order)
        await TrialRunner(log, docker, spec, agent, voice, sim, worker=worker_id()).run()  # type: ignore[arg-type]
        tg.cancel_scope.cancel()
    await item.done()


async def _read_run(log: EventLog, run_id: str) -> tuple[ev.RunStarted, dict[str, ev.TrialScheduled]]:
    started: ev.RunStarted | None = None
    scheduled: dict[str, ev.TrialScheduled] = {}
    async for rec in log.read(ev.run_stream(run_id)):
        if isinstance(rec.event, ev.RunStarted):
            started = rec.event
        elif isinstance(rec.event, ev.TrialScheduled):
            scheduled[rec.event.trial_id] = rec.event
    if started is None:
        raise ConfigError(f"work order for run {run_id!r}, which is not in {log.url}: is the worker on the same log?")
    return started, scheduled
