"""What each page shows, as JSON: built from the followed facts, cached reports and position reads.

Nothing here renders markup: the browser builds the page with ``textContent``
from these structures, and the server cleans every string on the way out.
Lists that grow with a run (trials, excluded trials, failed instances) are
paginated or capped here, so no page ever carries a whole log.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Final

import msgspec

from realcli import ConfigError
from realcli.projections import DEFAULT_THRESHOLD, CatalogView, TrialRow, compare_judges
from realcli.viewer._compare import outcome_disagreements, side_by_side
from realcli.viewer._follow import LogState, RunState
from realcli.viewer._status import judge_list, pick_judge, run_status, trial_chip
from realcli.viewer._trial_pages import MAX_PAGE, TrialPages

__all__ = ["LIST_CAP", "PAGE_TRIALS", "Pages", "check_threshold"]

Json = dict[str, Any]
PAGE_TRIALS: Final = 100
LIST_CAP: Final = 200
"""Longest list of excluded trials, failed instances or fidelity failures a run page carries."""


def check_threshold(value: str | None) -> float:
    """The ``threshold`` query parameter: a number in (0, 1], default 0.75."""
    if not value:
        return DEFAULT_THRESHOLD
    try:
        threshold = float(value)
    except ValueError:
        threshold = -1.0
    if not 0 < threshold <= 1:
        raise ConfigError(f"threshold {value!r}: expected a number in (0, 1], e.g. 0.75")
    return threshold


def progress(run: RunState, live: bool) -> Json:
    """Trials scheduled, started, finished and how they came out."""
    facts = run.facts
    chips = {"pass": 0, "fail": 0, "infra": 0, "running": 0, "incomplete": 0}
    for trial in facts.trials.values():
        chips[trial_chip(trial, live)] += 1
    total = len(facts.scheduled.keys() | facts.trials.keys())
    return {
        "total": total,
        "started": len(facts.trials),
        "done": chips["pass"] + chips["fail"] + chips["infra"],
        "queued": total - len(facts.trials),
        **chips,
    }


def _capped(items: list[Any]) -> Json:
    return {"shown": items[:LIST_CAP], "total": len(items)}


class Pages(TrialPages):
    """The JSON behind every page and API route (the trial page and its events: ``TrialPages``)."""

    def __init__(self, state: LogState, clock: Callable[[], float] = time.time) -> None:
        self.state = state
        self.clock = clock

    # ------------------------------------------------------------ runs

    def _full(self, run_id: str, full: bool | None) -> bool:
        return self.state.full_is_cheap(run_id) if full is None else full

    async def runs(self, *, full: bool | None = None) -> Json:
        """Every run with its status, progress and headline scores (with 95 % intervals when ``full``).

        ``full=None``: intervals for the runs where they are cheap, quick scores for the others.
        """
        position = self.state.position  # taken first: a change while scoring shows up as the next update
        rows = [await self.run_row(run_id, full=full) for run_id in sorted(self.state.runs)]
        return {"position": position, "now": self.clock(), "runs": rows, "intervals": all(r["intervals"] for r in rows)}

    async def run_row(self, run_id: str, *, full: bool | None = None) -> Json:
        """One run's row in the runs list: its agent, mode, trials and headline scores."""
        run = self.state.run(run_id)
        facts = run.facts
        judge = pick_judge(facts, None)
        headline = await self.state.headline(run_id, judge, DEFAULT_THRESHOLD, full=self._full(run_id, full))
        started = facts.started
        agent = started.agent if started is not None else None
        return {
            "run_id": run_id,
            "agent": agent.name if agent is not None else None,
            "model": agent.model if agent is not None else None,
            "mode": started.mode if started is not None else None,
            "k": started.attempts if started is not None else None,
            "tasks": len(started.tasks) if started is not None else None,
            "status": run_status(run, self.clock()),
            "finished_status": facts.finished.status if facts.finished is not None and not run.open else None,
            "progress": progress(run, self._live(run)),
            "judge": judge,
            "started_at": started.at if started is not None else None,
            "last_at": run.last_at,
            "head": run.head,
            **headline,
        }

    # ------------------------------------------------------------ run

    async def run(
        self, run_id: str, judge_id: str | None, threshold: float, *, full: bool | None = None, stale_ok: bool = False
    ) -> Json:
        """The run page: the report, with the lists that grow with the run capped and the trials left out.

        ``full=None``: with bootstrap intervals if they are cheap for this run (see ``LogState.report``).
        """
        run = self.state.run(run_id)
        judge = pick_judge(run.facts, judge_id)
        wanted = self._full(run_id, full)
        scored = await self.state.report(run_id, judge, threshold, full=wanted, stale_ok=stale_ok)
        # The report as its JSON has it, without the trials (a page of them is another route).
        data: Json = msgspec.to_builtins(msgspec.structs.replace(scored.data, trials=[]))
        data.pop("trials")
        data["run"] = {**data["run"], "trials_not_started": _capped(data["run"]["trials_not_started"])}
        outcome = data["outcome"]
        data["outcome"] = {
            **outcome,
            "excluded": {**outcome["excluded"], "trials": _capped(outcome["excluded"]["trials"])},
            "agent_failures": _capped(outcome.get("agent_failures", [])),
        }
        data["failed_instances"] = _capped(data["failed_instances"])
        data["fidelity"] = {**data["fidelity"], "failures": _capped(data["fidelity"]["failures"])}
        view = CatalogView(run.facts.started.catalog if run.facts.started is not None else None)
        data["viewer"] = {
            "run_id": run_id,
            "sub_dimension_names": {sub: view.sub_dimension_name(sub) for sub in data["sub_dimensions"]},
            "head": scored.head,
            "intervals": scored.full,
            "status": run_status(run, self.clock()),
            "finished_status": run.facts.finished.status if run.facts.finished is not None and not run.open else None,
            "progress": progress(run, self._live(run)),
            "judge": judge,
            "judges": judge_list(run.facts),
            "threshold": threshold,
            "last_at": run.last_at,
            "started_at": run.facts.started.at if run.facts.started is not None else None,
        }
        return data

    async def trials(
        self,
        run_id: str,
        judge_id: str | None,
        *,
        mode: str = "",
        chip: str = "",
        query: str = "",
        sort: str = "trial",
        descending: bool = False,
        offset: int = 0,
        limit: int = PAGE_TRIALS,
    ) -> Json:
        """One page of the run's trials (scheduled ones not started yet included), filtered and sorted."""
        run = self.state.run(run_id)
        judge = pick_judge(run.facts, judge_id)
        scored = await self.state.report(run_id, judge, DEFAULT_THRESHOLD, full=False, stale_ok=True)
        rows = self._trial_rows(run, scored.data.trials)
        if mode:
            rows = [r for r in rows if r["mode"] == mode]
        if chip:
            rows = [r for r in rows if r["chip"] == chip]
        if query:
            needle = query.lower()
            rows = [r for r in rows if needle in r["trial"].lower() or needle in r["task"].lower()]
        rows.sort(key=_sort_key(sort), reverse=descending)
        limit = max(1, min(limit, MAX_PAGE))
        offset = max(0, offset)
        return {
            "head": scored.head,
            "total": len(rows),
            "offset": offset,
            "limit": limit,
            "trials": rows[offset : offset + limit],
        }

    def _trial_rows(self, run: RunState, reported: list[TrialRow]) -> list[Json]:
        live = self._live(run)
        rows = []
        for row in reported:
            trial = run.facts.trials.get(row.trial)
            chip = trial_chip(trial, live) if trial is not None else "queued"
            rows.append({**msgspec.to_builtins(row), "chip": chip, "probes_fired": len(row.probes_fired)})
        seen = {row.trial for row in reported}
        for trial_id, scheduled in run.facts.scheduled.items():
            if trial_id not in seen:
                rows.append(
                    {
                        "trial": trial_id,
                        "task": scheduled.task_id,
                        "category": "",
                        "mode": scheduled.mode,
                        "attempt": scheduled.attempt,
                        "status": "queued",
                        "chip": "queued",
                        "reward": None,
                        "V": None,
                        "end_reason": "",
                        "tries": 0,
                        "turns": 0,
                        "agent_commands": 0,
                        "agent_messages": 0,
                        "agent_questions": 0,
                        "probes_fired": 0,
                        "instances": None,
                    }
                )
        return rows

    # ------------------------------------------------------------ compare

    async def compare_runs(self, first: str, second: str) -> Json:
        """Two runs side by side under their default judges."""
        reports = []
        for run_id in (first, second):
            run = self.state.run(run_id)
            judge = pick_judge(run.facts, None)
            reports.append(((await self.state.report(run_id, judge, DEFAULT_THRESHOLD)).data, judge))
        (a, judge_a), (b, judge_b) = reports
        return {
            "kind": "runs",
            "a": {"id": first, "judge": judge_a, "run": msgspec.to_builtins(a.run)},
            "b": {"id": second, "judge": judge_b, "run": msgspec.to_builtins(b.run)},
            **side_by_side(a, b),
            "disagreements": outcome_disagreements(a.trials, b.trials, LIST_CAP),
        }

    async def compare_judges(self, run_id: str, first: str, second: str) -> Json:
        """Two judges of one run side by side, with their per-item agreement."""
        run = self.state.run(run_id)
        for judge_id in (first, second):
            pick_judge(run.facts, judge_id)
        if first == second:
            raise ConfigError(f"compare: judges {first!r} and {second!r} are the same; pick two different judges")
        a = (await self.state.report(run_id, first, DEFAULT_THRESHOLD)).data
        b = (await self.state.report(run_id, second, DEFAULT_THRESHOLD)).data
        judged = await self.state.compute(lambda: compare_judges(run.facts, first, second))
        agreement: Json = msgspec.to_builtins(judged)
        return {
            "kind": "judges",
            "run_id": run_id,
            "a": {"id": first, "judge": first, "run": msgspec.to_builtins(a.run)},
            "b": {"id": second, "judge": second, "run": msgspec.to_builtins(b.run)},
            **side_by_side(a, b),
            "agreement": {k: v for k, v in agreement.items() if k != "disagreements"},
            "disagreements": {"shown": agreement["disagreements"], "total": agreement["disagreements_total"]},
        }


# ---------------------------------------------------------------- pieces


def _sort_key(sort: str) -> Callable[[Json], Any]:
    numeric = {"reward", "turns", "agent_commands", "attempt", "agent_messages"}
    if sort in numeric:
        return lambda r: (r[sort] is None, r[sort] or 0, r["trial"])
    if sort in {"task", "mode", "chip", "status", "category"}:
        return lambda r: (r[sort] or "", r["trial"])
    return lambda r: r["trial"]
