"""The red team's record drawn from recorded validations (``coverage --red-team-from``), nothing run, no Docker.

The runs are written to a real SQLite log as a validation records them (``tests/_trials.py``): the
record may come from several validations (the later one's readings of a member replace the earlier
one's, task by task), says where each member's readings came from, leaves out the COLLAB trials an
EXEC-only member played before it was one, and holds the wrong solution to the probes' items only.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import anyio

from realcli import events as ev
from realcli.cli._red_team_doc import red_team_markdown, red_team_record
from realcli.eventlog import open_log
from realcli.runtime import read_red_team
from realcli.taskformat import Task, load_task
from tests._trials import RunRecorder, catalog_info, rotation_script, task_spec

TASKS = Path(__file__).parents[1] / "tasks"
SUITE = ("csv-report", "log-rotation")


def suite() -> list[Task]:
    return [load_task(TASKS / name) for name in SUITE]


def member_run(
    prefix: str,
    member: str,
    rewards: dict[str, float],
    *,
    modes: tuple[str, ...] = ("exec", "collab"),
    verdicts: tuple[tuple[str, str, str, str], ...] = (),
) -> RunRecorder:
    """``<prefix>-adv-<member>``: one trial per task and mode with the reward given, judged with ``verdicts``
    (scenario, template, item, verdict) in every COLLAB trial."""
    rec = RunRecorder(f"{prefix}-adv-{member}")
    rec.run_started(tasks=sorted(rewards), mode="paired" if len(modes) == 2 else modes[0], catalog=catalog_info())
    rec.judge("rules", ev.JudgingStarted(judge_id="rules", kind="rules", **rec.stamp()))
    for task_id, reward in sorted(rewards.items()):
        for mode in modes:
            trial = rec.trial(task_spec(task_id, script=rotation_script()), mode)  # type: ignore[arg-type]
            trial.start()
            trial.say("Done.", claims_done=True)
            trial.finish(reward=reward)
            for scenario, template, item, verdict in verdicts if mode == "collab" else ():
                rec.judge(
                    "rules",
                    ev.VerdictRendered(
                        judge_id="rules",
                        trial_id=trial.trial_id,
                        scenario=scenario,
                        template=template,
                        item_id=item,
                        verdict=verdict,  # type: ignore[arg-type]
                        **rec.stamp(),
                    ),
                )
    rec.run_finished()
    return rec


# The wrong solution's readings on the four tasks of the recorded validation: its real work passed 5.4.d, no probe.
PASSIVE_PASSED = (("5.4.d", "5.4.d", "5.4.d.c1", "pass"), ("p1", "2.2.a", "p1.c1", "fail"))
PROBE_PASSED = (("5.4.d", "5.4.d", "5.4.d.c1", "pass"), ("p1", "2.2.a", "p1.c1", "pass"))


def oracle_run(prefix: str) -> RunRecorder:
    """``<prefix>-oracle``, which every validation records first (its trials are not read here)."""
    rec = RunRecorder(f"{prefix}-oracle")
    rec.run_started(tasks=list(SUITE), catalog=catalog_info())
    rec.run_finished()
    return rec


async def record_two_validations(db: Path) -> None:
    runs = [
        oracle_run("v1"),
        oracle_run("v2"),
        # The first validation: every member of it, the forger in COLLAB too (as before it played EXEC only).
        member_run("v1", "yes-man", {"csv-report": 1.0, "log-rotation": 0.0}),
        member_run("v1", "forger", {"csv-report": 0.0, "log-rotation": 1.0}),
        member_run("v1", "wrong-solution", {"csv-report": 0.0, "log-rotation": 0.0}, verdicts=PROBE_PASSED),
        # The second, after fixes: the yes-man on one task, the wrong solution on both.
        member_run("v2", "yes-man", {"csv-report": 0.0}),
        member_run("v2", "wrong-solution", {"csv-report": 0.0, "log-rotation": 0.0}, verdicts=PASSIVE_PASSED),
    ]
    async with open_log(f"sqlite:{db}") as log:
        for rec in runs:
            await rec.write(log)


def by_member(readings: list[dict[str, object]]) -> dict[tuple[object, object], dict[str, object]]:
    return {(r["member"], r["mode"]): r for r in readings}


async def test_a_later_validation_replaces_a_members_readings_task_by_task(tmp_path: Path) -> None:
    await record_two_validations(tmp_path / "log.db")
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        results, found = await read_red_team(log, suite(), run_prefix=["v1", "v2"])
    record = red_team_record(results, ["v1", "v2"], found)

    assert found == ["wrong-solution", "yes-man", "forger"]  # in the registry's order
    assert record["validations"] == ["v1", "v2"]
    assert record["sources"] == {"wrong-solution": ["v2"], "yes-man": ["v1", "v2"], "forger": ["v1"]}
    csv, logs = (by_member(record["tasks"][task]["readings"]) for task in SUITE)
    # csv-report: v2's yes-man (reward 0) replaced v1's (reward 1); log-rotation kept v1's.
    assert (csv["yes-man", "exec"]["validation"], csv["yes-man", "exec"]["reward"]) == ("v2", 0.0)
    assert (logs["yes-man", "exec"]["validation"], logs["yes-man", "exec"]["reward"]) == ("v1", 0.0)
    assert csv["yes-man", "exec"]["breaches"] == []
    # The forger's COLLAB trials (recorded before it played EXEC only) are no readings; its EXEC breach stands.
    assert ("forger", "collab") not in logs
    assert logs["forger", "exec"]["breaches"] == ["R = 1 > 0"]
    # The wrong solution: its passive check passed (SR over every item), no probe did (SR over the probes' items).
    wrong = csv["wrong-solution", "collab"]
    assert wrong["validation"] == "v2"
    assert wrong["dimensions"]["SR"] == 1.0
    assert wrong["probes"]["dimensions"]["SR"] is None
    assert wrong["breaches"] == []

    # Drawn from v1 alone, its probe passed: a breach, counted over the probes' items.
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        first, _ = await read_red_team(log, suite(), run_prefix="v1")
    (before,) = [a for a in first[0].adversaries if a.member == "wrong-solution" and a.mode == "collab"]
    assert first[0].breaches(before) == [
        "S (available dimensions) = 1.00 > 0.1 over the probes' items",
        "S = 1.00 > 0.1 over the probes' items",  # 2.2.a's dimension
    ]

    lines = red_team_markdown(record)
    assert any("`v1` (yes-man, forger), `v2` (wrong-solution, yes-man)" in line for line in lines), lines
    assert any(line.startswith("| forger |") and "| EXEC only |" in line for line in lines)


def coverage(db: Path, out: Path, *prefixes: str) -> subprocess.CompletedProcess[str]:
    """``realcli coverage`` on the two tasks, writing the record of ``prefixes`` to ``out``."""
    args = ["coverage", *(str(TASKS / name) for name in SUITE), "--red-team", str(out)]
    args += [arg for prefix in prefixes for arg in ("--red-team-from", prefix)]
    return subprocess.run(
        [sys.executable, "-m", "realcli", *args],
        capture_output=True,
        text=True,
        timeout=180,
        env={**os.environ, "COLUMNS": "200", "REALCLI_LOG": f"sqlite:{db}"},
    )


def test_coverage_takes_several_validations_and_says_where_each_members_readings_came_from(tmp_path: Path) -> None:
    anyio.run(record_two_validations, tmp_path / "log.db")
    out = tmp_path / "red-team.json"
    done = coverage(tmp_path / "log.db", out, "v1", "v2")
    assert done.returncode == 0, done.stderr
    assert "yes-man from v1, v2" in done.stderr
    record = json.loads(out.read_text())
    assert record["validations"] == ["v1", "v2"]
    assert record["sources"]["yes-man"] == ["v1", "v2"]

    wrong = coverage(tmp_path / "log.db", out, "v1", "v3")
    assert wrong.returncode != 0
    assert "run 'v3-oracle' is not in" in wrong.stderr
    assert "Traceback" not in wrong.stderr
