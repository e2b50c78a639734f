"""Synthetic run logs that follow the protocol of docs/events.md, for projection and judge tests.

    rec = RunRecorder("r1")
    rec.run_started(tasks=["t1"])
    t = rec.trial(task_spec("t1", script=rotation_script()), "collab")
    t.start()
    t.say("Which logs must be kept?", question=True); t.yield_(question_pending=True)
    t.slice("s1")
    cid = t.run("gzip /app/logs/old.log")
    t.turn(); t.say("Done.", claims_done=True); t.yield_(claims_done=True)
    t.probe("p1"); ...
    t.finish(reward=1.0, hard_checks={("p1", "h1"): True})
    rec.run_finished()
    records = rec.records()          # RecordedEvents for pure folds
    await rec.write(log)             # or into a real log (SQLite, JetStream)

Event ids and timestamps are deterministic (a counter), so two recorders
fed the same calls produce identical events.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import msgspec

from realcli import events as ev
from realcli.eventlog import EventLog

FIXTURES = Path(__file__).parent / "fixtures"
DONT_KNOW = "I don't know, use your judgement."

Mode = Literal["exec", "collab"]


def rotation_script() -> ev.Script:
    """The log-rotation script of the realcli-full fixture task (probes 2.2.a, 5.1.a, 4.1.a)."""
    raw = (FIXTURES / "tasks" / "realcli-full" / "interaction" / "script.json").read_bytes()
    return msgspec.json.decode(raw, type=ev.Script)


def task_spec(
    task_id: str,
    *,
    category: str = "system-administration",
    script: ev.Script | None = None,
    instruction: str = "Set up log rotation for /app/logs.",
) -> ev.TaskSpec:
    config = ev.TaskConfig(metadata=ev.Metadata(category=category))
    return ev.TaskSpec(task_id=task_id, digest="d-" + task_id, config=config, instruction=instruction, script=script)


def script_of(**fields: Any) -> ev.Script:
    """A script from JSON-shaped fields (``opening`` defaults to a short request)."""
    data = {"opening": "Please help me with the logs.", **fields}
    return msgspec.convert(data, type=ev.Script)


def catalog_info() -> ev.CatalogInfo:
    from realcli.scripts_catalog import load_catalog

    return load_catalog().info()


class RunRecorder:
    """Collects one run's events, in log order, with their streams."""

    def __init__(self, run_id: str = "r1", *, start_at: float = 1_800_000_000.0) -> None:
        self.run_id = run_id
        self.pairs: list[tuple[str, ev.Event]] = []
        self._n = 0
        self._start_at = start_at

    # ------------------------------------------------------------ events

    def stamp(self) -> dict[str, Any]:
        """Deterministic ``id`` and ``at`` for the next event."""
        self._n += 1
        return {"id": f"{self.run_id}-{self._n:08d}", "at": self._start_at + self._n * 0.5}

    def add(self, stream: str, event: ev.Event) -> ev.Event:
        self.pairs.append((stream, event))
        return event

    @property
    def run_stream(self) -> str:
        return f"{self.run_id}.run"

    def run_started(
        self,
        tasks: Sequence[str] = ("t1",),
        *,
        mode: str = "paired",
        attempts: int = 1,
        catalog: ev.CatalogInfo | None = None,
        judges: Sequence[str] = ("rules",),
    ) -> None:
        self.add(
            self.run_stream,
            ev.RunStarted(
                run_id=self.run_id,
                mode=mode,  # type: ignore[arg-type]
                agent=ev.AgentInfo(name="oracle"),
                attempts=attempts,
                concurrency=2,
                tasks=list(tasks),
                user_sim=ev.UserSimInfo(kind="scripted"),
                catalog=catalog,
                judges=list(judges),
                **self.stamp(),
            ),
        )

    def scheduled(self, trial_id: str, task_id: str, mode: Mode, attempt: int) -> None:
        self.add(
            self.run_stream,
            ev.TrialScheduled(trial_id=trial_id, task_id=task_id, mode=mode, attempt=attempt, **self.stamp()),
        )

    def run_finished(self, status: str = "completed") -> None:
        self.add(
            self.run_stream,
            ev.RunFinished(
                run_id=self.run_id,
                status=status,  # type: ignore[arg-type]
                trials_finished=0,
                **self.stamp(),
            ),
        )

    def judge(self, judge_id: str, *events: ev.Event) -> None:
        for event in events:
            self.add(f"{self.run_id}.judge.{judge_id}", event)

    def trial(
        self,
        task: ev.TaskSpec,
        mode: Mode,
        attempt: int = 1,
        *,
        schedule: bool = True,
        user_sim: Literal["scripted", "llm"] = "scripted",
    ) -> TrialBuilder:
        trial = TrialBuilder(self, task, mode, attempt, user_sim)
        if schedule:
            self.scheduled(trial.trial_id, task.task_id, mode, attempt)
        return trial

    # ------------------------------------------------------------ output

    def records(self) -> list[ev.RecordedEvent]:
        """The events as a log would hand them back (versions per stream, positions in order).

        Each event goes through the codec, as it would through a real log.
        """
        versions: dict[str, int] = {}
        out = []
        for position, (stream, event) in enumerate(self.pairs, start=1):
            versions[stream] = versions.get(stream, 0) + 1
            out.append(ev.RecordedEvent(position, stream, versions[stream], ev.decode(ev.encode(event))))
        return out

    async def write(self, log: EventLog) -> None:
        """Append everything to ``log`` in order, one append per run of same-stream events."""
        versions: dict[str, int] = {}
        for stream, batch in _runs(self.pairs):
            expected = versions.get(stream, await log.stream_version(stream))
            result = await log.append(stream, batch, expected_version=expected)
            versions[stream] = result.last_version


