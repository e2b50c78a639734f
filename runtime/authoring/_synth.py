"""What both synthesis pipelines share: the recorded session, staged JSON answers, prompts, replay.

A synthesis is its own run in the log, on one stream ``<synthesis>.synth``:
``SynthesisStarted``, then per stage the model calls (``SynthesisModelCalled``)
and the parsed answer (``SynthesisStageAnswered``), every file written
(``SynthesisArtifactDrafted``, whole text and SHA-256), every check
(``SynthesisChecked``) and ``SynthesisFinished``.  ``replay`` writes the
files back from the log alone, with no model.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
import string
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

import realcli
from realcli import ConfigError, NotFoundError
from realcli import events as ev
from realcli.eventlog import EventLog
from realcli.models import ModelClient, ModelEndpoint
from realcli.runtime.bus import StreamWriter

__all__ = [
    "PROMPT_VERSION",
    "ReplayResult",
    "SynthesisReport",
    "SynthesisSession",
    "new_synthesis_id",
    "parse_json_object",
    "prompt",
    "replay_synthesis",
    "synth_stream",
]

PROMPT_VERSION: Final = "v1"
_FENCE: Final = re.compile(r"^\s*```(?:json)?\s*\n(.*?)\n?```\s*$", re.DOTALL)
_PARSE_RETRIES: Final = 1


def synth_stream(synthesis_id: str) -> str:
    """The one stream of a synthesis: ``<synthesis>.synth``."""
    return f"{ev.check_token(synthesis_id, 'synthesis id')}.synth"


def new_synthesis_id() -> str:
    """A sortable, unique id: ``synth-<yyyymmdd-hhmmss>-<4 hex>``."""
    return time.strftime("synth-%Y%m%d-%H%M%S", time.gmtime()) + "-" + os.urandom(2).hex()


def prompt(name: str, version: str = PROMPT_VERSION, **values: str) -> str:
    """The prompt file ``prompts/synthesize/<version>/<name>.md`` with ``$placeholders`` filled."""
    source = files("realcli.runtime.authoring").joinpath("prompts", "synthesize", version, f"{name}.md")
    if not source.is_file():
        raise NotFoundError(f"prompt {version}/{name}.md is not shipped with realcli (reinstall it)")
    return string.Template(source.read_text(encoding="utf-8")).safe_substitute(values)


def parse_json_object(text: str) -> tuple[dict[str, Any] | None, list[str]]:
    """The JSON object in a model answer, strictly: ``(object, repair notes)`` or ``(None, [the problem])``.

    Two mechanical repairs, each noted: a Markdown code fence around the
    object is removed, and text before the first ``{`` or after the last
    ``}`` is cut.  Anything else that is not one JSON object is rejected.
    """
    notes = []
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
        notes.append("removed a Markdown code fence around the JSON")
    start, end = body.find("{"), body.rfind("}")
    if start < 0 or end < start:
        return None, [f"the answer holds no JSON object: {one_line(text, 80)!r}"]
    if start > 0 or end < len(body) - 1:
        notes.append("cut text around the JSON object")
        body = body[start : end + 1]
    try:
        data = json.loads(body)
    except ValueError as e:
        return None, [f"the answer is not valid JSON ({e})"]
    if not isinstance(data, dict):
        return None, ["the answer is JSON but not an object"]
    return data, notes


@dataclass
class SynthesisReport:
    """What a synthesis produced and found; ``ok`` when no check reported a problem."""

    synthesis_id: str
    out_dir: Path
    files: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # one line each, naming file and field
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # repairs and rejections of model answers
    checks: dict[str, bool] = field(default_factory=dict)
    calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    duration_sec: float = 0.0
    pilot_run: str = ""

    @property
    def ok(self) -> bool:
        """Whether the synthesis ended without a problem."""
        return not self.problems


class SynthesisSession:
    """One synthesis: its stream writer, its model client and what it has written so far."""

    def __init__(self, log: EventLog, synthesis_id: str, endpoint: ModelEndpoint, out_dir: Path) -> None:
        self.log = log
        self.synthesis_id = synthesis_id
        self.endpoint = endpoint
        self.report = SynthesisReport(synthesis_id=synthesis_id, out_dir=out_dir)
        self._writer: StreamWriter | None = None
        self._client: ModelClient | None = None
        self._started = time.monotonic()
        self._stage = ""

    async def start(self, started: ev.SynthesisStarted, client: ModelClient) -> None:
        """Open the stream (it must be new) and record ``started``."""
        stream = synth_stream(self.synthesis_id)
        if await self.log.stream_version(stream):
            raise ConfigError(f"synthesis {self.synthesis_id!r} already exists in {self.log.url}: pick another id")
        self._writer = StreamWriter(self.log, stream, 0)
        self._client = client
        await self._writer.append(started)

    @property
    def writer(self) -> StreamWriter:
        """The synthesis stream's writer; raises ``RuntimeError`` before the session has started."""
        if self._writer is None:
            raise RuntimeError("the synthesis session was not started")
        return self._writer

    async def _on_call(self, call: ev.ModelCalled) -> None:
        self.report.calls += 1
        self.report.tokens_in += call.tokens_in
        self.report.tokens_out += call.tokens_out
        await self.writer.append(
            ev.SynthesisModelCalled(
                stage=self._stage,
                call_id=call.call_id,
                provider=call.provider,
                model=call.model,
                endpoint=call.endpoint,
                status=call.status,
                tokens_in=call.tokens_in,
                tokens_out=call.tokens_out,
                latency_sec=call.latency_sec,
                cost_usd=call.cost_usd,
                attempt=call.attempt,
                error=call.error,
                request=call.request,
                response=call.response,
            )
        )

    async def ask(
        self, stage: str, user_prompt: str, *, schema: Mapping[str, Any] | None = None, system: str = ""
    ) -> dict[str, Any] | None:
        """One stage: the model's JSON answer, parsed strictly (one retry with the problem), or None.

        Every call is recorded; so is the outcome (``SynthesisStageAnswered``).
        """
        if self._client is None:
            raise RuntimeError("the synthesis session was not started")
        self._stage = stage
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": system or prompt("system")},
            {"role": "user", "content": user_prompt},
        ]
        fmt = (
            {"type": "json_schema", "json_schema": {"name": stage.split(":")[0], "schema": schema}} if schema else None
        )
        notes: list[str] = []
        for attempt in range(_PARSE_RETRIES + 1):
            result = await self._client.chat(messages, purpose="agent", on_call=self._on_call, response_format=fmt)
            data, found = parse_json_object(result.text)
            notes += [f"{stage}: {n}" for n in found]
            if data is not None:
                await self.answered(stage, True, notes, data)
                return data
            if attempt < _PARSE_RETRIES:
                messages += [
                    result.as_message(),
                    {
                        "role": "user",
                        "content": f"That answer cannot be used: {found[0]}. Answer again with only "
                        "the JSON object asked for.",
                    },
                ]
        await self.answered(stage, False, [*notes, f"{stage}: no usable answer; the stage is rejected"], None)
        return None

    async def answered(self, stage: str, accepted: bool, notes: Sequence[str], data: object) -> None:
        """Record a stage's outcome (also for repairs decided after parsing)."""
        self.report.notes += list(notes)
        text = json.dumps(data, ensure_ascii=False, sort_keys=True) if data is not None else ""
        await self.writer.append(
            ev.SynthesisStageAnswered(stage=stage, accepted=accepted, notes=list(notes), answer=text)
        )

    async def write(self, rel: str, text: str, *, stage: str, executable: bool = False) -> None:
        """Write a file under the output directory and record it whole."""
        path = self.report.out_dir / rel
        _write_file(path, text, executable)
        if rel not in self.report.files:  # a file written again (task.toml with its proxies) is listed once
            self.report.files.append(rel)
        digest = hashlib.sha256(text.encode()).hexdigest()
        await self.writer.append(
            ev.SynthesisArtifactDrafted(path=rel, sha256=digest, text=text, stage=stage, executable=executable)
        )

    async def checked(
        self, check: str, problems: Sequence[str], warnings: Sequence[str] = (), run_id: str = ""
    ) -> None:
        """Record one check; its problems and warnings go into the report."""
        self.report.problems += list(problems)
        self.report.warnings += list(warnings)
        self.report.checks[check] = not problems
        await self.writer.append(
            ev.SynthesisChecked(
                check=check, passed=not problems, problems=list(problems), warnings=list(warnings), run_id=run_id
            )
        )

    async def finish(self, status: str, detail: str = "") -> None:
        """Record ``SynthesisFinished`` with the session's status and totals (shielded: it lands
        even when cancelled)."""
        self.report.duration_sec = time.monotonic() - self._started
        if self._writer is None:
            return
        r = self.report
        await self._writer.append_shielded(
            ev.SynthesisFinished(
                synthesis_id=self.synthesis_id,
                status="passed" if status == "passed" else ("interrupted" if status == "interrupted" else "failed"),
                files=len(r.files),
                problems=len(r.problems),
                calls=r.calls,
                tokens_in=r.tokens_in,
                tokens_out=r.tokens_out,
                duration_sec=r.duration_sec,
                detail=detail,
            )
        )


