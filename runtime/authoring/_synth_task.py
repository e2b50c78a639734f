"""``realcli synthesize task``: a model drafts a base task from a one-paragraph pattern, then it is checked.

Stages (one model call each, JSON answers): ``task-base`` (id, category,
instruction, starting files), ``task-solution`` (``solution/solve.sh``),
``task-tests`` (``tests/test_task.py``, pytest) and ``task-mutants``
(``solution/mutants/*.sh``).  The rest is written mechanically: ``task.toml``
with ``allow_internet = false`` and ``[metadata.origin]`` (where the task came
from), ``environment/Dockerfile`` FROM a local base image, ``tests/test.sh``
(pytest with a CTRF report, then ``/logs/verifier/reward.txt``), and at the
end ``[metadata.proxies]`` (``_proxies``).  The base stage comes from a
``TaskSource``: a pattern here, a recorded session in ``_synth_log``.
Checks: the task loads, alignment, and the EXEC pilot (``validate``: the
oracle passes, the no-op and the parrot fail, every mutant is rejected).
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Final, Protocol

import anyio

from realcli import ConfigError
from realcli.eventlog import EventLog
from realcli.models import ModelClient, ModelEndpoint
from realcli.runtime.authoring._proxies import difficulty_proxies, with_proxies
from realcli.runtime.authoring._synth import SynthesisReport, SynthesisSession, fresh_dir, prompt, started_event
from realcli.runtime.authoring._synth_check import check_draft
from realcli.scripts_catalog import Catalog
from realcli.taskformat import TaskEnv

__all__ = [
    "BASE_IMAGE",
    "BASE_SCHEMA",
    "TEST_SH",
    "PatternSource",
    "TaskOptions",
    "TaskSource",
    "draft_task",
    "synthesize_task",
]

# The verifier is pytest, so the image must have it: the local Python base image does.
BASE_IMAGE: Final = "realcli/python:bookworm"
TEST_SH: Final = """#!/bin/bash
# Verifier: pytest over /tests/test_*.py; reward 1 only if every test passes.
mkdir -p /logs/verifier
cd /tests || exit 1
python3 -m pytest -q -p no:cacheprovider --ctrf /logs/verifier/ctrf.json /tests/test_*.py -rA
if [ $? -eq 0 ]; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
"""
_SLUG: Final = re.compile(r"[^a-z0-9]+")
_MAX_FILES: Final = 20
_MAX_MUTANTS: Final = 4


@dataclass(frozen=True)
class TaskOptions:
    """How ``synthesize`` drafts a task: whether to pilot it with validate, to overwrite, and the pilot's concurrency
    and host variables."""

    pilot: bool = True
    force: bool = False
    concurrency: int = 4
    task_env: TaskEnv = field(default_factory=TaskEnv)  # the host variables the pilot's trials may read


@dataclass
class _Draft:
    task_id: str = ""
    instruction: str = ""
    files: tuple[tuple[str, str], ...] = ()
    solution: str = ""
    tests: str = ""


class TaskSource(Protocol):
    """Where a drafted base task comes from: a pattern, or a recorded session (``_synth_log``)."""

    @property
    def tags(self) -> tuple[str, ...]:
        """The drafted task's ``[metadata] tags``."""
        ...

    def started_fields(self) -> dict[str, str]:
        """Its fields of ``SynthesisStarted`` (``pattern``, or ``source_log`` and ``source_sha256``)."""
        ...

    async def base_answer(self, session: SynthesisSession) -> dict[str, Any] | None:
        """Run the stage(s) that end in the ``task-base`` answer (its JSON object, or None)."""
        ...

    def origin(self, synthesis_id: str) -> dict[str, str | int]:
        """The drafted task's ``[metadata.origin]`` table."""
        ...


