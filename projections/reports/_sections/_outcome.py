"""Task outcome per mode (avg@k), the agent's own failures, the trials not scored, and hints."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.reports._layout import Block, Bullets, Cell, Section, Table, fmt_pct, text
from realcli.projections.reports._outcome import ModeResult, Outcome
from realcli.projections.reports._report import Report

_FINDINGS_SHOWN = 5  # per trial (the JSON has them all, up to what the log kept)


def _mode_row(mode: str, m: ModeResult) -> tuple[Cell, ...]:
    attempts = ", ".join(f"#{a}: {fmt_pct(r)}" for a, r in m.per_attempt.items()) or "-"
    return (mode.upper(), m.tasks, m.trials, m.passed_trials, fmt_pct(m.R), attempts, m.reward_mean)


def _apart(out: Outcome) -> list[Block]:
    blocks: list[Block] = []
    if failures := out.agent_failures:
        blocks.append(text(f"The agent's own failures ({len(failures)}; scored from the state it left, in R):"))
        failed = tuple((f.trial, f.mode, f.cause, f.V, f.detail) for f in failures)
        blocks.append(Table(("trial", "mode", "cause", "V", "detail"), failed))
    if excluded := out.excluded.count:
        blocks.append(text(f"Not scored ({excluded}; infrastructure, reported apart, never as zeros):"))
        skipped = tuple((t.trial, t.mode, t.status, t.cause, t.detail) for t in out.excluded.trials)
        blocks.append(Table(("trial", "mode", "status", "cause", "detail"), skipped))
    if tampered := out.tampered:
        blocks.append(text(f"Verifier tampered with ({len(tampered)}; it did not run, V = 0; the evidence):"))
        rows = tuple(
            (t.trial, t.mode, f.path, f.change, f.rule, f.detail)
            for t in tampered
            for f in t.findings[:_FINDINGS_SHOWN]
        )
        blocks.append(Table(("trial", "mode", "path", "change", "rule", "why"), rows))
        if forged := [(t.trial, path, content) for t in tampered for path, content in t.forged.items()]:
            blocks.append(
                Bullets(tuple(f"{trial}: {path} held {content.strip()[:60]!r}" for trial, path, content in forged))
            )
    if hints := out.hints:
        blocks.append(text(f"Hints ({len(hints)}):"))
        blocks.append(Bullets(tuple(f"{h.trial} ({h.mode}): {h.hint}" for h in hints)))
    return blocks


def _layout(report: Report) -> Sequence[Block]:
    out = report.outcome
    header = ("mode", "tasks", "scored trials", "passed", "R", "per attempt", "mean reward")
    rows = (_mode_row("exec", out.exec), _mode_row("collab", out.collab))
    return [Table(header, rows, numeric=frozenset({1, 2, 3, 4, 6})), *_apart(out)]


SECTION: Section[Report] = Section("outcome", lambda report: f"Task outcome (avg@{report.outcome.k})", _layout)
