"""Re-judging a whole recorded run under a judge id: the rules judge or an LLM judge, no containers.

A judge id that already exists is only accepted for the *same* judge
configuration (kind, model, rule set / prompt version), and then completes
it: trials without verdicts (new, or re-run since they were judged) are
judged, the rest are kept.
"""

from __future__ import annotations

import re
from contextlib import AsyncExitStack

import anyio

from realcli import events as ev
from realcli._errors import ConfigError, NotFoundError, find_error
from realcli.eventlog import EventLog
from realcli.judging._live import dont_know, finish_judging, rules_verdicts, skip_reason
from realcli.judging._llm import LlmJudge
from realcli.judging._read import load_run, read_trial
from realcli.judging._stream import JudgeStream, describe_judge, llm_started, rules_started, same_config, verdict_events
from realcli.judging._summary import JudgeKind, JudgeSummary
from realcli.models import ModelEndpoint
from realcli.projections import CatalogView, audit_fidelity, scenarios_of

__all__ = ["default_judge_id", "rejudge"]


def default_judge_id(kind: JudgeKind, endpoint: ModelEndpoint | None) -> str:
    """``rules``, or ``llm-<model>`` with the model name made stream-safe."""
    if kind == "rules" or endpoint is None:
        return "rules"
    return "llm-" + re.sub(r"[^A-Za-z0-9_-]+", "-", endpoint.model).strip("-")


async def rejudge(
    log: EventLog,
    run_id: str,
    *,
    judge: JudgeKind,
    judge_id: str | None = None,
    endpoint: ModelEndpoint | None = None,
    max_parse_retries: int = 2,
    concurrency: int = 8,
    structured: bool = False,
) -> JudgeSummary:
    """Judge every finished COLLAB trial of a recorded run under ``judge_id`` and append the verdicts.

    ``judge="llm"`` needs ``endpoint`` (an OpenAI-compatible model) and judges
    up to ``concurrency`` trials at once (the rules judge goes one by one, so
    its stream is in trial order); ``structured`` constrains its answers to the
    verdicts' JSON Schema (for small models).  See the module doc for how an
    existing judge id is treated.
    """
    if judge not in ("rules", "llm"):
        raise ConfigError(f"--judge {judge!r}: expected rules or llm")
    if judge == "llm" and endpoint is None:
        raise ConfigError("the llm judge needs a model: pass --model (and --base-url) or set REALCLI_JUDGE_MODEL")
    jid = ev.check_token(judge_id or default_judge_id(judge, endpoint), "judge id")
    facts = await load_run(log, run_id)
    catalog = facts.started.catalog if facts.started is not None else None
    candidates = {tid: skip_reason(t) for tid, t in sorted(facts.trials.items())}
    if not any(reason is None for reason in candidates.values()):
        raise NotFoundError(
            f"run {run_id!r} has no finished, scored COLLAB trial to judge ({len(facts.trials)} trial(s) in the log)"
        )
    wanted = llm_started(jid, endpoint, structured) if endpoint is not None and judge == "llm" else rules_started(jid)
    summary = JudgeSummary(run_id, jid, judge)
    existing = facts.judges.get(jid)
    writer = JudgeStream(log, run_id, jid)
    if existing is not None:
        if existing.started is None or not same_config(existing.started, wanted):
            have = describe_judge(existing.started) if existing.started is not None else "no JudgingStarted"
            raise ConfigError(
                f"judge id {jid!r} already exists for run {run_id!r} ({have}); pass a new --judge-id to keep both"
            )
        summary.completed_existing = True
    else:
        await writer.start(wanted)
    done = set(existing.verdicts) | set(existing.fidelity) if existing is not None else set()
    todo = []
    for trial_id, reason in candidates.items():
        if reason is None and trial_id in done:
            reason = "already judged under this judge id"
        if reason is not None:
            summary.trials_skipped[trial_id] = reason
        else:
            todo.append(trial_id)
    async with AsyncExitStack() as stack:
        llm = None
        if endpoint is not None and judge == "llm":
            llm = await stack.enter_async_context(
                LlmJudge(endpoint, max_parse_retries=max_parse_retries, structured=structured)
            )
        limiter = anyio.CapacityLimiter(max(1, concurrency) if llm is not None else 1)

        async def one(trial_id: str) -> None:
            async with limiter:
                await _judge_one(log, run_id, trial_id, catalog, writer, llm, summary)

        try:
            async with anyio.create_task_group() as tg:
                for trial_id in todo:
                    tg.start_soon(one, trial_id)
        except BaseExceptionGroup as group:
            # One failing trial (an unreachable model) cancels the rest: report it as the one-line
            # error it is; judged trials are in the log, and the same judge id completes the rest.
            first = find_error(group)
            if first is None:
                raise
            raise first from None
    summary.trials_judged.sort()
    summary.notes.sort()
    await finish_judging(log, run_id, jid)
    return summary


async def _judge_one(
    log: EventLog,
    run_id: str,
    trial_id: str,
    catalog: ev.CatalogInfo | None,
    writer: JudgeStream,
    llm: LlmJudge | None,
    summary: JudgeSummary,
) -> None:
    trial = await read_trial(log, run_id, trial_id)
    if llm is None:
        verdicts, fidelity = rules_verdicts(trial, catalog)
    else:
        view = CatalogView(catalog)
        verdicts, notes = await llm.judge(trial, scenarios_of(trial, view.passive_checks), writer.record)
        changed = await llm.paraphrases(trial, writer.record)
        asked = await llm.asked(trial, writer.record)
        fidelity = audit_fidelity(
            trial,
            view.dimension,
            dont_know=dont_know(),
            model_findings={"script_intent": changed},
            asked_by_model=asked,
        )
        summary.notes += [f"{trial_id}: {n}" for n in notes]
    events = verdict_events(writer.judge_id, verdicts, fidelity)
    if events:
        await writer.append(*events)
    summary.trials_judged.append(trial_id)
    summary.count(verdicts, fidelity)
