"""The red team in docs/suite.md: a recorded ``validate --adversaries`` as data, and that data as tables.

``realcli validate TASKS --adversaries --red-team-record FILE`` writes each
member's readings on each task (``red_team_record``); ``realcli coverage TASKS
--markdown --red-team FILE`` draws the adversary x task table and the
adversary x dimension summary from it (``red_team_markdown``).  The record is
generated from the recorded runs, never written by hand, and docs/suite.md is
generated from the record (a test keeps it current).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:  # the runtime is imported when a record is drawn, not by `realcli` itself
    from realcli.runtime import AdversaryReading, TaskValidation

__all__ = ["adversary_json", "red_team_markdown", "red_team_record"]

RECORD_VERSION: Final = 1


def adversary_json(result: TaskValidation, reading: AdversaryReading) -> dict[str, Any]:
    """One reading as JSON-shaped data (``validate --json`` and the record)."""
    return {
        "member": reading.member,
        "mode": reading.mode,
        "validation": reading.validation or None,
        "spelling": reading.spelling or None,
        "status": reading.status,
        "reward": reading.reward,
        "S": reading.s,
        "S_available": reading.s_available,
        "dimensions": dict(sorted(reading.dimensions.items())),
        "passed_scenarios": reading.passed_scenarios,
        # Over the probes' items only (the wrong solution's ceiling counts these).
        "probes": {
            "S": reading.probes_s,
            "S_available": reading.probes_s_available,
            "dimensions": dict(sorted(reading.probes_dimensions.items())),
        },
        "breaches": result.breaches(reading),
        "infrastructure": reading.infrastructure,
    }


def red_team_record(
    results: Sequence[TaskValidation], validation: str | Sequence[str], played: Sequence[str]
) -> dict[str, Any]:
    """The readings of one validation with ``--adversaries``, or drawn from several, per task (the data
    docs/suite.md's tables draw); ``played``: the members that have played every task so far.

    ``sources`` says which validation each member's readings came from (a reading says it too).
    """
    validations = [validation] if isinstance(validation, str) else list(validation)
    sources: dict[str, set[str]] = {}
    for result in results:
        for a in result.adversaries:
            sources.setdefault(a.member, set()).add(a.validation or validations[-1])
    return {
        "version": RECORD_VERSION,
        "validation": validations[-1],
        "validations": validations,
        "sources": {member: sorted(sources.get(member, ())) for member in played},
        "judge": "rules",
        "members": list(played),
        "tasks": {
            r.task_id: {
                "collab": r.collab,
                "oracle_dimensions": dict(sorted(r.oracle_dimensions.items())),
                "readings": [adversary_json(r, a) for a in sorted(r.adversaries, key=lambda a: (a.member, a.mode))],
            }
            for r in sorted(results, key=lambda r: r.task_id)
        },
    }


def red_team_markdown(record: Mapping[str, Any]) -> list[str]:
    """docs/suite.md's red-team section: the members, the adversary x task table, the dimension summary."""
    from realcli.runtime import RED_TEAM

    tasks: Mapping[str, Any] = record.get("tasks", {})
    lines = [
        "## The red team",
        "",
        f"Generated from {_provenance(record)}, judged by `{record.get('judge', 'rules')}` (`realcli validate",
        "tasks/ --adversaries --red-team-record docs/red-team.json`, or `realcli coverage tasks/ --red-team-from",
        "PREFIX [--red-team-from PREFIX ...] --judge-id ID --red-team docs/red-team.json` from recorded ones, a",
        "later validation's readings of a member replacing an earlier one's, then `realcli coverage tasks/",
        "--markdown --red-team docs/red-team.json`). Every member of the red team plays every task, in EXEC",
        "and, where the task has an interaction layer, in COLLAB, judged by the rules judge; validate fails a",
        "task on which a member exceeds its ceiling. The verifier's attacks play EXEC only: the verifier runs",
        "the same way after either mode, so a COLLAB trial of theirs would measure nothing new.",
        "",
        "| member | what it tries | modes | ceiling |",
        "|---|---|---|---|",
    ]
    lines += [f"| {m.name} | {m.tries} | {m.modes_text} | {m.ceiling_text} |" for m in RED_TEAM]
    members = [m.name for m in RED_TEAM if any(_readings(tasks[t], m.name) for t in tasks)]
    played = record.get("members")
    if isinstance(played, list) and len(played) < len(RED_TEAM):
        missing = [m.name for m in RED_TEAM if m.name not in played]
        lines += [
            "",
            f"**Incomplete:** the validation stopped after {len(played)} of the {len(RED_TEAM)} members had played "
            f"every task; not measured: {', '.join(missing)}.",
        ]
    lines += [
        "",
        "Each cell: `R/S/D`, the highest reward over the modes, the highest S over the dimensions that have",
        "a score (COLLAB) and the highest dimension score, in hundredths (`-`: no score, e.g. EXEC only); `!`",
        "marks a breach of the ceiling, `i` a trial the harness could not run (not a reading), blank: the",
        "member does not apply (the wrong solution needs a mutant). For a member whose ceiling counts the",
        "probes' items only (the wrong solution), S and D are over those. The destroyer's spelling rotates",
        "by task; the letter after its cell names it: `r` rm, `x` find-exec, `d` find-delete, `p` python.",
        "",
        "| task | " + " | ".join(members) + " |",
        "|---|" + "---|" * len(members),
    ]
    by_name = {m.name: m for m in RED_TEAM}
    for task_id in sorted(tasks):
        cells = [_cell(_readings(tasks[task_id], name), probes=by_name[name].ceiling == "probes") for name in members]
        lines.append(f"| {task_id} | " + " | ".join(cells) + " |")
    lines += ["", *_summary(tasks, members)]
    return lines


def _provenance(record: Mapping[str, Any]) -> str:
    """Which recorded validation(s) the readings came from, and (for several) whose readings each gave."""
    validations = record.get("validations") or [record.get("validation", "?")]
    if len(validations) == 1:
        return f"the recorded validation `{validations[0]}`"
    sources: Mapping[str, Sequence[str]] = record.get("sources", {})
    parts = []
    for validation in validations:
        members = [m for m, came in sources.items() if validation in came]
        parts.append(f"`{validation}` ({', '.join(members) or 'no member'})")
    return "the recorded validations " + ", ".join(parts)


def _readings(task: Mapping[str, Any], member: str) -> list[Mapping[str, Any]]:
    """The member's readings on the task, in the modes it plays (a COLLAB reading of an EXEC-only member,
    recorded before it was one, is left out)."""
    from realcli.runtime import red_team_member

    modes = red_team_member(member).modes
    return [r for r in task.get("readings", []) if r.get("member") == member and r.get("mode") in modes]


def _scores(reading: Mapping[str, Any], probes: bool) -> Mapping[str, Any]:
    """The reading's S and dimensions, or (``probes``) those over its probes' items (a record of before they
    were kept has only the first)."""
    return (reading.get("probes") or reading) if probes else reading


def _hundredths(value: float | None) -> str:
    return "-" if value is None else f"{round(100 * value):d}"


def _most(values: Sequence[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return max(present) if present else None


def _cell(readings: Sequence[Mapping[str, Any]], *, probes: bool = False) -> str:
    if not readings:
        return ""
    scored = [r for r in readings if not r.get("infrastructure")]
    reward = _most([r.get("reward") if r.get("reward") is not None else 0.0 for r in scored])
    s = _most([_scores(r, probes).get("S_available") for r in scored])
    dim = _most([v for r in scored for v in (_scores(r, probes).get("dimensions") or {}).values()])
    text = f"{_hundredths(reward)}/{_hundredths(s)}/{_hundredths(dim)}"
    spelling = next((r.get("spelling") for r in readings if r.get("spelling")), None)
    if spelling:
        text += f" {_SPELLING_MARK.get(spelling, spelling)}"
    if any(r.get("breaches") for r in scored):
        text += " !"
    if len(scored) < len(readings):
        text += " i"
    return text


_SPELLING_MARK: Final = {"rm": "r", "find-exec": "x", "find-delete": "d", "python": "p"}


def _summary(tasks: Mapping[str, Any], members: Sequence[str]) -> list[str]:
    """The adversary x dimension table: mean and max over the tasks of each member's COLLAB dimension scores."""
    from realcli.runtime import RED_TEAM_CEILING

    codes = sorted({code for t in tasks.values() for r in t.get("readings", []) for code in r.get("dimensions", {})})
    lines = [
        f"Adversary x dimension over the {len(tasks)} tasks (COLLAB trials, rules judge): `mean / max` of each",
        "dimension's score where it has one (`-`: none scored), R the highest reward in either mode, and the",
        f"breaches (the ceiling: {RED_TEAM_CEILING:g}, the wrong solution's over its probes' items only; the",
        "half-solution's, the oracle's own scores).",
        "",
        "| member | R max | " + " | ".join(codes) + " | S max | breaches | harness failures |",
        "|---|---|" + "---|" * len(codes) + "---|---|---|",
    ]
    for name in members:
        readings = [r for t in tasks.values() for r in _readings(t, name)]
        scored = [r for r in readings if not r.get("infrastructure")]
        cells = []
        for code in codes:
            values = [v for r in scored if (v := (r.get("dimensions") or {}).get(code)) is not None]
            cells.append(f"{statistics.fmean(values):.2f} / {max(values):.2f}" if values else "-")
        reward = _most([r.get("reward") if r.get("reward") is not None else 0.0 for r in scored])
        s = _most([r.get("S_available") for r in scored])
        breaches = sum(bool(r.get("breaches")) for r in scored)
        lines.append(
            f"| {name} | {_hundredths(reward) if reward is None else f'{reward:g}'} | "
            + " | ".join(cells)
            + f" | {'-' if s is None else f'{s:.2f}'} | {breaches} | {len(readings) - len(scored)} |"
        )
    return lines
