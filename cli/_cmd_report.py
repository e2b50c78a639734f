"""``realcli report`` and ``realcli rejudge``: scores from a recorded run, and new verdicts for it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from realcli import ConfigError
from realcli import events as ev
from realcli.cli._app import app, err_console
from realcli.cli._common import LogOption, run_async
from realcli.cli._terminal import json_safe, visible
from realcli.eventlog import Verification, open_log, verify_run
from realcli.judging import JudgeKind, JudgeSummary, load_run, rejudge, select_judge, unjudged_trials
from realcli.models import ModelEndpoint
from realcli.projections import (
    DEFAULT_THRESHOLD,
    JudgeAgreement,
    RunFacts,
    compare_judges,
    render_compare_html,
    render_compare_markdown,
    render_html,
    render_json,
    render_markdown,
    report,
)

FORMATS = ("md", "json", "html")


def _check_format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise ConfigError(f"--format {fmt!r}: expected one of {', '.join(FORMATS)}")
    return fmt


def _check_threshold(threshold: float) -> float:
    if not 0 < threshold <= 1:
        raise ConfigError(f"--threshold {threshold}: expected a number in (0, 1], e.g. 0.75")
    return threshold


def _compare_ids(value: str) -> tuple[str, str]:
    ids = [p.strip() for p in value.split(",") if p.strip()]
    if len(ids) != 2 or ids[0] == ids[1]:
        raise ConfigError(f"--compare {value!r}: expected two different judge ids, e.g. rules,llm-gpt-4o")
    return ev.check_token(ids[0], "judge id"), ev.check_token(ids[1], "judge id")


# ------------------------------------------------------------------ report


@app.command("report")
def report_cmd(
    run_id: Annotated[str, typer.Argument(metavar="RUN", help="Run id to report on.")],
    judge: Annotated[
        str | None, typer.Option("--judge", help="Judge id whose verdicts score collaboration (default: rules).")
    ] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="md, json or html.")] = "md",
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write here instead of stdout.")] = None,
    threshold: Annotated[
        float, typer.Option("--threshold", help="Template pass threshold (paper: 0.75).")
    ] = DEFAULT_THRESHOLD,
    compare: Annotated[
        str | None, typer.Option("--compare", metavar="ID1,ID2", help="Per-item agreement of two judges instead.")
    ] = None,
    log: LogOption = None,
) -> None:
    """Scores, statistics and audits of a recorded run (the same log gives the same bytes)."""
    _check_format(fmt)
    _check_threshold(threshold)
    ev.check_token(run_id, "run id")
    pair = _compare_ids(compare) if compare is not None else None
    text, warnings = run_async(_report, log, run_id, judge, fmt, threshold, pair)
    # Recorded text is in every format: shown, never obeyed, wherever the report is read (JSON keeps its data).
    text = json_safe(text) if fmt == "json" else visible(text)
    for warning in warnings:
        err_console.print(warning, markup=False, soft_wrap=True)
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        _write(output, text)
        err_console.print(f"wrote {fmt} report of run {run_id} to {output}", markup=False, soft_wrap=True)


def _write(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise ConfigError(f"-o {path}: cannot write the report ({e.strerror}); pick a writable path") from e


async def _report(
    url: str | None, run_id: str, judge: str | None, fmt: str, threshold: float, compare: tuple[str, str] | None
) -> tuple[str, list[str]]:
    async with open_log(url, create=False, role="read") as log:
        facts = await load_run(log, run_id)
        warnings = [_chain_warning(await verify_run(log, run_id))]
    if compare is not None:
        for requested in compare:
            select_judge(facts, requested)
        agreement = compare_judges(facts, *compare)
        return (render_json(agreement) if fmt == "json" else _compare_text(agreement, fmt)), _present(warnings)
    judge_id = select_judge(facts, judge)
    data = report(facts, judge_id=judge_id, threshold=threshold)
    warnings.append(_unjudged_warning(facts, judge_id))
    if fmt == "json":
        return render_json(data), _present(warnings)
    if fmt == "html":
        return render_html(data), _present(warnings)
    return render_markdown(data), _present(warnings)


def _present(warnings: list[str]) -> list[str]:
    return [w for w in warnings if w]


def _chain_warning(verification: Verification) -> str:
    """A run whose log fails verification is reported, but never silently: its scores may be forged."""
    if verification.intact:
        return ""
    first = verification.problems[0]
    return (
        f"WARNING: the log of run {verification.run_id} fails verification ({len(verification.problems)} "
        f"problem(s), first: {first}): its events may have been altered or forged; `realcli verify "
        f"{verification.run_id}` lists them"
    )


def _unjudged_warning(facts: RunFacts, judge_id: str | None) -> str:
    """Finished trials the report's judge (or the run's own rules judge) never judged: S rests on the others."""
    wanted = judge_id or ("rules" if facts.started is not None and "rules" in facts.started.judges else None)
    pending = unjudged_trials(facts, wanted) if wanted is not None else []
    if not pending:
        return ""
    started = facts.judges[wanted].started if wanted in facts.judges else None
    kind = started.kind if started is not None else "rules"
    shown = ", ".join(pending[:5]) + (", ..." if len(pending) > 5 else "")
    how = f"--judge {kind}" + (f" --judge-id {wanted}" if wanted != "rules" else "")
    return (
        f"warning: {len(pending)} finished COLLAB trial(s) of run {facts.run_id} have no verdicts of judge "
        f"{wanted} ({shown}): S_COLLAB rests on the others; judge them with "
        f"`realcli rejudge {facts.run_id} {how}`"
    )


def _compare_text(data: JudgeAgreement, fmt: str) -> str:
    return render_compare_html(data) if fmt == "html" else render_compare_markdown(data)


# ------------------------------------------------------------------ rejudge


@app.command("rejudge")
def rejudge_cmd(
    run_id: Annotated[str, typer.Argument(metavar="RUN", help="Run id to judge again.")],
    judge: Annotated[str, typer.Option("--judge", help="rules (deterministic) or llm (a model judges).")],
    judge_id: Annotated[
        str | None, typer.Option("--judge-id", help="Id of the new judge stream (default: rules / llm-<model>).")
    ] = None,
    model: Annotated[str | None, typer.Option("--model", help="Judge model (or $REALCLI_JUDGE_MODEL).")] = None,
    base_url: Annotated[
        str | None, typer.Option("--base-url", help="Judge endpoint, OpenAI-compatible (or $REALCLI_JUDGE_BASE_URL).")
    ] = None,
    provider: Annotated[
        str | None, typer.Option("--provider", help="openai or anthropic (or $REALCLI_JUDGE_PROVIDER).")
    ] = None,
    structured: Annotated[
        bool,
        typer.Option("--structured", help="llm: constrain answers to the verdicts' JSON Schema (small models)."),
    ] = False,
    log: LogOption = None,
) -> None:
    """Judge a recorded run again and append the verdicts under a judge id (no agents, no containers).

    The API key comes from $REALCLI_JUDGE_API_KEY (or $OPENAI_API_KEY), never from a flag.
    """
    if judge not in ev.JUDGE_KINDS:
        raise ConfigError(f"--judge {judge!r}: expected {' or '.join(ev.JUDGE_KINDS)}")
    ev.check_token(run_id, "run id")
    endpoint = None
    if judge == "llm":
        endpoint = ModelEndpoint.from_env("REALCLI_JUDGE", model=model, base_url=base_url, provider=provider)
    elif model or base_url or provider:
        raise ConfigError("--model, --base-url and --provider are for --judge llm only")
    if structured and judge != "llm":
        raise ConfigError("--structured is for --judge llm only")
    summary = run_async(_rejudge, log, run_id, judge, judge_id, endpoint, structured)
    _print_summary(summary)


async def _rejudge(
    url: str | None, run_id: str, judge: str, judge_id: str | None, endpoint: ModelEndpoint | None, structured: bool
) -> JudgeSummary:
    async with open_log(url, create=False) as log:
        kind: JudgeKind = "llm" if judge == "llm" else "rules"
        return await rejudge(log, run_id, judge=kind, judge_id=judge_id, endpoint=endpoint, structured=structured)


def _print_summary(summary: JudgeSummary) -> None:
    verdicts = ", ".join(f"{v} {n}" for v, n in sorted(summary.verdicts.items())) or "none"
    what = "completed existing judge" if summary.completed_existing else "new judge"
    # Notes quote model output: never let Rich read them as markup.
    lines = [
        f"{what} {summary.judge_id} ({summary.kind}) on run {summary.run_id}: judged "
        f"{len(summary.trials_judged)} trial(s), {summary.items} item(s) ({verdicts}); "
        f"{summary.fidelity_failures} fidelity failure(s); skipped {len(summary.trials_skipped)} trial(s)",
        *(f"  note: {note}" for note in summary.notes[:20]),
    ]
    if len(summary.notes) > 20:
        lines.append(f"  ... and {len(summary.notes) - 20} more note(s)")
    lines.append(f"report it with: realcli report {summary.run_id} --judge {summary.judge_id}")
    for line in lines:
        err_console.print(line, markup=False, soft_wrap=True)
