"""``realcli synthesize``, ``profile`` and ``align``: drafting tasks with a model, profiling and aligning them."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer
from rich.markup import escape
from rich.table import Table

from realcli import ConfigError
from realcli import events as ev
from realcli.cli._app import app, console, err_console
from realcli.cli._common import LogOption, listed, run_async
from realcli.cli._red_team_doc import adversary_json
from realcli.cli._run_options import MetricOpt, TaskEnvOpt
from realcli.cli._run_support import load_suite, report_skipped
from realcli.cli._terminal import json_safe, visible_text
from realcli.eventlog import open_log
from realcli.models import ModelEndpoint
from realcli.runtime.agents import AGENTS
from realcli.scripts_catalog import load_catalog
from realcli.taskformat import find_tasks, load_task

if TYPE_CHECKING:  # the runtime (actors, Docker) is imported by the commands that need it, not by `realcli`
    from realcli.runtime import AgentFactory, Alignment, ModelOptions, SynthesisReport, TaskValidation

synth_app = typer.Typer(
    name="synthesize",
    help="Draft tasks with a model: an interaction layer for a base task, or a base task from a pattern or a "
    "recorded terminal session.",
    no_args_is_help=True,
)
app.add_typer(synth_app, name="synthesize")

SynthModel = Annotated[str | None, typer.Option("--model", help="Drafting model (or $REALCLI_SYNTH_MODEL).")]
SynthUrl = Annotated[
    str | None, typer.Option("--base-url", help="OpenAI-compatible endpoint (or $REALCLI_SYNTH_BASE_URL).")
]
SynthProvider = Annotated[str | None, typer.Option("--provider", help="openai or anthropic ($REALCLI_SYNTH_PROVIDER).")]
ReplayOpt = Annotated[
    str | None, typer.Option("--replay", metavar="SYNTHESIS", help="Write the files of a recorded synthesis, no model.")
]
ForceOpt = Annotated[bool, typer.Option("--force", help="Overwrite an existing interaction/ or --out folder.")]
PilotOpt = Annotated[bool, typer.Option("--pilot/--no-pilot", help="Run the oracle pilot (validate, Docker).")]
IdOpt = Annotated[str | None, typer.Option("--id", help="Synthesis id (default: generated).")]


def _endpoint(model: str | None, base_url: str | None, provider: str | None) -> ModelEndpoint:
    return ModelEndpoint.from_env("REALCLI_SYNTH", model=model, base_url=base_url, provider=provider)


@synth_app.command("layer")
def layer_cmd(
    base: Annotated[Path, typer.Argument(metavar="BASE_TASK", help="A Harbor-format task directory.")],
    model: SynthModel = None,
    base_url: SynthUrl = None,
    provider: SynthProvider = None,
    out: Annotated[Path | None, typer.Option("--out", help="Draft into a copy here (default: BASE_TASK).")] = None,
    probes: Annotated[int, typer.Option("--probes", min=1, max=12, help="Probes to draft.")] = 4,
    pilot: PilotOpt = True,
    force: ForceOpt = False,
    replay: ReplayOpt = None,
    synthesis_id: IdOpt = None,
    concurrency: Annotated[int, typer.Option("--concurrency", "-n", min=1)] = 4,
    task_env: TaskEnvOpt = None,
    log: LogOption = None,
) -> None:
    """Draft the interaction layer of a base task (slices, probes, checks, oracle contract), then check it."""
    from realcli.runtime import LayerOptions, load_task_env, new_synthesis_id, synthesize_layer

    if replay is not None:
        _replay(replay, out or base, base, force, log)
        return
    opted_in = load_task_env(task_env or [])
    if pilot and (base / "task.toml").is_file():
        opted_in.check(load_task(base))  # the pilot runs it: refused now, before any model call
    endpoint = _endpoint(model, base_url, provider)
    ident = synthesis_id or new_synthesis_id()
    err_console.print(f"synthesis [bold]{ident}[/]: interaction layer for {base} with {endpoint.model}")

    async def go() -> SynthesisReport:
        async with open_log(log) as opened:
            return await synthesize_layer(
                opened,
                base,
                endpoint=endpoint,
                catalog=load_catalog(),
                synthesis_id=ident,
                out=out,
                options=LayerOptions(
                    probes=probes, pilot=pilot, force=force, concurrency=concurrency, task_env=opted_in
                ),
            )

    _print_report(run_async(go))


@synth_app.command("task")
def task_cmd(
    pattern: Annotated[
        str | None, typer.Argument(metavar="PATTERN", help="One paragraph describing the CLI work.")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="The new task's directory (its name is the task id).")
    ] = None,
    from_log: Annotated[
        Path | None,
        typer.Option(
            "--from-log",
            metavar="FILE",
            help="Draft from a recorded session: an asciinema v2 cast, a script typescript, "
            "or a bash (HISTTIMEFORMAT) or zsh (EXTENDED_HISTORY) history with timestamps.",
        ),
    ] = None,
    timing: Annotated[
        Path | None,
        typer.Option("--timing", metavar="FILE", help="A typescript's script -T timing file (default: FILE.timing)."),
    ] = None,
    parse_only: Annotated[
        bool, typer.Option("--parse-only", help="With --from-log: print the parsed session as JSON, no model.")
    ] = False,
    model: SynthModel = None,
    base_url: SynthUrl = None,
    provider: SynthProvider = None,
    pilot: PilotOpt = True,
    force: ForceOpt = False,
    replay: ReplayOpt = None,
    synthesis_id: IdOpt = None,
    concurrency: Annotated[int, typer.Option("--concurrency", "-n", min=1)] = 4,
    task_env: TaskEnvOpt = None,
    log: LogOption = None,
) -> None:
    """Draft a base task from a pattern or a recorded session (instruction, Dockerfile, solution, tests,
    mutants), then check it."""
    from realcli.runtime import (
        TaskOptions,
        load_task_env,
        new_synthesis_id,
        parse_session,
        session_json,
        synthesize_task,
        synthesize_task_from_log,
    )

    if parse_only:
        if from_log is None:
            raise typer.BadParameter(
                "--parse-only reads a recorded session: give it with --from-log", param_hint="--from-log"
            )
        print(session_json(parse_session(from_log, timing=timing)))
        return
    if out is None:
        raise typer.BadParameter("give the new task's directory", param_hint="--out")
    if replay is not None:
        _replay(replay, out, None, force, log)
        return
    if from_log is not None and pattern:
        raise typer.BadParameter("give a PATTERN or --from-log FILE, not both", param_hint="--from-log")
    if from_log is None and not pattern:
        raise typer.BadParameter(
            "describe the CLI work in one paragraph, or give --from-log FILE (or pass --replay)", param_hint="PATTERN"
        )
    if timing is not None and from_log is None:
        raise typer.BadParameter("--timing goes with --from-log (a typescript's timing file)", param_hint="--timing")
    if from_log is not None:
        parse_session(from_log, timing=timing)  # a file that is no session is one line, before anything starts
    endpoint = _endpoint(model, base_url, provider)
    ident = synthesis_id or new_synthesis_id()
    options = TaskOptions(pilot=pilot, force=force, concurrency=concurrency, task_env=load_task_env(task_env or []))
    source = f"session {from_log}" if from_log is not None else "a pattern"
    err_console.print(f"synthesis [bold]{ident}[/]: base task {out} from {escape(source)} with {endpoint.model}")

    async def go() -> SynthesisReport:
        async with open_log(log) as opened:
            catalog = load_catalog()
            if from_log is not None:
                return await synthesize_task_from_log(
                    opened,
                    from_log,
                    out=out,
                    endpoint=endpoint,
                    catalog=catalog,
                    synthesis_id=ident,
                    options=options,
                    timing=timing,
                )
            return await synthesize_task(
                opened, pattern or "", out=out, endpoint=endpoint, catalog=catalog, synthesis_id=ident, options=options
            )

    _print_report(run_async(go))


def _replay(ident: str, out: Path, base: Path | None, force: bool, log: str | None) -> None:
    from realcli.runtime import replay_synthesis

    async def go() -> tuple[list[str], ev.SynthesisFinished | None]:
        async with open_log(log, create=False) as opened:
            result = await replay_synthesis(opened, ident, out, base=base, force=force)
            return result.files, result.finished

    written, finished = run_async(go)
    for rel in written:
        console.print(f"  {escape(rel)}")
    state = finished.status if finished is not None else "unfinished"
    console.print(f"replayed {len(written)} file(s) of synthesis {ident} ({state}) into {out}")


def _print_report(report: SynthesisReport) -> None:
    for rel in report.files:
        console.print(f"  wrote {escape(rel)}")
    checks = ", ".join(f"{name} {'[green]ok[/]' if ok else '[red]failed[/]'}" for name, ok in report.checks.items())
    console.print(f"checks: {checks or 'none ran'}")
    for note in report.notes:
        console.print(f"[cyan]note[/]: {escape(note)}")
    for warning in report.warnings:
        console.print(f"[yellow]warning[/]: {escape(warning)}")
    for problem in report.problems:
        console.print(f"[red]problem[/]: {escape(problem)}")
    console.print(
        f"synthesis {report.synthesis_id}: {len(report.files)} file(s), {report.calls} model call(s), "
        f"{report.tokens_in}/{report.tokens_out} tokens in/out, {report.duration_sec:.1f} s"
        + (f"; pilot runs {report.pilot_run}-*" if report.pilot_run else "")
        + f"; replay: realcli synthesize ... --replay {report.synthesis_id}"
    )
    if not report.ok:
        raise typer.Exit(1)


# -------------------------------------------------------------------- profile


@app.command()
def profile(
    tasks: Annotated[list[Path], typer.Argument(metavar="TASKS...", help="Task directories, or folders of them.")],
    agent: Annotated[str, typer.Option("--agent", help=f"{listed(AGENTS, ', ')}, or mutant:NAME.")] = "oracle",
    k: Annotated[int, typer.Option("-k", "--attempts", min=1, help="Rollouts per task.")] = 3,
    bands: Annotated[str, typer.Option("--bands", help="Pass-rate bands: easy=RATE,hard=RATE.")] = "easy=0.8,hard=0.2",
    mode: Annotated[str, typer.Option("--mode", help="exec (default) or collab.")] = "exec",
    write: Annotated[
        bool, typer.Option("--write", help="Record difficulty and [metadata.profile] in task.toml.")
    ] = False,
    model: Annotated[str | None, typer.Option("--model", help="Agent model (or $REALCLI_AGENT_MODEL).")] = None,
    base_url: Annotated[str | None, typer.Option("--base-url", help="Agent endpoint.")] = None,
    run_id: Annotated[str | None, typer.Option("--run-id", help="Id for the rollouts' run.")] = None,
    concurrency: Annotated[int, typer.Option("--concurrency", "-n", min=1)] = 4,
    metric: MetricOpt = None,
    task_env: TaskEnvOpt = None,
    log: LogOption = None,
) -> None:
    """Run k rollouts per task, classify each easy/medium/hard by pass rate, flag infrastructure failures."""
    from realcli.runtime import (
        Bands,
        ModelOptions,
        RunMode,
        TaskProfile,
        load_task_env,
        new_run_id,
        profile_tasks,
        write_profile,
    )

    parsed = Bands.parse(bands)
    if mode not in ("exec", "collab"):
        raise typer.BadParameter("expected exec or collab", param_hint="--mode")
    opted_in = load_task_env(task_env or [])
    loaded, skipped = load_suite(tasks, opted_in, oracle=agent == "oracle")
    info, make = _profile_agent(agent, ModelOptions(model=model, base_url=base_url))
    ident = run_id or new_run_id()
    err_console.print(f"profile run [bold]{ident}[/]: {len(loaded)} task(s) x {k}, agent {agent}, {mode} mode")

    async def go() -> list[TaskProfile]:
        async with open_log(log) as opened:
            return await profile_tasks(
                opened,
                loaded,
                agent=info,
                make_agent=make,
                k=k,
                run_id=ident,
                bands=parsed,
                mode=cast(RunMode, mode),
                concurrency=concurrency,
                metric=metric,
                task_env=opted_in,
            )

    profiles = run_async(go)
    table = Table(
        "task", "scored", "passed", "pass rate", "difficulty", "infrastructure", "verdict", title=f"run {ident}"
    )
    for p in profiles:
        rate = "-" if p.pass_rate is None else f"{p.pass_rate:.2f}"
        infra = ", ".join(f"{cause} x{n}" for cause, n in sorted(p.infrastructure.items())) or "-"
        table.add_row(
            visible_text(p.task_id),
            str(p.scored),
            str(p.passed),
            rate,
            p.difficulty or "-",
            f"[red]{escape(infra)}[/]" if p.flagged else infra,
            visible_text(p.verdict),
        )
    console.print(table)
    console.print(f"bands: easy >= {parsed.easy:g}, hard <= {parsed.hard:g}; infrastructure failures are not scored")
    if write:
        date = time.strftime("%Y-%m-%d", time.gmtime())
        for p in profiles:
            write_profile(p, agent=agent, k=k, date=date)
            console.print(f"wrote {p.root / 'task.toml'}")
    report_skipped(skipped)


def _profile_agent(name: str, options: ModelOptions) -> tuple[ev.AgentInfo, AgentFactory]:
    from realcli.runtime import MutantAgent, agent_factory

    if name.startswith("mutant:"):
        mutant = name.partition(":")[2]
        if not mutant:
            raise ConfigError("--agent mutant:NAME needs the mutant's name (solution/mutants/NAME.sh)")
        return MutantAgent(mutant).info, lambda task: MutantAgent(mutant)
    return agent_factory(name, options)


# ---------------------------------------------------------------------- align


def align_endpoint(model: str | None = None, base_url: str | None = None) -> ModelEndpoint | None:
    """The model for model-assisted alignment: configured by options or ``$REALCLI_ALIGN_MODEL``, else None."""
    if model is None and base_url is None and not os.environ.get("REALCLI_ALIGN_MODEL"):
        return None
    return ModelEndpoint.from_env("REALCLI_ALIGN", model=model, base_url=base_url)


@app.command()
def align(
    tasks: Annotated[list[Path], typer.Argument(metavar="TASKS...", help="Task directories, or folders of them.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the tables as JSON.")] = False,
    model: Annotated[
        str | None, typer.Option("--model", help="Model-assisted: a model adds links ($REALCLI_ALIGN_MODEL).")
    ] = None,
    base_url: Annotated[str | None, typer.Option("--base-url", help="Its endpoint ($REALCLI_ALIGN_BASE_URL).")] = None,
    log: LogOption = None,
) -> None:
    """Specification-test alignment: requirements of instruction.md against the verifier's checks (no Docker)."""
    from realcli.runtime import align_task, align_with_model, new_run_id

    paths = find_tasks(tasks)
    endpoint = align_endpoint(model, base_url)
    if endpoint is None:
        results = {path.name: align_task(path) for path in paths}
    else:
        prefix = new_run_id("align")

        async def go() -> dict[str, Alignment]:
            async with open_log(log) as opened:
                return {
                    p.name: await align_with_model(opened, p, endpoint=endpoint, synthesis_id=f"{prefix}-{p.name}")
                    for p in paths
                }

        results = run_async(go)
    if as_json:
        print(json_safe(json.dumps({n: a.to_builtins() for n, a in results.items()}, indent=2, ensure_ascii=False)))
        return
    for name, alignment in results.items():
        print_alignment(name, alignment)


