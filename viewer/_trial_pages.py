"""``Pages``' trial half: the trial page (from ``_trial_parts``'s pieces), its events page by page, one event whole."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import aclosing
from typing import Any, Final

from realcli import NotFoundError
from realcli import events as ev
from realcli.projections import CatalogView, trial_status
from realcli.viewer._follow import LogState, RunState
from realcli.viewer._status import judge_list, pick_judge, run_status, trial_chip
from realcli.viewer._timeline import entry
from realcli.viewer._trial_parts import checklist, evidence, hard_checks, header, slices, verifier

__all__ = ["MAX_PAGE", "PAGE_EVENTS", "TrialPages"]

Json = dict[str, Any]
PAGE_EVENTS: Final = 200
MAX_PAGE: Final = 1000
"""Most trials or timeline entries one request returns, whatever it asks for."""


async def _at_version(state: LogState, stream: str, version: int) -> ev.RecordedEvent | None:
    """The event at ``version`` of ``stream`` (None if there is none)."""
    if not stream or version < 1:
        return None
    async with aclosing(state.log.read(stream, version)) as records:  # type: ignore[type-var]
        async for rec in records:
            return rec if rec.version == version else None
    return None


class TrialPages:
    """The trial part of ``Pages``, which sets what is declared below."""

    state: LogState
    clock: Callable[[], float]

    def _live(self, run: RunState) -> bool:
        return run_status(run, self.clock()) == "running"

    async def trial(self, run_id: str, trial_id: str, judge_id: str | None, *, timeline: bool = True) -> Json:
        """The trial page: header, checklist, verifier, evidence and (``timeline``) the first page of events."""
        run = self.state.run(run_id)
        trial = run.facts.trials.get(trial_id)
        marks = run.marks.get(trial_id)
        if trial is None or marks is None:
            scheduled = run.facts.scheduled.get(trial_id)
            if scheduled is None:
                raise NotFoundError(f"run {run_id!r} has no trial {trial_id!r}")
            return {"run_id": run_id, "trial_id": trial_id, "queued": True, "mode": scheduled.mode, "head": -1}
        judge = pick_judge(run.facts, judge_id)
        head = marks.head
        # The trial's own TrialStarted: the fold keeps a copy without the script.
        started_rec = await _at_version(self.state, *marks.started_at)
        started = started_rec.event if started_rec is not None else trial.started
        assert isinstance(started, ev.TrialStarted)
        evidence_rec = await _at_version(self.state, *marks.evidence_at)
        verdicts, fidelity = await self._verdicts(run, judge, trial_id) if judge is not None else ({}, [])
        first_page = await self.events(run_id, trial_id, after=-1, until=head) if timeline else None
        catalog = run.facts.started.catalog if run.facts.started is not None else None
        return {
            "run_id": run_id,
            "trial_id": trial_id,
            "queued": False,
            "head": head,
            "events": marks.events,
            "chip": trial_chip(trial, self._live(run)),
            "status": trial_status(trial),
            "run_status": run_status(run, self.clock()),
            **header(trial, started),
            "verifier": verifier(trial),
            "hard_checks": hard_checks(trial),
            "checklist": checklist(trial, started, CatalogView(catalog), verdicts),
            "fidelity": fidelity,
            "judge": judge,
            "judges": judge_list(run.facts),
            "evidence": evidence(evidence_rec),
            "usage": {
                purpose: {
                    "calls": u.calls,
                    "errors": u.errors,
                    "tokens_in": u.tokens_in,
                    "tokens_out": u.tokens_out,
                    "cost_usd": round(u.cost_usd, 6),
                    "latency_sec": round(u.latency_sec, 3),
                }
                for purpose, u in sorted(trial.usage.items())
            },
            "slices": slices(trial, started),
            "timeline": first_page,
        }

    async def _verdicts(
        self, run: RunState, judge_id: str, trial_id: str
    ) -> tuple[dict[tuple[str, str], ev.VerdictRendered], list[Json]]:
        """The judge's latest verdict per item and its fidelity audit of the trial's current try."""
        stream = ev.judge_stream(run.facts.run_id, judge_id)
        verdicts: dict[tuple[str, str], ev.VerdictRendered] = {}
        fidelity: dict[str, ev.FidelityAssessed] = {}
        for first, last in run.verdict_ranges(judge_id, trial_id):
            async with aclosing(self.state.log.read_all(first, f"{run.facts.run_id}.judge")) as records:  # type: ignore[type-var]
                async for rec in records:
                    if rec.position > last:
                        break
                    event = rec.event
                    if rec.stream != stream or getattr(event, "trial_id", None) != trial_id:
                        continue
                    if isinstance(event, ev.VerdictRendered):
                        verdicts[(event.scenario, event.item_id)] = event
                    elif isinstance(event, ev.FidelityAssessed):
                        fidelity[event.criterion] = event
        audit = [
            {
                "criterion": f.criterion,
                "verdict": f.verdict,
                "rationale": f.rationale,
                "affected_dimensions": list(f.affected_dimensions),
            }
            for f in sorted(fidelity.values(), key=lambda f: f.criterion)
        ]
        return verdicts, audit

    async def events(
        self, run_id: str, trial_id: str, *, after: int, until: int | None, limit: int = PAGE_EVENTS
    ) -> Json:
        """Timeline entries of a trial after position ``after`` (up to ``until``), at most ``limit``."""
        self.state.run(run_id)
        limit = max(1, min(limit, MAX_PAGE))
        entries: list[Json] = []
        more = False
        scope = f"{run_id}.{trial_id}"
        async with aclosing(self.state.log.read_all(after + 1, scope)) as records:  # type: ignore[type-var]
            async for rec in records:
                if until is not None and rec.position > until:
                    break
                if len(entries) == limit:
                    more = True
                    break
                entries.append(entry(rec))
        last = entries[-1]["pos"] if entries else after
        return {"entries": entries, "next": last, "done": not more, "until": until}

    async def event(self, run_id: str, trial_id: str, actor: str, version: int) -> Json:
        """One trial event whole (command output and evidence files not clipped), by stream and version."""
        self.state.run(run_id)
        if actor not in ev.ACTORS:
            raise NotFoundError(f"a trial has no {actor!r} stream (streams: {', '.join(ev.ACTORS)})")
        stream = ev.trial_stream(run_id, trial_id, actor)
        rec = await _at_version(self.state, stream, version)
        if rec is None:
            raise NotFoundError(f"stream {stream!r} has no event {version}")
        return entry(rec, clip=None)
