"""The fidelity audit on a faithful LLM simulator: every criterion per task, and the oracle's S with and without it.

The oracle agent in COLLAB on bundled tasks, twice: with the scripted
simulator, then with the LLM simulator behind a faithful scripted model
(``tests/fakes/user_models.py``: it keeps every word of a slice, releases
what a question asks about, answers anything else with the fixed "don't
know"; each answer held back ``--delay`` seconds, as a hosted model's latency
is, so the agent acts while the simulator waits).  Both runs are judged live
by the rules judge.  Printed per task: the eight fidelity criteria of the LLM
run (p = pass, - = n/a, F = fail, with the rationale below the table), and S
under each simulator (the mean of the dimensions the task's probes reach: one
task cannot score all five).  A faithful simulator must pass every decided
criterion and leave S as the scripted simulator has it.

Run: ``.venv/bin/python -m bench.bench_fidelity [--tasks NAME ...] [--delay 0.3] [-n 2]``
(real Docker; about a minute for the default seven tasks on two cores).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import anyio

from realcli import events as ev
from realcli.eventlog import EventLog, open_log
from realcli.judging import load_run
from realcli.models import ModelEndpoint, Secret
from realcli.projections import (
    DEFAULT_THRESHOLD,
    FIDELITY_CRITERIA,
    CatalogView,
    RunFacts,
    build_instances,
    score_counts,
)
from realcli.runtime import (
    LlmVoice,
    OracleAgent,
    RunPlan,
    ScriptedVoice,
    VoiceFactory,
    llm_user_info,
    start_run,
)
from realcli.taskformat import Task, load_task
from tests.fakes import FakeModelServer, faithful_user

TASKS = Path(__file__).resolve().parent.parent / "tasks"
DEFAULT_TASKS = (
    "log-rotation",
    "lighthouse-adventure-saves",
    "config-hardening",
    "invoicing-flaky-tests",
    "gateway-rate-limit-replay",
    "docx-letter-merge",
    "site-backup-rotation",
)
_MARK = {"pass": "p", "n/a": "-", "fail": "F"}


async def _run(
    log: EventLog, run_id: str, tasks: list[Task], voice: ev.UserSimInfo, make: VoiceFactory, n: int
) -> None:
    plan = RunPlan(
        run_id=run_id,
        tasks=tasks,
        mode="collab",
        agent=OracleAgent.info,
        make_agent=lambda task: OracleAgent(task.spec.oracle),
        voice=make,
        concurrency=n,
        user_sim=voice,
    )
    await start_run(log, plan)


def _s_per_task(facts: RunFacts) -> dict[str, float | None]:
    view = CatalogView(facts.started.catalog if facts.started else None)
    instances, _ = build_instances(facts, "rules", view)
    counts: dict[str, dict[str, tuple[int, int]]] = defaultdict(dict)
    for inst in instances:
        passed, decided = counts[inst.task_id].get(inst.template, (0, 0))
        counts[inst.task_id][inst.template] = (
            passed + (inst.status == "pass"),
            decided + (inst.status in ("pass", "fail")),
        )
    return {task: score_counts(c, view, DEFAULT_THRESHOLD)[3] for task, c in counts.items()}


def _fmt(s: float | None) -> str:
    return "-" if s is None else f"{s:.2f}"


async def _bench(names: list[str], delay: float, n: int, work: Path) -> None:
    tasks = [load_task(TASKS / name) for name in names]
    async with (
        FakeModelServer(default=faithful_user(delay=delay)) as server,
        open_log(f"sqlite:{work / 'log.db'}") as log,
    ):
        sim = ModelEndpoint(
            base_url=server.openai_base_url, model="faithful-user", api_key=Secret("sk-bench"), timeout_sec=30.0
        )
        started = time.monotonic()
        await _run(log, "scripted", tasks, ScriptedVoice.info, lambda s, w: ScriptedVoice(), n)
        await _run(log, "llm", tasks, llm_user_info(sim), lambda s, w: LlmVoice(sim, s, w), n)
        elapsed = time.monotonic() - started
        scripted, llm = await load_run(log, "scripted"), await load_run(log, "llm", keep_trace=False)
        calls = len(server.requests)
    s_scripted, s_llm = _s_per_task(scripted), _s_per_task(llm)
    fidelity = llm.judges["rules"].fidelity
    heads = " ".join(c[:5] for c in FIDELITY_CRITERIA)
    print(f"oracle, COLLAB, LLM simulator behind a faithful scripted model (answers held back {delay:g} s)")
    print(f"{'task':30} {heads}  S scripted  S llm")
    failures: list[str] = []
    for task in names:
        trial = f"{task}-collab-1"
        got = fidelity.get(trial, {})
        marks = " ".join(f"{_MARK.get(got[c].verdict, '?') if c in got else '?':>5}" for c in FIDELITY_CRITERIA)
        print(f"{task:30} {marks}  {_fmt(s_scripted.get(task)):>10}  {_fmt(s_llm.get(task)):>5}")
        failures += [
            f"  {task} {c}: {got[c].rationale}" for c in FIDELITY_CRITERIA if c in got and got[c].verdict == "fail"
        ]
    changed = [t for t in names if s_scripted.get(t) != s_llm.get(t)]
    print(f"criteria failed: {len(failures)}; tasks whose S changed: {len(changed)} {changed or ''}".rstrip())
    print("\n".join(failures))
    print(f"({len(tasks)} tasks x 2 runs in {elapsed:.0f} s; {calls} simulator model calls)")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench_fidelity", description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", nargs="*", default=list(DEFAULT_TASKS), help="Bundled task names.")
    parser.add_argument("--delay", type=float, default=0.3, help="Seconds the user model holds back each answer.")
    parser.add_argument("-n", type=int, default=2, help="Trials at once.")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-fidelity-") as tmp:
        anyio.run(_bench, args.tasks, args.delay, args.n, Path(tmp))


if __name__ == "__main__":
    main(sys.argv[1:])
