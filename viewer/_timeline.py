"""One trial's events as timeline entries: what a person reading the conversation needs of each.

Pure functions over ``RecordedEvent``s.  Every entry carries the event's log
position (``pos``: the pagination cursor and the live feed's resume point),
its stream (``actor``) and version there (``v``: how to fetch it whole), its
id (``msg:<id>`` evidence refs point at it) and its type; the rest depends
on the type.  Command output is clipped for the page (head and tail,
``CLIP_BYTES`` each); the whole kept output is one request away.
"""

from __future__ import annotations

from typing import Any, Final

from realcli import events as ev

__all__ = ["CLIP_CHARS", "entry", "output_json"]

CLIP_CHARS: Final = 6000
"""Characters of command output kept at each end of a clipped output on a timeline page."""

Json = dict[str, Any]


def output_json(out: ev.Output, *, clip: int | None = CLIP_CHARS) -> Json:
    """A captured output: its text (clipped to head and tail for the page) and how much the sandbox kept."""
    text = out.text
    clipped = clip is not None and len(text) > 2 * clip
    if clipped:
        assert clip is not None
        text = text[:clip] + "\n" + text[-clip:]
    return {
        "text": text,
        "total_bytes": out.total_bytes,
        "kept_bytes": out.kept_bytes,
        "truncated": out.truncated,  # the sandbox kept only the head and tail
        "clipped": clipped,  # the page shows only the head and tail of what was kept
        "chars": len(out.text),
    }


def _command(event: ev.CommandRequested | ev.CommandStarted) -> Json:
    return {"command_id": event.command_id, "command": event.command, "purpose": event.purpose}


def _finished(event: ev.CommandFinished, clip: int | None) -> Json:
    return {
        "command_id": event.command_id,
        "purpose": event.purpose,
        "exit_code": event.exit_code,
        "duration_sec": round(event.duration_sec, 3),
        "timed_out": event.timed_out,
        "stdout": output_json(event.stdout, clip=clip),
        "stderr": output_json(event.stderr, clip=clip),
    }


def _model(event: ev.ModelCalled) -> Json:
    return {
        "purpose": event.purpose,
        "provider": event.provider,
        "model": event.model,
        "status": event.status,
        "tokens_in": event.tokens_in,
        "tokens_out": event.tokens_out,
        "latency_sec": round(event.latency_sec, 3),
        "cost_usd": event.cost_usd,
        "attempt": event.attempt,
        "error": event.error,
    }


def _evidence(event: ev.EvidenceSnapshotted, clip: int | None) -> Json:
    files = []
    for f in event.files:
        content = f.content
        clipped = clip is not None and len(content) > 2 * clip
        if clipped:
            assert clip is not None
            content = content[:clip] + "\n" + content[-clip:]
        files.append(
            {
                "path": f.path,
                "exists": f.exists,
                "size": f.size,
                "truncated": f.truncated,
                "clipped": clipped,
                "sha256": f.sha256,
                "content": content,
            }
        )
    return {"files": files, "listing": output_json(event.listing, clip=clip), "image": event.image}


