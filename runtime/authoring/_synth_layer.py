"""``realcli synthesize layer``: a model drafts a base task's interaction layer, stage by stage.

Stages, each one model call with a JSON answer (``prompts/synthesize/v1``):

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import anyio
import msgspec

from realcli import ConfigError, TaskFormatError
from realcli.eventlog import EventLog
from realcli.judging import judge_trial
from realcli.models import ModelClient, ModelEndpoint
from realcli.runtime.authoring._align import align_task, requirement_sentences, uncovered
from realcli.runtime.authoring._synth import SynthesisReport, SynthesisSession, prepare_out, prompt, started_event
from realcli.runtime.authoring._validate import validate_tasks
from realcli.scripts_catalog import HARD_CHECK, Catalog, Template, lint_script, placeholders_in, render_stimulus
from realcli.taskformat import load_task, tree_digest

__all__ = ["LayerOptions", "synthesize_layer", "template_fit"]

SCRIPT: Final = "interaction/script.json"
ORACLE: Final = "interaction/oracle_contract.json"
_MAX_SLICES: Final = 20
_MAX_TOPICS: Final = 8
_MAX_COMMANDS: Final = 5
_PROMPT_CHARS: Final = 6000


@dataclass(frozen=True)
class LayerOptions:
    probes: int = 4
    pilot: bool = True  # run validate (Docker) on the drafted layer
    force: bool = False
    concurrency: int = 4


def template_fit(template: Template) -> str | None:
    """Why ``template`` cannot be instantiated by the layer pipeline, or None when it fits.

    A ``planted`` template needs something in the environment that the
    probe's situation depends on (a trap file, an obstacle, a failing
    dependency); the drafted layer plants nothing, so such templates are
    left to a human author.  Passive checks apply to every trial and are
    never instantiated.
    """
    if template.kind != "active":
        return "a passive check applies to every COLLAB trial by itself; it is never a probe"
    if "planted" in template.tags:
        return (
            "it is tagged planted: it needs a trap file or obstacle in the environment, "
            "which a drafted layer does not create"
        )
    return None


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
            await _check(session, target, catalog, options)
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


@dataclass
class _Layer:
    persona: str = ""
    opening: str = ""
    slices: list[dict[str, Any]] = field(default_factory=list)
    probes: list[dict[str, Any]] = field(default_factory=list)
    on_probe: dict[str, dict[str, Any]] = field(default_factory=dict)
    ask_topics: list[str] = field(default_factory=list)


async def _draft(session: SynthesisSession, root: Path, catalog: Catalog, options: LayerOptions) -> bool:
    instruction = (root / "instruction.md").read_text(encoding="utf-8")
    solution = (root / "solution" / "solve.sh").read_text(encoding="utf-8", errors="replace")
    layer = _Layer()
    if not await _slices(session, layer, root.name, instruction):
        return False
    chosen = await _choose(session, catalog, instruction, options.probes)
    for template in chosen:
        await _probe(session, layer, template, catalog, instruction, solution)
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


async def _slices(session: SynthesisSession, layer: _Layer, task_id: str, instruction: str) -> bool:
    data = await session.ask(
        "slices", prompt("slices", task_id=task_id, instruction=instruction), schema=_SLICES_SCHEMA
    )
    if data is None:
        session.report.problems.append(f"{SCRIPT}: slices: the model gave no usable answer (see the notes)")
        return False
    notes: list[str] = []
    layer.opening = _text(data.get("opening"))
    layer.persona = _text(data.get("persona"))
    if not layer.opening:
        notes.append("slices: no opening; the instruction's first sentence is used")
        first = requirement_sentences(instruction)
        layer.opening = first[0].text if first else f"Could you help me with {task_id}?"
    raw = data.get("slices")
    items = raw if isinstance(raw, list) else []
    for k, item in enumerate(items[:_MAX_SLICES]):
        content = _text(item.get("content")) if isinstance(item, dict) else _text(item)
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
    topics = list(dict.fromkeys(t for t in topics if len(t.split()) <= 4))[:_MAX_TOPICS]
    if not topics:
        words = [w for w in re.findall(r"[a-z]{5,}", content.lower())][:3]
        topics = words or [f"part {k + 1}"]
        notes.append(f"slices[{k}].topics: none usable; taken from the content: {', '.join(topics)}")
    return topics


async def _coverage(session: SynthesisSession, layer: _Layer, instruction: str) -> None:
    """Opening + slices must carry every requirement: a dropped one is a wrongly leaked specification."""
    requirements = requirement_sentences(instruction)
    parts = [layer.opening, *(s["content"] for s in layer.slices)]
    missing = uncovered(requirements, parts)
    problems = [
        f"{SCRIPT}: slices: instruction.md line {r.line} is in no slice nor the opening: {_clip(r.text, 100)!r}"
        for r in missing
    ]
    await session.checked("coverage", problems)


# --------------------------------------------------------------------- probes


def _candidates(catalog: Catalog) -> tuple[list[Template], dict[str, str]]:
    fit, refused = [], {}
    for template in catalog.templates:
        reason = template_fit(template)
        if reason is None:
            fit.append(template)
        else:
            refused[template.id] = reason
    return fit, refused


async def _choose(session: SynthesisSession, catalog: Catalog, instruction: str, count: int) -> list[Template]:
    fit, refused = _candidates(catalog)
    lines = "\n".join(f"- {t.id}: {t.name}; {t.observes} (triggers: {', '.join(t.triggers)})" for t in fit)
    schema = {
        "type": "object",
        "properties": {
            "probes": {
                "type": "array",
                "minItems": 1,
                "maxItems": count,
                "items": {
                    "type": "object",
                    "properties": {
                        "template": {"type": "string", "enum": [t.id for t in fit]},
                        "why": {"type": "string", "maxLength": 300},
                    },
                    "required": ["template", "why"],
                },
            }
        },
        "required": ["probes"],
    }
    text = prompt("probes", count=str(count), instruction=_clip_block(instruction), candidates=lines)
    data = await session.ask("probes", text, schema=schema)
    notes: list[str] = []
    chosen: list[Template] = []
    raw = data.get("probes") if data else None
    for k, item in enumerate(raw if isinstance(raw, list) else []):
        ident = _text(item.get("template")) if isinstance(item, dict) else _text(item)
        if ident in refused:
            notes.append(f"probes[{k}]: template {ident} refused: {refused[ident]}")
        elif ident not in {t.id for t in fit}:
            notes.append(f"probes[{k}]: {ident!r} is not a template of the catalog; dropped")
        elif any(t.id == ident for t in chosen):
            notes.append(f"probes[{k}]: template {ident} chosen twice; the repeat is dropped")
        elif len(chosen) >= count:
            notes.append(f"probes[{k}]: more than {count} probes asked for; {ident} dropped")
        else:
            chosen.append(catalog.template(ident))
    await session.answered("probes:repaired", bool(chosen), notes, [t.id for t in chosen])
    return chosen


def _probe_schema(template: Template, needed: Sequence[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "placeholders": {
                "type": "object",
                "properties": {n: {"type": "string", "maxLength": 400} for n in needed},
                "required": list(needed),
            },
            "variant": {"type": "integer", "minimum": 0, "maximum": max(0, len(template.variants) - 1)},
            "goal": {"type": "string", "maxLength": 300},
            "trigger": {"type": "string", "enum": list(template.triggers)},
            "trigger_value": {"type": "string", "maxLength": 200},
            "reply": {"type": "string", "maxLength": 800},
            "commands": {"type": "array", "maxItems": 3, "items": {"type": "string", "maxLength": 300}},
        },
        "required": ["placeholders", "variant", "goal", "trigger", "trigger_value", "reply", "commands"],
    }


def _needed(template: Template, catalog: Catalog) -> list[str]:
    """Every placeholder the template uses that has no default, in order of first use."""
    names: list[str] = []
    texts = list(template.variants)
    for item in template.checklist:
        texts += [item.text, item.check]
        for rule in item.rules:
            texts += [v for v in msgspec.to_builtins(rule).values() if isinstance(v, str)]
    for text in texts:
        names += placeholders_in(text)
    defaults = {n for n, p in catalog.placeholders.items() if p.default is not None}
    return [n for n in dict.fromkeys(names) if n not in defaults]


async def _probe(
    session: SynthesisSession, layer: _Layer, template: Template, catalog: Catalog, instruction: str, solution: str
) -> None:
    needed = _needed(template, catalog)
    glossary = catalog.placeholders
    text = prompt(
        "probe",
        template_id=template.id,
        template_name=template.name,
        observes=template.observes,
        expected=template.expected_behavior,
        variants="\n".join(f"{i}. {v}" for i, v in enumerate(template.variants)),
        placeholders="\n".join(
            f"- {n}: {glossary[n].description} (e.g. {glossary[n].example!r})" if n in glossary else f"- {n}"
            for n in needed
        )
        or "(none)",
        triggers=", ".join(template.triggers),
        checklist="\n".join(
            f"- {i.text} ({i.evidence}; decided by {', '.join(i.decided_by)})" for i in template.checklist
        ),
        instruction=_clip_block(instruction),
        solution=_clip_block(solution, 3000),
    )
    stage = f"probe:{template.id}"
    data = await session.ask(stage, text, schema=_probe_schema(template, needed))
    pid = f"p{len(layer.probes) + 1}"
    notes: list[str] = []
    built = _build_probe(pid, template, catalog, data, needed, layer, notes) if data is not None else None
    if built is None:
        notes.append(f"{stage}: rejected; no probe drafted for {template.id}")
    else:
        probe, reply = built
        layer.probes.append(probe)
        layer.on_probe[pid] = reply
    await session.answered(f"{stage}:repaired", built is not None, notes, built[0] if built else None)


def _build_probe(
    pid: str,
    template: Template,
    catalog: Catalog,
    data: Mapping[str, Any],
    needed: Sequence[str],
    layer: _Layer,
    notes: list[str],
) -> tuple[dict[str, Any], dict[str, Any]] | None:
    where = f"probe:{template.id}"
    raw = data.get("placeholders")
    values = {k: _text(v) for k, v in raw.items() if _text(v)} if isinstance(raw, dict) else {}
    values = _valid_values(values, notes, where)
    stimulus = _stimulus(template, data, values, notes, where)
    if stimulus is None:
        return None
    items, checks = _items(pid, template, catalog, values, notes, where)
    if not items:
        notes.append(
            f"{where}: no checklist item could be rendered (placeholders missing: "
            f"{', '.join(n for n in needed if n not in values) or 'none'})"
        )
        return None
    probe = {
        "id": pid,
        "template": template.id,
        "goal": _text(data.get("goal")) or f"{template.name}?",
        "trigger": _trigger(template, data, layer, notes, where),
        "stimulus": stimulus,
        "expected_behavior": template.expected_behavior,
        "evidence": ["trace", "environment"] if template.evidence == "both" else [template.evidence],
        "hard_checks": checks,
        "checklist": items,
    }
    commands = data.get("commands")
    kept = [c.strip() for c in commands if isinstance(c, str) and c.strip()] if isinstance(commands, list) else []
    if len(kept) > _MAX_COMMANDS:
        notes.append(f"{where}.commands: {len(kept) - _MAX_COMMANDS} command(s) past {_MAX_COMMANDS} dropped")
    reply = {"reply": _text(data.get("reply")) or "Understood.", "commands": kept[:_MAX_COMMANDS]}
    return probe, reply


def _valid_values(values: dict[str, str], notes: list[str], where: str) -> dict[str, str]:
    out = {}
    for name, value in values.items():
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            notes.append(f"{where}.placeholders.{name}: not a placeholder name; dropped")
            continue
        if name.endswith("_regex"):
            try:
                re.compile(value)
            except re.error as e:
                notes.append(f"{where}.placeholders.{name}: not a valid regex ({e}); dropped")
                continue
        out[name] = value
    return out


def _stimulus(
    template: Template, data: Mapping[str, Any], values: dict[str, str], notes: list[str], where: str
) -> str | None:
    variant = data.get("variant")
    index = variant if isinstance(variant, int) and not isinstance(variant, bool) else 0
    if not 0 <= index < len(template.variants):
        notes.append(f"{where}.variant: {variant!r} is not a variant of {template.id}; variant 0 used")
        index = 0
    wanted = placeholders_in(template.variants[index])
    missing = [n for n in wanted if n not in values]
    if missing:
        notes.append(f"{where}.placeholders: {', '.join(missing)} missing for the stimulus")
        return None
    return render_stimulus(template, index, **{n: values[n] for n in wanted})


def _items(
    pid: str, template: Template, catalog: Catalog, values: dict[str, str], notes: list[str], where: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    items: list[dict[str, Any]] = []
    checks: list[dict[str, Any]] = []
    for item in template.checklist:
        check_id = None
        try:
            if HARD_CHECK in item.decided_by:
                check_id = f"{pid}.h{len(checks) + 1}"
                hard = catalog.render_hard_check(template, item.key, check_id=check_id, values=values)
                checks.append(msgspec.to_builtins(hard))
            if item.evidence != "trace" and check_id is None:
                notes.append(f"{where}: item {item.key} needs environment evidence but has no hard check; dropped")
                continue
            rendered = catalog.render_item(
                template, item.key, item_id=f"{pid}.{item.key}", values=values, hard_check=check_id
            )
        except (TaskFormatError, KeyError, ValueError) as e:
            if check_id is not None and checks and checks[-1]["id"] == check_id:
                checks.pop()
            notes.append(f"{where}: item {item.key} dropped: {e}")
            continue
        items.append({k: v for k, v in msgspec.to_builtins(rendered).items() if v is not None})
    return items, checks


def _trigger(
    template: Template, data: Mapping[str, Any], layer: _Layer, notes: list[str], where: str
) -> dict[str, Any]:
    kind = _text(data.get("trigger"))
    value = _text(data.get("trigger_value"))
    if kind not in template.triggers:
        fallback = next(
            (k for k in ("after", "claims_done", "agent_turns") if k in template.triggers), template.triggers[0]
        )
        notes.append(f"{where}.trigger: {kind!r} is not a trigger of {template.id}; {fallback!r} used")
        kind = fallback
    previous = layer.probes[-1]["id"] if layer.probes else None
    if kind == "claims_done" and any(p["trigger"]["on"] == "claims_done" for p in layer.probes):
        notes.append(f"{where}.trigger: another probe already fires on claims_done; this one follows it")
        kind = "after"
    if kind == "after" and previous is None:
        # The first probe: after the agent's first claim of being done, when the template allows it.
        return {"on": "claims_done"} if "claims_done" in template.triggers else {"on": "agent_turns", "n": 2}
    match kind:
        case "after":
            return {"on": "after", "ref": previous, "agent_turns": 1}
        case "agent_turns":
            n = int(value) if value.isdigit() and 0 < int(value) <= 50 else 2
            return {"on": "agent_turns", "n": n}
        case "command":
            return _regex_trigger(value, layer, notes, where)
        case "asked":
            topics = [t.strip().lower() for t in value.split(",") if t.strip()][:_MAX_TOPICS] or ["status"]
            layer.ask_topics.append(topics[0])
            return {"on": "asked", "topics": topics}
        case "state":
            return {"on": "state", "run": value or "true"}
        case _:
            return {"on": kind}


def _regex_trigger(value: str, layer: _Layer, notes: list[str], where: str) -> dict[str, Any]:
    try:
        re.compile(value)
        if value:
            return {"on": "command", "pattern": value}
    except re.error:
        pass
    notes.append(f"{where}.trigger_value: {value!r} is no usable regex; the probe follows the previous one")
    previous = layer.probes[-1]["id"] if layer.probes else None
    return {"on": "after", "ref": previous, "agent_turns": 1} if previous else {"on": "agent_turns", "n": 2}


# --------------------------------------------------------------------- checks


async def _check(session: SynthesisSession, root: Path, catalog: Catalog, options: LayerOptions) -> None:
    try:
        task = load_task(root)
    except TaskFormatError as e:
        await session.checked("load", [str(e)])
        return
    await session.checked("load", [])
    issues = lint_script(task.spec.script, task.spec.oracle, task_dir=root, catalog=catalog) if task.spec.script else []
    await session.checked(
        "lint",
        [f"{i.path}: {i.message}" for i in issues if i.severity == "error"],
        [f"{i.path}: {i.message}" for i in issues if i.severity == "warning"],
    )
    await session.checked("alignment", [], align_task(root).warnings())
    if not options.pilot:
        return
    prefix = f"{session.synthesis_id}-pilot"
    session.report.pilot_run = prefix

    async def judge(log: EventLog, run_id: str, trial_id: str) -> None:
        await judge_trial(log, run_id, trial_id)

    [result] = await validate_tasks(
        session.log, [task], catalog=catalog, run_prefix=prefix, concurrency=options.concurrency, judge=judge
    )
    await session.checked("pilot", [f"pilot: {p}" for p in result.problems], result.warnings, run_id=prefix)


def _text(value: object) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def _clip(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _clip_block(text: str, limit: int = _PROMPT_CHARS) -> str:
    return text if len(text) <= limit else text[:limit] + "\n[... cut ...]"
