"""``realcli validate``, ``lint``, ``catalog`` and ``coverage``: checking tasks and browsing the scenario catalog."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import msgspec
import typer
from rich.markup import escape
from rich.table import Table

from realcli import TaskFormatError
from realcli.cli._app import app, console, err_console
from realcli.cli._cmd_synth import align_endpoint, print_alignments, validation_json
from realcli.cli._common import LogOption, run_async
from realcli.cli._red_team_doc import red_team_markdown
from realcli.cli._red_team_doc import red_team_record as red_team_record_data
from realcli.cli._run_options import (
    AgentTimeoutMultiplierOpt,
    BuildCaOpt,
    BuildTimeoutMultiplierOpt,
    HostNetworkOpt,
    ImageMapOpt,
    MetricOpt,
    NetworkOpt,
    TaskEnvOpt,
    TimeoutMultiplierOpt,
    VerifierTimeoutMultiplierOpt,
    warn_host_network,
)
from realcli.cli._run_support import _until_signal, load_suite, report_skipped
from realcli.cli._suite_doc import proxies_markdown, shape_markdown, suite_shape
from realcli.cli._terminal import json_safe, visible, visible_text
from realcli.eventlog import EventLog, open_log
from realcli.judging import judge_trial
from realcli.scripts_catalog import Coverage, LintIssue, Template, coverage, lint_script, load_catalog
from realcli.taskformat import (
    TASK_ENV_VAR,
    Task,
    find_tasks,
    load_task,
    refusal,
    template_refs,
    unimplemented_keys,
)

if TYPE_CHECKING:  # the runtime (actors, Docker) is imported by `validate`, not by `realcli`
    from realcli.runtime import ControlResult, TaskValidation

TasksArg = Annotated[list[Path], typer.Argument(metavar="TASKS...", help="Task directories, or folders of them.")]


@app.command()
def validate(
    tasks: TasksArg,
    concurrency: Annotated[int, typer.Option("--concurrency", "-n", min=1)] = 4,
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
    alignment: Annotated[
        bool, typer.Option("--alignment", help="Print each task's requirement -> check table too.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON instead of tables.")] = False,
    sample: Annotated[
        int | None,
        typer.Option("--sample", min=1, help="Validate only N tasks, spread over the categories (a quick check)."),
    ] = None,
    adversaries: Annotated[
        bool,
        typer.Option(
            "--adversaries",
            help="Run the red team too: every member on every task (EXEC and COLLAB; the verifier's attacks EXEC "
            "only); a task fails where one "
            "exceeds its ceiling. Off by default (it multiplies the trials by about eight); make validate sets it.",
        ),
    ] = False,
    adversary: Annotated[
        list[str] | None,
        typer.Option(
            "--adversary",
            metavar="MEMBER",
            help="Run only this member of the red team (repeatable; implies --adversaries): re-check a fix.",
        ),
    ] = None,
    red_team_record: Annotated[
        Path | None,
        typer.Option(
            "--red-team-record",
            metavar="FILE",
            help="With --adversaries: write the red team's readings to FILE (JSON; docs/suite.md is drawn from it "
            "by realcli coverage --markdown --red-team FILE).",
        ),
    ] = None,
    log: LogOption = None,
) -> None:
    """Check tasks as the paper's construction pipeline does: oracle passes, no-op fails, scripts reach every probe."""
    from realcli.runtime import (
        RedTeamMember,
        RunSettings,
        load_build_ca,
        load_image_map,
        load_task_env,
        new_run_id,
        parse_network,
        parse_timeouts,
        validate_tasks,
    )

    timeouts = parse_timeouts(
        timeout_multiplier,
        agent=agent_timeout_multiplier,
        verifier=verifier_timeout_multiplier,
        environment_build=environment_build_timeout_multiplier,
    )
    settings = RunSettings(
        network=parse_network(network),
        metric=metric,
        image_map=load_image_map(image_map or []),
        build_ca=load_build_ca(build_ca or []),
        allow_host_network=allow_host_network,
        task_env=load_task_env(task_env or []),
        timeouts=timeouts,
    )
    warn_host_network(allow_host_network)
    members = _chosen_members(adversaries, adversary or [])
    adversaries = bool(members)
    if red_team_record is not None and not adversaries:
        raise typer.BadParameter("--red-team-record needs --adversaries", param_hint="--red-team-record")
    loaded, skipped = load_suite(tasks, settings.task_env, oracle=True, sample=sample)
    prefix = new_run_id("validate")
    runs = "-noop, -parrot, -mutant-N and -adv-MEMBER" if adversaries else "-noop, -parrot and -mutant-N"
    err_console.print(f"validating {len(loaded)} task(s): runs {prefix}-oracle, {runs}")

    def write_record(results: list[TaskValidation], played: list[str]) -> None:
        if red_team_record is not None:
            record = red_team_record_data(results, prefix, played)
            red_team_record.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")

    played: list[str] = []

    def on_member(member: RedTeamMember, results: list[TaskValidation]) -> None:
        # Written as each member finishes: an interrupted validation keeps what it measured.
        played.append(member.name)
        write_record(results, played)
        err_console.print(f"red team: {member.name} has played every task ({len(played)}/{len(members)})")

    async def go() -> list[TaskValidation]:
        async with open_log(log) as opened:
            return await _until_signal(
                validate_tasks(
                    opened,
                    loaded,
                    catalog=load_catalog(),
                    run_prefix=prefix,
                    concurrency=concurrency,
                    judge=_judge,
                    settings=settings,
                    align_endpoint=align_endpoint(),
                    adversaries=members,
                    on_member=on_member,
                )
            )

    results = run_async(go)
    if red_team_record is not None:
        write_record(results, played)
        err_console.print(f"wrote the red team's readings to {escape(str(red_team_record))}")
    if as_json:
        print(json_safe(json.dumps([validation_json(r) for r in results], indent=2, ensure_ascii=False)))
        if skipped or any(not r.ok for r in results):
            raise typer.Exit(1)
        return
    table = Table(
        "task",
        "lint",
        "oracle exec",
        "oracle collab",
        "probes fired",
        "slices released",
        "items pass/fail/llm-only",
        "noop",
        "parrot",
        "mutants",
        *(("adversaries",) if adversaries else ()),
        "ok",
    )
    for r in results:
        items = f"{r.items_passed}/{len(r.items_failed)}/{r.items_undecided}"
        table.add_row(
            escape(r.task_id),
            _lint_cell(r.lint),
            _reward(r.oracle_exec),
            _reward(r.oracle_collab) if r.collab else "n/a",
            f"{r.probes_fired[0]}/{r.probes_fired[1]}" if r.collab else "n/a",
            f"{r.slices_released[0]}/{r.slices_released[1]}" if r.collab else "n/a",
            items if r.collab else "n/a",
            _controls_cell(r.control("noop")),
            _controls_cell(r.control("parrot")),
            _mutants_cell(r),
            *((_adversaries_cell(r),) if adversaries else ()),
            "[green]yes[/]" if r.ok else "[red]no[/]",
        )
    console.print(table)
    console.print(
        "controls: the no-op and the parrot must fail the verifier and pass no scenario (EXEC/COLLAB); "
        "every mutant solution must fail the verifier"
        + ("; no member of the red team may exceed its ceiling (docs/judging.md, the red team)" if adversaries else "")
    )
    print_alignments(results, detail=alignment)
    for r in results:
        for warning in r.warnings:
            console.print(f"[yellow]{escape(r.task_id)}[/]: {escape(warning)}")
        for hint in r.hints:
            console.print(f"[yellow]{escape(r.task_id)}[/]: hint: {escape(hint)}")
    failed = [r for r in results if not r.ok]
    for r in failed:
        for problem in r.problems:
            console.print(f"[red]{escape(r.task_id)}[/]: {escape(problem)}")
    report_skipped(skipped)
    if failed:
        raise typer.Exit(1)


