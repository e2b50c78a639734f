"""``realcli synthesize task --from-log FILE``: a base task drafted from a recorded terminal session.

The paper's first pipeline starts from real CLI logs: the log is compressed
into the goal and the failure signals, and a base task is built from them.
Here:

1. ``session`` (no model): the recording is parsed (``_session``), secrets
   are scrubbed from it, and what the parser found is recorded as a
   ``SynthesisStageAnswered`` (commands, outputs, times, working directories,
   failures and retries);
2. ``log-digest`` (model): the goal, the inputs, the steps that mattered,
   the failures and how they were recovered, the checks that show success;
3. ``task-base`` (model): the task, from the digest and the session (the
   starting files rebuilt from what the session shows);

then the stages and checks of every drafted task (``_synth_task``):
solution, tests, mutants, load, alignment and the Docker pilot.  The task's
``[metadata.origin]`` says where it came from: ``kind = "session"``, the
file's name, format and SHA-256, its timing file, and the synthesis.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from realcli.eventlog import EventLog
from realcli.models import ModelEndpoint, known_secrets, redact
from realcli.runtime.authoring._session import Session, SessionCommand, parse_session, render_session
from realcli.runtime.authoring._synth import SynthesisReport, SynthesisSession, prompt
from realcli.runtime.authoring._synth_task import BASE_SCHEMA, TaskOptions, draft_task
from realcli.scripts_catalog import Catalog

__all__ = ["LogSource", "scrub_session", "synthesize_task_from_log"]

_MAX_RECORDED_OUTPUT: Final = 2000  # characters of one command's output kept in the session's event
_DIGEST_SCHEMA: Final = {
    "type": "object",
    "properties": {
        "goal": {"type": "string", "maxLength": 600},
        "inputs": {"type": "array", "maxItems": 12, "items": {"type": "string", "maxLength": 300}},
        "steps": {"type": "array", "maxItems": 20, "items": {"type": "string", "maxLength": 300}},
        "failures": {"type": "array", "maxItems": 12, "items": {"type": "string", "maxLength": 300}},
        "checks": {"type": "array", "maxItems": 12, "items": {"type": "string", "maxLength": 300}},
    },
    "required": ["goal", "inputs", "steps", "failures", "checks"],
}
# Credentials as a session shows them: `export GITHUB_TOKEN=...`, `--password hunter2`, key shapes.
_ASSIGNED: Final = re.compile(
    r"(?i)\b([A-Z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|ACCESS_KEY)[A-Z0-9_]*=)(['\"]?)[^\s'\"]+"
)
_FLAGGED: Final = re.compile(r"(?i)(--?(?:password|passwd|token|secret|api-key)[= ])(['\"]?)[^\s'\"]+")
_SHAPES: Final = re.compile(
    r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|AKIA[0-9A-Z]{16}|xox[abprs]-[A-Za-z0-9-]{10,}|"
    r"glpat-[A-Za-z0-9_-]{20,})\b"
)
_PRIVATE_KEY: Final = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?(?:-----END [A-Z ]*PRIVATE KEY-----|\Z)", re.S)


def scrub_session(session: Session) -> Session:
    """The session with credentials it shows replaced by ``[REDACTED]`` (before a model or the log sees it):
    the host's known secrets, credential headers and key shapes (``realcli.models.redact``), secret
    variables and options (``export API_TOKEN=...``, ``--password x``) and private key blocks."""
    secrets = known_secrets()
    return replace(
        session,
        commands=tuple(
            replace(c, text=_scrub(c.text, secrets), output=_scrub(c.output, secrets)) for c in session.commands
        ),
    )


def _scrub(text: str, secrets: frozenset[str]) -> str:
    text = redact(text, secrets)
    text = _ASSIGNED.sub(r"\1\2[REDACTED]", text)
    text = _FLAGGED.sub(r"\1\2[REDACTED]", text)
    text = _SHAPES.sub("[REDACTED]", text)
    return _PRIVATE_KEY.sub("[REDACTED PRIVATE KEY]", text)


@dataclass(frozen=True)
class LogSource:
    """A recorded session as the source of a drafted base task."""

    session: Session
    tags: tuple[str, ...] = ("synthesized", "from-session")

    def started_fields(self) -> dict[str, str]:
        return {"source_log": self.session.source, "source_sha256": self.session.sha256}

    async def base_answer(self, session: SynthesisSession) -> dict[str, Any] | None:
        recorded = _recorded(self.session)
        notes = [f"session: {n}" for n in self.session.notes]
        await session.answered("session", True, notes, recorded)
        text = render_session(self.session)
        digest = await session.ask("log-digest", prompt("log_digest", session=text), schema=_DIGEST_SCHEMA)
        summary = _digest_text(digest) if digest else "(no digest: read the session itself)"
        return await session.ask("task-base", prompt("task_base_log", digest=summary, session=text), schema=BASE_SCHEMA)

    def origin(self, synthesis_id: str) -> dict[str, str | int]:
        s = self.session
        table: dict[str, str | int] = {"kind": "session", "file": s.source, "format": s.format, "sha256": s.sha256}
        if s.timing:
            table["timing"] = s.timing
        return {**table, "commands": len(s.commands), "synthesis": synthesis_id}


def _recorded(session: Session) -> dict[str, object]:
    """The parsed session as the log keeps it (outputs clipped; the file's SHA-256 names the whole)."""
    clipped = replace(session, commands=tuple(_clip(c) for c in session.commands))
    return clipped.to_builtins()


def _clip(command: SessionCommand) -> SessionCommand:
    if len(command.output) <= _MAX_RECORDED_OUTPUT:
        return command
    return replace(command, output=command.output[:_MAX_RECORDED_OUTPUT] + "\n[... clipped]")


def _digest_text(digest: dict[str, Any]) -> str:
    parts = [f"Goal: {digest.get('goal', '')}"]
    for key in ("inputs", "steps", "failures", "checks"):
        items = [str(x) for x in digest.get(key) or [] if str(x).strip()]
        if items:
            parts.append(f"{key.capitalize()}:\n" + "\n".join(f"- {x}" for x in items))
    return "\n".join(parts)


async def synthesize_task_from_log(
    log: EventLog,
    recording: Path,
    *,
    out: Path,
    endpoint: ModelEndpoint,
    catalog: Catalog,
    synthesis_id: str,
    options: TaskOptions | None = None,
    timing: Path | None = None,
) -> SynthesisReport:
    """Draft a base task into ``out`` from the recorded session ``recording`` (its ``timing`` file for a
    typescript), then check it as every drafted task is checked.  A file that is no session is a
    ``ConfigError`` raised before anything is written."""
    session = scrub_session(parse_session(recording, timing=timing))
    return await draft_task(
        log,
        LogSource(session),
        out=out,
        endpoint=endpoint,
        catalog=catalog,
        synthesis_id=synthesis_id,
        options=options or TaskOptions(),
    )


def session_json(session: Session) -> str:
    """The parsed session as JSON (``realcli synthesize task --from-log FILE --parse-only``)."""
    return json.dumps(session.to_builtins(), indent=2, ensure_ascii=False)
