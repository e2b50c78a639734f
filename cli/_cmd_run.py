"""``realcli run``, ``resume`` and ``gc``: running trials, with a live progress display."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer

from realcli import events as ev
from realcli.cli._app import app, err_console
from realcli.cli._common import LogOption, run_async
from realcli.cli._run_options import (
    AgentOpt,
    AgentOptionOpt,
    AgentTimeoutMultiplierOpt,
    AgentVersionOpt,
    BaseUrlOpt,
    BuildCaOpt,
    BuildTimeoutMultiplierOpt,
    HostNetworkOpt,
    ImageMapOpt,
    MaxCostOpt,
    MaxTokensOpt,
    MetricOpt,
    ModelOpt,
    NetworkOpt,
    ProviderOpt,
    TaskEnvOpt,
    TimeoutMultiplierOpt,
    UserModelOpt,
    UserSimOpt,
    UserUrlOpt,
    VerifierTimeoutMultiplierOpt,
    warn_host_network,
)
from realcli.cli._run_support import (
    INFRASTRUCTURE_EXIT,
    _headline,
    _key_values,
    _summarize,
    _TrialProgress,
    _until_signal,
    _voice,
    _with_progress,
    load_suite,
    report_skipped,
)
from realcli.eventlog import WorkQueue, check_url, open_log
from realcli.judging import RunStatus, run_status
from realcli.projections import Report
from realcli.scripts_catalog import load_catalog
from realcli.taskformat import Task

if TYPE_CHECKING:  # the runtime (actors, Docker) is imported by the commands that run trials, not by `realcli`
    from realcli.runtime import RunPlan, RunResult, TrialOutcome, VoiceFactory


@app.command()
def run(
    tasks: Annotated[list[Path], typer.Argument(metavar="TASKS...", help="Task directories, or folders of them.")],
    mode: Annotated[
        str, typer.Option("--mode", help="exec, collab, or paired (both, same image and verifier).")
    ] = "paired",
    agent: AgentOpt = "oracle",
    attempts: Annotated[int, typer.Option("--attempts", "-k", min=1, help="Attempts per task and mode (avg@k).")] = 1,
    concurrency: Annotated[int, typer.Option("--concurrency", "-n", min=1, help="Trials at once.")] = 4,
    user_sim: UserSimOpt = "scripted",
    run_id: Annotated[str | None, typer.Option("--run-id", help="Id for the run (default: generated).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed for probe variants.")] = 0,
    max_turns: Annotated[
        int | None, typer.Option("--max-turns", min=1, help="Cap every task's turn budget (recorded in the run).")
    ] = None,
    model: ModelOpt = None,
    base_url: BaseUrlOpt = None,
    provider: ProviderOpt = None,
    agent_version: AgentVersionOpt = None,
    max_tokens: MaxTokensOpt = None,
    max_cost: MaxCostOpt = None,
    agent_option: AgentOptionOpt = None,
    user_model: UserModelOpt = None,
    user_base_url: UserUrlOpt = None,
    keep_images: Annotated[
        bool, typer.Option("--keep-images", help="Keep each trial's final state as an image.")
    ] = False,
    judge: Annotated[bool, typer.Option("--judge/--no-judge", help="Judge each trial with the rules judge.")] = True,
    distribute: Annotated[
        bool, typer.Option("--distribute", help="Queue the trials for `realcli worker`s (needs a nats:// log).")
    ] = False,
    network: NetworkOpt = "task",
    image_map: ImageMapOpt = None,
    build_ca: BuildCaOpt = None,
    allow_host_network: HostNetworkOpt = False,
    metric: MetricOpt = None,
    task_env: TaskEnvOpt = None,
    timeout_multiplier: TimeoutMultiplierOpt = 1.0,
    agent_timeout_multiplier: AgentTimeoutMultiplierOpt = None,
    verifier_timeout_multiplier: VerifierTimeoutMultiplierOpt = None,
    environment_build_timeout_multiplier: BuildTimeoutMultiplierOpt = None,
    sample: Annotated[
        int | None,
        typer.Option("--sample", min=1, help="Run only N of the tasks, spread over their categories (by task id)."),
    ] = None,
    log: LogOption = None,
) -> None:
    """Run agents on tasks in EXEC, COLLAB or paired mode."""
    from realcli.runtime import (
        InstalledOptions,
        ModelOptions,
        RunMode,
        RunPlan,
        RunSettings,
        agent_factory,
        load_build_ca,
        load_image_map,
        load_task_env,
        new_run_id,
        parse_network,
        parse_timeouts,
        schedule,
    )

    if mode not in ("exec", "collab", "paired"):
        raise typer.BadParameter("expected exec, collab or paired", param_hint="--mode")
    timeouts = parse_timeouts(
        timeout_multiplier,
        agent=agent_timeout_multiplier,
        verifier=verifier_timeout_multiplier,
        environment_build=environment_build_timeout_multiplier,
    )
    run_async(check_url, log)  # a bad --log is one line, before anything is printed
    opted_in = load_task_env(task_env or [])
    loaded, skipped = load_suite(tasks, opted_in, oracle=agent == "oracle", sample=sample)
    loaded = run_async(_fitting, log, loaded, skipped)
    settings = RunSettings(
        network=parse_network(network),
        metric=metric,
        image_map=load_image_map(image_map or []),
        build_ca=load_build_ca(build_ca or []),
        allow_host_network=allow_host_network,
        task_env=opted_in,
        timeouts=timeouts,
    )
    warn_host_network(allow_host_network)
    info, make_agent = agent_factory(
        agent,
        ModelOptions(model=model, base_url=base_url, provider=provider),
        InstalledOptions(version=agent_version, max_tokens=max_tokens, max_cost_usd=max_cost),
        _key_values(agent_option or [], "--agent-option"),
    )
    voice, sim_info = _voice(user_sim, ModelOptions(model=user_model, base_url=user_base_url))
    plan = RunPlan(
        run_id=run_id or new_run_id(),
        tasks=loaded,
        mode=cast(RunMode, mode),
        agent=info,
        make_agent=make_agent,
        voice=voice,
        attempts=attempts,
        concurrency=concurrency,
        seed=seed,
        max_turns=max_turns,
        keep_images=keep_images,
        judges=("rules",) if judge else (),
        catalog=load_catalog().info(),
        user_sim=sim_info,
        settings=settings,
    )
    total = len(schedule(plan))
    err_console.print(
        f"run [bold]{plan.run_id}[/]: {total} trial(s), agent {agent}, {mode} mode, log {log or 'default'}"
    )
    result, headline = _with_progress(total, lambda on_trial: _run(log, plan, on_trial, distribute))
    errors = _summarize(result, headline)
    report_skipped(skipped)
    if errors:
        raise typer.Exit(INFRASTRUCTURE_EXIT)


async def _fitting(url: str | None, tasks: list[Task], skipped: list[tuple[Path, str]]) -> list[Task]:
    """The tasks whose events the log can hold; each other one is skipped with one line (``oversized``)."""
    from realcli.runtime import oversized

    async with open_log(url) as log:
        refused = oversized(tasks, log)
    for task, reason in refused:
        err_console.print(f"skipped: {reason}", markup=False, soft_wrap=True)
        skipped.append((task.root, reason))
    fitting = [t for t in tasks if all(t is not task for task, _ in refused)]
    if not fitting:
        raise typer.Exit(1)
    return fitting


async def _run(
    url: str | None, plan: RunPlan, on_trial: Callable[[TrialOutcome], None], distribute: bool
) -> tuple[RunResult, Report | None]:
    from realcli.runtime import distribute_run, start_run

    async with open_log(url) as log:
        if distribute:
            async with WorkQueue.open(log.url) as queue:
                result = await _until_signal(distribute_run(log, queue, plan, on_trial=on_trial), detach=plan.run_id)
        else:
            result = await _until_signal(start_run(log, plan, on_trial=on_trial))
        return result, None if result.lost else await _headline(log, plan.run_id)


@app.command()
def resume(
    run_id: Annotated[str, typer.Argument(metavar="RUN")],
    concurrency: Annotated[int | None, typer.Option("--concurrency", "-n", min=1)] = None,
    model: ModelOpt = None,
    base_url: BaseUrlOpt = None,
    user_model: UserModelOpt = None,
    user_base_url: UserUrlOpt = None,
    metric: Annotated[
        str | None,
        typer.Option(
            "--metric",
            help="The reward.json metric that decides V, for a run that chose none (trials that ended because "
            "their verifier wrote several metrics are scored by it). Recorded in the run.",
        ),
    ] = None,
    task_env: TaskEnvOpt = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="Resume even though another host's process is recorded as running the run (it is gone)."
        ),
    ] = False,
    log: LogOption = None,
) -> None:
    """Re-run the trials of a run that did not finish; keep the finished ones."""
    from realcli.runtime import (
        ModelOptions,
        RunPlan,
        RunSettings,
        agent_from_info,
        check_resume_metric,
        load_build_ca,
        load_task_env,
        resume_run,
    )

    async def check() -> None:
        async with open_log(log, create=False) as opened:
            await check_resume_metric(opened, run_id, metric)

    run_async(check)  # a refused metric or an unknown run is one line, before any progress bar

    options = ModelOptions(model=model, base_url=base_url)
    user_options = ModelOptions(model=user_model, base_url=user_base_url)
    progress = _TrialProgress()
    opted_in = load_task_env(task_env or [])

    def make_plan(started: ev.RunStarted, tasks: list[Task]) -> RunPlan:
        sim = started.user_sim.kind if started.user_sim else "scripted"
        recorded = started.user_sim
        voice, sim_info = _voice(
            sim,
            ModelOptions(
                model=user_options.model or (recorded.model if recorded else None),
                base_url=user_options.base_url or (recorded.endpoint if recorded else None),
            ),
        )
        plan = RunPlan(
            run_id=started.run_id,
            tasks=tasks,
            mode=started.mode,
            agent=started.agent,
            make_agent=agent_from_info(started.agent, options),
            voice=voice,
            attempts=started.attempts,
            concurrency=concurrency or started.concurrency,
            seed=started.seed,
            max_turns=started.max_turns,
            judges=tuple(started.judges),
            catalog=started.catalog,
            user_sim=sim_info,
            settings=RunSettings.recorded(started, build_ca=load_build_ca(), task_env=opted_in),
        )
        return plan

    async def go(on_trial: Callable[[TrialOutcome], None]) -> tuple[RunResult, Report | None]:
        async with open_log(log, create=False) as opened:
            result = await _until_signal(
                resume_run(
                    opened,
                    run_id,
                    make_plan,
                    on_trial=on_trial,
                    on_start=progress.set_total,
                    metric=metric,
                    force=force,
                )
            )
            return result, None if result.lost else await _headline(opened, run_id)

    result, headline = _with_progress(None, go, progress)
    if _summarize(result, headline):
        raise typer.Exit(INFRASTRUCTURE_EXIT)


@app.command()
def wait(
    run_id: Annotated[str, typer.Argument(metavar="RUN")],
    log: LogOption = None,
) -> None:
    """Follow a run until every trial has finished, from any machine (a distributed run whose coordinator
    stopped, too); then judge what is left, close the run and print its summary."""
    from realcli.runtime import follow_run

    ev.check_token(run_id, "run id")

    async def where() -> RunStatus:
        async with open_log(log, create=False) as opened:
            return await run_status(opened, run_id)

    status = run_async(where)  # an unknown run or log is one line, before any progress bar
    err_console.print(f"run {run_id}: {status.describe()}; following it")

    async def go(on_trial: Callable[[TrialOutcome], None]) -> tuple[RunResult, Report]:
        async with open_log(log, create=False) as opened:
            result = await _until_signal(follow_run(opened, run_id, on_trial=on_trial))
            if result.interrupted:
                err_console.print(f"run {run_id} was stopped before its trials finished: `realcli resume {run_id}`")
            return result, await _headline(opened, run_id)

    result, headline = _with_progress(status.scheduled, go)
    _summarize(result, headline)


@app.command()
def worker(
    tasks: Annotated[
        list[Path], typer.Option("--tasks", help="Folders holding the tasks this worker can run (repeatable).")
    ],
    concurrency: Annotated[int, typer.Option("--concurrency", "-n", min=1, help="Trials at once.")] = 2,
    model: ModelOpt = None,
    base_url: BaseUrlOpt = None,
    idle_exit: Annotated[
        float | None, typer.Option("--idle-exit", help="Stop after this many seconds without work.")
    ] = None,
    ack_wait: Annotated[
        float, typer.Option("--ack-wait", help="Seconds before a dead worker's trial is retried.")
    ] = 120,
    metric: Annotated[
        str | None,
        typer.Option("--metric", help="The reward.json metric that decides V, for runs that chose none."),
    ] = None,
    task_env: TaskEnvOpt = None,
    log: LogOption = None,
) -> None:
    """Run trials queued by `realcli run --distribute`, with this machine's Docker engine."""
    from realcli.runtime import ModelOptions, WorkerConfig, load_build_ca, load_task_env, serve_worker, worker_id

    def voice_for(started: ev.RunStarted) -> tuple[VoiceFactory | None, ev.UserSimInfo | None]:
        recorded = started.user_sim
        kind = recorded.kind if recorded else "scripted"
        return _voice(
            kind,
            ModelOptions(model=recorded.model if recorded else None, base_url=recorded.endpoint if recorded else None),
        )

    config = WorkerConfig(
        task_dirs=tasks,
        concurrency=concurrency,
        agent_options=ModelOptions(model=model, base_url=base_url),
        voice_for=voice_for,
        idle_exit_sec=idle_exit,
        build_ca=load_build_ca(),
        metric=metric,
        task_env=load_task_env(task_env or []),
        on_give_back=lambda order, why: err_console.print(
            f"gave {order.run_id}/{order.trial_id} back to the queue: {why}", markup=False, soft_wrap=True
        ),
    )

    async def go() -> int:
        async with (
            open_log(log, role="worker") as opened,
            WorkQueue.open(opened.url, ack_wait=ack_wait, role="worker") as queue,
        ):
            err_console.print(f"worker {worker_id()} serving {opened.url} ({concurrency} at a time)")
            return await _until_signal(serve_worker(opened, queue, config))

    err_console.print(f"worker ran {run_async(go)} trial(s)")


@app.command("gc")
def gc_cmd(
    images: Annotated[
        bool,
        typer.Option(
            "--images",
            help="Also remove cached task and agent images and the engine's build cache (while nothing builds).",
        ),
    ] = False,
) -> None:
    """Remove sandboxes left behind by dead realcli processes of this host (and, with --images, cached images)."""
    from realcli.environments import connect, gc, prune_build_cache, prune_images

    async def sweep() -> tuple[list[str], list[str], int]:
        async with connect() as docker:
            containers = await gc(docker)
            if not images:
                return containers, [], 0
            return containers, await prune_images(docker), await prune_build_cache(docker)

    containers, pruned, freed = run_async(sweep)
    err_console.print(
        f"removed {len(containers)} leftover container(s)"
        + (f", {len(pruned)} cached image(s) and {freed / 1e9:.1f} GB of build cache" if images else "")
    )
