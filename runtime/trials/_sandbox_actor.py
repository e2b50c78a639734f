"""The sandbox actor: owns a trial's container and does everything that touches it.

It reacts to requests in the trial's events (``CommandRequested`` from the
agent or the user simulator, ``SnapshotRequested`` and
``VerificationRequested`` from the supervisor) strictly in log order, one at
a time, and answers with events on its own stream.  It never decides
anything about the trial.
"""

from __future__ import annotations

import hashlib
import re
import time
from dataclasses import dataclass, field
from typing import Final

import aiodocker
import anyio
import msgspec
from anyio.abc import TaskStatus

from realcli import TaskFormatError, find_error
from realcli import events as ev
from realcli.environments import BindMount, DockerSandbox, ExecResult, FileCopy, FileRead, Sandbox
from realcli.runtime.bus import StreamWriter, TrialFeed
from realcli.runtime.trials._rewards import REWARD_FILE_BYTES, RewardResult, checks_of, parse_rewards
from realcli.taskformat import Task, resolve_env

AGENT_OUTPUT_BYTES: Final = 64 * 1024
STORAGE_POLL_SEC: Final = 2.0  # how often the writable layer is measured while the agent works
_SATURATED_SHARE: Final = 0.9  # of the pids limit: the sandbox can no longer start a process
EVIDENCE_FILE_BYTES: Final = 64 * 1024
CTRF_BYTES: Final = 4 << 20
REWARD_TXT: Final = "/logs/verifier/reward.txt"
REWARD_JSON: Final = "/logs/verifier/reward.json"
CTRF: Final = "/logs/verifier/ctrf.json"
EVIDENCE_TOTAL_BYTES: Final = 512 * 1024  # one event; NATS's default max_payload is 1 MiB
MAX_EVIDENCE_FILES: Final = 40
_PATHS_IN_COMMAND: Final = re.compile(r"(?<![\w$])(/(?:[\w.+-]+/)*[\w.+-]+)")
_NOT_EVIDENCE: Final = ("/dev/", "/proc/", "/sys/", "/tmp/", "/usr/", "/bin/", "/etc/")
# Portable `pkill -x timeout` (images need not have procps): only sh and cat.
_KILL_TIMEOUTS: Final = (
    'for p in /proc/[0-9]*; do [ "$(cat "$p/comm" 2>/dev/null)" = timeout ] && kill -TERM "${p#/proc/}"; done; true'
)


@dataclass(frozen=True)
class SandboxPlan:
    """What the supervisor asks of the sandbox when it creates the actor."""

    task: Task
    image: str
    run_id: str
    trial_id: str
    plant_traps: bool
    copy_solution: bool
    keep_image: bool = False
    extra_labels: dict[str, str] = field(default_factory=dict)
    mounts: tuple[BindMount, ...] = ()  # an installed agent's (its model gateway's socket)
    internet: bool = False  # the task's declaration under the run's network setting (RunSettings.internet)
    allow_host_network: bool = False  # the host's network when the engine cannot bridge (--allow-host-network)
    metric: str | None = None  # the reward.json metric that decides V when there is no 'reward' (--metric)


