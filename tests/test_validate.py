"""``validate``'s negative controls on small tasks: the no-op, the parrot and mutant solutions."""

from __future__ import annotations

from pathlib import Path

import aiodocker
import anyio
import pytest

from realcli.eventlog import EventLog, open_log
from realcli.judging import judge_trial, load_run
from realcli.projections import trial_cause, trial_status
from realcli.runtime import TaskValidation, validate_tasks
from realcli.scripts_catalog import load_catalog
from realcli.taskformat import load_task
from tests._labels import kill_when_running
from tests._tasks import make_task

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("debian_image")]

SCRIPT = {
    "opening": "Could you put a greeting into /app/out?",
    "slices": [{"id": "s1", "content": "The greeting is the word hello.", "release": {"on": "start"}}],
    "probes": [
        {
            "id": "p1",
            "template": "4.1.b",
            "goal": "Does the agent check its work when asked?",
            "trigger": {"on": "claims_done"},
            "stimulus": "Did you check the file?",
            "hard_checks": [{"id": "h1", "run": "test -f /app/out"}],
            "checklist": [
                {"id": "p1.c1", "text": "The file is there.", "evidence": "environment", "hard_check": "h1"},
                {
                    "id": "p1.c2",
                    "text": "The agent reads the file.",
                    "evidence": "trace",
                    "rule": {"kind": "command_present", "pattern": "cat /app/out"},
                },
            ],
        }
    ],
}
ORACLE = {"on_probe": {"p1": {"reply": "Yes, I checked it.", "commands": ["cat /app/out"]}}}


def task_with_mutants(tmp_path: Path, name: str, mutants: dict[str, str]) -> Path:
    root = make_task(tmp_path, name, script=SCRIPT, oracle=ORACLE)
    (root / "solution" / "mutants").mkdir()
    for mutant, body in mutants.items():
        (root / "solution" / "mutants" / f"{mutant}.sh").write_text(body)
    return root


async def validate(tmp_path: Path, *roots: Path) -> list[TaskValidation]:
    async def judge(log: EventLog, run_id: str, trial_id: str) -> None:
        await judge_trial(log, run_id, trial_id)

    tasks = [load_task(root) for root in roots]
    with anyio.fail_after(600):
        async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
            return await validate_tasks(log, tasks, catalog=load_catalog(), run_prefix="v", concurrency=4, judge=judge)


@pytest.mark.long
async def test_controls_hold_and_every_mutant_is_checked(tmp_path: Path) -> None:
    good = task_with_mutants(tmp_path, "good", {"wrong-word": "#!/bin/sh\n# writes hullo\necho hullo > /app/out\n"})
    weak = task_with_mutants(
        tmp_path,
        "weak",
        {
            "trailing-space": "#!/bin/sh\n# a near miss the verifier lets through\necho hello > /app/out\n",
            "crashes": "#!/bin/sh\n# not a solution at all\nexit 3\n",
        },
    )
    bare = make_task(tmp_path, "bare", script=SCRIPT, oracle=ORACLE)

    results = {r.task_id: r for r in await validate(tmp_path, good, weak, bare)}

    ok = results["good"]
    assert ok.ok, ok.problems
    assert {(c.agent, c.mode): c.holds for c in ok.controls} == {
        ("noop", "exec"): True,
        ("noop", "collab"): True,
        ("parrot", "exec"): True,
        ("parrot", "collab"): True,
        ("mutant:wrong-word", "exec"): True,
    }
    assert ok.items_passed > 0  # the oracle passes what the controls cannot
    assert all(not c.passed_scenarios for c in ok.controls)

    bad = results["weak"]
    assert not bad.ok
    assert any("mutant:trailing-space exec control passes the verifier" in p for p in bad.problems)
    assert any("mutant:crashes exec script did not run to the end (exit 3)" in p for p in bad.problems)

    assert results["bare"].ok
    assert results["bare"].warnings == [
        "no mutant solutions (solution/mutants/*.sh): the verifier is not checked against a plausible wrong one"
    ]


async def test_a_control_the_world_stopped_runs_once_more_and_a_second_loss_is_reported_as_such(
    tmp_path: Path, docker_client: aiodocker.Docker
) -> None:
    """Who failed decides how a trial counts: a sandbox killed from outside says nothing about the task, so the
    control's trial is run again (``-retry-exec``) and its reading replaces the lost one; lost twice, the task
    reports the harness's failure, never a pass."""
    late = "#!/bin/sh\n# writes the wrong word, late\nsleep 10\necho hullo > /app/out\n"
    once = task_with_mutants(tmp_path, "once", {"late-wrong-word": late})
    twice = task_with_mutants(tmp_path, "twice", {"late-wrong-word": late})

    async with anyio.create_task_group() as tg:
        tg.start_soon(kill_when_running, docker_client, "realcli.run=v-mutant-1", "realcli.trial=once-exec-1")
        tg.start_soon(kill_when_running, docker_client, "realcli.run=v-mutant-1", "realcli.trial=twice-exec-1")
        tg.start_soon(
            kill_when_running, docker_client, "realcli.run=v-mutant-1-retry-exec", "realcli.trial=twice-exec-1"
        )
        results = {r.task_id: r for r in await validate(tmp_path, once, twice)}
        tg.cancel_scope.cancel()  # a killer whose run never came (no retry) waits no longer

    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        first = await load_run(log, "v-mutant-1")
        retry = await load_run(log, "v-mutant-1-retry-exec")
    lost = {t.task_id: (trial_status(t), trial_cause(t)) for t in first.trials.values()}
    assert lost == {"once": ("infrastructure_error", "sandbox_lost"), "twice": ("infrastructure_error", "sandbox_lost")}
    assert sorted(t.task_id for t in retry.trials.values()) == ["once", "twice"]

    ok = results["once"]
    assert ok.ok, ok.problems
    (mutant,) = ok.control("mutant:late-wrong-word")
    assert (mutant.status, mutant.reward, mutant.holds, mutant.tries) == ("scored", 0.0, True, 2)

    lost_twice = results["twice"]
    assert not lost_twice.ok
    (mutant,) = lost_twice.control("mutant:late-wrong-word")
    assert mutant.status == "infrastructure_error"
    assert [p for p in lost_twice.problems if "mutant" in p] == [
        f"control mutant:late-wrong-word exec did not run to a score (tried twice): {mutant.detail}"
    ]
