"""Rendering a report (from ``report()``) as JSON or Markdown; the same input gives the same bytes."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from realcli.projections._report import LOW_COVERAGE

__all__ = ["coverage_note", "fmt_pct", "render_compare_markdown", "render_json", "render_markdown"]

Json = dict[str, Any]


def render_json(data: Json) -> str:
    """Pretty, key-sorted JSON with a trailing newline."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False, allow_nan=False) + "\n"


def fmt_pct(value: float | None, digits: int = 1) -> str:
    """``0.624`` -> ``62.4%``; None -> ``-``."""
    return "-" if value is None else f"{value * 100:.{digits}f}%"


def _fmt(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value).replace("|", "\\|").replace("\n", " ")


def _table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(_fmt(c) for c in row) + " |" for row in rows]
    lines.append("")
    return lines


def _ci(data: Json, metric: str) -> str:
    ci = data["statistics"]["bootstrap"]["intervals"].get(metric)
    return "-" if ci is None else f"{fmt_pct(ci[0])} to {fmt_pct(ci[1])}"


def coverage_note(data: Json) -> str:
    """What S_COLLAB rests on, e.g. ``coverage 38% of items: under half decided``; "" without a judge."""
    coverage = data.get("S_COLLAB_coverage")
    if data["judge"] is None or coverage is None:
        return ""
    note = f"coverage {fmt_pct(coverage, 0)} of items"
    return note + (": under half decided" if coverage < LOW_COVERAGE else "")


def _headline(data: Json) -> list[str]:
    lines = ["## Headline", ""]
    rows = [(m, fmt_pct(data[m]), _ci(data, m), "") for m in ("R_EXEC", "R_COLLAB", "S_COLLAB", "J_COLLAB")]
    rows[2] = (*rows[2][:3], coverage_note(data))
    lines += _table(("metric", "value", "95% CI (bootstrap over tasks)", "rests on"), rows)
    collab = data["collaboration"]
    if data["judge"] is None:
        lines += ["No judge verdicts: collaboration is not scored (run `realcli rejudge`).", ""]
    elif data["S_COLLAB"] is None:
        lines += [
            f"S_COLLAB needs all five dimensions; missing: {', '.join(collab['dimensions_missing'])}. "
            f"Over the available dimensions: S = {fmt_pct(collab['S_COLLAB_available'])}, "
            f"J = {fmt_pct(collab['J_COLLAB_available'])}.",
            "",
        ]
    return lines


def _dimensions(data: Json) -> list[str]:
    contamination = data["collaboration"]["contamination"]
    rows = []
    for code, score in data["dimensions"].items():
        flag = contamination.get(code, {}).get("contaminated", False)
        rows.append((code, data["dimension_names"].get(code, ""), fmt_pct(score), "contaminated" if flag else ""))
    lines = ["## Collaboration dimensions", "", *_table(("dimension", "name", "score", "simulator"), rows)]
    subs = [(s, fmt_pct(v)) for s, v in data["sub_dimensions"].items()]
    if subs:
        lines += _table(("sub-dimension", "score"), subs)
    return lines


def _templates(data: Json) -> list[str]:
    rows = [
        (
            tid,
            t["name"],
            t["instances"],
            t["na_instances"],
            t["undecided_instances"],
            fmt_pct(t["pass_rate"]),
            t["passed"],
            fmt_pct(t["coverage"]),
        )
        for tid, t in sorted(data["templates"].items())
    ]
    if not rows:
        return []
    header = (
        "template",
        "name",
        "decided",
        "n/a",
        "undecided",
        "pass rate",
        f"passed (>= {data['threshold']})",
        "item coverage",
    )
    return ["## Scenario templates", "", *_table(header, rows)]