class SandboxActor:
    """Creates the container, serves requests from the log, removes the container on every way out."""

    def __init__(self, docker: aiodocker.Docker, plan: SandboxPlan, writer: StreamWriter, feed: TrialFeed) -> None:
        self._docker = docker
        self._plan = plan
        self._out = writer
        self._feed = feed
        self._box: Sandbox | None = None
        self._agent_command_running = False
        self._agent_working = True  # until the agent's time ends (each step's, for a multi-step task)
        self._step: int | None = None  # the step of a multi-step task under way
        self._tests_copied: int | None = None  # the bytes of /tests, when copied in ahead of verification

    async def run(self, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        """Start with ``tg.start(actor.run)``: ready once the container is up and prepared."""
        plan = self._plan
        config = plan.task.config
        toml = f"{plan.task.root / 'task.toml'}"
        environment = msgspec.structs.replace(
            config.environment, env=resolve_env(config.environment.env, where=f"{toml}: environment.env")
        )
        self._verifier_env = resolve_env(config.verifier.env, where=f"{toml}: verifier.env")
        self._solution_env = resolve_env(config.solution.env, where=f"{toml}: solution.env")
        copies = self._copies_in()
        box = DockerSandbox.for_task(
            self._docker,
            plan.image,
            environment,
            run=plan.run_id,
            trial=plan.trial_id,
            labels=plan.extra_labels,
            mounts=plan.mounts,
            internet=plan.internet,
            allow_host_network=plan.allow_host_network,
            files=[copy for copy, _, _ in copies],
        )
        reason = "trial over"
        self._verified = False
        try:
            async with box:
                self._box = box
                info = box.info
                await self._out.append(
                    ev.SandboxCreated(
                        container_id=info.container_id,
                        image=info.image,
                        cpus=info.cpus,
                        memory_mb=info.memory_mb,
                        network=info.network,
                        pids_limit=info.pids_limit,
                        workdir=info.workdir,
                    )
                )
                await self._prepare(box, list(zip(copies, box.copied, strict=True)))
                task_status.started()
                await self._serve(box)
        except BaseException as e:
            if not isinstance(e, anyio.get_cancelled_exc_class()):
                reason = f"error: {find_error(e) or e}"
            elif not self._verified:
                reason = "cancelled"
            raise
        finally:
            if self._box is not None:
                await self._out.append_shielded(
                    ev.SandboxRemoved(container_id=self._box.info.container_id, reason=reason)
                )

    def _copies_in(self) -> list[tuple[FileCopy, str, str]]:
        """What goes in before the first command (traps, solutions), each with its origin and purpose.

        They travel with the sandbox's creation: one archive request for all.
        """
        task = self._plan.task
        copies: list[tuple[FileCopy, str, str]] = []
        if self._plan.plant_traps:
            for src, dest in task.trap_files():
                copy = FileCopy(dest, src.read_bytes(), mode=src.stat().st_mode & 0o777)
                copies.append((copy, str(src.relative_to(task.root)), "trap"))
        if self._plan.copy_solution and task.solution_dir.is_dir():
            copies.append((FileCopy("/solution", task.solution_dir), "solution/", "solution"))
        for step in task.spec.steps if self._plan.copy_solution else []:
            folder = task.step_dir(step.name) / "solution"
            if folder.is_dir():
                dest = f"/solution/steps/{step.name}"
                copies.append((FileCopy(dest, folder), f"steps/{step.name}/solution/", "solution"))
        return copies

    async def _prepare(self, box: Sandbox, copied: list[tuple[tuple[FileCopy, str, str], int]]) -> None:
        """The healthcheck, then the facts of the copies made at creation (in the order they were made)."""
        task = self._plan.task
        if task.config.environment.healthcheck is not None:
            await self._healthy(box, task.config.environment.healthcheck)
        for (copy, origin, purpose), size in copied:
            await self._out.append(
                ev.FilesCopied(direction="in", src=origin, dest=copy.dest, bytes=size, purpose=purpose)
            )

    def _agent_user(self) -> str | int | None:
        """The user the agent's commands run as: the current step's ``[steps.agent] user``, else ``[agent] user``."""
        config = self._plan.task.config
        if self._step is not None and (user := config.steps[self._step].agent.user) is not None:
            return user
        return config.agent.user

    async def _prepare_step(self, box: Sandbox, req: ev.StepStarted) -> None:
        """Harbor's step setup: ``workdir/`` into the working directory, its ``setup.sh`` run, the healthcheck."""
        self._step = req.index
        task = self._plan.task
        folder = task.step_dir(req.name) / "workdir"
        if folder.is_dir():
            size = await box.put_files(box.workdir, folder)
            src = f"steps/{req.name}/workdir/"
            await self._out.append(
                ev.FilesCopied(direction="in", src=src, dest=box.workdir, bytes=size, purpose="step_workdir")
            )
            if (folder / "setup.sh").is_file():
                command_id = ev.new_id()
                setup = "bash setup.sh"
                await self._out.append(ev.CommandStarted(command_id=command_id, command=setup, purpose="setup"))
                result = await box.exec(
                    setup, timeout_sec=task.config.environment.build_timeout_sec, workdir=box.workdir
                )
                await self._out.append(_finished(command_id, "setup", result))
                if result.exit_code != 0:
                    raise TaskFormatError(
                        f"task {task.task_id}: steps/{req.name}/workdir/setup.sh failed (exit {result.exit_code}): "
                        f"{_merge(result).text.strip()[-200:]}"
                    )
        check = task.config.steps[req.index].healthcheck
        if check is not None:
            await self._healthy(box, check)
        await self._out.append(ev.StepPrepared(trial_id=self._plan.trial_id, index=req.index, name=req.name))
        self._agent_working = True

    async def _healthy(self, box: Sandbox, check: ev.HealthcheckConfig) -> None:
        """Harbor's healthcheck: retry the command until it passes; each attempt is a ``setup`` command."""
        await anyio.sleep(check.start_period_sec)
        for attempt in range(1, check.retries + 1):
            command_id = ev.new_id()
            await self._out.append(ev.CommandStarted(command_id=command_id, command=check.command, purpose="setup"))
            result = await box.exec(check.command, timeout_sec=check.timeout_sec, workdir=box.workdir)
            await self._out.append(_finished(command_id, "setup", result))
            if result.exit_code == 0:
                return
            if attempt < check.retries:
                await anyio.sleep(check.start_interval_sec if attempt == 1 else check.interval_sec)
        raise TaskFormatError(
            f"task {self._plan.task.task_id}: [environment.healthcheck] {check.command!r} did not pass in "
            f"{check.retries} attempt(s): {_merge(result).text.strip()[-200:] or f'exit {result.exit_code}'}"
        )

    async def _serve(self, box: Sandbox) -> None:
        async with anyio.create_task_group() as tg:
            tg.start_soon(self._interrupt_at_end, box)
            if box.storage_mb:
                tg.start_soon(self._guard_storage, box, box.storage_mb)
            await self._serve_requests(box)
            tg.cancel_scope.cancel()

    async def _guard_storage(self, box: Sandbox, limit_mb: int) -> None:
        """While the agent works, its disk is a budget: measured every few seconds, enforced once.

        Past it, every process is killed (a writer in the background included:
        the layer stops growing) and ``StorageExceeded`` ends the agent's time;
        the verifier then judges what is left, as after a time budget.
        """
        while True:
            await anyio.sleep(STORAGE_POLL_SEC)
            if not self._agent_working:
                continue
            used = await box.disk_used_mb()
            if used > limit_mb:
                await box.stop_processes()
                await self._out.append(
                    ev.StorageExceeded(container_id=box.info.container_id, limit_mb=limit_mb, used_mb=used)
                )
                return

    async def _interrupt_at_end(self, box: Sandbox) -> None:
        """When the supervisor ends the agent's time, stop the agent's command still running.

        Every command runs under ``timeout`` in the container, which passes a
        SIGTERM on to the command it supervises: nothing of the agent's keeps
        running once its budget is spent.
        """
        cursor = 0
        while True:  # once per step of a multi-step task
            _, found = await self._feed.wait_for(lambda e: isinstance(e, ev.SnapshotRequested), cursor)
            cursor = found + 1
            self._agent_working = False
            # A saturated sandbox cannot start the kill command: it is reset before the snapshot instead.
            if self._agent_command_running and await box.process_count() < box.pids_limit * _SATURATED_SHARE:
                await box.exec(_KILL_TIMEOUTS, timeout_sec=10)

    async def _reset_if_saturated(self, box: Sandbox, running: int) -> bool:
        """Background processes the agent started (a service the task asked for) keep running for the
        verifier, as in Harbor; but a sandbox whose process limit is exhausted (``running`` processes)
        can start nothing, the hard checks and the verifier included: then every process is killed
        (the files stay).  Returns whether it was."""
        if running < box.pids_limit * _SATURATED_SHARE:
            return False
        await box.reset_processes()
        await self._out.append(
            ev.SandboxReset(
                container_id=box.info.container_id,
                reason=f"{running} processes left at the end of the agent's time, against a limit of "
                f"{box.pids_limit}: every process was killed before the evidence and the verifier",
                processes=running,
            )
        )
        return True

    async def _serve_requests(self, box: Sandbox) -> None:
        async for rec in self._feed.follow():
            match rec.event:
                case ev.CommandRequested() as req:
                    await self._command(box, req)
                case ev.SnapshotRequested() as req:
                    await self._snapshot(box, req)
                case ev.VerificationRequested() as req:
                    await self._verify(box, req)
                    self._verified = True
                case ev.StepStarted() as req:
                    await self._prepare_step(box, req)

    # ------------------------------------------------------------- commands

    async def _command(self, box: Sandbox, req: ev.CommandRequested) -> None:
        await self._out.append(ev.CommandStarted(command_id=req.command_id, command=req.command, purpose=req.purpose))
        self._agent_command_running = req.purpose in ev.AGENT_PURPOSES
        agent = req.purpose in ev.AGENT_PURPOSES
        try:
            result = await box.exec(
                req.command,
                timeout_sec=req.timeout_sec,
                workdir=box.workdir,
                max_output_bytes=AGENT_OUTPUT_BYTES,
                user=self._agent_user() if agent else None,
                env=self._solution_env if req.purpose == "oracle" else None,
            )
        finally:
            self._agent_command_running = False
        await self._out.append(_finished(req.command_id, req.purpose, result))

    # ------------------------------------------------------------- evidence

    async def _snapshot(self, box: Sandbox, req: ev.SnapshotRequested) -> None:
        script = self._plan.task.spec.script
        checks = [(probe, check) for probe in (script.probes if script else []) for check in probe.hard_checks]
        if checks:
            await self._reset_if_saturated(box, await box.process_count())
            await self._hard_checks(box, checks)
            files, listing = await self._evidence(box, req)
        else:
            async with anyio.create_task_group() as tg:
                tg.start_soon(self._tests_ahead, box, req)
                files, listing = await self._evidence_unless_saturated(box, req)
        image = None
        if self._plan.keep_image:
            image = f"realcli-final/{self._plan.run_id.lower()}:{self._plan.trial_id.lower()}"[:128]
            repo, tag = image.split(":")
            await box.commit(repo, tag)
        await self._out.append(
            ev.EvidenceSnapshotted(trial_id=self._plan.trial_id, files=files, listing=listing, image=image)
        )

    async def _tests_ahead(self, box: Sandbox, req: ev.SnapshotRequested) -> None:
        """Copy the tests in while the evidence is gathered, where nothing of the snapshot can see them.

        Verification follows the snapshot of a single-step task; its
        ``FilesCopied`` is recorded then, as when the copy is made then.  Not
        when the listing or an evidence path could reach /tests, nor when the
        final state is kept as an image.  A failed copy is made again then.
        """
        task, workdir = self._plan.task, box.workdir.rstrip("/") + "/"
        if task.spec.steps or self._plan.keep_image or not task.tests_dir.is_dir():
            return
        if "/tests/".startswith(workdir) or any(p.startswith("/tests") for p in req.paths):
            return
        try:
            self._tests_copied = await box.put_files("/tests", task.tests_dir)
        except Exception:
            self._tests_copied = None  # copied again, and its error raised, at verification

    async def _hard_checks(self, box: Sandbox, checks: list[tuple[ev.Probe, ev.HardCheck]]) -> None:
        finished: list[ev.Event] = []
        for probe, check in checks:
            result = await box.exec(check.run, timeout_sec=check.timeout_sec, workdir=box.workdir)
            finished.append(
                ev.HardCheckFinished(
                    probe_id=probe.id,
                    check_id=check.id,
                    command=check.run,
                    exit_code=result.exit_code,
                    expect_exit=check.expect_exit,
                    passed=result.exit_code == check.expect_exit,
                    output=_merge(result),
                )
            )
        await self._out.append(*finished)

    async def _evidence_unless_saturated(
        self, box: Sandbox, req: ev.SnapshotRequested
    ) -> tuple[list[ev.EvidenceFile], ev.Output]:
        """The evidence, with the process count asked meanwhile (no command of ours comes before it).

        A saturated sandbox cannot start the listing: its attempt is given
        up, the sandbox reset, and the evidence gathered again (the files
        are the same: a reset only kills processes).
        """
        running = 0
        got: list[tuple[list[ev.EvidenceFile], ev.Output]] = []
        failed: list[Exception] = []
        async with anyio.create_task_group() as tg:

            async def count() -> None:
                nonlocal running
                running = await box.process_count()
                if running >= box.pids_limit * _SATURATED_SHARE:
                    tg.cancel_scope.cancel()

            async def gather() -> None:
                try:
                    got.append(await self._evidence(box, req))
                except Exception as e:  # raised below unless the sandbox turns out saturated
                    failed.append(e)

            tg.start_soon(count)
            tg.start_soon(gather)
        if await self._reset_if_saturated(box, running):
            return await self._evidence(box, req)
        if failed:
            raise failed[0]
        return got[0]

    async def _evidence(self, box: Sandbox, req: ev.SnapshotRequested) -> tuple[list[ev.EvidenceFile], ev.Output]:
        """The evidence files (within the snapshot's budget) and the working directory's listing."""
        paths = req.paths[:MAX_EVIDENCE_FILES]
        find = f"find {_quote(box.workdir)} -maxdepth 3 -not -path '*/.git/*' -printf '%y %8s %p\\n'"
        reads: dict[str, FileRead | None] = {}
        async with anyio.create_task_group() as tg:  # both only read: the files while the listing runs

            async def read() -> None:
                reads.update(await box.read_files(dict.fromkeys(paths, EVIDENCE_FILE_BYTES)))

            tg.start_soon(read)
            listing = await box.exec(
                f"{find} | sort -k3 | head -n 500",
                timeout_sec=30,
                max_output_bytes=EVIDENCE_FILE_BYTES,
            )
        files, budget = [], EVIDENCE_TOTAL_BYTES
        for path in paths:
            evidence = _evidence_file(path, reads[path], max(0, min(EVIDENCE_FILE_BYTES, budget)))
            budget -= len(evidence.content.encode())
            files.append(evidence)
        return files, listing.stdout

    # ------------------------------------------------------------- verifier

    async def _verify(self, box: Sandbox, req: ev.VerificationRequested) -> None:
        task = self._plan.task
        started = time.monotonic()
        env, user = self._verifier_env, task.config.verifier.user
        if req.step is not None:
            env, user = await self._step_tests(box, req.step)
        elif task.tests_dir.is_dir():
            size = self._tests_copied
            if size is None:
                size = await box.put_files("/tests", task.tests_dir)
            await self._out.append(
                ev.FilesCopied(direction="in", src="tests/", dest="/tests", bytes=size, purpose="tests")
            )
        result = await box.exec(
            "bash /tests/test.sh",
            timeout_sec=req.timeout_sec,
            workdir=box.workdir,
            env=env,
            user=user,
            max_output_bytes=AGENT_OUTPUT_BYTES,
        )
        outputs = await box.read_files(
            {REWARD_TXT: REWARD_FILE_BYTES, REWARD_JSON: REWARD_FILE_BYTES, CTRF: CTRF_BYTES}
        )
        rewards = await self._rewards(box, outputs[REWARD_TXT], outputs[REWARD_JSON])
        reward, error = rewards.reward, rewards.error
        if result.timed_out and reward is None:
            # The verifier ran out of time on what the agent left (a hung program, a runaway build):
            # the agent's failure, V = 0, not an error of the harness.
            reward, error = 0.0, None
        ctrf = outputs[CTRF]
        await self._out.append(
            ev.VerifierFinished(
                trial_id=self._plan.trial_id,
                reward=reward,
                checks=checks_of(ctrf.data if ctrf is not None and not ctrf.truncated else None),
                exit_code=result.exit_code,
                output=_merge(result),
                duration_sec=time.monotonic() - started,
                error=error,
                timed_out=result.timed_out,
                metrics=rewards.metrics,
                step=req.step,
            )
        )

    async def _step_tests(self, box: Sandbox, name: str) -> tuple[dict[str, str], str | int | None]:
        """A fresh /tests and /logs/verifier for a step: the task's tests, then the step's over them (Harbor).

        Returns the step's verifier env and user (each falling back to the task's ``[verifier]``).
        """
        task = self._plan.task
        step = next(s for s in task.config.steps if s.name == name)
        reset = await box.exec("rm -rf /tests && mkdir -p /logs/verifier && rm -rf /logs/verifier/*", timeout_sec=60)
        if reset.exit_code != 0:
            raise TaskFormatError(f"task {task.task_id}: cannot reset /tests and /logs/verifier: {_merge(reset).text}")
        for folder, src in ((task.tests_dir, "tests/"), (task.step_dir(name) / "tests", f"steps/{name}/tests/")):
            if folder.is_dir():
                size = await box.put_files("/tests", folder)
                await self._out.append(
                    ev.FilesCopied(direction="in", src=src, dest="/tests", bytes=size, purpose="tests")
                )
        toml = f"{task.root / 'task.toml'}"
        env = self._verifier_env
        if step.verifier.env is not None:
            env = {**env, **resolve_env(step.verifier.env, where=f"{toml}: steps.{name}.verifier.env")}
        user = step.verifier.user if step.verifier.user is not None else task.config.verifier.user
        return env, user

    async def _rewards(self, box: Sandbox, txt: FileRead | None, json: FileRead | None) -> RewardResult:
        """The reward from its files (each read with its own bound: a large log beside them never crowds them out)."""
        present = ""
        if txt is None and json is None:
            listing = await box.exec("ls -A /logs/verifier | head -n 20", timeout_sec=30)
            present = ", ".join(listing.stdout.text.split())
        return parse_rewards(
            txt.data if txt is not None else None,
            json.data if json is not None else None,
            json_truncated=json is not None and json.truncated,
            metric=self._plan.metric,
            present=present,
        )


def evidence_paths(task: Task) -> list[str]:
    """Files a later judge may want without the container: trap destinations, paths hard checks touch."""
    script = task.spec.script
    paths: list[str] = []
    if script is not None:
        paths += [t.dest for t in script.traps]
        for probe in script.probes:
            for check in probe.hard_checks:
                paths += _PATHS_IN_COMMAND.findall(check.run)
    seen: dict[str, None] = {}
    for p in paths:
        if not p.startswith(_NOT_EVIDENCE) and "*" not in p:
            seen.setdefault(p.rstrip("."), None)
    return list(seen)


def _evidence_file(path: str, read: FileRead | None, limit: int) -> ev.EvidenceFile:
    """One evidence file, cut to ``limit`` (what is left of the snapshot's budget)."""
    if read is None:
        return ev.EvidenceFile(path=path, exists=False)
    data = read.data[:limit]  # an exhausted budget keeps the file's size and existence only
    whole = len(data) == read.size
    return ev.EvidenceFile(
        path=path,
        exists=True,
        content=data.decode("utf-8", "replace"),
        size=read.size,
        truncated=not whole,
        sha256=hashlib.sha256(data).hexdigest() if whole else "",
    )


def _finished(command_id: str, purpose: ev.CommandPurpose, result: ExecResult) -> ev.CommandFinished:
    return ev.CommandFinished(
        command_id=command_id,
        exit_code=result.exit_code,
        stdout=result.stdout,
        stderr=result.stderr,
        duration_sec=result.duration_sec,
        timed_out=result.timed_out,
        purpose=purpose,
    )


def _merge(result: ExecResult) -> ev.Output:
    """stdout then stderr as one bounded output (for hard checks and the verifier)."""
    text = result.stdout.text + (
        ("\n" if result.stdout.text else "") + result.stderr.text if result.stderr.text else ""
    )
    return ev.Output(
        text=text,
        total_bytes=result.stdout.total_bytes + result.stderr.total_bytes,
        kept_bytes=result.stdout.kept_bytes + result.stderr.kept_bytes,
    )


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"