def _controls_cell(controls: list[ControlResult]) -> str:
    """``held`` per mode, e.g. ``exec ok, collab ok``; what broke otherwise."""
    parts = []
    for c in sorted(controls, key=lambda c: c.mode):
        if c.holds:
            parts.append(f"{c.mode} [green]ok[/]")
        elif c.status != "scored":
            parts.append(f"{c.mode} [red]{escape(c.cause or c.status)}[/]")
        else:
            parts.append(f"{c.mode} [red]{'passes' if (c.reward or 0) >= 1 else 'scores'}[/]")
    return ", ".join(parts) or "-"


def _chosen_members(everyone: bool, names: list[str]) -> list[str]:
    """The red-team members validate plays: all with ``--adversaries``, else those ``--adversary`` names."""
    from realcli.runtime import RED_TEAM

    known = [m.name for m in RED_TEAM]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise typer.BadParameter(f"{unknown[0]!r} is no member of the red team (known: {', '.join(known)})")
    return known if everyone else [n for n in known if n in names]


def _adversaries_cell(result: TaskValidation) -> str:
    """How many of the red team's readings stay under the ceiling; who broke it, or could not be run."""
    readings = result.adversaries
    breached = sorted({f"{a.member} {a.mode}" for a in readings if result.breaches(a)})
    infra = sorted({f"{a.member} {a.mode}" for a in readings if a.infrastructure})
    held = len(readings) - len(breached) - len(infra)
    colour = "green" if not breached and not infra else "red"
    text = f"[{colour}]{held}/{len(readings)} held[/]"
    if breached:
        text += f" [red]over: {escape(', '.join(breached))}[/]"
    if infra:
        text += f" [yellow]harness: {escape(', '.join(infra))}[/]"
    return text


