"""``realcli run``, ``resume`` and ``gc``: running trials, with a live progress display."""

from __future__ import annotations

import signal
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal, TypeVar, cast

import anyio
import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from realcli import ConfigError, TaskFormatError
from realcli import events as ev
from realcli.cli._app import app, console, err_console
from realcli.cli._common import LogOption, run_async
from realcli.cli._report_term import terminal
from realcli.eventlog import EventLog, WorkQueue, check_url, open_log
from realcli.judging import RunStatus, load_run, run_status
from realcli.projections import Report, report, report_document
from realcli.scripts_catalog import load_catalog
from realcli.taskformat import Task, find_tasks, load_task

if TYPE_CHECKING:  # the runtime (actors, Docker) is imported by the commands that run trials, not by `realcli`
    from realcli.runtime import ModelOptions, RunPlan, RunResult, TrialOutcome, VoiceFactory

T = TypeVar("T")

AgentOpt = Annotated[str, typer.Option("--agent", help=f"Agent to evaluate: {', '.join(ev.AGENT_NAMES)}.")]
ModelOpt = Annotated[str | None, typer.Option("--model", help="Agent model (or $REALCLI_AGENT_MODEL).")]
BaseUrlOpt = Annotated[
    str | None, typer.Option("--base-url", help="Agent model endpoint, OpenAI-compatible (or $REALCLI_AGENT_BASE_URL).")
]
ProviderOpt = Annotated[
    str | None,
    typer.Option(
        "--provider",
        help="Agent API: openai or anthropic (or $REALCLI_AGENT_PROVIDER; "
        "claude-code defaults to anthropic, codex to openai).",
    ),
]
AgentVersionOpt = Annotated[
    str | None,
    typer.Option("--agent-version", help="npm version of claude-code / codex (default: the pinned one)."),
]
MaxTokensOpt = Annotated[
    int | None, typer.Option("--max-tokens", min=1, help="claude-code / codex: token budget per trial (gateway).")
]
MaxCostOpt = Annotated[
    float | None, typer.Option("--max-cost", min=0.0, help="claude-code / codex: USD budget per trial (gateway).")
]
AgentOptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--agent-option",
        help="KEY=VALUE, repeatable: terminus context_tokens (default 128000), summarize_at (0.8), "
        "json_mode (false), max_malformed (unset: never give up).",
    ),
]
NetworkOpt = Annotated[
    str,
    typer.Option(
        "--network",
        envvar="REALCLI_NETWORK",
        help="task: each sandbox gets its task's network (Harbor's default, public, when the task declares none); "
        "none: isolate every sandbox, as the paper's runs (or $REALCLI_NETWORK). Recorded in the run.",
    ),
]
ImageMapOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--image-map",
        help="FROM=TO, repeatable: use image TO wherever a task asks for FROM (docker_image or a Dockerfile's "
        "FROM; FROM may be a glob such as python:3.*-slim*). Also $REALCLI_IMAGE_MAP and the config file.",
    ),
]
HostNetworkOpt = Annotated[
    bool,
    typer.Option(
        "--allow-host-network",
        help="When the Docker engine cannot give a sandbox a bridge network of its own, let sandboxes that need "
        "network take the HOST's network, where they reach every service on this machine, the event log "
        "included. Unsafe; recorded in the run. Without it such a run is refused.",
    ),
]


def warn_host_network(allowed: bool) -> None:
    """The loud warning ``--allow-host-network`` deserves, once, before anything runs."""
    if allowed:
        err_console.print(
            "[bold red]warning:[/] --allow-host-network: where the engine cannot bridge, sandboxes that need "
            "network share this machine's network and can reach its services, the event log included"
        )


