"""The checks every synthesized draft goes through, base task or interaction layer alike.

Load it, lint its script (when it has one), align its instruction with its
checks, and (with ``pilot``) validate it in real sandboxes as the suite's own
tasks are; each step is recorded in the synthesis stream.
"""

from __future__ import annotations

from pathlib import Path

from realcli import TaskFormatError
from realcli.eventlog import EventLog
from realcli.judging import judge_trial
from realcli.runtime.authoring._align import align_task
from realcli.runtime.authoring._synth import SynthesisSession
from realcli.runtime.authoring._validate import validate_tasks
from realcli.runtime.trials import RunSettings
from realcli.scripts_catalog import Catalog, lint_script
from realcli.taskformat import TaskEnv, load_task

__all__ = ["check_draft"]


async def check_draft(
    session: SynthesisSession,
    root: Path,
    catalog: Catalog,
    *,
    pilot: bool,
    concurrency: int,
    task_env: TaskEnv,
    judged: bool,
) -> None:
    """Check the draft at ``root``; ``judged`` has the pilot's COLLAB trials judged as they end."""
    try:
        task = load_task(root)
    except TaskFormatError as e:
        await session.checked("load", [str(e)])
        return
    await session.checked("load", [])
    if task.spec.script is not None:
        issues = lint_script(task.spec.script, task.spec.oracle, task_dir=root, catalog=catalog)
        await session.checked(
            "lint",
            [f"{i.path}: {i.message}" for i in issues if i.severity == "error"],
            [f"{i.path}: {i.message}" for i in issues if i.severity == "warning"],
        )
    await session.checked("alignment", [], align_task(root).warnings())
    if not pilot:
        return
    prefix = f"{session.synthesis_id}-pilot"
    session.report.pilot_run = prefix

    async def judge(log: EventLog, run_id: str, trial_id: str) -> None:
        await judge_trial(log, run_id, trial_id)

    [result] = await validate_tasks(
        session.log,
        [task],
        catalog=catalog,
        run_prefix=prefix,
        concurrency=concurrency,
        judge=judge if judged else None,
        settings=RunSettings(task_env=task_env),
    )
    await session.checked("pilot", [f"pilot: {p}" for p in result.problems], result.warnings, run_id=prefix)
