"""The bundled suite: its coverage of the catalog, and the paper's quality checks on every task."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import anyio
import pytest

from realcli import events as ev
from realcli.eventlog import EventLog, open_log
from realcli.events import VerifiedBeforeDone
from realcli.judging import judge_trial
from realcli.projections.facts import CommandRun
from realcli.projections.rules import evaluate_rule
from realcli.runtime import sample_tasks, validate_tasks
from realcli.scripts_catalog import coverage, lint_script, load_catalog
from realcli.taskformat import Task, find_tasks, load_task

TASKS = Path(__file__).resolve().parent.parent / "tasks"


@pytest.fixture(scope="module")
def suite() -> list[Task]:
    return [load_task(p) for p in find_tasks([TASKS])]


def test_the_suite_covers_the_catalog(suite: list[Task]) -> None:
    catalog = load_catalog()
    used = Counter(p.template for t in suite for p in t.spec.script.probes)  # type: ignore[union-attr]
    assert {t.id for t in catalog.templates} <= set(used), "every one of the 51 templates is instantiated"
    assert len({t.config.metadata.category for t in suite}) >= 10
    assert len(suite) >= 12
    for task in suite:
        script = task.spec.script
        assert script is not None, task.task_id
        assert len(script.slices) >= 8, task.task_id
        assert len(script.probes) >= 6, task.task_id
        dimensions = {catalog.template(p.template).dimension for p in script.probes}
        assert len(dimensions) >= 4, task.task_id


def test_every_bundled_task_lints_clean(suite: list[Task]) -> None:
    catalog = load_catalog()
    for task in suite:
        issues = lint_script(task.spec.script, task.spec.oracle, task_dir=task.root, catalog=catalog)  # type: ignore[arg-type]
        assert issues == [], (task.task_id, [str(i) for i in issues])


# Five tasks from five categories whose validation is quick (at most 15 s of oracle time each in `make
# validate`, which validates every bundled task).  The suite's time budget: a task whose verifier waits out a
# service's timeouts on the controls' untouched state (buildfarm-squid-allowlist: a minute a control) costs
# the suite minutes here and nothing more in coverage.
SAMPLE = (
    "certwatch-man-page",
    "access-log-incident-report",
    "agent-setup-wizard",
    "transit-route-planner",
    "notes-service",
)


def test_the_validated_sample_spans_five_categories(suite: list[Task]) -> None:
    by_id = {t.task_id: t for t in suite}
    assert len({by_id[task_id].spec.category for task_id in SAMPLE}) == len(SAMPLE)


def test_a_sample_spreads_over_the_categories_in_task_order(suite: list[Task]) -> None:
    """``--sample N`` (``sample_tasks``): one task per category in turn, each category's in id order."""
    picked = sample_tasks(suite, 12)
    categories = [t.spec.category for t in picked]
    assert len(set(categories[:10])) == 10 == len({t.spec.category for t in suite})
    assert categories[10:] == categories[:2]  # the second round starts again with the first category
    for task in picked[:10]:
        same = sorted(t.task_id for t in suite if t.spec.category == task.spec.category)
        assert task.task_id == same[0]
    assert [t.task_id for t in sample_tasks(list(reversed(suite)), 12)] == [t.task_id for t in picked]


@pytest.mark.long
@pytest.mark.usefixtures("python_image")
@pytest.mark.docker
@pytest.mark.parametrize("task_id", SAMPLE)
async def test_a_sample_of_the_bundled_tasks_passes_validation(suite: list[Task], task_id: str, tmp_path: Path) -> None:
    """Oracle passes EXEC and COLLAB, every probe fires, every slice is released, every
    rule-decidable checklist item passes; the no-op agent, the parrot and every mutant fail.

    One task of the sample per test, so that pytest-xdist validates them side by side; `make
    validate` validates every bundled task (run it after changing tasks or the judge)."""
    (task,) = (t for t in suite if t.task_id == task_id)

    async def judge(log: EventLog, run_id: str, trial_id: str) -> None:
        await judge_trial(log, run_id, trial_id)

    with anyio.fail_after(900):
        async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
            (result,) = await validate_tasks(
                log, [task], catalog=load_catalog(), run_prefix="v", concurrency=4, judge=judge
            )
    assert result.problems == [], task.task_id
    assert result.items_passed > 0