@dataclass(frozen=True)
class PatternSource:
    """A one-paragraph pattern of CLI work (``synthesize task PATTERN``)."""

    pattern: str
    tags: tuple[str, ...] = ("synthesized",)

    def started_fields(self) -> dict[str, str]:
        return {"pattern": self.pattern}

    async def base_answer(self, session: SynthesisSession) -> dict[str, Any] | None:
        return await session.ask("task-base", prompt("task_base", pattern=self.pattern), schema=BASE_SCHEMA)

    def origin(self, synthesis_id: str) -> dict[str, str | int]:
        return {"kind": "pattern", "synthesis": synthesis_id}


async def synthesize_task(
    log: EventLog,
    pattern: str,
    *,
    out: Path,
    endpoint: ModelEndpoint,
    catalog: Catalog,
    synthesis_id: str,
    options: TaskOptions = TaskOptions(),
) -> SynthesisReport:
    """Draft a base task for ``pattern`` into ``out``, then check it."""
    if not pattern.strip():
        raise ConfigError("the pattern is empty: describe the CLI work in one paragraph")
    return await draft_task(
        log,
        PatternSource(pattern),
        out=out,
        endpoint=endpoint,
        catalog=catalog,
        synthesis_id=synthesis_id,
        options=options,
    )


async def draft_task(
    log: EventLog,
    source: TaskSource,
    *,
    out: Path,
    endpoint: ModelEndpoint,
    catalog: Catalog,
    synthesis_id: str,
    options: TaskOptions = TaskOptions(),
) -> SynthesisReport:
    """Draft a base task from ``source`` into ``out`` (recorded as a synthesis), then check it."""
    fresh_dir(out, force=options.force)
    session = SynthesisSession(log, synthesis_id, endpoint, out)
    started = started_event(
        synthesis_id,
        "task",
        out.name,
        endpoint,
        out,
        catalog_version=catalog.info().version,
        **source.started_fields(),
    )
    status = "failed"
    try:
        async with ModelClient(endpoint) as client:
            await session.start(started, client)
            drafted = await _draft(session, source)
        if drafted:
            await check_draft(
                session,
                out,
                catalog,
                pilot=options.pilot,
                concurrency=options.concurrency,
                task_env=options.task_env,
                judged=False,
            )
        status = "passed" if session.report.ok else "failed"
    except anyio.get_cancelled_exc_class():
        status = "interrupted"
        raise
    finally:
        await session.finish(status, "; ".join(session.report.problems[:3]))
    return session.report


async def _draft(session: SynthesisSession, source: TaskSource) -> bool:
    draft = _Draft()
    if not await _base(session, draft, source):
        return False
    if not await _solution(session, draft):
        return False
    if not await _tests(session, draft):
        return False
    await _mutants(session, draft)
    await _proxies(session)
    return True


# ----------------------------------------------------------------------- base

BASE_SCHEMA: Final = {
    "type": "object",
    "properties": {
        "task_id": {"type": "string", "maxLength": 60},
        "category": {"type": "string", "maxLength": 60},
        "subdomain": {"type": "string", "maxLength": 60},
        "instruction": {"type": "string", "maxLength": 6000},
        "files": {
            "type": "array",
            "maxItems": _MAX_FILES,
            "items": {
                "type": "object",
                "properties": {"path": {"type": "string", "maxLength": 200}, "content": {"type": "string"}},
                "required": ["path", "content"],
            },
        },
        "setup": {"type": "array", "maxItems": 5, "items": {"type": "string", "maxLength": 300}},
    },
    "required": ["task_id", "category", "subdomain", "instruction", "files", "setup"],
}


