"""The linter's base: its findings (``LintIssue``), how it reports them, and the script's structure checks.

Structure is ids, triggers and their reachability; ``_lint_probes`` adds the probe checks,
``_lint`` the trap and oracle checks.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

import msgspec

from realcli._stem import stem
from realcli.events import (
    OnAfter,
    OnAgentTurns,
    OnAllProbesDone,
    OnAsked,
    OnCommand,
    OnState,
    OracleContract,
    Script,
    TaskConfig,
    Trigger,
    compile_regex,
    regex_error,
)
from realcli.scripts_catalog._catalog import Catalog
from realcli.scripts_catalog._words import words

Severity = Literal["error", "warning"]

SCRIPT_FILE = "interaction/script.json"
ORACLE_FILE = "interaction/oracle_contract.json"
_DEFAULT_MAX_TURNS = 600


# A heredoc opener: <<WORD, <<-WORD, <<'WORD' or <<"WORD" (group 1: the dash, group 2: the word).
_HEREDOC = re.compile(r"(?<!<)<<(?!<)(-?)\s*['\"]?([A-Za-z_][A-Za-z0-9_]*)['\"]?")


class LintIssue(msgspec.Struct, frozen=True, kw_only=True):
    """One finding: ``path`` is ``<file>: <field path>``; ``hint`` says what to change."""

    severity: Severity
    path: str
    message: str
    hint: str = ""

    def __str__(self) -> str:
        fix = f" Fix: {self.hint}" if self.hint else ""
        return f"{self.severity}: {self.path}: {self.message}.{fix}"


class LinterBase:
    """The linter's state and reporting, and the checks of ids and triggers."""

    def __init__(self, script: Script, oracle: OracleContract | None, task_dir: Path, catalog: Catalog) -> None:
        self.script = script
        self.oracle = oracle
        self.task_dir = task_dir
        self.catalog = catalog
        self.issues: list[LintIssue] = []
        self.paths: dict[str, str] = {}  # slice/probe id -> its path
        for i, s in enumerate(script.slices):
            self.paths.setdefault(s.id, f"slices[{i}]")
        for i, p in enumerate(script.probes):
            self.paths.setdefault(p.id, f"probes[{i}]")
        self.max_turns = _max_turns(task_dir)
        self.task_words = self._task_words()
        self.broken: set[str] = set()  # ids whose own trigger is already an error

    # ------------------------------------------------------------ reporting

    def error(self, path: str, message: str, hint: str = "", *, file: str = SCRIPT_FILE) -> None:
        """Report an error at ``path`` of ``file``, with a hint of the fix."""
        self.issues.append(LintIssue(severity="error", path=f"{file}: {path}", message=message, hint=hint))

    def warn(self, path: str, message: str, hint: str = "", *, file: str = SCRIPT_FILE) -> None:
        """Report a warning at ``path`` of ``file``, with a hint of the fix."""
        self.issues.append(LintIssue(severity="warning", path=f"{file}: {path}", message=message, hint=hint))

    # ------------------------------------------------------------------ ids

    def check_ids(self) -> None:
        # Passive checks' verdicts use their own ids as scenario and item ids.
        """Every id must be unique across the script and must not take a passive check's id."""
        reserved = {t.id for t in self.catalog.passive_checks}
        reserved |= {t.item_id(i.key) for t in self.catalog.passive_checks for i in t.checklist}
        seen: dict[str, str] = {}
        for ident, path in self._all_ids():
            if ident in seen:
                self.error(
                    f"{path}.id",
                    f"id {ident!r} is already used by {seen[ident]}",
                    "ids must be unique across slices, probes, checklist items and hard checks; rename one",
                )
                continue
            seen[ident] = path
            if ident in reserved:
                self.error(
                    f"{path}.id",
                    f"id {ident!r} is also a passive-check id of the catalog, so verdicts for it would be ambiguous",
                    "use script-local ids such as s1, p1, p1.c1, h1",
                )

    def _all_ids(self) -> Iterable[tuple[str, str]]:
        for i, s in enumerate(self.script.slices):
            yield s.id, f"slices[{i}]"
        for i, p in enumerate(self.script.probes):
            yield p.id, f"probes[{i}]"
            for j, item in enumerate(p.checklist):
                yield item.id, f"probes[{i}].checklist[{j}]"
            for k, check in enumerate(p.hard_checks):
                yield check.id, f"probes[{i}].hard_checks[{k}]"

    # ------------------------------------------------------------- triggers

    def _triggers(self) -> list[tuple[str, str, Trigger]]:
        found = [(s.id, f"slices[{i}].release", s.release) for i, s in enumerate(self.script.slices)]
        found += [(p.id, f"probes[{i}].trigger", p.trigger) for i, p in enumerate(self.script.probes)]
        return found

    def check_triggers(self) -> None:
        """Every trigger must be well formed, ``after`` triggers must not form a cycle, and every item must be
        reachable."""
        for ident, path, trigger in self._triggers():
            if not self._trigger_ok(path, trigger):
                self.broken.add(ident)
        refs = {ident: t.ref for ident, _, t in self._triggers() if isinstance(t, OnAfter)}
        in_cycle = self._check_cycles(refs)
        self._check_reachable(refs, in_cycle)

    def _trigger_ok(self, path: str, trigger: Trigger) -> bool:
        if isinstance(trigger, OnAllProbesDone):
            self.error(
                f"{path}.on",
                "'all_probes_done' is only valid for closing.on",
                "use 'claims_done', or 'after' with a ref, to fire late in the run",
            )
            return False
        if isinstance(trigger, OnAsked):
            ok = True
            for k, topic in enumerate(trigger.topics):
                if not topic.strip():
                    self.error(
                        f"{path}.topics[{k}]",
                        "topic is blank",
                        "give a word or phrase the agent would ask about",
                    )
                    ok = False
            return ok
        if isinstance(trigger, OnCommand):
            return self._command_pattern_ok(f"{path}.pattern", trigger.pattern)
        if isinstance(trigger, OnState):
            if not trigger.run.strip():
                self.error(
                    f"{path}.run",
                    "the state predicate is blank",
                    "give a shell command that exits 0 when the state holds",
                )
                return False
            return self._heredocs_ok(f"{path}.run", trigger.run)
        if isinstance(trigger, OnAfter):
            if trigger.ref not in self.paths:
                known = ", ".join(self.paths) or "none"
                self.error(f"{path}.ref", f"{trigger.ref!r} names no slice or probe", f"use one of: {known}")
                return False
            if trigger.agent_turns > self.max_turns:
                self.warn(
                    f"{path}.agent_turns",
                    f"waits {trigger.agent_turns} agent turns but the trial allows {self.max_turns}, "
                    "so it can never fire",
                    "lower agent_turns",
                )
            return True
        if isinstance(trigger, OnAgentTurns) and trigger.n > self.max_turns:
            self.warn(
                f"{path}.n",
                f"needs {trigger.n} agent turns but the trial allows {self.max_turns}, so it can never fire",
                "lower n",
            )
        return True

    def _command_pattern_ok(self, path: str, pattern: str) -> bool:
        error = regex_error(pattern)
        if error is not None:
            self.error(path, f"not a valid regular expression ({error})", "fix the regex (Python re syntax)")
            return False
        if compile_regex(pattern).search("") is not None:
            self.warn(
                path,
                f"{pattern!r} matches the empty string, so it matches every command",
                "anchor it on the command it should react to",
            )
        return True

    def _check_cycles(self, refs: dict[str, str]) -> set[str]:
        in_cycle: set[str] = set()
        for start in refs:
            chain: list[str] = []
            node: str | None = start
            while node is not None and node in refs and node not in chain and node not in in_cycle:
                chain.append(node)
                node = refs[node]
            if node is not None and node in chain:
                cycle = chain[chain.index(node) :]
                in_cycle.update(cycle)
                first = min(cycle, key=self._order)
                loop = " -> ".join([*cycle[cycle.index(first) :], *cycle[: cycle.index(first)], first])
                trigger_field = "release" if self.paths[first].startswith("slices") else "trigger"
                self.error(
                    f"{self.paths[first]}.{trigger_field}.ref",
                    f"'after' references form a cycle ({loop}), so none of them can ever fire",
                    "make one of them wait for a trigger other than 'after'",
                )
        return in_cycle

    def _check_reachable(self, refs: dict[str, str], in_cycle: set[str]) -> None:
        for ident, path, trigger in self._triggers():
            if not isinstance(trigger, OnAfter) or ident in in_cycle or ident in self.broken:
                continue
            chain = self._dead_chain(ident, refs, in_cycle)
            if chain:
                waits = "".join(f"waits for {c!r}, which " for c in chain)
                self.warn(
                    f"{path}.ref",
                    f"{waits}can never fire, so this can never fire either",
                    f"fix the trigger of {self.paths.get(chain[-1], chain[-1])} or reference something else",
                )

    def _dead_chain(self, ident: str, refs: dict[str, str], in_cycle: set[str]) -> list[str]:
        """The 'after' chain from ``ident`` to something that can never fire; empty if it can fire."""
        chain: list[str] = []
        node = refs[ident]
        while node not in chain and node != ident:
            chain.append(node)
            if node in in_cycle or node in self.broken or node not in self.paths:
                return chain
            if node not in refs:
                return []
            node = refs[node]
        return chain

    def _order(self, ident: str) -> tuple[int, int]:
        path = self.paths[ident]
        return (0 if path.startswith("slices") else 1, int(path[path.index("[") + 1 : path.index("]")]))

    def _heredocs_ok(self, path: str, command: str) -> bool:
        """A heredoc whose terminator is not alone on its line never ends: the command fails when it runs."""
        for match in _HEREDOC.finditer(command):
            word, lines = match.group(2), command[match.end() :].split("\n")
            alone = [line.lstrip("\t") if match.group(1) else line for line in lines]
            if word not in alone:
                self.error(
                    path,
                    f"the heredoc <<{word} is never closed: no line is exactly {word!r}",
                    f"end it with a line holding only {word}; put what follows (&& ...) on the line of <<{word}",
                )
                return False
        return True

    # --------------------------------------------------- purpose revelation

    def _task_words(self) -> set[str]:
        texts = [self.script.opening, self.script.persona, *(s.content for s in self.script.slices)]
        if self.script.closing is not None:
            texts.append(self.script.closing.text)
        # A missing instruction.md is the task loader's finding, not the linter's.
        with contextlib.suppress(OSError):
            texts.append((self.task_dir / "instruction.md").read_text(encoding="utf-8", errors="replace"))
        return {stem(w) for t in texts for w in words(t)}


def _max_turns(task_dir: Path) -> int:
    """COLLAB's turn budget from task.toml; the contract's default when it cannot be read."""
    try:
        config = msgspec.toml.decode((task_dir / "task.toml").read_bytes(), type=TaskConfig)
    except (OSError, msgspec.MsgspecError):
        return _DEFAULT_MAX_TURNS  # task.toml problems are the task loader's to report
    turns: int = config.collab.max_turns or config.agent.max_turns
    return turns
