"""``realcli synthesize layer``: a model drafts a base task's interaction layer, stage by stage.

Stages, each one model call with a JSON answer (``prompts/synthesize/v1``; the probes in ``_synth_probes``):

1. ``slices``: the opening, the persona and the slices of ``instruction.md``;
   every slice is released when the agent asks about one of its topics, and
   the oracle contract asks about each slice's first topic, so the oracle
   pilot can release them all.
2. ``probes``: which templates of the catalog to instantiate, chosen from
   the templates that fit (``template_fit``); a template that does not fit
   is refused with its reason.
3. ``probe:<template>``: for each chosen template its placeholders, stimulus
   variant, goal, trigger and the oracle's reply.  The stimulus, the
   checklist items (with rules) and the hard checks are rendered from the
   catalog, never written by the model.

Every answer is parsed strictly and repaired mechanically where a repair is
safe (each repair noted); what cannot be repaired is rejected with a note.
Then the checks: the task loads, ``lint``, coverage (opening + slices carry
every requirement of the instruction), alignment, and the oracle pilot
(``validate``: the oracle and the controls).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import anyio

from realcli import ConfigError, TaskFormatError
from realcli.eventlog import EventLog
from realcli.models import ModelClient, ModelEndpoint
from realcli.runtime.authoring._align import requirement_sentences, uncovered
from realcli.runtime.authoring._synth import (
    SynthesisReport,
    SynthesisSession,
    one_line,
    prepare_out,
    prompt,
    started_event,
)
from realcli.runtime.authoring._synth_check import check_draft
from realcli.runtime.authoring._synth_probes import MAX_TOPICS, Layer, choose_probes, draft_probe, text_of
from realcli.scripts_catalog import Catalog
from realcli.taskformat import TaskEnv, tree_digest

__all__ = ["LayerOptions", "synthesize_layer"]

SCRIPT: Final = "interaction/script.json"
ORACLE: Final = "interaction/oracle_contract.json"
_MAX_SLICES: Final = 20


@dataclass(frozen=True)
class LayerOptions:
    """How ``synthesize --layer`` drafts an interaction layer: how many probes, whether to pilot it with validate, to
    overwrite, and the pilot's concurrency and host variables."""

    probes: int = 4
    pilot: bool = True  # run validate (Docker) on the drafted layer
    force: bool = False
    concurrency: int = 4
    task_env: TaskEnv = field(default_factory=TaskEnv)  # the host variables the pilot's trials may read


# --------------------------------------------------------------- the pipeline


async def synthesize_layer(
    log: EventLog,
    base: Path,
    *,
    endpoint: ModelEndpoint,
    catalog: Catalog,
    synthesis_id: str,
    out: Path | None = None,
    options: LayerOptions = LayerOptions(),
) -> SynthesisReport:
    """Draft ``interaction/`` for the base task ``base`` into ``out`` (default: ``base`` itself), then check it."""
    _check_base(base)
    target = out or base
    if (target / "interaction").exists() and not options.force:
        raise ConfigError(f"{target / 'interaction'} exists: pass --force to overwrite it, or --out to draft elsewhere")
    prepare_out(base, target, force=options.force)
    session = SynthesisSession(log, synthesis_id, endpoint, target)
    started = started_event(
        synthesis_id,
        "layer",
        base.name,
        endpoint,
        target,
        base_digest=tree_digest(base),
        catalog_version=catalog.info().version,
    )
    status = "failed"
    try:
        async with ModelClient(endpoint) as client:
            await session.start(started, client)
            drafted = await _draft(session, target, catalog, options)
        if drafted:
            await check_draft(
                session,
                target,
                catalog,
                pilot=options.pilot,
                concurrency=options.concurrency,
                task_env=options.task_env,
                judged=True,
            )
        status = "passed" if session.report.ok else "failed"
    except anyio.get_cancelled_exc_class():
        status = "interrupted"
        raise
    except Exception as e:
        session.report.problems.append(f"synthesis stopped: {e}")
        raise
    finally:
        await session.finish(status, "; ".join(session.report.problems[:3]))
    return session.report


def _check_base(base: Path) -> None:
    for rel in ("task.toml", "instruction.md", "tests/test.sh", "solution/solve.sh"):
        if not (base / rel).is_file():
            raise TaskFormatError(
                f"{base / rel}: missing; a base task needs task.toml, instruction.md, "
                "tests/test.sh and solution/solve.sh"
            )