def _body(event: ev.DecodedEvent, clip: int | None) -> Json:
    match event:
        case ev.UserMessaged():
            return {"kind": event.kind, "text": event.text, "ref": event.ref}
        case ev.AgentMessaged():
            return {"text": event.text, "question": event.question, "claims_done": event.claims_done}
        case ev.CommandRequested() | ev.CommandStarted():
            return _command(event)
        case ev.CommandFinished():
            return _finished(event, clip)
        case ev.ModelCalled():
            return _model(event)
        case ev.SliceReleased():
            return {
                "slice_id": event.slice_id,
                "trigger": event.trigger,
                "matched": event.matched,
                "paraphrased": event.paraphrased,
            }
        case ev.ProbeFired():
            return {"probe_id": event.probe_id, "template": event.template, "trigger": event.trigger}
        case ev.ProbeNotFired():
            return {"probe_id": event.probe_id, "template": event.template, "reason": event.reason}
        case ev.SliceNotReleased():
            return {"slice_id": event.slice_id, "reason": event.reason}
        case ev.AgentTurnTaken():
            return {"turn": event.turn, "commands": event.commands}
        case ev.AgentYielded():
            return {"turn": event.turn, "claims_done": event.claims_done, "question_pending": event.question_pending}
        case ev.AgentStopped():
            return {"reason": event.reason, "detail": event.detail}
        case ev.UserFinished():
            return {"reason": event.reason}
        case ev.TrialStarted():
            return {
                "mode": event.mode,
                "attempt": event.attempt,
                "agent": event.agent.name,
                "model": event.agent.model,
                "image": event.image,
                "worker": event.worker,
            }
        case ev.TrialFinished():
            return {
                "reason": event.reason,
                "cause": event.cause,
                "detail": event.detail,
                "turns": event.turns,
                "duration_sec": round(event.duration_sec, 3),
            }
        case ev.HardCheckFinished():
            return {
                "probe_id": event.probe_id,
                "check_id": event.check_id,
                "command": event.command,
                "exit_code": event.exit_code,
                "expect_exit": event.expect_exit,
                "passed": event.passed,
                "output": output_json(event.output, clip=clip),
            }
        case ev.VerifierFinished():
            return {
                "reward": event.reward,
                "exit_code": event.exit_code,
                "error": event.error,
                "timed_out": event.timed_out,
                "checks": len(event.checks),
                "duration_sec": round(event.duration_sec, 3),
                "tampered": event.tampered,
                "no_reward": event.no_reward,
            }
        case ev.VerifierPrepared():
            return {
                "stopped": list(event.stopped),
                "reset": event.reset,
                "checked": event.checked,
                "tampering": [
                    {"path": f.path, "change": f.change, "rule": f.rule, "detail": f.detail} for f in event.tampering
                ],
                "discarded": [c.path for c in event.discarded],
                "duration_sec": round(event.duration_sec, 3),
            }
        case ev.EvidenceSnapshotted():
            return _evidence(event, clip)
        case _:
            return _minor(event)


def _minor(event: ev.DecodedEvent) -> Json:
    """Harness events a reader sees as one-line markers."""
    match event:
        case ev.ImageBuilt():
            return {"image": event.image, "cached": event.cached, "duration_sec": round(event.duration_sec, 3)}
        case ev.SandboxCreated():
            return {"image": event.image, "network": event.network, "cpus": event.cpus, "memory_mb": event.memory_mb}
        case ev.SandboxRemoved():
            return {"reason": event.reason}
        case ev.SandboxReset():
            return {"reason": event.reason, "processes": event.processes}
        case ev.ContextSummarized():
            return {
                "turn": event.turn,
                "trigger": event.trigger,
                "messages_before": event.messages_before,
                "messages_after": event.messages_after,
                "tokens_before": event.tokens_before,
                "context_tokens": event.context_tokens,
                "summary": event.summary,
            }
        case ev.FilesCopied():
            return {"direction": event.direction, "src": event.src, "dest": event.dest, "purpose": event.purpose}
        case ev.SnapshotRequested():
            return {"paths": list(event.paths)}
        case ev.VerificationRequested():
            return {"timeout_sec": event.timeout_sec}
        case ev.UnknownEvent():
            return {"unknown_type": event.type}
        case _:
            return {}


def entry(rec: ev.RecordedEvent, *, clip: int | None = CLIP_CHARS) -> Json:
    """The timeline entry of one recorded trial event (``clip=None``: outputs whole)."""
    event = rec.event
    head: Json = {
        "pos": rec.position,
        "id": event.id,
        "type": ev.event_type(event),
        "actor": rec.actor,
        "v": rec.version,
        "at": event.at,
    }
    head.update(_body(event, clip))
    return head