async def _base(session: SynthesisSession, draft: _Draft, source: TaskSource) -> bool:
    data = await source.base_answer(session)
    notes: list[str] = []
    instruction = _string(data, "instruction") if data else ""
    if not instruction.strip():
        session.report.problems.append("instruction.md: the model gave no instruction (see the notes)")
        await session.answered("task-base:repaired", False, ["task-base: no instruction; the stage is rejected"], None)
        return False
    draft.task_id = _slug(_string(data, "task_id"), "synthesized-task", "task_id", notes)
    category = _slug(_string(data, "category"), "uncategorized", "category", notes)
    subdomain = _slug(_string(data, "subdomain"), "general", "subdomain", notes)
    draft.instruction = instruction.strip() + "\n"
    draft.files = _files(data.get("files") if data else None, notes)
    setup = [s.strip() for s in (data or {}).get("setup") or [] if isinstance(s, str) and s.strip()]
    await session.answered("task-base:repaired", True, notes, {"task_id": draft.task_id, "files": len(draft.files)})
    toml = _task_toml(category, subdomain, source.tags, source.origin(session.synthesis_id))
    await session.write("task.toml", toml, stage="task-base")
    await session.write("instruction.md", draft.instruction, stage="task-base")
    await session.write("environment/Dockerfile", _dockerfile(draft.files, setup), stage="task-base")
    for rel, content in draft.files:
        await session.write(f"environment/files/{rel}", content, stage="task-base")
    return True


def _slug(value: str, default: str, name: str, notes: list[str]) -> str:
    slug = _SLUG.sub("-", value.lower()).strip("-")[:50]
    if slug != value:
        notes.append(f"task-base.{name}: {value!r} is not a slug; {slug or default!r} used")
    return slug or default


def _files(raw: object, notes: list[str]) -> tuple[tuple[str, str], ...]:
    out: dict[str, str] = {}
    for k, item in enumerate(raw if isinstance(raw, list) else []):
        path = _string(item, "path") if isinstance(item, dict) else ""
        content = _string(item, "content") if isinstance(item, dict) else ""
        rel = PurePosixPath(path.strip().removeprefix("/app/").lstrip("/"))
        if not path.strip() or ".." in rel.parts or str(rel) in ("", "."):
            notes.append(f"task-base.files[{k}].path: {path!r} is not a relative path inside /app; dropped")
            continue
        if len(out) >= _MAX_FILES:
            notes.append(f"task-base.files[{k}]: more than {_MAX_FILES} files; dropped")
            continue
        out[str(rel)] = content if content.endswith("\n") or not content else content + "\n"
    return tuple(out.items())


def _task_toml(category: str, subdomain: str, tags: Sequence[str], origin: Mapping[str, str | int]) -> str:
    table = "".join(f"{key} = {json.dumps(value, ensure_ascii=False)}\n" for key, value in origin.items())
    return (
        'version = "1.0"\n\n[metadata]\n'
        f'category = "{category}"\nsubdomain = "{subdomain}"\ndifficulty = "medium"\n'
        f"tags = {json.dumps(list(tags))}\n\n"
        f"[metadata.origin]\n{table}\n"
        "[verifier]\ntimeout_sec = 120\n\n"
        '[environment]\ncpus = 1\nmemory_mb = 1024\nallow_internet = false\nworkdir = "/app"\n'
    )


def _dockerfile(files: tuple[tuple[str, str], ...], setup: list[str]) -> str:
    lines = [f"FROM {BASE_IMAGE}", "", "WORKDIR /app"]
    if files:
        lines.append("COPY files/ /app/")
    lines += [f"RUN {command}" for command in setup]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------- solution


async def _solution(session: SynthesisSession, draft: _Draft) -> bool:
    listing = "\n".join(f"--- {rel}\n{content}" for rel, content in draft.files) or "(none)"
    schema = {"type": "object", "properties": {"solve_sh": {"type": "string"}}, "required": ["solve_sh"]}
    data = await session.ask(
        "task-solution", prompt("task_solution", instruction=draft.instruction, files=listing), schema=schema
    )
    script = _script(_string(data, "solve_sh") if data else "", "task-solution.solve_sh", session.report.notes)
    if not script:
        session.report.problems.append("solution/solve.sh: the model gave no solution (see the notes)")
        return False
    draft.solution = script
    await session.write("solution/solve.sh", script, stage="task-solution", executable=True)
    return True


