"""The linter's probe checks: template, stimuli, checklist items, hard checks and evidence of each probe.

``LinterBase`` holds the state, the reporting and the structure checks (ids,
triggers); ``_lint`` adds the trap and oracle checks on top of these.
"""

from __future__ import annotations

from realcli._stem import stem
from realcli.events import ChecklistItem, Probe, Trigger, rule_problems
from realcli.scripts_catalog._lint_base import LinterBase
from realcli.scripts_catalog._models import Template
from realcli.scripts_catalog._render import PLACEHOLDER
from realcli.scripts_catalog._words import JARGON, content_stems, words

__all__ = ["ProbeChecks"]


class ProbeChecks(LinterBase):
    """The checks of one probe at a time, on the linter's state and reporting (``LinterBase``)."""

    def check_probe(self, i: int, probe: Probe) -> None:
        """Check one probe against its catalog template: its stimuli and its checklist (without one it is never
        scored)."""
        path = f"probes[{i}]"
        template = self._template(path, probe)
        self._check_stimuli(path, probe, template)
        if not probe.checklist:
            self.error(
                f"{path}.checklist",
                "the probe has no checklist items, so it can never be scored",
                "add binary items (the template's checklist in docs/catalog.md is a starting point)",
            )
        check_ids = [c.id for c in probe.hard_checks]
        for k, check in enumerate(probe.hard_checks):
            if not check.run.strip():
                self.error(
                    f"{path}.hard_checks[{k}].run",
                    "the hard check command is blank",
                    "give a shell predicate",
                )
            else:
                self._heredocs_ok(f"{path}.hard_checks[{k}].run", check.run)
        for j, item in enumerate(probe.checklist):
            self._check_item(f"{path}.checklist[{j}]", item, check_ids)
        used = {item.hard_check for item in probe.checklist}
        for k, check in enumerate(probe.hard_checks):
            if check.id not in used:
                self.warn(
                    f"{path}.hard_checks[{k}]",
                    f"hard check {check.id!r} is named by no checklist item, so it decides nothing",
                    "reference it from an item's hard_check or remove it",
                )
        self._check_evidence(path, probe, template)

    def _template(self, path: str, probe: Probe) -> Template | None:
        template = next((t for t in self.catalog.scenarios if t.id == probe.template), None)
        if template is None:
            self.error(
                f"{path}.template",
                f"{probe.template!r} is not a template of the scenario catalog",
                "use an active template id such as '2.2.a' (see docs/catalog.md)",
            )
            return None
        if template.kind != "active":
            self.error(
                f"{path}.template",
                f"{probe.template!r} is a passive check, which applies to every trial by itself",
                "name an active template; passive checks need no probe",
            )
            return None
        on = _trigger_kind(probe.trigger)
        if on not in template.triggers:
            self.warn(
                f"{path}.trigger.on",
                f"template {template.id} suits triggers {', '.join(template.triggers)}, not {on!r}",
                "check that the situation the template needs exists when this trigger fires",
            )
        return template

    def _check_item(self, path: str, item: ChecklistItem, check_ids: list[str]) -> None:
        if item.evidence in ("environment", "both"):
            if item.hard_check is None:
                # Valid (the LLM judge reads the evidence snapshot), but the rules judge cannot decide it.
                self.warn(
                    f"{path}.hard_check",
                    f"evidence is {item.evidence!r} but no hard check is named: only the LLM judge can decide "
                    "the environment part",
                    "add a hard check to the probe's hard_checks and put its id here to make it rule-decidable",
                )
            elif item.hard_check not in check_ids:
                self.error(
                    f"{path}.hard_check",
                    self._missing_check(item.hard_check),
                    self._check_hint(check_ids),
                )
        elif item.hard_check is not None:
            self.warn(
                f"{path}.evidence",
                "evidence is 'trace' but a hard check is named",
                "set evidence to 'both' if the environment decides part of this item, or drop hard_check",
            )
            if item.hard_check not in check_ids:
                self.error(
                    f"{path}.hard_check",
                    self._missing_check(item.hard_check),
                    self._check_hint(check_ids),
                )
        if item.rule is not None:
            if item.evidence == "environment":
                self.warn(
                    f"{path}.evidence",
                    "the rule judges the trace but evidence is 'environment'",
                    "set evidence to 'both'",
                )
            for problem in rule_problems(item.rule):
                self.error(
                    f"{path}.rule.{problem.field}",
                    f"not a valid regular expression ({problem.error})",
                    "fix the regex (Python re syntax)",
                )

    def _missing_check(self, name: str) -> str:
        for i, p in enumerate(self.script.probes):
            if name in (c.id for c in p.hard_checks):
                return (
                    f"hard check {name!r} belongs to probes[{i}] ({p.id}); "
                    "an item can only use its own probe's hard checks"
                )
        return f"hard check {name!r} does not exist in this probe"

    def _check_hint(self, check_ids: list[str]) -> str:
        if check_ids:
            return f"use one of this probe's hard checks ({', '.join(check_ids)}) or add one"
        return "add the hard check to this probe's hard_checks"

    def _check_evidence(self, path: str, probe: Probe, template: Template | None) -> None:
        needed: set[str] = set()
        for item in probe.checklist:
            needed |= {"trace", "environment"} if item.evidence == "both" else {item.evidence}
        if not probe.evidence:
            if probe.checklist:
                self.warn(f"{path}.evidence", "the probe lists no evidence sources", f"set it to {sorted(needed)}")
        elif missing := needed - set(probe.evidence):
            self.warn(
                f"{path}.evidence",
                f"checklist items use {', '.join(sorted(missing))} evidence that the probe does not list",
                f"set evidence to {sorted(needed | set(probe.evidence))}",
            )
        if template is not None and template.evidence != "trace" and "environment" not in needed:
            self.warn(
                f"{path}.checklist",
                f"template {template.id} needs environment evidence but no item has a hard check",
                "add an item whose hard check tests the delivered artifact (see the template in docs/catalog.md)",
            )

    def _check_stimuli(self, path: str, probe: Probe, template: Template | None) -> None:
        purpose = content_stems(f"{probe.goal} {probe.expected_behavior}")
        sanctioned = {stem(w) for v in (template.variants if template else ()) for w in words(v)}
        behaviour = self._behaviour_words(template)
        texts = [(f"{path}.stimulus", probe.stimulus)]
        texts += [(f"{path}.stimulus_variants[{k}]", v) for k, v in enumerate(probe.stimulus_variants)]
        for where, text in texts:
            leftover = PLACEHOLDER.findall(text)
            if leftover:
                self.error(
                    where,
                    f"still contains placeholder(s) {', '.join('{' + n + '}' for n in leftover)}",
                    "fill them in; stimuli are delivered verbatim",
                )
            jargon = sorted({w for w in words(text) if w in JARGON and stem(w) not in self.task_words})
            if jargon:
                self.error(
                    where,
                    f"uses evaluation vocabulary ({', '.join(jargon)}), which tells the agent it is being tested",
                    "phrase it the way the user in this task would",
                )
            said = content_stems(text)
            overlap = [said[s] for s in said if s in purpose and s not in self.task_words and s not in sanctioned]
            named = [repr(w) for w in overlap if stem(w) in behaviour]
            # Only words that also describe what the template measures give the purpose away; other
            # shared words are the task's own subject (a file, a service, a domain term).
            if named and template is not None:
                verb = "describes" if len(named) == 1 else "describe"
                extra = f"; {', '.join(named)} also {verb} what template {template.id} measures"
                self.warn(
                    where,
                    f"repeats {', '.join(repr(w) for w in overlap)} from the probe's goal/expected_behavior, "
                    f"which may reveal what is being measured{extra}",
                    "rephrase without naming the expected behaviour; if these are ordinary task words, "
                    "they belong in the opening or a slice",
                )

    def _behaviour_words(self, template: Template | None) -> set[str]:
        if template is None:
            return set()
        texts = [
            template.name,
            template.observes,
            template.expected_behavior,
            *(i.text for i in template.checklist),
        ]
        return set(content_stems(" ".join(texts)))


def _trigger_kind(trigger: Trigger) -> str:
    return str(type(trigger).__struct_config__.tag)