def started_event(
    synthesis_id: str,
    kind: str,
    target: str,
    endpoint: ModelEndpoint,
    out_dir: Path,
    *,
    pattern: str = "",
    base_digest: str = "",
    catalog_version: str = "",
    source_log: str = "",
    source_sha256: str = "",
) -> ev.SynthesisStarted:
    """The ``SynthesisStarted`` of a pipeline (never a key: ``describe()`` leaves it out)."""
    return ev.SynthesisStarted(
        synthesis_id=synthesis_id,
        kind="layer" if kind == "layer" else ("align" if kind == "align" else "task"),
        target=target,
        prompt_version=PROMPT_VERSION,
        model=endpoint.model,
        endpoint=endpoint.public_url,
        params=endpoint.describe(),
        out_dir=str(out_dir.resolve()),
        realcli_version=realcli.__version__,
        pattern=pattern,
        base_digest=base_digest,
        catalog_version=catalog_version,
        source_log=source_log,
        source_sha256=source_sha256,
    )


def _write_file(path: Path, text: str, executable: bool) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    if executable:
        path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def prepare_out(base: Path | None, out: Path, *, force: bool, keep: Sequence[str] = ()) -> None:
    """Copy the base task to ``out`` (when they differ) without its ``interaction/``."""
    if base is not None and base.resolve() != out.resolve():
        if out.exists() and any(out.iterdir()) and not force:
            raise ConfigError(f"--out {out} exists and is not empty: pick a new folder or pass --force")
        shutil.copytree(base, out, dirs_exist_ok=True, ignore=shutil.ignore_patterns("interaction", *keep))
    out.mkdir(parents=True, exist_ok=True)


