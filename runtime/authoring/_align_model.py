"""Model-assisted specification-test alignment: a model maps what the rules left unmapped, recorded in the log.

One model call per task (prompt ``prompts/synthesize/v1/align.md``), recorded
like a synthesis (stream ``<id>.synth``, kind ``align``), so the mapping
can be audited.  The model's links are added to the rule-based ones; its
"untestable" marks apply only to requirements no check covers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from realcli.eventlog import EventLog
from realcli.models import ModelClient, ModelEndpoint
from realcli.runtime.authoring._align import Alignment, add_model_links, align_task
from realcli.runtime.authoring._synth import SynthesisSession, prompt, started_event

__all__ = ["align_with_model"]

_SCHEMA: Final = {
    "type": "object",
    "properties": {
        "links": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "requirement": {"type": "integer", "minimum": 1},
                    "checks": {"type": "array", "items": {"type": "string"}},
                },
                "required": ["requirement", "checks"],
            },
        },
        "untestable": {"type": "array", "items": {"type": "integer", "minimum": 1}},
    },
    "required": ["links", "untestable"],
}


async def align_with_model(log: EventLog, root: Path, *, endpoint: ModelEndpoint, synthesis_id: str) -> Alignment:
    """The rule-based table of the task at ``root``, with the model's links added."""
    result = align_task(root)
    session = SynthesisSession(log, synthesis_id, endpoint, root)
    status = "failed"
    try:
        async with ModelClient(endpoint) as client:
            await session.start(started_event(synthesis_id, "align", root.name, endpoint, root), client)
            requirements = "\n".join(f"{i}. {r.text}" for i, r in enumerate(result.requirements, start=1))
            checks = "\n".join(
                f"- {c.name}: {c.docstring or c.comments or ''} {' '.join(c.literals[:8])}".rstrip()
                for c in result.checks
            )
            data = await session.ask("align", prompt("align", requirements=requirements, checks=checks), schema=_SCHEMA)
        if data is not None:
            notes = add_model_links(result, data)
            await session.answered("align:repaired", True, notes, result.to_builtins())
        await session.checked("alignment", [], result.warnings())
        status = "passed"
    finally:
        await session.finish(status)
    return result
