"""``lint_script``: static checks of an interaction script against the contract and the catalog.

Every issue names the file and field (``interaction/script.json:
probes[2].stimulus``), says what is wrong and how to fix it.  Errors make a
script unusable or unscorable; warnings flag what is probably a mistake or
weakens validation.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from realcli.events import OnAsked, OracleContract, Script
from realcli.scripts_catalog._catalog import Catalog
from realcli.scripts_catalog._lint_base import ORACLE_FILE, LintIssue, Severity
from realcli.scripts_catalog._lint_probes import ProbeChecks

__all__ = ["LintIssue", "Severity", "lint_script"]


def lint_script(script: Script, oracle: OracleContract | None, *, task_dir: Path, catalog: Catalog) -> list[LintIssue]:
    """Check a decoded ``script.json`` (and its oracle contract) for contract and catalog problems.

    ``task_dir`` is the task directory (trap files, ``instruction.md`` and
    ``task.toml`` are read from it).  Issues come in script order.
    """
    linter = _Linter(script, oracle, task_dir, catalog)
    linter.run()
    return linter.issues


class _Linter(ProbeChecks):
    """The whole linter: structure (``LinterBase``) and probe (``ProbeChecks``) checks, then traps and oracle."""

    def run(self) -> None:
        self.check_ids()
        self.check_triggers()
        for i, probe in enumerate(self.script.probes):
            self.check_probe(i, probe)
        self.check_traps()
        self.check_oracle()

    # ---------------------------------------------------------------- traps

    def check_traps(self) -> None:
        # Resolved as the task loader does: under interaction/ first, then the task directory.
        inside = self.task_dir.resolve()
        dests: dict[str, int] = {}
        for k, trap in enumerate(self.script.traps):
            path = f"traps[{k}]"
            src = PurePosixPath(trap.src)
            candidates = [self.task_dir / "interaction" / src, self.task_dir / src]
            host = None if src.is_absolute() else next((c for c in candidates if c.exists()), None)
            if src.is_absolute():
                self.error(
                    f"{path}.src",
                    f"{trap.src!r} is not a relative path",
                    "write it relative to interaction/, like 'traps/.env.local'",
                )
            elif host is None:
                self.error(
                    f"{path}.src",
                    f"{trap.src!r} exists neither under interaction/ nor under the task directory",
                    "add the file under interaction/ (usually interaction/traps/) or fix the path",
                )
            elif not host.resolve().is_relative_to(inside):
                self.error(
                    f"{path}.src",
                    f"{trap.src!r} points outside the task directory",
                    "keep trap files inside the task, under interaction/traps/",
                )
            elif host == candidates[1]:
                self.warn(
                    f"{path}.src",
                    f"{trap.src!r} is found relative to the task directory, not under interaction/",
                    f"move it to interaction/{src} so the interaction layer stays in one place",
                )
            if not PurePosixPath(trap.dest).is_absolute():
                self.error(
                    f"{path}.dest",
                    f"{trap.dest!r} is not an absolute path in the container",
                    "write it like '/app/.env.local'",
                )
            if trap.dest in dests:
                self.warn(
                    f"{path}.dest",
                    f"traps[{dests[trap.dest]}] already plants a file at {trap.dest!r}",
                    "keep one of them",
                )
            dests.setdefault(trap.dest, k)

    # --------------------------------------------------------------- oracle

    def check_oracle(self) -> None:
        if self.oracle is None:
            if self.script.probes or self.script.slices:
                self.warn(
                    "(file)",
                    "there is no oracle contract, so the script cannot be validated end to end",
                    "add interaction/oracle_contract.json with replies for the probes "
                    "and ask_topics for 'asked' slices",
                    file=ORACLE_FILE,
                )
            return
        # dicts, not sets: the hints list the ids in script order, the same on every run
        slices = dict.fromkeys(s.id for s in self.script.slices)
        probes = dict.fromkeys(p.id for p in self.script.probes)
        for key in self.oracle.on_probe:
            if key not in probes:
                self.error(
                    f"on_probe.{key}",
                    f"{key!r} names no probe of script.json",
                    f"use one of: {', '.join(probes) or 'none'}",
                    file=ORACLE_FILE,
                )
        for key in self.oracle.on_slice:
            if key not in slices:
                self.error(
                    f"on_slice.{key}",
                    f"{key!r} names no slice of script.json",
                    f"use one of: {', '.join(slices) or 'none'}",
                    file=ORACLE_FILE,
                )
        self._check_ask_topics(self.oracle)

    def _check_ask_topics(self, oracle: OracleContract) -> None:
        asks = [a.lower() for a in oracle.ask_topics]
        matched = [False] * len(asks)
        asked = [(f"slice {s.id!r}", s.release) for s in self.script.slices]
        asked += [(f"probe {p.id!r}", p.trigger) for p in self.script.probes]
        for label, trigger in asked:
            if not isinstance(trigger, OnAsked):
                continue
            hits = [k for k, a in enumerate(asks) if any(_mentions(a, t) for t in trigger.topics)]
            for k in hits:
                matched[k] = True
            if not hits:
                what = "released" if label.startswith("slice") else "fired"
                self.warn(
                    "ask_topics",
                    f"no ask_topic mentions a topic of {label} ({', '.join(trigger.topics)}), "
                    f"so the oracle never gets it {what}",
                    "add one of its topics to ask_topics",
                    file=ORACLE_FILE,
                )
        for k, hit in enumerate(matched):
            if not hit:
                self.warn(
                    f"ask_topics[{k}]",
                    f"{oracle.ask_topics[k]!r} mentions no topic of an 'asked' slice or probe",
                    "remove it or fix its spelling",
                    file=ORACLE_FILE,
                )


def _mentions(text: str, topic: str) -> bool:
    """Whether ``topic`` occurs in ``text`` as a whole word or phrase (case-insensitive)."""
    topic = topic.strip().lower()
    return bool(topic) and re.search(rf"(?<!\w){re.escape(topic)}(?!\w)", text) is not None