def fresh_dir(out: Path, *, force: bool) -> None:
    """Create ``out``; one that exists and holds files needs ``force``."""
    if out.exists() and any(out.iterdir()) and not force:
        raise ConfigError(f"--out {out} exists and is not empty: pick a new folder or pass --force")
    out.mkdir(parents=True, exist_ok=True)


@dataclass
class ReplayResult:
    """What replaying a recorded synthesis wrote: its start, the files, and its end when it had one."""

    started: ev.SynthesisStarted
    files: list[str]
    finished: ev.SynthesisFinished | None


async def replay_synthesis(
    log: EventLog, synthesis_id: str, out: Path, *, base: Path | None = None, force: bool = False
) -> ReplayResult:
    """Write the files of a recorded synthesis into ``out``, from the log alone (no model).

    For a layer synthesis the base task (``base``, else the one recorded)
    is copied first; every drafted file is then written with the recorded
    text, and its SHA-256 checked against the record.
    """
    stream = synth_stream(synthesis_id)
    started: ev.SynthesisStarted | None = None
    finished: ev.SynthesisFinished | None = None
    drafted: dict[str, ev.SynthesisArtifactDrafted] = {}
    async for rec in log.read(stream):
        match rec.event:
            case ev.SynthesisStarted():
                started = rec.event
            case ev.SynthesisArtifactDrafted():
                drafted[rec.event.path] = rec.event
            case ev.SynthesisFinished():
                finished = rec.event
    if started is None:
        known = [r for r in await log.runs() if r.startswith("synth")]
        hint = f"known syntheses: {', '.join(known[-5:])}" if known else "the log has no synthesis"
        raise NotFoundError(f"synthesis {synthesis_id!r} is not in {log.url} ({hint})")
    if started.kind == "layer":
        source = base or Path(started.out_dir)
        if not (source / "instruction.md").is_file():
            raise NotFoundError(
                f"synthesis {synthesis_id}: base task {source} is gone; pass the base task directory to replay onto"
            )
        if (out / "interaction").exists() and not force:
            raise ConfigError(f"{out / 'interaction'} exists: pass --force to overwrite it")
        prepare_out(source, out, force=force)
    else:
        fresh_dir(out, force=force)
    for rel, art in sorted(drafted.items()):
        if hashlib.sha256(art.text.encode()).hexdigest() != art.sha256:
            raise ConfigError(f"synthesis {synthesis_id}: the recorded {rel} does not match its SHA-256")
        _write_file(out / rel, art.text, art.executable)
    return ReplayResult(started=started, files=sorted(drafted), finished=finished)


def one_line(text: str, limit: int) -> str:
    """``text`` on one line (white space folded), cut to ``limit`` characters with ``...``: for messages."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."