def print_alignment(task_id: str, alignment: Alignment) -> None:
    """The requirement -> checks table of one task, then its unmapped checks."""
    table = Table("line", "requirement", "checks", title=f"{escape(task_id)}: specification-test alignment")
    for i, req in enumerate(alignment.requirements):
        found = alignment.checks_for(i)
        cell = escape(", ".join(found)) if found else _unlinked_cell(alignment, i)
        table.add_row(str(req.line), escape(_short(req.text)), cell)
    console.print(table)
    unmapped = alignment.unmapped_checks
    console.print(
        f"{escape(task_id)}: {_requirements_cell(alignment)} requirements link to a check; "
        f"{len(alignment.checks) - len(unmapped)}/{len(alignment.checks)} checks map to a requirement"
    )
    for check in unmapped:
        console.print(f"[yellow]{escape(task_id)}[/]: check {escape(check.name)} tests nothing instruction.md says")
    for req in alignment.unmapped_requirements:
        console.print(
            f"[yellow]{escape(task_id)}[/]: line {req.line}: no verifier check tests {escape(_short(req.text))!r}"
        )
    for note in alignment.notes:
        console.print(f"{escape(task_id)}: {escape(note)}")


def _unlinked_cell(alignment: Alignment, index: int) -> str:
    """A requirement no check links to: declared untestable, held by the verifier's files (data, helpers), or none."""
    if alignment.requirements[index].untestable:
        return "[dim]untestable[/]"
    if index in alignment.held_by_verifier:
        return "[dim]no link; the verifier's files hold its words[/]"
    return "[yellow]none[/]"