def _outcome(data: Json) -> list[str]:
    out = data["outcome"]
    rows = []
    for mode in ("exec", "collab"):
        m = out[mode]
        attempts = ", ".join(f"#{a}: {fmt_pct(r)}" for a, r in m["per_attempt"].items()) or "-"
        rows.append(
            (
                mode.upper(),
                m["tasks"],
                m["trials"],
                m["passed_trials"],
                fmt_pct(m["R"]),
                attempts,
                _fmt(m["reward_mean"]),
            )
        )
    lines = [f"## Task outcome (avg@{out['k']})", ""]
    lines += _table(("mode", "tasks", "scored trials", "passed", "R", "per attempt", "mean reward"), rows)
    failures = out["agent_failures"]
    if failures:
        lines += [f"The agent's own failures ({len(failures)}; scored from the state it left, in R):", ""]
        failed = [(t["trial"], t["mode"], t["cause"], t["V"], t["detail"]) for t in failures]
        lines += _table(("trial", "mode", "cause", "V", "detail"), failed)
    excluded = out["excluded"]
    if excluded["count"]:
        lines += [f"Not scored ({excluded['count']}; infrastructure, reported apart, never as zeros):", ""]
        skipped = [(t["trial"], t["mode"], t["status"], t["cause"], t["detail"]) for t in excluded["trials"]]
        lines += _table(("trial", "mode", "status", "cause", "detail"), skipped)
    hints = out.get("hints") or []
    if hints:
        lines += [f"Hints ({len(hints)}):", ""]
        lines += [f"- {h['trial']} ({h['mode']}): {h['hint']}" for h in hints]
        lines.append("")
    return lines


def _trajectory(data: Json) -> list[str]:
    tr = data["trajectory"]
    flip = tr["flip_matrix"]
    lines = ["## Trajectory statistics (appendix E)", ""]
    lines += _table(
        ("EXEC \\ COLLAB", "COLLAB pass", "COLLAB fail"),
        [
            ("EXEC pass", flip["both_pass"], flip["pass_to_fail"]),
            ("EXEC fail", flip["fail_to_pass"], flip["both_fail"]),
        ],
    )
    lines.append(
        f"- Paired trials: {flip['pairs']}; changed status: {fmt_pct(flip['changed_share'])} "
        f"(fail->pass {fmt_pct(flip['fail_to_pass_share'])}, "
        f"pass->fail {fmt_pct(flip['pass_to_fail_share'])})."
    )
    tc = tr["tool_calls"]
    lines.append(
        f"- Interactive-to-complete tool-call ratio (median over pairs): {_fmt(tc['median_ratio'])}; "
        f"EXEC-failed pairs with more COLLAB calls that did not gain: "
        f"{tc['exec_failed_more_collab_calls_no_gain']}/{tc['exec_failed_more_collab_calls']}."
    )
    for mode in ("exec", "collab"):
        r = tr["retries"][mode]
        lines.append(
            f"- Retries after a failed command ({mode.upper()}): {r['retries']} of {r['failures']} "
            f"failures retried, {fmt_pct(r['retry_success_rate'])} of retries succeeded."
        )
    goal = tr["goal_maintenance"]
    lines.append(
        f"- Immediate response: {fmt_pct(goal['immediate']['pass_rate'])} of "
        f"{goal['immediate']['decided']} instances; cross-turn goal maintenance: "
        f"{fmt_pct(goal['cross_turn']['pass_rate'])} of {goal['cross_turn']['decided']}."
    )
    for mode in ("exec", "collab"):
        n = tr["near_acceptance"][mode]
        lines.append(
            f"- Near-acceptance failures ({mode.upper()}): {n['near']} of {n['with_checks']} failed trials "
            f"with checks passed >= 90% of them ({fmt_pct(n['share'])})."
        )
    sm = tr["successful_missing_scenario"]
    lines.append(
        f"- Successful COLLAB trials missing >= 1 applicable scenario: {sm['missing']}/"
        f"{sm['successful_trials']} ({fmt_pct(sm['share'])})."
    )
    cr = tr["constraint_retention"]
    lines.append(
        f"- Constraint-retention failures: {cr['failures']}; artifact mismatches "
        f"{fmt_pct(cr['artifact_share'])}; of those with communication checks, "
        f"{fmt_pct(cr['artifact_communication_all_pass_share'])} pass every communication check."
    )
    lines.append("")
    return lines


def _statistics(data: Json) -> list[str]:
    st = data["statistics"]
    mc = st["mcnemar"]
    lines = [
        "## Statistics",
        "",
        f"McNemar exact test, unit = task ({mc['tasks']} tasks scored in both modes; attempts of a task are "
        f"not independent): EXEC better on {mc['exec_better_tasks']}, COLLAB better on "
        f"{mc['collab_better_tasks']}, tied on {mc['tied_tasks']}, p = {_fmt(mc['p_value'])}.",
        "",
        f"Bootstrap: {st['bootstrap']['resamples']} resamples of tasks, seed {st['bootstrap']['seed']}.",
        "",
    ]
    rows = [
        (_fmt(r["threshold"]), fmt_pct(r["S_COLLAB"]), fmt_pct(r["J_COLLAB"]), fmt_pct(r["S_COLLAB_available"]))
        for r in st["sensitivity"]
    ]
    return lines + _table(("threshold", "S_COLLAB", "J_COLLAB", "S over available dims"), rows)


