"""The trial page's pieces: header, verifier, hard checks, slices, checklist with verdicts, evidence."""

from __future__ import annotations

from typing import Any

from realcli import events as ev
from realcli.projections import CatalogView, TrialFacts, instance_status, verifier_outcome
from realcli.viewer._timeline import entry, output_json

__all__ = ["checklist", "evidence", "hard_checks", "header", "slices", "verifier"]

Json = dict[str, Any]


def header(trial: TrialFacts, started: ev.TrialStarted) -> Json:
    """The trial page's header: the task, agent and budgets it ran with, and how it finished."""
    task = started.task
    script = task.script
    finished = trial.finished
    return {
        "task": task.task_id,
        "category": task.category,
        "mode": started.mode,
        "attempt": started.attempt,
        "tries": trial.tries,
        "agent": started.agent.name,
        "agent_version": started.agent.version,
        "model": started.agent.model,
        "user_sim": started.user_sim.kind if started.user_sim is not None else None,
        "worker": started.worker,
        "image": started.image,
        "seed": started.seed,
        "budgets": {"max_turns": started.budgets.max_turns, "timeout_sec": started.budgets.timeout_sec},
        "started_at": started.at,
        "finished": None
        if finished is None
        else {
            "reason": finished.reason,
            "cause": finished.cause,
            "detail": finished.detail,
            "turns": finished.turns,
            "duration_sec": round(finished.duration_sec, 3),
            "at": finished.at,
        },
        "stopped": None if trial.stopped is None else {"reason": trial.stopped.reason, "detail": trial.stopped.detail},
        "turns": trial.turns,
        "agent_commands": trial.agent_commands,
        "agent_messages": trial.agent_messages,
        "agent_questions": trial.agent_questions,
        "instruction": task.instruction,
        "opening": script.opening if script is not None else None,
        "persona": script.persona if script is not None else None,
        "probes": {p.id: {"template": p.template, "goal": p.goal} for p in script.probes} if script else {},
    }


def verifier(trial: TrialFacts) -> Json | None:
    """The verifier's result for the trial page, or None before it ran."""
    v = trial.verifier
    if v is None:
        return None
    return {
        "reward": v.reward,
        "V": verifier_outcome(v.reward) if v.reward is not None else None,
        "exit_code": v.exit_code,
        "error": v.error,
        "timed_out": v.timed_out,
        "duration_sec": round(v.duration_sec, 3),
        "checks": [{"name": c.name, "status": c.status, "message": c.message} for c in v.checks],
        "output": output_json(v.output),
    }


def hard_checks(trial: TrialFacts) -> list[Json]:
    """The hard checks of the trial, as the trial page shows them."""
    return [
        {
            "probe_id": h.probe_id,
            "check_id": h.check_id,
            "command": h.command,
            "exit_code": h.exit_code,
            "expect_exit": h.expect_exit,
            "passed": h.passed,
        }
        for (_, _), h in sorted(trial.hard_checks.items())
    ]


def slices(trial: TrialFacts, started: ev.TrialStarted) -> list[Json]:
    """Each slice of a COLLAB trial's script, and whether and how it was released (none for EXEC)."""
    script = started.task.script
    if script is None or started.mode != "collab":
        return []
    out = []
    for s in script.slices:
        released = trial.slices_released.get(s.id)
        not_released = trial.slices_not_released.get(s.id)
        out.append(
            {
                "id": s.id,
                "released": released is not None,
                "trigger": released.trigger if released is not None else None,
                "reason": not_released.reason if not_released is not None else None,
            }
        )
    return out


def _item(item: ev.ChecklistItem, verdict: ev.VerdictRendered | None) -> Json:
    return {
        "id": item.id,
        "text": item.text,
        "evidence_kind": item.evidence,
        "timing": item.timing,
        "hard_check": item.hard_check,
        "rule": item.rule.__struct_config__.tag if item.rule is not None else None,
        "verdict": verdict.verdict if verdict is not None else None,
        "rationale": verdict.rationale if verdict is not None else "",
        "evidence": list(verdict.evidence) if verdict is not None else [],
    }


def _scenario(
    scenario: str,
    template: str,
    kind: str,
    items: list[Json],
    view: CatalogView,
    **extra: Any,
) -> Json:
    verdicts = [i["verdict"] for i in items if i["verdict"] is not None]
    return {
        "scenario": scenario,
        "template": template,
        "template_name": view.template_name(template),
        "sub_dimension": view.sub_dimension(template),
        "dimension": view.dimension(template),
        "kind": kind,
        "status": instance_status(verdicts) if verdicts else None,
        "items": items,
        **extra,
    }


def checklist(
    trial: TrialFacts,
    started: ev.TrialStarted,
    view: CatalogView,
    verdicts: dict[tuple[str, str], ev.VerdictRendered],
) -> list[Json]:
    """Every scenario instance of a COLLAB trial (its probes, then the passive checks) with the judge's verdicts."""
    script = started.task.script
    if started.mode != "collab":
        return []
    out = []
    for probe in script.probes if script is not None else []:
        fired = trial.probes_fired.get(probe.id)
        not_fired = trial.probes_not_fired.get(probe.id)
        out.append(
            _scenario(
                probe.id,
                probe.template,
                "probe",
                [_item(i, verdicts.get((probe.id, i.id))) for i in probe.checklist],
                view,
                goal=probe.goal,
                stimulus=probe.stimulus,
                expected=probe.expected_behavior,
                fired=fired is not None,
                trigger=fired.trigger if fired is not None else None,
                not_fired_reason=not_fired.reason if not_fired is not None else None,
            )
        )
    for check in view.passive_checks:
        out.append(
            _scenario(
                check.id,
                check.id,
                "passive",
                [_item(i, verdicts.get((check.id, i.id))) for i in check.items],
                view,
            )
        )
    return out


def evidence(rec: ev.RecordedEvent | None) -> Json | None:
    """The evidence snapshot for the trial page (files, listing, committed image), or None before it was taken."""
    if rec is None:
        return None
    shaped = entry(rec)
    return {"pos": rec.position, "files": shaped["files"], "listing": shaped["listing"], "image": shaped["image"]}
