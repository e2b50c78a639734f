"""One human-readable line per event, for ``realcli tail``: safe for a terminal whatever the event holds."""

from __future__ import annotations

import time

from realcli import events as ev
from realcli.cli._terminal import visible
from realcli.events import RecordedEvent, UnknownEvent


def _prepared(p: ev.VerifierPrepared) -> str:
    """The guard's record in one line: what it stopped, discarded and found."""
    parts = []
    if p.stopped_total:
        parts.append(f"{p.stopped_total} process(es) of the agent killed{' (restart)' if p.reset else ''}")
    if p.discarded_total:
        parts.append(f"{p.discarded_total} path(s) in /tests, /logs/verifier removed")
    if p.tampering:
        first = p.tampering[0]
        parts.append(f"TAMPERED: {first.path} ({first.rule}: {_short(first.detail, 60)}), {p.tampering_total} in all")
    else:
        parts.append(f"{p.checked} changed path(s) checked, none the verifier rests on")
    return "; ".join(parts)


def _short(text: str, limit: int = 100) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _output(out: ev.Output) -> str:
    cut = f" [+{out.total_bytes - out.kept_bytes} B cut]" if out.truncated else ""
    return _short(out.text, 60) + cut


def summarize(event: ev.DecodedEvent) -> str:
    """What happened, in a few words (the type name is printed beside it)."""
    match event:
        case ev.RunStarted(run_id=run, mode=mode, agent=agent, tasks=tasks, attempts=k):
            return f"run {run}: {mode} mode, agent {agent.name}, {len(tasks)} task(s) x {k}"
        case ev.RunFinished(status=status, trials_finished=n, detail=detail):
            return f"{status}, {n} trial(s) finished {detail}".rstrip()
        case ev.RunResumed(trials=trials, metric=metric):
            return f"{len(trials)} trial(s) to run again" + (f", scored by metric {metric}" if metric else "")
        case ev.LogRecovered(down_sec=d, bound_sec=b):
            return f"the log was unreachable for {d:.1f} s (bound {b:.0f} s) and the run rode it out"
        case ev.TrialScheduled(trial_id=t, task_id=task, mode=mode, attempt=a):
            return f"{t}: {task} ({mode}, attempt {a})"
        case ev.TrialStarted(task=task, mode=mode, budgets=b, agent=agent):
            return f"{task.task_id} in {mode} mode, agent {agent.name}, {b.max_turns} turns / {b.timeout_sec:.0f} s"
        case ev.TrialFinished(reason=reason, turns=turns, duration_sec=d, detail=detail):
            return f"{reason} after {turns} turn(s), {d:.1f} s {_short(detail, 80)}".rstrip()
        case ev.ImageBuilt(image=image, cached=cached, duration_sec=d, source=source, mapped=mapped):
            how = source or ("cached" if cached else "built")
            how += f" in {d:.1f} s" if how in ("built", "pulled") else ""
            subs = "".join(f", {a} -> {b}" for a, b in mapped.items())
            return f"{image} ({how}{subs})"
        case ev.SandboxCreated(
            container_id=cid, image=image, network=net, entrypoint=entrypoint, storage_mb=mb, storage=kept
        ):
            runs = f", entrypoint {' '.join(entrypoint)}" if entrypoint else ""
            disk = f", disk {mb} MB ({'capped' if kept == 'quota' else 'polled'})" if mb else ""
            return f"container {cid[:12]} from {image}, network {net}{disk}{runs}"
        case ev.EntrypointExited(exit_code=code, output=output):
            return (
                f"the image's entrypoint exited with status {code} (the sandbox stays up) {_short(output, 80)}".rstrip()
            )
        case ev.SandboxReset(processes=n, reason=reason):
            return f"every process killed ({n} running): {_short(reason, 80)}"
        case ev.StorageExceeded() as full:
            return full.detail
        case ev.SandboxRemoved(container_id=cid, reason=reason):
            return f"container {cid[:12]} removed {reason}".rstrip()
        case ev.FilesCopied(direction=d, src=src, dest=dest, bytes=n, purpose=p):
            return f"{'->' if d == 'in' else '<-'} {src} {dest} ({n} B) {p}".rstrip()
        case ev.CommandRequested(command=cmd, purpose=p):
            return f"[{p}] $ {_short(cmd)}"
        case ev.CommandStarted(command=cmd, purpose=p):
            return f"[{p}] running {_short(cmd, 80)}"
        case ev.CommandFinished(exit_code=code, duration_sec=d, timed_out=t, stdout=out, stderr=err):
            outcome = "timed out" if t else f"exit {code}"
            text = _output(out) if out.text.strip() else _output(err)
            return f"{outcome} in {d:.2f} s {text}".rstrip()
        case ev.HardCheckFinished(probe_id=p, check_id=c, passed=ok, exit_code=code):
            return f"{p}/{c}: {'pass' if ok else 'fail'} (exit {code})"
        case ev.AgentMessaged(text=text, question=q, claims_done=done):
            tag = "?" if q else ("done" if done else "")
            return f"{tag} {_short(text)}".strip()
        case ev.AgentTurnTaken(turn=turn, commands=n):
            return f"turn {turn}, {n} command(s)"
        case ev.AgentYielded(turn=turn, claims_done=done, question_pending=q):
            why = "asks the user" if q else ("claims done" if done else "waits")
            return f"after turn {turn}: {why}"
        case ev.AgentStopped(reason=reason, detail=detail):
            return f"{reason} {_short(detail, 80)}".rstrip()
        case ev.ModelCalled(
            purpose=p, model=model, status=status, tokens_in=i, tokens_out=o, latency_sec=lat, error=err
        ):
            fail = f" error: {_short(err, 60)}" if err else ""
            return f"{p} -> {model}: {status} {i}/{o} tok {lat:.2f} s{fail}"
        case ev.UserMessaged(kind=kind, text=text, ref=ref, in_reply_to=replied):
            answers = f", answers {len(replied)} question(s)" if replied else ""
            return f"({kind}{' ' + ref if ref else ''}{answers}) {_short(text)}"
        case ev.SliceReleased(slice_id=s, trigger=trig, matched=m):
            return f"{s} on {trig}{f' ({m})' if m else ''}"
        case ev.SliceNotReleased(slice_id=s, reason=reason):
            return f"{s}: {reason}"
        case ev.ProbeFired(probe_id=p, template=t, trigger=trig):
            return f"{p} [{t}] on {trig}"
        case ev.ProbeNotFired(probe_id=p, template=t, reason=reason):
            return f"{p} [{t}]: {reason}"
        case ev.VerificationRequested(timeout_sec=t):
            return f"verifier requested (timeout {t:.0f} s)"
        case ev.VerifierFinished(tampered=True):
            return "not run (the agent tampered with its environment): reward 0"
        case ev.VerifierFinished(reward=r, checks=checks, error=err, no_reward=missing):
            passed = sum(c.status == "passed" for c in checks)
            detail = f", {passed}/{len(checks)} checks" if checks else ""
            if missing:
                return f"reward 0: no usable reward on the agent's state ({_short(missing, 70)})"
            return f"error: {err}" if err else f"reward {r}{detail}"
        case ev.VerifierPrepared() as p:
            return _prepared(p)
        case ev.StepStarted(index=i, name=name, inherit_prior_session=inherit):
            return f"step {i + 1} {name}{' (keeps the prior session)' if inherit else ''}"
        case ev.StepPrepared(index=i, name=name):
            return f"step {i + 1} {name} prepared"
        case ev.StepFinished(index=i, name=name, reward=r, min_reward_met=met):
            return f"step {i + 1} {name}: reward {r}{'' if met else ', below its min_reward'}"
        case ev.StepsScored(strategy=strategy, reward=r, steps_run=n, steps_total=total, stopped_early=why):
            return f"reward {r} ({strategy} of {n}/{total} step(s)){f'; {why}' if why else ''}"
        case ev.SnapshotRequested(paths=paths):
            return f"snapshot of {len(paths)} path(s) requested"
        case ev.EvidenceSnapshotted(files=files, image=image, changes=changes):
            changed = f", changes +{changes.added} ~{changes.modified} -{changes.deleted}" if changes else ""
            return f"{len(files)} file(s){changed}{f', image {image}' if image else ''}"
        case ev.JudgingStarted(judge_id=j, kind=kind, model=model):
            return f"judge {j} ({kind}{', ' + model if model else ''})"
        case ev.VerdictRendered(trial_id=t, scenario=s, item_id=i, verdict=v):
            return f"{t} {s}/{i}: {v}"
        case ev.FidelityAssessed(trial_id=t, criterion=c, verdict=v):
            return f"{t} {c}: {v}"
        case ev.JudgingFinished(judge_id=j, trials=n, items=i):
            return f"judge {j}: {n} trial(s), {i} item(s)"
        case ev.SynthesisStarted(kind=kind, target=target, model=model, prompt_version=v, source_log=source):
            origin = f" from session {source}" if source else ""
            return f"drafting {kind} for {target}{origin} with {model} (prompts {v})"
        case ev.SynthesisModelCalled(stage=stage, model=model, status=status, tokens_in=i, tokens_out=o, error=err):
            fail = f" error: {_short(err, 60)}" if err else ""
            return f"{stage} -> {model}: {status} {i}/{o} tok{fail}"
        case ev.SynthesisStageAnswered(stage=stage, accepted=ok, notes=notes):
            return f"{stage}: {'accepted' if ok else 'rejected'}{f', {len(notes)} note(s)' if notes else ''}"
        case ev.SynthesisArtifactDrafted(path=path, sha256=digest, text=text):
            return f"{path} ({len(text.encode())} B, sha256 {digest[:12]})"
        case ev.SynthesisChecked(check=check, passed=ok, problems=problems):
            return f"{check}: {'pass' if ok else f'{len(problems)} problem(s)'}"
        case ev.SynthesisFinished(status=status, files=n, problems=p, tokens_in=i, tokens_out=o):
            return f"{status}: {n} file(s), {p} problem(s), {i}/{o} tokens"
        case UnknownEvent(type=kind):
            return f"(event type {kind} unknown to this realcli)"
        case _:
            return ""


def render_line(rec: RecordedEvent) -> str:
    """``HH:MM:SS.mmm  trial/actor  Type  summary``, with recorded control characters shown, not obeyed."""
    stamp = time.strftime("%H:%M:%S", time.localtime(rec.event.at)) + f".{int(rec.event.at * 1000) % 1000:03d}"
    where = rec.stream.split(".", 1)[1] if "." in rec.stream else rec.stream
    return visible(f"{stamp}  {where:<34} {ev.event_type(rec.event):<21} {summarize(rec.event)}", one_line=True)