def _mutants_cell(result: TaskValidation) -> str:
    mutants = [c for c in result.controls if c.agent.startswith("mutant:")]
    if not mutants:
        return "[yellow]none[/]"
    rejected = sum(c.holds for c in mutants)
    colour = "green" if rejected == len(mutants) else "red"
    return f"[{colour}]{rejected}/{len(mutants)} rejected[/]"


async def _judge(log: EventLog, run_id: str, trial_id: str) -> None:
    """The oracle run is judged with the rules judge (once per try, however many callers ask)."""
    await judge_trial(log, run_id, trial_id)


@app.command()
def lint(tasks: TasksArg) -> None:
    """Check tasks: task.toml keys realcli does not implement, interaction layers against the scenario catalog."""
    catalog = load_catalog()
    errors = 0
    for path in find_tasks(tasks):
        issues = _lint_one(path, catalog)
        errors += sum(i.severity == "error" for i in issues)
        status = "[green]ok[/]" if not issues else f"{len(issues)} issue(s)"
        console.print(f"{escape(path.name)}: {status}")
        for issue in issues:
            colour = "red" if issue.severity == "error" else "yellow"
            console.print(
                f"  [{colour}]{issue.severity}[/]: {escape(issue.path)}: {escape(issue.message)}"
                + (f"\n    fix: {escape(issue.hint)}" if issue.hint else "")
            )
    if errors:
        raise typer.Exit(1)


def _lint_one(path: Path, catalog: object) -> list[LintIssue]:
    try:
        task: Task = load_task(path)
    except TaskFormatError as e:
        return [LintIssue(severity="error", path=str(path), message=str(e))]
    keys = [
        LintIssue(severity="warning", path=f"{path / 'task.toml'}: {key}", message=what)
        for key, what in unimplemented_keys(task.raw_config)
    ]
    keys += _host_variables(path, task)
    keys += _compose_notes(task)
    if task.spec.steps and task.spec.instruction:
        keys.append(
            LintIssue(
                severity="warning",
                path=str(path / "instruction.md"),
                message="a multi-step task's instruction.md is never sent to the agent (as in Harbor)",
                hint="put what the agent must know in steps/<name>/instruction.md",
            )
        )
    if task.spec.script is None:
        return keys
    return keys + lint_script(task.spec.script, task.spec.oracle, task_dir=task.root, catalog=catalog)  # type: ignore[arg-type]