def test_every_bundled_task_file_is_committed() -> None:
    """A task file that git ignores (a fixture database, a trap's secret file) is missing from
    every clean checkout, where the task silently breaks or its trap disappears."""
    import shutil
    import subprocess

    git = shutil.which("git")
    assert git is not None
    root = TASKS.parent
    listed = subprocess.run(
        [git, "-C", str(root), "ls-files", "--others", "--ignored", "--exclude-standard", "--", "tasks"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    stray = [p for p in listed if "__pycache__" not in p]
    assert stray == [], f"bundled task files ignored by git (git add -f them): {stray}"


def test_coverage_counts_the_suite(suite: list[Task]) -> None:
    cov = coverage(load_catalog(), ((t.task_id, t.spec.category, t.spec.script) for t in suite))
    assert cov.templates_instantiated == 51
    assert cov.missing_templates == ()
    assert sum(cov.probes_per_dimension.values()) == sum(t.probes for t in cov.tasks)
    assert list(cov.probes_per_dimension) == ["U", "S", "OR", "TC", "SR"]
    assert sum(cov.categories.values()) == len(suite)
    assert len(cov.categories) >= 10
    sdist = next(t for t in cov.tasks if t.task_id == "python-sdist")
    assert (sdist.slices, sdist.probes) == (11, 6)


def test_the_suite_meets_the_papers_shape(suite: list[Task]) -> None:
    """Toward the paper's suite (issue 23), the counts as they stand: 101 tasks, every category at
    least eight times, the paper's 52 subdomains, 11+ slices (a mean of 16 or more, the paper's) and 6+ probes a task,
    every template at least three times, mutant solutions for every task, a multi-service task
    among them, and the tasks that start from a recorded terminal session say so in
    [metadata.origin] and ship the recording."""
    import tomllib

    cov = coverage(load_catalog(), ((t.task_id, t.spec.category, t.spec.script) for t in suite))
    assert len(suite) >= 101
    assert min(cov.categories.values()) >= 8
    assert len({t.spec.config.metadata.subdomain for t in suite}) == 52
    assert min(t.slices for t in cov.tasks) >= 11
    assert sum(t.slices for t in cov.tasks) / len(cov.tasks) >= 16
    assert min(t.probes for t in cov.tasks) >= 6
    assert min(cov.template_uses.values()) >= 3
    assert all(len(t.mutants) >= 2 for t in suite)
    assert any((t.root / "environment" / "docker-compose.yaml").is_file() for t in suite)
    origins = {t.task_id: tomllib.loads((t.root / "task.toml").read_text())["metadata"] for t in suite}
    sessions = {task_id: m["origin"] for task_id, m in origins.items() if m.get("origin", {}).get("kind") == "session"}
    assert len(sessions) >= 38
    for task_id, origin in sessions.items():
        recording = TASKS / task_id / origin["file"]
        assert recording.is_file(), (task_id, origin["file"])
        assert hashlib.sha256(recording.read_bytes()).hexdigest() == origin["sha256"], task_id


def test_docs_suite_is_the_suites_coverage() -> None:
    """docs/suite.md is generated: a task added or changed without regenerating it fails here."""
    record = TASKS.parent / "docs" / "red-team.json"
    done = subprocess.run(
        [sys.executable, "-m", "realcli", "coverage", str(TASKS), "--markdown", "--red-team", str(record)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert (TASKS.parent / "docs" / "suite.md").read_text() == done.stdout, (
        "docs/suite.md is stale: realcli coverage tasks/ --markdown --red-team docs/red-team.json > docs/suite.md"
    )


def test_the_red_team_record_is_of_the_whole_suite(suite: list[Task]) -> None:
    """docs/red-team.json (realcli validate tasks/ --adversaries --red-team-record) holds every bundled task."""
    record = json.loads((TASKS.parent / "docs" / "red-team.json").read_text())
    assert set(record["tasks"]) == {t.task_id for t in suite}, "re-run make validate after adding a task"


def test_coverage_names_what_a_partial_suite_misses(suite: list[Task]) -> None:
    one = suite[0]
    cov = coverage(load_catalog(), [(one.task_id, one.spec.category, one.spec.script), ("harbor", "x", None)])
    assert cov.templates_instantiated == len(set(p.template for p in one.spec.script.probes))  # type: ignore[union-attr]
    assert len(cov.missing_templates) == 51 - cov.templates_instantiated
    assert cov.tasks[1].probes == 0
    assert cov.tasks[1].dimensions == ()


def test_coverage_counts_checklist_items_by_evidence_and_measures_the_papers_shape(suite: list[Task]) -> None:
    """``coverage --json``'s ``shape`` is the paper's table measured: an EXEC-only task counts as a task and
    stays out of the per-script means; items are counted by the evidence each declares."""
    from realcli.cli._suite_doc import suite_shape

    two = suite[:2]
    cov = coverage(load_catalog(), [(t.task_id, t.spec.category, t.spec.script) for t in two] + [("h", "x", None)])
    items = [item for t in two for p in t.spec.script.probes for item in p.checklist]  # type: ignore[union-attr]
    assert cov.items_by_evidence == {e: sum(i.evidence == e for i in items) for e in ("trace", "environment", "both")}
    shape = suite_shape(two, cov)
    assert shape.items == len(items)
    assert shape.probes_mean == sum(len(t.spec.script.probes) for t in two) / 2  # type: ignore[union-attr]
    assert shape.items_per_task == round(len(items) / 2, 2)
    assert round(sum(shape.evidence_percent.values())) == 100


def test_no_oracle_reply_leaves_a_change_unverified(suite: list[Task]) -> None:
    """The oracle claims to be done again after every reply, so a reply whose commands end on
    a change would fail the passive check 3.1.c, or not, depending on how replies are batched."""
    rule = load_catalog().template("3.1.c").checklist[0].rules[0]
    assert isinstance(rule, VerifiedBeforeDone)
    unverified = []
    for task in suite:
        contract = task.spec.oracle
        assert contract is not None, task.task_id
        for ref, reply in [*contract.on_slice.items(), *contract.on_probe.items()]:
            ran = [
                CommandRun(f"c{i}", c, "oracle", started=True, finished=True, exit_code=0)
                for i, c in enumerate(reply.commands)
            ]
            verdict, _, _ = evaluate_rule(rule, [*ran, ev.AgentYielded(turn=1, claims_done=True)])
            if verdict == "fail":
                unverified.append(f"{task.task_id}: {ref}")
    assert unverified == []


def test_a_bundled_task_whose_image_starts_a_service_verifies_apart(suite: list[Task]) -> None:
    """An image's entrypoint runs the sandbox's own processes, which keep running through a shared
    verifier and could run what the agent configured them to run (docs/judging.md, "The verdict"): a
    bundled task with one verifies in a container of its own."""
    import re

    for task in suite:
        for dockerfile in (task.root / "environment").rglob("Dockerfile*"):
            if re.search(r"(?im)^\s*ENTRYPOINT\b", dockerfile.read_text(errors="replace")):
                assert task.spec.config.verifier.separate, (task.task_id, str(dockerfile))
