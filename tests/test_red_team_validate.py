"""The red team's two solution members in real sandboxes, and ``validate --adversaries`` failing a weak task.

Small fixture tasks on the Debian base image (``tests/_tasks.py``): the half-solution
runs the first half of ``solve.sh`` as its own work, the wrong solution the first
mutant, both with ``/solution`` in their sandbox; a task whose verifier passes an
empty working directory is failed by validate, naming the member and its ceiling.
"""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from realcli import events as ev
from realcli.eventlog import EventLog, open_log
from realcli.judging import judge_trial, load_run
from realcli.projections import CommandRun, RunFacts
from realcli.runtime import (
    RED_TEAM,
    AdversaryAgent,
    RunPlan,
    ScriptedVoice,
    read_red_team,
    start_run,
    validate_tasks,
)
from realcli.scripts_catalog import load_catalog
from realcli.taskformat import Task, load_task
from tests._tasks import make_task
from tests.test_validate import ORACLE, SCRIPT

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("debian_image")]

# Three commands of work (a here-document, a loop, the answer) and a check: the half is the first one.
SOLVE = """#!/bin/bash
set -euo pipefail
cat /solution/part.txt > /app/part <<'EOF'
echo hello > /app/out
EOF
for n in 1 2; do
  echo "$n" >> /app/count
done
echo hello > /app/out
cat /app/out
"""
WRONG = "#!/bin/bash\n# writes the word misspelt\nset -e\necho hullo > /app/out\n"


def solution_task(tmp_path: Path) -> Task:
    root = make_task(tmp_path, "halves", solve=SOLVE, script=SCRIPT, oracle=ORACLE)
    (root / "solution" / "part.txt").write_text("the first part\n")
    (root / "solution" / "mutants").mkdir()
    (root / "solution" / "mutants" / "misspelt.sh").write_text(WRONG)
    return load_task(root)


async def play(tmp_path: Path, role: str, task: Task) -> RunFacts:
    """``role`` on ``task`` in EXEC and COLLAB, as ``--agent adversary`` plays it, judged as it goes."""

    async def judge(log: EventLog, run_id: str, trial_id: str) -> None:
        await judge_trial(log, run_id, trial_id)

    agent = AdversaryAgent(role, task=task)
    plan = RunPlan(
        run_id="m",
        tasks=[task],
        mode="paired",
        agent=agent.info,
        make_agent=lambda t: AdversaryAgent(role, task=t),
        voice=lambda script, writer: ScriptedVoice(),
        concurrency=2,
        catalog=load_catalog().info(),
        user_sim=ScriptedVoice.info,
        judges=("rules",),
    )
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        with anyio.fail_after(600):  # a deadline for a stuck run, not a measure of speed
            await start_run(log, plan, after_trial=judge)
        return await load_run(log, "m", keep_trace=True)


def own_commands(facts: RunFacts, mode: str) -> list[CommandRun]:
    (trial,) = [t for t in facts.trials.values() if t.mode == mode]
    return [e for e in trial.trace or [] if isinstance(e, CommandRun) and e.purpose == "agent"]


def said(facts: RunFacts) -> list[str]:
    (trial,) = [t for t in facts.trials.values() if t.mode == "collab"]
    return [e.text for e in trial.trace or [] if isinstance(e, ev.AgentMessaged)]


def rewards(facts: RunFacts) -> dict[str, float | None]:
    return {t.mode: t.verifier.reward if t.verifier is not None else None for t in facts.trials.values()}


async def test_the_half_solution_runs_the_first_half_as_its_own_work_and_earns_no_reward(tmp_path: Path) -> None:
    facts = await play(tmp_path, "half-solution", solution_task(tmp_path))

    assert rewards(facts) == {"exec": 0.0, "collab": 0.0}
    for mode in ("exec", "collab"):
        (command,) = own_commands(facts, mode)
        # The here-document ran whole (its body is no command), from /solution, and nothing after it.
        assert command.exit_code == 0, command.stderr
        assert "cat /solution/part.txt > /app/part <<'EOF'\necho hello > /app/out\nEOF" in command.text
        assert "for n in" not in command.text
    assert said(facts) == ["Working on it.", "Done.", *["Done."] * (len(said(facts)) - 2)]


async def test_the_wrong_solution_runs_the_first_mutant_as_its_own_work_and_earns_no_reward(tmp_path: Path) -> None:
    task = solution_task(tmp_path)
    facts = await play(tmp_path, "wrong-solution", task)

    assert rewards(facts) == {"exec": 0.0, "collab": 0.0}
    for mode in ("exec", "collab"):
        (command,) = own_commands(facts, mode)
        assert command.exit_code == 0
        assert "echo hullo > /app/out" in command.text
    # A worker's answers, never the user's words echoed back.
    opening = str(SCRIPT["opening"])
    assert said(facts)[:2] == ["Working on it.", "Done."]
    assert not any(opening in text for text in said(facts))


@pytest.mark.long
async def test_validate_with_adversaries_fails_a_task_whose_verifier_passes_an_empty_workdir(tmp_path: Path) -> None:
    good = solution_task(tmp_path)
    weak_root = make_task(tmp_path, "weak", script=SCRIPT, oracle=ORACLE)
    # The defect: the verifier passes whatever is in /app, an emptied working directory too.
    (weak_root / "tests" / "test.sh").write_text(
        "#!/bin/sh\nmkdir -p /logs/verifier\necho 1 > /logs/verifier/reward.txt\n"
    )

    async def judge(log: EventLog, run_id: str, trial_id: str) -> None:
        await judge_trial(log, run_id, trial_id)

    async with open_log(f"sqlite:{tmp_path / 'v.db'}") as log:
        with anyio.fail_after(1800):  # a deadline for a stuck validation, not a measure of speed
            results = await validate_tasks(
                log,
                [good, load_task(weak_root)],
                catalog=load_catalog(),
                run_prefix="v",
                concurrency=4,
                judge=judge,
                adversaries=True,
            )
        # The same readings drawn again from the recorded runs, nothing run (coverage --red-team-from).
        again, found = await read_red_team(log, [good, load_task(weak_root)], run_prefix="v")
    by_task = {r.task_id: r for r in results}

    fine = by_task["halves"]
    assert fine.ok, fine.problems
    members = {(a.member, a.mode) for a in fine.adversaries}
    assert ("half-solution", "collab") in members
    assert ("wrong-solution", "exec") in members
    # The verifier's attacks play EXEC only.
    assert ("forger", "exec") in members
    assert ("forger", "collab") not in members
    assert {a.validation for a in fine.adversaries} == {"v"}
    assert all(not fine.breaches(a) for a in fine.adversaries)

    weak = by_task["weak"]
    assert not weak.ok
    over = [p for p in weak.problems if p.startswith("adversary ")]
    assert any(
        p.startswith("adversary yes-man exec exceeds its ceiling (R = 0; S and each dimension at most 0.1): R = 1 > 0")
        for p in over
    ), over
    assert any(p.startswith("adversary destroyer exec (") and "R = 1 > 0" in p for p in over), over
    assert any(
        "adversary half-solution exec exceeds its ceiling (R = 0; each dimension at most the oracle's" in p
        for p in over
    ), over
    # No wrong solution on a task without mutants: the member does not apply.
    assert not [a for a in weak.adversaries if a.member == "wrong-solution"]

    assert found == [m.name for m in RED_TEAM]
    for before, after in zip(results, again, strict=True):
        assert sorted(map(repr, before.adversaries)) == sorted(map(repr, after.adversaries))
        assert [before.breaches(a) for a in before.adversaries] == [after.breaches(a) for a in before.adversaries]