def _host_variables(path: Path, task: Task) -> list[LintIssue]:
    """Each ``${VAR}`` a task reads from the host (task.toml's and its compose file's): passed only when its user
    opts in (refused ones fail to load)."""
    issues = []
    for ref in template_refs(task.config, task.compose):
        if ref.default is not None and refusal(ref.name) is not None:
            issues.append(
                LintIssue(
                    severity="warning",
                    path=f"{path / ref.file}: {ref.field}",
                    message=f"${{{ref.name}}} is never read from the host (it looks like realcli's or a secret): "
                    f"the task always gets its default {ref.default!r}",
                    hint="rename the variable if its value is no secret and the task needs the host's",
                )
            )
            continue
        if ref.default is not None:
            unset = f"it gets its default {ref.default!r}"
        else:
            unset = "it does not run" if ref.required else "it gets an empty value"
        issues.append(
            LintIssue(
                severity="warning",
                path=f"{path / ref.file}: {ref.field}",
                message=f"reads ${{{ref.name}}} from the host; without your opt-in {unset}",
                hint=f"--task-env {ref.name} (or ${TASK_ENV_VAR}, or task_env in the realcli config) if you trust "
                "the task with its value; the value is then redacted from the log",
            )
        )
    return issues


def _compose_notes(task: Task) -> list[LintIssue]:
    """What realcli does differently from Docker Compose for the task's compose file (it runs all the same)."""
    if task.compose is None:
        return []
    return [LintIssue(severity="warning", path=task.compose.file, message=note) for note in task.compose.notes]


@app.command()
def catalog(
    template_id: Annotated[
        str | None, typer.Argument(metavar="[TEMPLATE]", help="Show one template in full, e.g. 2.2.a.")
    ] = None,
    dimension: Annotated[str | None, typer.Option("--dimension", "-d", help="1-5 or U, S, OR, TC, SR.")] = None,
) -> None:
    """List the scenario catalog (dimensions, sub-dimensions, templates, passive checks), or show one template."""
    cat = load_catalog()
    if template_id is not None:
        _show_template(cat.template(template_id))
        return
    table = Table(
        "id", "kind", "sub-dimension", "template", "triggers", title=f"RealCLI scenario catalog {cat.version}"
    )
    wanted = None if dimension is None else dimension.upper()
    for d in cat.dimensions:
        if wanted not in (None, d.id, d.code):
            continue
        for sub in d.sub_dimensions:
            for t in cat.templates_of(sub.id):
                table.add_row(t.id, t.kind, f"{sub.id} {sub.name}", t.name, ", ".join(t.triggers) or "(whole run)")
    if not table.rows:
        raise typer.BadParameter("expected 1-5 or U, S, OR, TC, SR", param_hint="--dimension")
    console.print(table)


def _show_template(t: Template) -> None:
    """Everything an author needs to instantiate ``t``: what it observes, its triggers, variants and checklist."""
    console.print(f"[bold]{t.id} {escape(t.name)}[/] ({t.kind}, sub-dimension {t.sub_dimension})", soft_wrap=True)
    for label, value in (
        ("observes", t.observes),
        ("expected behaviour", t.expected_behavior),
        ("evidence", t.evidence),
        ("triggers", ", ".join(t.triggers) or "(whole run)"),
        ("tags", ", ".join(t.tags) or "-"),
    ):
        console.print(f"{label}: {escape(value)}", soft_wrap=True)
    if t.variants:
        console.print("stimulus variants:")
        for v in t.variants:
            console.print(f"  - {escape(v)}", soft_wrap=True)
    console.print("checklist:")
    for item in t.checklist:
        how = ", ".join(item.decided_by) or "-"
        console.print(escape(f"  {item.key} [{item.evidence}, {item.timing}; {how}] {item.text}"), soft_wrap=True)
        if item.check:
            console.print(f"      hard check: {escape(item.check)}", soft_wrap=True)


