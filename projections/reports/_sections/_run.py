"""The lines under the title: who ran, how, and whose verdicts score collaboration."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.reports._layout import Block, Section, Span, Strong, text
from realcli.projections.reports._report import AgentRef, Report, TimeoutFactors


def _layout(report: Report) -> Sequence[Block]:
    run, judge = report.run, report.judge
    lines: list[Sequence[Span]] = []
    if run.recorded and isinstance(run.agent, AgentRef):
        model = f" ({run.agent.model})" if run.agent.model else ""
        lines.append(
            (
                "Agent ",
                Strong(run.agent.name),
                f"{model}, mode {run.mode}, {run.tasks} task(s) x {run.attempts} attempt(s), status {run.status}.",
            )
        )
    if run.recorded and isinstance(run.timeouts, TimeoutFactors):
        t = run.timeouts
        lines.append(
            (
                f"Timeouts scaled: agent x{t.agent:g}, verifier x{t.verifier:g}, image build "
                f"x{t.environment_build:g} (--timeout-multiplier).",
            )
        )
    judge_text = "none" if judge is None else f"{judge.id} ({judge.kind})"
    lines.append((f"Judge: {judge_text}; template threshold {report.threshold}.",))
    return [text(*lines)]


SECTION: Section[Report] = Section("run", "", _layout)
