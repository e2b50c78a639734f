"""Synthesized interaction layers: time, model tokens, and the share that passes lint and the oracle pilot unchanged.

``--model fake`` drafts a layer for every bundled task's base part (its
``interaction/`` removed) against the scripted fake model, which answers
with the task's own hand-written slices and one template that fits any task
(1.3.b): a pipeline measurement, the model's quality taken out.
``--model local`` drafts with the real SmolLM2-135M (``realcli model serve``'s
default) on the tasks named by ``--tasks``: expect poor layers.

Every synthesis runs the full checks (load, lint, coverage, alignment, and
the pilot: ``validate`` with the oracle and the controls, real Docker).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio

from realcli.eventlog import open_log
from realcli.models import LocalModelServer, ModelEndpoint, resolve_local_model
from realcli.runtime import LayerOptions, SynthesisReport, synthesize_layer
from realcli.scripts_catalog import load_catalog

TASKS = Path(__file__).resolve().parent.parent / "tasks"


def _fake_rules(task: Path) -> list[Any]:
    from tests.fakes import Rule, Text

    script = json.loads((task / "interaction" / "script.json").read_text())
    slices = {
        "persona": script.get("persona", ""),
        "opening": script["opening"],
        "slices": [
            {"content": s["content"], "topics": s["release"].get("topics") or ["details"]} for s in script["slices"]
        ],
    }
    probe = {
        "placeholders": {},
        "variant": 0,
        "goal": "Does a status request get a short summary?",
        "trigger": "after",
        "trigger_value": "",
        "reply": "Done: the task is complete and checked. Left: nothing; nothing is blocking.",
        "commands": [],
    }
    return [
        Rule(r"Split the task's complete instruction", Text(json.dumps(slices))),
        Rule(r"Choose \d+ collaboration scenarios", Text(json.dumps({"probes": [{"template": "1.3.b", "why": "x"}]}))),
        Rule(r"Instantiate the collaboration scenario 1[.]3[.]b", Text(json.dumps(probe))),
    ]


async def _one(log_url: str, base: Path, point: ModelEndpoint, ident: str, probes: int) -> SynthesisReport:
    async with open_log(log_url) as log:
        return await synthesize_layer(
            log, base, endpoint=point, catalog=load_catalog(), synthesis_id=ident, options=LayerOptions(probes=probes)
        )


def _copy(work: Path, name: str) -> Path:
    root = work / name
    shutil.copytree(TASKS / name, root, ignore=shutil.ignore_patterns("interaction"))
    return root


def _row(name: str, report: SynthesisReport, seconds: float) -> dict[str, Any]:
    return {
        "task": name,
        "seconds": round(seconds, 1),
        "calls": report.calls,
        "tokens_in": report.tokens_in,
        "tokens_out": report.tokens_out,
        "lint": report.checks.get("lint", False),
        "pilot": report.checks.get("pilot", False),
        "passed": report.ok,
        "problems": report.problems[:4],
    }


async def _fake(names: list[str], work: Path) -> list[dict[str, Any]]:
    from tests.fakes import FakeModelServer

    rows = []
    for name in names:
        base = _copy(work, name)
        with FakeModelServer(rules=_fake_rules(TASKS / name)) as server:
            point = ModelEndpoint(base_url=server.openai_base_url, model="fake", max_retries=0)
            started = time.monotonic()
            report = await _one(f"sqlite:{work / 'log.db'}", base, point, f"bench-{name}", 1)
        rows.append(_row(name, report, time.monotonic() - started))
        print(json.dumps(rows[-1]), flush=True)
    return rows


async def _local(names: list[str], work: Path, max_tokens: int) -> list[dict[str, Any]]:
    rows = []
    async with LocalModelServer(resolve_local_model(), ctx=8192, parallel=1) as server:
        point = ModelEndpoint(
            base_url=server.base_url,
            model="smollm2",
            timeout_sec=600,
            max_retries=1,
            params={"max_tokens": max_tokens, "temperature": 0.2, "seed": 7},
        )
        for name in names:
            base = _copy(work, name)
            started = time.monotonic()
            report = await _one(f"sqlite:{work / 'log.db'}", base, point, f"bench-local-{name}", 2)
            rows.append(_row(name, report, time.monotonic() - started))
            print(json.dumps(rows[-1]), flush=True)
    return rows


def _summary(rows: list[dict[str, Any]]) -> None:
    n = len(rows) or 1
    print(
        f"{len(rows)} layer(s): {sum(r['seconds'] for r in rows) / n:.1f} s and "
        f"{sum(r['tokens_in'] + r['tokens_out'] for r in rows) / n:.0f} tokens per layer on average; "
        f"lint clean {sum(r['lint'] for r in rows)}/{len(rows)}, "
        f"oracle pilot passed {sum(r['pilot'] for r in rows)}/{len(rows)}, "
        f"all checks {sum(r['passed'] for r in rows)}/{len(rows)}"
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench_synth", description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=["fake", "local"], default="fake")
    parser.add_argument("--tasks", nargs="*", default=None, help="Bundled task names (default: all for fake).")
    parser.add_argument("--max-tokens", type=int, default=512)
    args = parser.parse_args(argv)
    names = args.tasks or sorted(p.name for p in TASKS.iterdir() if (p / "interaction").is_dir())
    if args.model == "local" and not args.tasks:
        names = ["csv-report", "config-hardening"]
    with tempfile.TemporaryDirectory(prefix="bench-synth-") as tmp:
        if args.model == "fake":
            rows = anyio.run(_fake, names, Path(tmp))
        else:
            rows = anyio.run(_local, names, Path(tmp), args.max_tokens)
    _summary(rows)


if __name__ == "__main__":
    main(sys.argv[1:])