def _requirements_cell(alignment: Alignment) -> str:
    """``linked/total``, and how many of the rest the verifier's files hold or the author declared untestable."""
    reqs = alignment.requirements
    linked = len(reqs) - len(alignment.unlinked_requirements) - sum(r.untestable for r in reqs)
    held = len(alignment.unlinked_requirements) - len(alignment.unmapped_requirements)
    return f"{linked}/{len(reqs)}" + (f" (+{held} held by the verifier's files)" if held else "")


def _short(text: str, limit: int = 70) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def print_alignments(results: Sequence[TaskValidation], *, detail: bool) -> None:
    """``validate``'s alignment table: one row per task (``detail``: each task's full table as well)."""
    table = Table(
        "task",
        "requirements linked",
        "untestable",
        "untested requirements",
        "checks mapped",
        "unmapped checks",
        title="specification-test alignment",
    )
    for r in results:
        a = r.alignment
        if a is None:
            continue
        unmapped = a.unmapped_checks
        table.add_row(
            visible_text(r.task_id),
            _requirements_cell(a),
            str(sum(q.untestable for q in a.requirements)),
            ", ".join(f"line {q.line}" for q in a.unmapped_requirements) or "-",
            f"{len(a.checks) - len(unmapped)}/{len(a.checks)}",
            visible_text(", ".join(c.name for c in unmapped) or "-"),
        )
    console.print(table)
    if detail:
        for r in results:
            if r.alignment is not None:
                print_alignment(r.task_id, r.alignment)


def validation_json(result: TaskValidation) -> dict[str, object]:
    """One task's validation as JSON-shaped data (``validate --json``)."""
    return {
        "task": result.task_id,
        "ok": result.ok,
        "oracle_exec": result.oracle_exec,
        "oracle_collab": result.oracle_collab if result.collab else None,
        "probes_fired": list(result.probes_fired),
        "slices_released": list(result.slices_released),
        "items_passed": result.items_passed,
        "items_failed": result.items_failed,
        "items_undecided": result.items_undecided,
        "controls": [
            {"agent": c.agent, "mode": c.mode, "reward": c.reward, "status": c.status, "holds": c.holds}
            for c in result.controls
        ],
        "lint": [str(i) for i in result.lint],
        "problems": result.problems,
        "warnings": result.warnings,
        "alignment": result.alignment.to_builtins() if result.alignment is not None else None,
        "adversaries": [adversary_json(result, a) for a in result.adversaries],
    }
