"""How much of the catalog a set of scripts exercises: a pure summary, no I/O."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

from msgspec import Struct

from realcli.events import Script
from realcli.scripts_catalog._catalog import Catalog

EVIDENCE: Final = ("trace", "environment", "both")
"""What a checklist item is judged from, in the order the paper reports it."""


class TaskCoverage(Struct, frozen=True, kw_only=True):
    """One task's interaction layer, counted."""

    task_id: str
    category: str
    slices: int
    probes: int
    dimensions: tuple[str, ...]  # dimension codes its probes reach (U, S, OR, TC, SR)
    templates: tuple[str, ...]
    items: dict[str, int] = {}  # its probes' checklist items by evidence: trace, environment, both

    @property
    def item_count(self) -> int:
        """How many checklist items its probes have."""
        return sum(self.items.values())


class Coverage(Struct, frozen=True, kw_only=True):
    """What a suite covers: per task, per category, per dimension, per template."""

    tasks: tuple[TaskCoverage, ...]
    categories: dict[str, int]  # tasks per category
    probes_per_dimension: dict[str, int]  # dimension code -> probes, in catalog order
    template_uses: dict[str, int]  # template id -> probes instantiating it, in catalog order
    unknown_templates: tuple[str, ...]  # named by a probe but not in the catalog (lint reports them)

    @property
    def items_by_evidence(self) -> dict[str, int]:
        """Checklist items of every task's probes by evidence (``trace``, ``environment``, ``both``)."""
        return {e: sum(t.items.get(e, 0) for t in self.tasks) for e in EVIDENCE}

    @property
    def templates_instantiated(self) -> int:
        """How many catalog templates at least one task uses."""
        return sum(1 for n in self.template_uses.values() if n)

    @property
    def missing_templates(self) -> tuple[str, ...]:
        """The templates no task uses."""
        return tuple(t for t, n in self.template_uses.items() if not n)


def coverage(catalog: Catalog, tasks: Iterable[tuple[str, str, Script | None]]) -> Coverage:
    """Count ``(task_id, category, script)`` triples against ``catalog``; EXEC-only tasks have no script."""
    known = {t.id: t for t in catalog.templates}
    per_task: list[TaskCoverage] = []
    categories: Counter[str] = Counter()
    per_dimension: Counter[str] = Counter()
    uses: Counter[str] = Counter()
    unknown: set[str] = set()
    order = [d.code for d in catalog.dimensions]
    for task_id, category, script in tasks:
        categories[category] += 1
        probes = script.probes if script is not None else []
        dims: set[str] = set()
        for probe in probes:
            template = known.get(probe.template)
            if template is None:
                unknown.add(probe.template)
                continue
            uses[template.id] += 1
            code = catalog.dimension(template.dimension).code
            per_dimension[code] += 1
            dims.add(code)
        per_task.append(
            TaskCoverage(
                task_id=task_id,
                category=category,
                slices=len(script.slices) if script is not None else 0,
                probes=len(probes),
                dimensions=tuple(c for c in order if c in dims),
                templates=tuple(sorted({p.template for p in probes})),
                items=dict(Counter(item.evidence for p in probes for item in p.checklist)),
            )
        )
    return Coverage(
        tasks=tuple(per_task),
        categories=dict(sorted(categories.items())),
        probes_per_dimension={code: per_dimension[code] for code in order},
        template_uses={t.id: uses[t.id] for t in catalog.templates},
        unknown_templates=tuple(sorted(unknown)),
    )