def _fidelity(data: Json) -> list[str]:
    fid = data["fidelity"]
    if not fid["trials_audited"]:
        return []
    lines = [
        "## Simulator fidelity",
        "",
        f"{fid['trials_decided']} of {fid['trials_audited']} trials audited (a criterion decided; "
        f"{fmt_pct(fid['criteria_decided_share'])} of the criteria); {fid['no_deviation_trials']} of those "
        f"without deviation ({fmt_pct(fid['no_deviation_share'])}). n/a is not clean.",
        "",
    ]
    rows = [(c, v["pass"], v["fail"], v["n/a"]) for c, v in fid["criteria"].items()]
    lines += _table(("criterion", "pass", "fail", "n/a"), rows)
    if fid["failures"]:
        lines += _table(
            ("trial", "criterion", "affects", "rationale"),
            [
                (f["trial"], f["criterion"], ", ".join(f["affected_dimensions"]), f["rationale"])
                for f in fid["failures"]
            ],
        )
    return lines


def _categories(data: Json) -> list[str]:
    rows = [
        (
            cat,
            c["tasks"],
            fmt_pct(c["R_EXEC"]),
            fmt_pct(c["R_COLLAB"]),
            fmt_pct(c["delta"]),
            c["flip_matrix"]["fail_to_pass"],
            c["flip_matrix"]["pass_to_fail"],
            _fmt(c["tool_call_median_ratio"]),
        )
        for cat, c in data["categories"].items()
    ]
    if not rows:
        return []
    header = ("category", "tasks", "R_EXEC", "R_COLLAB", "delta", "fail->pass", "pass->fail", "median call ratio")
    return ["## By category", "", *_table(header, rows)]


def _trials(data: Json) -> list[str]:
    rows = []
    for t in data["trials"]:
        inst = t["instances"] or {}
        rows.append(
            (
                t["trial"],
                t["mode"],
                t["status"],
                _fmt(t["reward"]),
                t["end_reason"],
                t["turns"],
                t["agent_commands"],
                f"{inst.get('pass', 0)}/{inst.get('fail', 0)}" if inst else "-",
            )
        )
    if not rows:
        return []
    header = ("trial", "mode", "status", "reward", "end", "turns", "commands", "scenarios pass/fail")
    return ["## Trials", "", *_table(header, rows)]


def render_markdown(data: Json) -> str:
    """The report as Markdown."""
    run = data["run"]
    judge = data["judge"]
    lines = [f"# realcli report: run {run['run_id']}", ""]
    if run.get("recorded"):
        agent = run["agent"]
        lines.append(
            f"Agent **{agent['name']}**{' (' + agent['model'] + ')' if agent.get('model') else ''}, "
            f"mode {run['mode']}, {run['tasks']} task(s) x {run['attempts']} attempt(s), "
            f"status {run['status']}."
        )
    judge_text = "none" if judge is None else f"{judge['id']} ({judge['kind']})"
    lines += [f"Judge: {judge_text}; template threshold {data['threshold']}.", ""]
    for part in (
        _headline,
        _dimensions,
        _templates,
        _outcome,
        _trajectory,
        _statistics,
        _fidelity,
        _categories,
        _trials,
    ):
        lines += part(data)
    return "\n".join(lines).rstrip("\n") + "\n"


def render_compare_markdown(data: Json) -> str:
    """A judge comparison (``compare_judges``) as Markdown."""
    a, b = data["judges"]
    lines = [
        f"# Judge agreement: {a} vs {b}",
        "",
        f"- Items judged by both: {data['items_compared']} (only {a}: {data['only_in_first']}, "
        f"only {b}: {data['only_in_second']})",
        f"- Agreement: {fmt_pct(data['agreement'])}",
        f"- Agreement where both decided (pass/fail): {fmt_pct(data['decided_agreement'])} of "
        f"{data['decided_by_both']}; Cohen's kappa {_fmt(data['kappa'])}",
        "",
    ]
    lines += _table(
        ("template", "items", "agreement"),
        [(t, v["items"], fmt_pct(v["agreement"])) for t, v in data["templates"].items()],
    )
    if data["disagreements"]:
        lines += _table(
            ("trial", "scenario", "item", a, b),
            [(d["trial"], d["scenario"], d["item"], d[a], d[b]) for d in data["disagreements"]],
        )
    return "\n".join(lines).rstrip("\n") + "\n"