def _script(text: str, where: str, notes: list[str]) -> str:
    body = text.strip()
    if not body:
        return ""
    if not body.startswith("#!"):
        notes.append(f"{where}: no shebang; '#!/bin/bash' added")
        body = "#!/bin/bash\n" + body
    return body + "\n"


# ---------------------------------------------------------------------- tests


async def _tests(session: SynthesisSession, draft: _Draft) -> bool:
    schema = {"type": "object", "properties": {"tests_py": {"type": "string"}}, "required": ["tests_py"]}
    text = prompt("task_tests", instruction=draft.instruction, solution=draft.solution)
    data = await session.ask("task-tests", text, schema=schema)
    source = (_string(data, "tests_py") if data else "").strip()
    problem = _pytest_problem(source)
    if problem:
        session.report.problems.append(f"tests/test_task.py: {problem}")
        await session.answered("task-tests:repaired", False, [f"task-tests.tests_py: {problem}; rejected"], None)
        return False
    draft.tests = source + "\n"
    await session.write("tests/test_task.py", draft.tests, stage="task-tests")
    await session.write("tests/test.sh", TEST_SH, stage="task-tests", executable=True)
    return True


def _pytest_problem(source: str) -> str | None:
    if not source:
        return "the model gave no test file"
    try:
        tree = ast.parse(source)
    except SyntaxError as e:
        return f"not valid Python (line {e.lineno}: {e.msg})"
    if not any(isinstance(n, ast.FunctionDef) and n.name.startswith("test") for n in ast.walk(tree)):
        return "no test_* function: pytest would collect nothing"
    return None


# -------------------------------------------------------------------- mutants


async def _mutants(session: SynthesisSession, draft: _Draft) -> None:
    schema = {
        "type": "object",
        "properties": {
            "mutants": {
                "type": "array",
                "maxItems": _MAX_MUTANTS,
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string", "maxLength": 60},
                        "mistake": {"type": "string", "maxLength": 300},
                        "script": {"type": "string"},
                    },
                    "required": ["name", "mistake", "script"],
                },
            }
        },
        "required": ["mutants"],
    }
    text = prompt("task_mutants", instruction=draft.instruction, solution=draft.solution, tests=draft.tests)
    data = await session.ask("task-mutants", text, schema=schema)
    notes: list[str] = []
    written: list[str] = []
    raw = data.get("mutants") if data else None
    for k, item in enumerate(raw if isinstance(raw, list) else []):
        if not isinstance(item, Mapping):
            notes.append(f"task-mutants.mutants[{k}]: not an object; dropped")
            continue
        name = _SLUG.sub("-", _string(item, "name").lower()).strip("-") or f"mutant-{k + 1}"
        mistake = " ".join(_string(item, "mistake").split()) or "a plausible wrong solution"
        body = _script(_string(item, "script"), f"task-mutants.mutants[{k}].script", notes)
        if not body or name in written or len(written) >= _MAX_MUTANTS:
            notes.append(f"task-mutants.mutants[{k}]: empty, repeated or one too many; dropped")
            continue
        shebang, _, rest = body.partition("\n")
        await session.write(
            f"solution/mutants/{name}.sh", f"{shebang}\n# {mistake}\n{rest}", stage="task-mutants", executable=True
        )
        written.append(name)
    await session.answered("task-mutants:repaired", bool(written), notes, written)


async def _proxies(session: SynthesisSession) -> None:
    """The drafted task's difficulty proxies into its task.toml (recorded again, whole: replay keeps the last)."""
    root = session.report.out_dir
    text = (root / "task.toml").read_text(encoding="utf-8")
    await session.write("task.toml", with_proxies(text, difficulty_proxies(root)), stage="proxies")


def _string(data: Mapping[str, Any] | None, key: str) -> str:
    value = data.get(key) if data else None
    return value if isinstance(value, str) else ""