BuildCaOpt = Annotated[
    list[Path] | None,
    typer.Option(
        "--build-ca",
        help="PEM file of CA certificates that image builds trust (builds behind a TLS-intercepting proxy); "
        "repeatable. Also $REALCLI_BUILD_CA and the config file. Off by default.",
    ),
]
UserSimOpt = Annotated[str, typer.Option("--user-sim", help="User simulator: scripted (deterministic) or llm.")]
UserModelOpt = Annotated[str | None, typer.Option("--user-model", help="Simulator model (or $REALCLI_USER_MODEL).")]
UserUrlOpt = Annotated[
    str | None, typer.Option("--user-base-url", help="Simulator endpoint (or $REALCLI_USER_BASE_URL).")
]


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
    metric: Annotated[
        str | None,
        typer.Option(
            "--metric",
            help="The reward.json metric that decides V when a verifier writes several and no 'reward' key.",
        ),
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
        new_run_id,
        parse_network,
        schedule,
    )

    if mode not in ("exec", "collab", "paired"):
        raise typer.BadParameter("expected exec, collab or paired", param_hint="--mode")
    run_async(check_url, log)  # a bad --log is one line, before anything is printed
    loaded, skipped = load_suite(tasks)
    settings = RunSettings(
        network=parse_network(network),
        metric=metric,
        image_map=load_image_map(image_map or []),
        build_ca=load_build_ca(build_ca or []),
        allow_host_network=allow_host_network,
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


def load_suite(paths: list[Path]) -> tuple[list[Task], list[tuple[Path, str]]]:
    """Load every task under ``paths``; one line for each task that fails to load, which is skipped.

    When nothing loads: the one task's error (one line), or every skipped
    line and exit 1.  The caller lists the skipped tasks again in its
    summary (``report_skipped``).
    """
    loaded: list[Task] = []
    skipped: list[tuple[Path, str]] = []
    for path in find_tasks(paths):
        try:
            loaded.append(load_task(path))
        except TaskFormatError as e:
            if len(paths) == 1 and path == paths[0]:
                raise  # one task asked for: its error is the answer
            skipped.append((path, str(e)))
    for _, message in skipped:
        err_console.print(f"skipped: {message}", markup=False, soft_wrap=True)
    if not loaded:
        err_console.print("no task loaded: nothing to run", markup=False)
        raise typer.Exit(1)
    return loaded, skipped


def report_skipped(skipped: list[tuple[Path, str]]) -> None:
    """The summary's list of tasks that failed to load; exits 1 when there are any."""
    if not skipped:
        return
    console.print(f"{len(skipped)} task(s) skipped because they failed to load:", markup=False)
    for _, message in skipped:
        console.print(f"  {message}", markup=False, soft_wrap=True)
    raise typer.Exit(1)


async def _run(
    url: str | None, plan: RunPlan, on_trial: Callable[[TrialOutcome], None], distribute: bool
) -> tuple[RunResult, Report]:
    from realcli.runtime import distribute_run, start_run

    async with open_log(url) as log:
        if distribute:
            async with WorkQueue.open(log.url) as queue:
                result = await _until_signal(distribute_run(log, queue, plan, on_trial=on_trial), detach=plan.run_id)
        else:
            result = await _until_signal(start_run(log, plan, on_trial=on_trial))
        return result, await _headline(log, plan.run_id)


@app.command()
def resume(
    run_id: Annotated[str, typer.Argument(metavar="RUN")],
    concurrency: Annotated[int | None, typer.Option("--concurrency", "-n", min=1)] = None,
    model: ModelOpt = None,
    base_url: BaseUrlOpt = None,
    user_model: UserModelOpt = None,
    user_base_url: UserUrlOpt = None,
    log: LogOption = None,
) -> None:
    """Re-run the trials of a run that did not finish; keep the finished ones."""
    from realcli.runtime import ModelOptions, RunPlan, RunSettings, agent_from_info, load_build_ca, resume_run

    options = ModelOptions(model=model, base_url=base_url)
    user_options = ModelOptions(model=user_model, base_url=user_base_url)
    progress = _TrialProgress()

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
            settings=RunSettings.recorded(started, build_ca=load_build_ca()),
        )
        return plan

    async def go(on_trial: Callable[[TrialOutcome], None]) -> tuple[RunResult, Report]:
        async with open_log(log, create=False) as opened:
            result = await _until_signal(
                resume_run(opened, run_id, make_plan, on_trial=on_trial, on_start=progress.set_total)
            )
            return result, await _headline(opened, run_id)

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
    log: LogOption = None,
) -> None:
    """Run trials queued by `realcli run --distribute`, with this machine's Docker engine."""
    from realcli.runtime import ModelOptions, WorkerConfig, load_build_ca, serve_worker, worker_id

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
        on_give_back=lambda order, why: err_console.print(
            f"gave {order.run_id}/{order.trial_id} back to the queue: {why}", markup=False, soft_wrap=True
        ),
    )

    async def go() -> int:
        async with open_log(log) as opened, WorkQueue.open(opened.url, ack_wait=ack_wait) as queue:
            err_console.print(f"worker {worker_id()} serving {opened.url} ({concurrency} at a time)")
            return await _until_signal(serve_worker(opened, queue, config))

    err_console.print(f"worker ran {run_async(go)} trial(s)")


@app.command("gc")
def gc_cmd(
    images: Annotated[bool, typer.Option("--images", help="Also remove cached task and agent images.")] = False,
) -> None:
    """Remove sandboxes left behind by dead realcli processes of this host (and, with --images, cached images)."""
    from realcli.environments import connect, gc, prune_images

    async def sweep() -> tuple[list[str], list[str]]:
        async with connect() as docker:
            return await gc(docker), (await prune_images(docker) if images else [])

    containers, pruned = run_async(sweep)
    err_console.print(
        f"removed {len(containers)} leftover container(s)" + (f", {len(pruned)} cached image(s)" if images else "")
    )