async def _draft(session: SynthesisSession, root: Path, catalog: Catalog, options: LayerOptions) -> bool:
    instruction = (root / "instruction.md").read_text(encoding="utf-8")
    solution = (root / "solution" / "solve.sh").read_text(encoding="utf-8", errors="replace")
    layer = Layer()
    if not await _slices(session, layer, root.name, instruction):
        return False
    chosen = await choose_probes(session, catalog, instruction, options.probes)
    for template in chosen:
        await draft_probe(session, layer, template, catalog, instruction, solution)
    if not layer.probes:
        session.report.problems.append(f"{SCRIPT}: probes: no probe could be drafted (see the notes)")
    script = {
        "schema_version": 1,
        "persona": layer.persona,
        "opening": layer.opening,
        "slices": layer.slices,
        "probes": layer.probes,
        "traps": [],
        "closing": {"text": "Thanks, that's everything.", "on": "all_probes_done"},
    }
    oracle = {"ask_topics": layer.ask_topics, "on_probe": layer.on_probe, "on_slice": {}}
    await session.write(SCRIPT, json.dumps(script, indent=2, ensure_ascii=False) + "\n", stage="assemble")
    await session.write(ORACLE, json.dumps(oracle, indent=2, ensure_ascii=False) + "\n", stage="assemble")
    return True


# --------------------------------------------------------------------- slices

_SLICES_SCHEMA: Final = {
    "type": "object",
    "properties": {
        "persona": {"type": "string", "maxLength": 300},
        "opening": {"type": "string", "maxLength": 600},
        "slices": {
            "type": "array",
            "minItems": 1,
            "maxItems": 12,
            "items": {
                "type": "object",
                "properties": {
                    "content": {"type": "string", "maxLength": 1200},
                    "topics": {"type": "array", "maxItems": 6, "items": {"type": "string", "maxLength": 40}},
                },
                "required": ["content", "topics"],
            },
        },
    },
    "required": ["persona", "opening", "slices"],
}


async def _slices(session: SynthesisSession, layer: Layer, task_id: str, instruction: str) -> bool:
    data = await session.ask(
        "slices", prompt("slices", task_id=task_id, instruction=instruction), schema=_SLICES_SCHEMA
    )
    if data is None:
        session.report.problems.append(f"{SCRIPT}: slices: the model gave no usable answer (see the notes)")
        return False
    notes: list[str] = []
    layer.opening = text_of(data.get("opening"))
    layer.persona = text_of(data.get("persona"))
    if not layer.opening:
        notes.append("slices: no opening; the instruction's first sentence is used")
        first = requirement_sentences(instruction)
        layer.opening = first[0].text if first else f"Could you help me with {task_id}?"
    raw = data.get("slices")
    items = raw if isinstance(raw, list) else []
    for k, item in enumerate(items[:_MAX_SLICES]):
        content = text_of(item.get("content")) if isinstance(item, dict) else text_of(item)
        if not content:
            notes.append(f"slices[{k}]: empty content, dropped")
            continue
        topics = _topics(item.get("topics") if isinstance(item, dict) else None, content, k, notes)
        sid = f"s{len(layer.slices) + 1}"
        layer.slices.append({"id": sid, "content": content, "release": {"on": "asked", "topics": topics}})
        if topics[0] not in layer.ask_topics:
            layer.ask_topics.append(topics[0])
    if len(items) > _MAX_SLICES:
        notes.append(f"slices: {len(items) - _MAX_SLICES} slice(s) past {_MAX_SLICES} dropped")
    accepted = bool(layer.slices)
    if not accepted:
        notes.append("slices: no usable slice; the stage is rejected")
        session.report.problems.append(f"{SCRIPT}: slices: the answer has no usable slice")
    await session.answered("slices:repaired", accepted, notes, {"slices": layer.slices} if accepted else None)
    await _coverage(session, layer, instruction)
    return accepted


def _topics(raw: object, content: str, k: int, notes: list[str]) -> list[str]:
    topics = [t.strip().lower() for t in raw if isinstance(t, str) and t.strip()] if isinstance(raw, list) else []
    topics = list(dict.fromkeys(t for t in topics if len(t.split()) <= 4))[:MAX_TOPICS]
    if not topics:
        words = [w for w in re.findall(r"[a-z]{5,}", content.lower())][:3]
        topics = words or [f"part {k + 1}"]
        notes.append(f"slices[{k}].topics: none usable; taken from the content: {', '.join(topics)}")
    return topics


async def _coverage(session: SynthesisSession, layer: Layer, instruction: str) -> None:
    """Opening + slices must carry every requirement: a dropped one is a wrongly leaked specification."""
    requirements = requirement_sentences(instruction)
    parts = [layer.opening, *(s["content"] for s in layer.slices)]
    missing = uncovered(requirements, parts)
    problems = [
        f"{SCRIPT}: slices: instruction.md line {r.line} is in no slice nor the opening: {one_line(r.text, 100)!r}"
        for r in missing
    ]
    await session.checked("coverage", problems)