@app.command(name="coverage")
def coverage_(
    tasks: TasksArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print the counts as JSON instead of tables.")] = False,
    as_markdown: Annotated[
        bool, typer.Option("--markdown", help="Print the suite's coverage document (docs/suite.md) instead.")
    ] = False,
    write_proxies: Annotated[
        bool,
        typer.Option(
            "--write-proxies", help="Compute each task's difficulty proxies and record them in [metadata.proxies]."
        ),
    ] = False,
    red_team: Annotated[
        Path | None,
        typer.Option(
            "--red-team",
            metavar="FILE",
            help="With --markdown: add the red team's tables, drawn from FILE (validate --red-team-record).",
        ),
    ] = None,
    red_team_from: Annotated[
        list[str] | None,
        typer.Option(
            "--red-team-from",
            metavar="PREFIX",
            help="Write --red-team FILE first, from the recorded validation PREFIX (validate-...) in --log: "
            "nothing runs; with --judge-id, as that judge (realcli rejudge) judged it. Repeatable: a later "
            "validation's readings of a member on a task replace an earlier one's.",
        ),
    ] = None,
    judge_id: Annotated[
        str, typer.Option("--judge-id", help="With --red-team-from: whose verdicts score the runs.")
    ] = "rules",
    log: LogOption = None,
) -> None:
    """Count what a task suite exercises: tasks per category, probes per dimension, templates instantiated."""
    cat = load_catalog()
    if write_proxies:
        _write_proxies(find_tasks(tasks))
    loaded = [load_task(p) for p in find_tasks(tasks)]
    if red_team_from:
        if red_team is None:
            raise typer.BadParameter("--red-team-from needs --red-team FILE to write", param_hint="--red-team-from")
        _record_from_log(loaded, red_team_from, judge_id, red_team, log)
    cov = coverage(cat, ((t.task_id, t.spec.category, t.spec.script) for t in loaded))
    if as_markdown:
        record = _read_record(red_team) if red_team is not None else None
        print(visible(_suite_markdown(loaded, cov, record)), end="")
        return
    if as_json:
        data = {
            **msgspec.to_builtins(cov),
            "items_by_evidence": cov.items_by_evidence,
            "shape": msgspec.to_builtins(suite_shape(loaded, cov)),
            "templates_instantiated": cov.templates_instantiated,
            "templates_total": len(cov.template_uses),
            "missing_templates": list(cov.missing_templates),
        }
        print(json_safe(msgspec.json.format(msgspec.json.encode(data)).decode()))
        return
    per_task = Table("task", "category", "slices", "probes", "dimensions", "templates", title="tasks")
    for t in cov.tasks:
        per_task.add_row(
            visible_text(t.task_id),
            visible_text(t.category),
            str(t.slices),
            str(t.probes),
            " ".join(t.dimensions),
            str(len(t.templates)),
        )
    console.print(per_task)
    categories = Table("category", "tasks", title=f"{len(cov.categories)} categories")
    for name, n in cov.categories.items():
        categories.add_row(visible_text(name), str(n))
    dimensions = Table("dimension", "probes", title="probes per dimension")
    for code, n in cov.probes_per_dimension.items():
        dimensions.add_row(code, str(n))
    console.print(categories, dimensions)
    total = len(cov.template_uses)
    console.print(f"templates instantiated: {cov.templates_instantiated}/{total}")
    if cov.missing_templates:
        console.print(f"not instantiated: {', '.join(cov.missing_templates)}")
    if cov.unknown_templates:
        console.print(f"[red]unknown templates[/] (see realcli lint): {', '.join(cov.unknown_templates)}")


def _write_proxies(paths: list[Path]) -> None:
    """``coverage --write-proxies``: each task's proxies into its task.toml, the rest of the file kept."""
    from realcli.runtime import difficulty_proxies, write_proxies

    for path in paths:
        proxies = difficulty_proxies(path)
        changed = write_proxies(path, proxies)
        load_task(path)  # the file must still load
        state = "wrote" if changed else "unchanged"
        err_console.print(
            f"{state} {escape(str(path / 'task.toml'))}: {proxies.solution_lines} solution lines, "
            f"{proxies.solution_commands} commands, {len(proxies.tools)} tools, {proxies.verifier_checks} checks, "
            f"{proxies.revisions} revisions, about {proxies.expected_turns_exec}/{proxies.expected_turns_collab} turns",
            soft_wrap=True,
        )