# --------------------------------------------------------------------------- helpers


def _voice(kind: str, options: ModelOptions) -> tuple[VoiceFactory, ev.UserSimInfo]:
    from realcli.runtime import user_simulator

    if kind not in ev.USER_SIMULATORS:
        raise typer.BadParameter(f"expected {' or '.join(ev.USER_SIMULATORS)}", param_hint="--user-sim")
    return user_simulator(kind, lambda: options.endpoint("REALCLI_USER"))


async def _headline(log: EventLog, run_id: str) -> Report:
    """The paper's headline numbers for the summary, from the log (the report's own fold)."""
    facts = await load_run(log, run_id)
    return report(facts, judge_id="rules" if "rules" in facts.judges else None, resamples=0)


async def _until_signal(work: Awaitable[T], *, detach: str | None = None) -> T:
    """Run ``work``; SIGINT or SIGTERM cancels it cleanly (containers removed, log consistent).

    ``detach``: the work only follows run ``detach`` (its trials run elsewhere), which goes on.
    """
    result: list[T] = []
    async with anyio.create_task_group() as tg:

        async def watch() -> None:
            with anyio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
                async for _ in signals:
                    if detach is None:
                        err_console.print("stopping: removing containers and recording the interruption ...")
                    else:
                        err_console.print(
                            f"stopped following run {detach}; its workers carry on: `realcli wait {detach}` re-attaches"
                        )
                    tg.cancel_scope.cancel()
                    return

        async def main() -> None:
            result.append(await work)
            tg.cancel_scope.cancel()

        tg.start_soon(watch)
        tg.start_soon(main)
    if not result:
        raise typer.Exit(130)
    return result[0]


class _TrialProgress:
    """A live bar of finished trials with pass / fail / infrastructure-error counts."""

    def __init__(self) -> None:
        self.counts = {"pass": 0, "fail": 0, "error": 0}
        self._bar: Progress | None = None
        self._task: TaskID | None = None

    def attach(self, bar: Progress, total: int | None) -> None:
        self._bar = bar
        self._task = bar.add_task("trials", total=total, **self.counts)  # type: ignore[arg-type]

    def set_total(self, total: int) -> None:
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, total=total)

    def trial(self, outcome: TrialOutcome) -> None:
        self.counts[_verdict(outcome)] += 1
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, advance=1, **self.counts)  # type: ignore[arg-type]


def _with_progress(
    total: int | None,
    go: Callable[[Callable[[TrialOutcome], None]], Awaitable[T]],
    progress: _TrialProgress | None = None,
) -> T:
    progress = progress or _TrialProgress()
    columns = (
        TextColumn("[bold]trials"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(
            "[green]{task.fields[pass]} pass[/] [red]{task.fields[fail]} fail[/] [yellow]{task.fields[error]} infra[/]"
        ),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=err_console, transient=False) as bar:
        progress.attach(bar, total)
        return run_async(go, progress.trial)


def _key_values(pairs: list[str], option: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"{option} {pair!r}: expected KEY=VALUE")
        out[key.strip()] = value.strip()
    return out


def _verdict(outcome: TrialOutcome) -> Literal["pass", "fail", "error"]:
    if outcome.reason in ev.RESUMABLE_REASONS or outcome.reward is None:
        return "error"
    return "pass" if outcome.reward >= 1.0 else "fail"


# `realcli run`/`resume` exit status when trials ended in infrastructure errors (scores rest on fewer trials).
INFRASTRUCTURE_EXIT = 3


# The report's sections the run summary shows (the rest: `realcli report`).
SUMMARY_SECTIONS = ("headline", "dimensions")


def _summarize(result: RunResult, headline: Report) -> int:
    """Print the run's table and scores; returns how many trials ended in infrastructure errors."""
    table = Table("task", "mode", "trial", "end", "reward", title=f"run {result.run_id}")
    for o in sorted(result.outcomes, key=lambda o: (o.task_id, o.mode, o.trial_id)):
        reward = "-" if o.reward is None else f"{o.reward:g}"
        end = o.cause if not o.detail else f"{o.cause}: {o.detail[:60]}"
        table.add_row(escape(o.task_id), o.mode, escape(o.trial_id), escape(end), reward)
    console.print(table)
    for renderable in terminal(report_document(headline), SUMMARY_SECTIONS):
        console.print(renderable)
    errors = sum(_verdict(o) == "error" for o in result.outcomes)
    if errors:
        console.print(
            f"{errors} trial(s) ended in infrastructure errors (not scored): `realcli resume {result.run_id}`"
        )
    console.print(
        f"run id: {result.run_id}  (full report: realcli report {result.run_id} --format html -o report.html)"
    )
    if result.interrupted:
        raise typer.Exit(130)
    return errors
