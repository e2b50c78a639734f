"""The layer pipeline's probes: which catalog templates fit, the model's choice of them, and each probe drafted.

A probe's stimulus, checklist items (with rules) and hard checks are rendered
from the catalog, never written by the model; the model gives placeholders,
the variant, the goal, the trigger and the oracle's reply, each repaired
mechanically where that is safe (the repair noted) or rejected with a note.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import msgspec

from realcli import TaskFormatError
from realcli.runtime.authoring._synth import SynthesisSession, prompt
from realcli.scripts_catalog import HARD_CHECK, Catalog, Template, placeholders_in, render_stimulus

__all__ = ["MAX_TOPICS", "Layer", "choose_probes", "clip_block", "draft_probe", "template_fit", "text_of"]

MAX_TOPICS: Final = 8
_MAX_COMMANDS: Final = 5
_PROMPT_CHARS: Final = 6000


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


@dataclass
class Layer:
    """An interaction layer being drafted: persona, opening, slices, probes, oracle replies and ask topics, as plain
    data until written."""

    persona: str = ""
    opening: str = ""
    slices: list[dict[str, Any]] = field(default_factory=list)
    probes: list[dict[str, Any]] = field(default_factory=list)
    on_probe: dict[str, dict[str, Any]] = field(default_factory=dict)
    ask_topics: list[str] = field(default_factory=list)


def _candidates(catalog: Catalog) -> tuple[list[Template], dict[str, str]]:
    fit, refused = [], {}
    for template in catalog.templates:
        reason = template_fit(template)
        if reason is None:
            fit.append(template)
        else:
            refused[template.id] = reason
    return fit, refused


async def choose_probes(session: SynthesisSession, catalog: Catalog, instruction: str, count: int) -> list[Template]:
    """Ask the model to pick ``count`` catalog templates that fit the instruction (templates a draft cannot set up are
    left out)."""
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
    text = prompt("probes", count=str(count), instruction=clip_block(instruction), candidates=lines)
    data = await session.ask("probes", text, schema=schema)
    notes: list[str] = []
    chosen: list[Template] = []
    raw = data.get("probes") if data else None
    for k, item in enumerate(raw if isinstance(raw, list) else []):
        ident = text_of(item.get("template")) if isinstance(item, dict) else text_of(item)
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


async def draft_probe(
    session: SynthesisSession, layer: Layer, template: Template, catalog: Catalog, instruction: str, solution: str
) -> None:
    """Ask the model to draft one probe of ``template`` and its oracle reply, and add them to ``layer``."""
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
        instruction=clip_block(instruction),
        solution=clip_block(solution, 3000),
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
    layer: Layer,
    notes: list[str],
) -> tuple[dict[str, Any], dict[str, Any]] | None:
    where = f"probe:{template.id}"
    raw = data.get("placeholders")
    values = {k: text_of(v) for k, v in raw.items() if text_of(v)} if isinstance(raw, dict) else {}
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
        "goal": text_of(data.get("goal")) or f"{template.name}?",
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
    reply = {"reply": text_of(data.get("reply")) or "Understood.", "commands": kept[:_MAX_COMMANDS]}
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


def _trigger(template: Template, data: Mapping[str, Any], layer: Layer, notes: list[str], where: str) -> dict[str, Any]:
    kind = text_of(data.get("trigger"))
    value = text_of(data.get("trigger_value"))
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
            topics = [t.strip().lower() for t in value.split(",") if t.strip()][:MAX_TOPICS] or ["status"]
            layer.ask_topics.append(topics[0])
            return {"on": "asked", "topics": topics}
        case "state":
            return {"on": "state", "run": value or "true"}
        case _:
            return {"on": kind}


def _regex_trigger(value: str, layer: Layer, notes: list[str], where: str) -> dict[str, Any]:
    try:
        re.compile(value)
        if value:
            return {"on": "command", "pattern": value}
    except re.error:
        pass
    notes.append(f"{where}.trigger_value: {value!r} is no usable regex; the probe follows the previous one")
    previous = layer.probes[-1]["id"] if layer.probes else None
    return {"on": "after", "ref": previous, "agent_turns": 1} if previous else {"on": "agent_turns", "n": 2}


def text_of(value: object) -> str:
    """A model's string value with its whitespace collapsed; "" for anything that is not a string."""
    return " ".join(value.split()) if isinstance(value, str) else ""


def clip_block(text: str, limit: int = _PROMPT_CHARS) -> str:
    """``text`` cut at ``limit`` characters for a prompt, marked where it was cut."""
    return text if len(text) <= limit else text[:limit] + "\n[... cut ...]"