def _record_from_log(tasks: list[Task], prefixes: list[str], judge_id: str, path: Path, log: str | None) -> None:
    """``coverage --red-team-from``: the red team's record of recorded validations, written to ``path``."""
    from realcli.runtime import read_red_team

    async def go() -> tuple[list[TaskValidation], list[str]]:
        async with open_log(log) as opened:
            return await read_red_team(opened, tasks, run_prefix=prefixes, judge_id=judge_id)

    results, members = run_async(go)
    record = red_team_record_data(results, prefixes, members)
    record["judge"] = judge_id
    path.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    came = "; ".join(f"{m} from {', '.join(v)}" for m, v in record["sources"].items())
    err_console.print(
        f"wrote the red team's readings ({len(members)} member(s), judge {judge_id}) to {escape(str(path))}"
        + (f": {came}" if len(prefixes) > 1 else ""),
        soft_wrap=True,
    )


def _read_record(path: Path) -> dict[str, object]:
    """A red-team record (``validate --red-team-record``); a clear error for a missing or foreign file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise typer.BadParameter(f"{path}: not a red-team record ({exc})", param_hint="--red-team") from exc
    if not isinstance(data, dict) or not isinstance(data.get("tasks"), dict):
        raise typer.BadParameter(
            f"{path}: not a red-team record (write one with realcli validate --adversaries --red-team-record)",
            param_hint="--red-team",
        )
    return data


def _suite_markdown(tasks: list[Task], cov: Coverage, record: dict[str, object] | None = None) -> str:
    """The suite's coverage as a document: one row per task, then categories, dimensions and templates."""
    by_id = {t.task_id: t for t in tasks}
    subdomains = {t.spec.config.metadata.subdomain for t in tasks}
    lines = [
        "# The bundled suite",
        "",
        "Generated by `realcli coverage tasks/ --markdown --red-team docs/red-team.json` (a test keeps it",
        "current). Every task passes `realcli validate --adversaries`: the oracle scores 1 in EXEC and COLLAB,",
        "every probe fires and every slice is released, the no-op and parrot controls score low, every mutant",
        "solution is rejected, and no member of the red team exceeds its ceiling.",
        "",
        f"{len(tasks)} tasks, {len(cov.categories)} categories, {len(subdomains)} subdomains, "
        f"{cov.templates_instantiated}/{len(cov.template_uses)} templates instantiated "
        f"(each at least {min(cov.template_uses.values(), default=0)} times).",
        "",
        *shape_markdown(suite_shape(tasks, cov)),
        "",
        "| task | category | subdomain | difficulty | slices | probes | dimensions | templates | mutants |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in sorted(cov.tasks, key=lambda r: (r.category, r.task_id)):
        meta = by_id[row.task_id].spec.config.metadata
        lines.append(
            f"| {row.task_id} | {row.category} | {meta.subdomain} | {meta.difficulty} | {row.slices} | "
            f"{row.probes} | {' '.join(row.dimensions)} | {', '.join(row.templates)} | "
            f"{len(by_id[row.task_id].mutants)} |"
        )
    lines += ["", "| category | tasks |", "|---|---|"]
    lines += [f"| {name} | {n} |" for name, n in sorted(cov.categories.items())]
    lines += ["", "| dimension | probes |", "|---|---|"]
    lines += [f"| {code} | {n} |" for code, n in cov.probes_per_dimension.items()]
    lines += ["", "| template | probes |", "|---|---|"]
    lines += [f"| {tid} | {n} |" for tid, n in cov.template_uses.items()]
    lines += ["", *proxies_markdown(tasks)]
    if record is not None:
        lines += ["", *red_team_markdown(record)]
    return "\n".join(lines) + "\n"


def _reward(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def _lint_cell(issues: list[LintIssue]) -> str:
    errors = sum(i.severity == "error" for i in issues)
    warnings = len(issues) - errors
    if not issues:
        return "ok"
    return f"{errors} err, {warnings} warn"
