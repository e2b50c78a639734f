"""How the pages name a run's and a trial's state, and which judge they show (shared by every page)."""

from __future__ import annotations

from typing import Any, Final

from realcli import NotFoundError
from realcli import events as ev
from realcli.projections import EXCLUDED_STATUSES, RunFacts, TrialFacts, trial_status, verifier_outcome
from realcli.viewer._follow import RunState

__all__ = ["RUNNING_WINDOW", "judge_list", "pick_judge", "run_status", "trial_chip"]

Json = dict[str, Any]
RUNNING_WINDOW: Final = 600.0
"""Seconds without an event after which an unfinished run counts as incomplete rather than running."""


def pick_judge(facts: RunFacts, requested: str | None) -> str | None:
    """The judge whose verdicts a page uses: ``requested`` (which must exist), else ``rules``, else the first.

    Like ``realcli report``, but a run with several judges and no ``rules``
    shows the first (sorted) instead of refusing: the page offers the others.
    """
    if requested:
        ev.check_token(requested, "judge id")
        if requested not in facts.judges:
            known = ", ".join(sorted(facts.judges)) or "none yet"
            raise NotFoundError(f"run {facts.run_id!r} has no judge {requested!r} (judges: {known})")
        return requested
    if not facts.judges:
        return None
    return "rules" if "rules" in facts.judges else sorted(facts.judges)[0]


def run_status(run: RunState, now: float) -> str:
    """finished (a RunFinished since it last started), running (an event lately), else incomplete."""
    if not run.open:
        return "finished"
    return "running" if now - run.last_at < RUNNING_WINDOW else "incomplete"


def trial_chip(trial: TrialFacts, live: bool) -> str:
    """One word for a trial: pass, fail, infra, running or incomplete."""
    status = trial_status(trial)
    if status == "scored":
        reward = trial.verifier.reward if trial.verifier is not None else None
        return "pass" if reward is not None and verifier_outcome(reward) else "fail"
    if status in EXCLUDED_STATUSES:
        return "infra"
    return "running" if live else "incomplete"


def judge_list(facts: RunFacts) -> list[Json]:
    """The run's judges as its pages offer them: id, kind, model and whether it finished."""
    out = []
    for judge_id in sorted(facts.judges):
        started = facts.judges[judge_id].started
        out.append(
            {
                "id": judge_id,
                "kind": started.kind if started is not None else None,
                "model": started.model if started is not None else None,
                "finished": facts.judges[judge_id].finished is not None,
            }
        )
    return out