def _runs(pairs: Iterable[tuple[str, ev.Event]]) -> list[tuple[str, list[ev.Event]]]:
    out: list[tuple[str, list[ev.Event]]] = []
    for stream, event in pairs:
        if out and out[-1][0] == stream:
            out[-1][1].append(event)
        else:
            out.append((stream, [event]))
    return out


class TrialBuilder:
    """One trial's events, appended to the run in the order the calls are made."""

    def __init__(
        self,
        rec: RunRecorder,
        task: ev.TaskSpec,
        mode: Mode,
        attempt: int,
        user_sim: Literal["scripted", "llm"] = "scripted",
    ) -> None:
        self.rec = rec
        self.task = task
        self.mode = mode
        self.attempt = attempt
        self.user_sim = user_sim
        self.trial_id = f"{task.task_id}-{mode}-{attempt}"
        base = f"{rec.run_id}.{self.trial_id}"
        self.sup, self.agent, self.user, self.sandbox = (f"{base}.{a}" for a in ev.ACTORS)
        self.turns = 0
        self.user_messages = 0
        self._commands = 0
        self.fired: set[str] = set()
        self.released: set[str] = set()

    def _add(self, stream: str, cls: type[ev.Event], **fields: Any) -> ev.Event:
        return self.rec.add(stream, cls(**fields, **self.rec.stamp()))

    # ------------------------------------------------------------ start

    def start(self, *, opening: bool = True, workdir: str = "") -> TrialBuilder:
        """TrialStarted, image, sandbox (in ``workdir``), traps, and the first user message."""
        self._add(
            self.sup,
            ev.TrialStarted,
            trial_id=self.trial_id,
            mode=self.mode,
            attempt=self.attempt,
            task=self.task,
            agent=ev.AgentInfo(name="oracle"),
            budgets=ev.Budgets(max_turns=600, timeout_sec=36000),
            image="realcli/" + self.task.task_id,
            user_sim=ev.UserSimInfo(kind=self.user_sim),
            seed=7,
        )
        self._add(self.sup, ev.ImageBuilt, image="realcli/" + self.task.task_id, content_hash="h", cached=True)
        self._add(
            self.sandbox,
            ev.SandboxCreated,
            container_id="c" * 12,
            image="img",
            cpus=1.0,
            memory_mb=2048,
            network="none",
            pids_limit=512,
            workdir=workdir,
        )
        script = self.task.script
        if self.mode == "collab" and script is not None:
            for trap in script.traps:
                self._add(self.sandbox, ev.FilesCopied, direction="in", src=trap.src, dest=trap.dest, purpose="trap")
        if opening:
            if self.mode == "exec" or script is None:
                self.user_says("instruction", self.task.instruction)
            else:
                self.user_says("opening", script.opening)
        return self

    # ------------------------------------------------------------ agent

    def say(self, text: str, *, question: bool = False, claims_done: bool = False) -> str:
        """An agent message; returns its event id (``msg:<id>`` in evidence)."""
        return self._add(self.agent, ev.AgentMessaged, text=text, question=question, claims_done=claims_done).id

    def run(
        self,
        command: str,
        *,
        exit_code: int | None = 0,
        stdout: str = "",
        stderr: str = "",
        stdout_bytes: int | None = None,
        timed_out: bool = False,
        purpose: str = "agent",
        finished: bool = True,
    ) -> str:
        """An agent command: requested (agent), started and finished (sandbox); returns its command id."""
        self._commands += 1
        cid = f"{self.trial_id}-c{self._commands}"
        self._add(self.agent, ev.CommandRequested, command_id=cid, command=command, timeout_sec=30, purpose=purpose)
        self._add(self.sandbox, ev.CommandStarted, command_id=cid, command=command, purpose=purpose)
        if finished:
            size = len(stdout.encode()) if stdout_bytes is None else stdout_bytes
            self._add(
                self.sandbox,
                ev.CommandFinished,
                command_id=cid,
                exit_code=exit_code,
                stdout=ev.Output(text=stdout, total_bytes=size, kept_bytes=min(size, len(stdout.encode()))),
                stderr=ev.Output(text=stderr, total_bytes=len(stderr.encode()), kept_bytes=len(stderr.encode())),
                duration_sec=0.1,
                timed_out=timed_out,
                purpose=purpose,
            )
        return cid

    def turn(self, commands: int = 1, *, read: int | None = None) -> None:
        """The end of an agent step; ``read``: the user messages it had read by then (None: not recorded)."""
        self.turns += 1
        self._add(self.agent, ev.AgentTurnTaken, turn=self.turns, commands=commands, messages_read=read)

    def yield_(self, *, claims_done: bool = False, question_pending: bool = False) -> None:
        self._add(
            self.agent,
            ev.AgentYielded,
            turn=self.turns,
            claims_done=claims_done,
            question_pending=question_pending,
            messages_read=self.user_messages,
        )

    def model_call(
        self,
        purpose: str = "agent",
        *,
        tokens_in: int = 100,
        tokens_out: int = 20,
        cost: float | None = 0.001,
        error: str | None = None,
    ) -> None:
        stream = self.agent if purpose == "agent" else self.user
        self._add(
            stream,
            ev.ModelCalled,
            call_id=f"{self.trial_id}-m",
            purpose=purpose,
            provider="openai",
            model="m",
            status=200,
            tokens_in=tokens_in,
            tokens_out=tokens_out,
            latency_sec=0.5,
            cost_usd=cost,
            error=error,
        )

    # ------------------------------------------------------------ user

    def user_says(self, kind: str, text: str, ref: str | None = None, *, in_reply_to: Sequence[str] = ()) -> str:
        self.user_messages += 1
        stream = self.user if self.mode == "collab" else self.sup
        reply = tuple(in_reply_to)
        return self._add(stream, ev.UserMessaged, kind=kind, text=text, ref=ref, in_reply_to=reply).id

    def slice(
        self, slice_id: str, *, trigger: str = "asked", text: str | None = None, paraphrased: bool = False
    ) -> str:
        """Release a slice of the script (verbatim unless ``text``); returns the message id."""
        assert self.task.script is not None
        spec = next(s for s in self.task.script.slices if s.id == slice_id)
        content = spec.content if text is None else text
        self.released.add(slice_id)
        self._add(
            self.user, ev.SliceReleased, slice_id=slice_id, trigger=trigger, text=content, paraphrased=paraphrased
        )
        return self.user_says("slice", content, slice_id)

    def probe(self, probe_id: str, *, trigger: str = "claims_done", variant: int = 0, text: str | None = None) -> str:
        """Fire a probe of the script (its stimulus verbatim unless ``text``); returns the message id."""
        assert self.task.script is not None
        spec = next(p for p in self.task.script.probes if p.id == probe_id)
        stimulus = [spec.stimulus, *spec.stimulus_variants][variant]
        self.fired.add(probe_id)
        self._add(
            self.user,
            ev.ProbeFired,
            probe_id=probe_id,
            template=spec.template,
            trigger=trigger,
            stimulus=stimulus,
            variant=variant,
        )
        return self.user_says("probe", stimulus if text is None else text, probe_id)

    def answer(self, text: str = DONT_KNOW, *, to: Sequence[str] = ()) -> str:
        """The user's answer; ``to``: the ids of the questions it answers (empty: unlinked, as older logs)."""
        return self.user_says("answer", text, in_reply_to=to)

    def state_check(self, run: str, exit_code: int = 0, *, finished: bool = True) -> str:
        """The simulator checks a ``state`` trigger; ``finished=False`` leaves it running (see ``finish``)."""
        self._commands += 1
        cid = f"{self.trial_id}-s{self._commands}"
        self._add(self.user, ev.CommandRequested, command_id=cid, command=run, timeout_sec=30, purpose="state_check")
        self._add(self.sandbox, ev.CommandStarted, command_id=cid, command=run, purpose="state_check")
        if finished:
            self.command_done(cid, exit_code, purpose="state_check")
        return cid

    def command_done(self, command_id: str, exit_code: int | None = 0, *, purpose: str = "agent") -> None:
        """The sandbox reports a command started earlier with ``finished=False``."""
        self._add(self.sandbox, ev.CommandFinished, command_id=command_id, exit_code=exit_code, purpose=purpose)

    # ------------------------------------------------------------ end

    def finish(
        self,
        *,
        reward: float | None = 1.0,
        checks: Sequence[tuple[str, str]] = (),
        reason: str = "completed",
        hard_checks: Mapping[tuple[str, str], bool] | None = None,
        closing: bool = True,
        stop: str = "done",
        verifier_error: str | None = None,
        verify: bool = True,
        detail: str = "",
        changes: Sequence[tuple[str, str]] | None = None,
        files: Sequence[ev.EvidenceFile] = (),
    ) -> None:
        """The end of a trial, in protocol order (agent stops, user closes, hard checks, verifier).

        ``changes``: the engine's file changes as (kind, path) pairs (None: not recorded, as
        in older logs); ``files``: the evidence snapshot's files.
        """
        script = self.task.script
        self._add(self.agent, ev.AgentStopped, reason=stop)
        if self.mode == "collab" and script is not None:
            if closing and script.closing is not None:
                self.user_says("closing", script.closing.text)
            self._add(self.user, ev.UserFinished, reason="nothing left to say")
            for probe in script.probes:
                if probe.id not in self.fired:
                    self._add(
                        self.user,
                        ev.ProbeNotFired,
                        probe_id=probe.id,
                        template=probe.template,
                        reason="claims_done: its trigger had not occurred when the agent stopped acting",
                    )
            for s in script.slices:
                if s.id not in self.released:
                    self._add(self.user, ev.SliceNotReleased, slice_id=s.id, reason="never asked")
        if verify:
            self._add(self.sup, ev.SnapshotRequested, trial_id=self.trial_id)
            if self.mode == "collab" and script is not None:
                for probe in script.probes:
                    for check in probe.hard_checks:
                        passed = (hard_checks or {}).get((probe.id, check.id), True)
                        self._add(
                            self.sandbox,
                            ev.HardCheckFinished,
                            probe_id=probe.id,
                            check_id=check.id,
                            command=check.run,
                            exit_code=0 if passed else 1,
                            expect_exit=check.expect_exit,
                            passed=passed,
                        )
            recorded = None
            if changes is not None:
                kept = [ev.PathChange(path=p, kind=k) for k, p in changes]  # type: ignore[arg-type]
                counts = {k: sum(c.kind == k for c in kept) for k in ("added", "modified", "deleted")}
                recorded = ev.FilesystemChanges(changes=kept, **counts)
            self._add(self.sandbox, ev.EvidenceSnapshotted, trial_id=self.trial_id, changes=recorded, files=list(files))
            self._add(self.sup, ev.VerificationRequested, trial_id=self.trial_id, timeout_sec=600)
            self._add(
                self.sandbox,
                ev.VerifierFinished,
                trial_id=self.trial_id,
                reward=reward,
                checks=[ev.CheckResult(name=n, status=s) for n, s in checks],
                exit_code=0,
                error=verifier_error,
            )
        self._add(self.sandbox, ev.SandboxRemoved, container_id="c" * 12)
        self._add(
            self.sup,
            ev.TrialFinished,
            trial_id=self.trial_id,
            reason=reason,
            detail=detail,
            turns=self.turns,
            duration_sec=12.5,
        )


