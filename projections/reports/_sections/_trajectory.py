"""Appendix E: the flip matrix, tool calls, retries, goal maintenance, near acceptance, constraint retention."""

from __future__ import annotations

from collections.abc import Sequence

from realcli.projections.reports._layout import Block, Bullets, FlipChart, Section, Table, fmt_cell, fmt_pct
from realcli.projections.reports._report import Report
from realcli.projections.reports._trajectory import Trajectory


def _findings(tr: Trajectory) -> list[str]:
    flip, tc, goal = tr.flip_matrix, tr.tool_calls, tr.goal_maintenance
    lines = [
        f"Paired trials: {flip.pairs}; changed status: {fmt_pct(flip.changed_share)} "
        f"(fail->pass {fmt_pct(flip.fail_to_pass_share)}, pass->fail {fmt_pct(flip.pass_to_fail_share)}).",
        f"Interactive-to-complete tool-call ratio (median over pairs): {fmt_cell(tc.median_ratio)}; "
        f"EXEC-failed pairs with more COLLAB calls that did not gain: "
        f"{tc.exec_failed_more_collab_calls_no_gain}/{tc.exec_failed_more_collab_calls}.",
    ]
    for mode, r in (("exec", tr.retries.exec), ("collab", tr.retries.collab)):
        lines.append(
            f"Retries after a failed command ({mode.upper()}): {r.retries} of {r.failures} "
            f"failures retried, {fmt_pct(r.retry_success_rate)} of retries succeeded."
        )
    lines.append(
        f"Immediate response: {fmt_pct(goal.immediate.pass_rate)} of {goal.immediate.decided} instances; "
        f"cross-turn goal maintenance: {fmt_pct(goal.cross_turn.pass_rate)} of {goal.cross_turn.decided}."
    )
    for mode, n in (("exec", tr.near_acceptance.exec), ("collab", tr.near_acceptance.collab)):
        lines.append(
            f"Near-acceptance failures ({mode.upper()}): {n.near} of {n.with_checks} failed trials "
            f"with checks passed >= 90% of them ({fmt_pct(n.share)})."
        )
    sm, cr = tr.successful_missing_scenario, tr.constraint_retention
    lines.append(
        f"Successful COLLAB trials missing >= 1 applicable scenario: {sm.missing}/{sm.successful_trials} "
        f"({fmt_pct(sm.share)})."
    )
    lines.append(
        f"Constraint-retention failures: {cr.failures}; artifact mismatches {fmt_pct(cr.artifact_share)}; "
        f"of those with communication checks, {fmt_pct(cr.artifact_communication_all_pass_share)} "
        "pass every communication check."
    )
    return lines


def _layout(report: Report) -> Sequence[Block]:
    tr = report.trajectory
    flip = tr.flip_matrix
    return [
        FlipChart("EXEC to COLLAB flip matrix", flip.both_pass, flip.pass_to_fail, flip.fail_to_pass, flip.both_fail),
        Table(
            ("EXEC \\ COLLAB", "COLLAB pass", "COLLAB fail"),
            (("EXEC pass", flip.both_pass, flip.pass_to_fail), ("EXEC fail", flip.fail_to_pass, flip.both_fail)),
            numeric=frozenset({1, 2}),
        ),
        Bullets(tuple(_findings(tr))),
    ]


SECTION: Section[Report] = Section("trajectory", "Trajectory statistics (appendix E)", _layout)
