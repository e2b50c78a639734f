"""The COLLAB layer of a task (``interaction/``): the script, its traps and the oracle contract.

The loader rejects only what would make a task run incorrectly: dangling
references, duplicate ids, regexes that do not compile, traps that cannot be
planted.  Style and quality belong to ``realcli lint``.

Trap ``src`` resolution: a relative POSIX path, looked up first under
``interaction/`` (so ``traps/.env.local`` is ``interaction/traps/.env.local``,
as in the contract's example) and then under the task directory; it must stay
inside the task directory.  ``dest`` must be an absolute container path.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from realcli._errors import TaskFormatError
from realcli.events import (
    TRIGGER_KINDS,
    OnAfter,
    OnAllProbesDone,
    OnCommand,
    OracleContract,
    Probe,
    Script,
    Trigger,
    regex_error,
    rule_problems,
)
from realcli.taskformat._convert import check_finite, convert
from realcli.taskformat._files import listing, quote_key, read_json, task_error

__all__ = ["SCRIPT_SCHEMA_VERSION", "load_interaction"]

SCRIPT_SCHEMA_VERSION = 1


# --------------------------------------------------------------------------
# interaction/
# --------------------------------------------------------------------------


def load_interaction(
    root: Path,
) -> tuple[Script | None, OracleContract | None, list[tuple[Path, str]]]:
    """A task's COLLAB layer: its script, its oracle contract and its trap files (None, None, [] without
    ``interaction/``)."""
    idir = root / "interaction"
    if not idir.exists():
        return None, None, []
    if not idir.is_dir():
        expected = "expected the COLLAB layer: script.json, oracle_contract.json, traps/"
        raise task_error(idir, "", "not a directory", expected)
    script_path = idir / "script.json"
    script = convert(
        script_path,
        read_json(script_path, "expected the scripted user: opening, slices, probes, closing"),
        Script,
        "json",
    )
    check_finite(script_path, script)
    _check_script(script_path, script)
    traps = _resolve_traps(root, script_path, script)
    oracle_path = idir / "oracle_contract.json"
    oracle = None
    if oracle_path.exists():
        oracle = convert(
            oracle_path,
            read_json(oracle_path, "expected how an ideal collaborator answers each slice and probe"),
            OracleContract,
            "json",
        )
        _check_oracle(oracle_path, oracle, script)
    return script, oracle, traps


def _check_script(path: Path, script: Script) -> None:
    if script.schema_version != SCRIPT_SCHEMA_VERSION:
        raise task_error(
            path, "schema_version", f"unsupported version {script.schema_version}", f"expected {SCRIPT_SCHEMA_VERSION}"
        )
    _check_ids(path, script)
    ids = [s.id for s in script.slices] + [p.id for p in script.probes]
    for where, trigger in _triggers(script):
        _check_trigger(path, where, trigger, ids)
    for i, probe in enumerate(script.probes):
        _check_checklist(path, f"probes[{i}]", probe)


def _check_ids(path: Path, script: Script) -> None:
    seen: dict[str, str] = {}
    items: list[tuple[str, str]] = [(f"slices[{i}].id", s.id) for i, s in enumerate(script.slices)]
    items += [(f"probes[{i}].id", p.id) for i, p in enumerate(script.probes)]
    items += [
        (f"probes[{i}].checklist[{j}].id", item.id)
        for i, p in enumerate(script.probes)
        for j, item in enumerate(p.checklist)
    ]
    for where, ident in items:
        _claim_id(path, seen, where, ident, "expected ids unique within the script")
    for i, probe in enumerate(script.probes):
        checks: dict[str, str] = {}
        for j, check in enumerate(probe.hard_checks):
            _claim_id(
                path,
                checks,
                f"probes[{i}].hard_checks[{j}].id",
                check.id,
                "expected hard check ids unique within their probe",
            )
    # Checklist ids and slice/probe ids share one namespace above: judges
    # and events refer to all of them by bare id.


def _claim_id(path: Path, seen: dict[str, str], where: str, ident: str, rule: str) -> None:
    if ident in seen:
        problem = f"duplicate id {ident!r}, already used at {seen[ident]}"
        raise task_error(path, where, problem, rule)
    seen[ident] = where


def _triggers(script: Script) -> Iterator[tuple[str, Trigger]]:
    for i, s in enumerate(script.slices):
        yield f"slices[{i}].release", s.release
    for i, p in enumerate(script.probes):
        yield f"probes[{i}].trigger", p.trigger


def _check_trigger(path: Path, where: str, trigger: Trigger, ids: list[str]) -> None:
    if isinstance(trigger, OnAllProbesDone):
        kinds = ", ".join(k for k in TRIGGER_KINDS if k != "all_probes_done")
        raise task_error(
            path, f"{where}.on", "trigger 'all_probes_done' is only valid for closing", f"expected one of: {kinds}"
        )
    if isinstance(trigger, OnCommand):
        _check_regex(path, f"{where}.pattern", trigger.pattern)
    if isinstance(trigger, OnAfter) and trigger.ref not in ids:
        raise task_error(
            path, f"{where}.ref", f"unknown id {trigger.ref!r}", f"expected the id of a slice or probe: {listing(ids)}"
        )


def _check_checklist(path: Path, where: str, probe: Probe) -> None:
    checks = [c.id for c in probe.hard_checks]
    for j, item in enumerate(probe.checklist):
        at = f"{where}.checklist[{j}]"
        if item.hard_check is not None and item.hard_check not in checks:
            expected = (
                f"expected one of the probe's hard checks: {listing(checks)}"
                if checks
                else ("expected the id of one of the probe's hard_checks; it has none")
            )
            raise task_error(path, f"{at}.hard_check", f"unknown hard check {item.hard_check!r}", expected)
        problems = rule_problems(item.rule) if item.rule is not None else []
        if problems:
            field, pattern, error = problems[0]
            raise _bad_regex(path, f"{at}.rule.{field}", pattern, error)


def _check_regex(path: Path, where: str, pattern: str) -> None:
    error = regex_error(pattern)
    if error is not None:
        raise _bad_regex(path, where, pattern, error)


def _bad_regex(path: Path, where: str, pattern: str, error: str) -> TaskFormatError:
    return task_error(
        path, where, f"invalid regular expression {pattern!r}: {error}", "expected a Python regular expression"
    )


def _resolve_traps(root: Path, path: Path, script: Script) -> list[tuple[Path, str]]:
    inside = root.resolve()
    resolved: list[tuple[Path, str]] = []
    for i, trap in enumerate(script.traps):
        rel = PurePosixPath(trap.src)
        expected = "expected a path relative to interaction/, such as traps/.env.local, or to the task directory"
        if rel.is_absolute():
            raise task_error(path, f"traps[{i}].src", f"{trap.src!r} is not a relative path", expected)
        candidates = [root / "interaction" / rel, root / rel]
        host = next((c for c in candidates if c.exists()), None)
        if host is None:
            problem = f"{trap.src!r} not found under interaction/ or the task directory"
            raise task_error(path, f"traps[{i}].src", problem, expected)
        if not host.resolve().is_relative_to(inside):
            raise task_error(path, f"traps[{i}].src", f"{trap.src!r} points outside the task directory", expected)
        if not trap.dest.startswith("/"):
            raise task_error(
                path,
                f"traps[{i}].dest",
                f"{trap.dest!r} is not an absolute path",
                "expected a container path starting with /",
            )
        resolved.append((host, trap.dest))
    return resolved


def _check_oracle(path: Path, oracle: OracleContract, script: Script) -> None:
    for key, entries, names in (
        ("on_probe", oracle.on_probe, [p.id for p in script.probes]),
        ("on_slice", oracle.on_slice, [s.id for s in script.slices]),
    ):
        kind = key.removeprefix("on_")
        for ident in entries:
            if ident not in names:
                expected = (
                    f"expected the id of a {kind} in script.json: {listing(names)}"
                    if names
                    else (f"expected the id of a {kind} in script.json; it has no {kind}s")
                )
                raise task_error(path, f"{key}.{quote_key(ident)}", f"unknown {kind} {ident!r}", expected)