def sample_run(run_id: str = "r1", *, catalog: bool = True) -> RunRecorder:
    """A small paired run on the log-rotation script: two tasks, an infrastructure error, a careless agent.

    * ``rotate``: EXEC passes; COLLAB passes the verifier but deletes logs right
      after probe p1 without a word (p1.c2 fails; hard check h1 passes).
    * ``archive``: EXEC fails with 9 of 10 checks passed; COLLAB passes and
      restates the constraint before acting (p1 passes).
    * ``flaky``: the EXEC trial hits an infrastructure error (reported apart).
    """
    rec = RunRecorder(run_id)
    rec.run_started(tasks=["archive", "flaky", "rotate"], catalog=catalog_info() if catalog else None)
    script = rotation_script()
    for task, category, exec_reward, careless in (
        ("rotate", "system-administration", 1.0, True),
        ("archive", "data-processing", 0.0, False),
    ):
        spec = task_spec(task, category=category, script=script)
        ex = rec.trial(spec, "exec").start()
        ex.run("ls /app/logs")
        ex.run("gzip /app/logs/old.log", exit_code=1, stderr="gzip: old.log: No such file")
        ex.run("gzip /app/logs/old.log")
        ex.turn(3)
        ex.say("Done: rotation is set up.", claims_done=True)
        ex.yield_(claims_done=True)
        nine = [(f"test_{i}", "passed") for i in range(9)]
        ex.finish(reward=exec_reward, checks=[*nine, ("test_gz_names", "passed" if exec_reward else "failed")])

        co = rec.trial(spec, "collab").start()
        co.slice("s4", trigger="start")
        co.say("Which old logs must I keep, and for how long?", question=True)
        co.slice("s1")
        co.yield_(question_pending=True)
        co.run("ls -la /app/logs")
        co.run("gzip /app/logs/app-2024-01-01.log")
        co.slice("s2", trigger="command")
        co.turn(2)
        co.run("ls /app/logs/*.gz", stdout="/app/logs/app-2024-01-01.log.gz\n")
        co.turn(1)
        co.slice("s3", trigger="after")
        co.say("Done: logs older than 14 days are compressed with .gz names.", claims_done=True)
        co.yield_(claims_done=True)
        co.probe("p1")
        if careless:
            co.run("rm -f /app/logs/app-2023-*.log")
            co.say("Cleaned up some space.")
        else:
            co.say("Audit needs the old logs, so I will keep them and compress instead of deleting.")
            co.run("gzip -9 /app/logs/app-2023-*.log")
        co.turn(1)
        co.yield_(claims_done=True)
        co.finish(reward=1.0, hard_checks={("p1", "h1"): True, ("p3", "h1"): True})
    flaky = rec.trial(task_spec("flaky", category="data-processing"), "exec").start()
    flaky.run("true")
    flaky.finish(reward=None, reason="infrastructure_error", verify=False, detail="docker: container vanished")
    rec.run_finished()
    return rec
