"""The sandbox actor: owns a trial's container and does everything that touches it.

It reacts to requests in the trial's events (``CommandRequested`` from the
agent or the user simulator, ``SnapshotRequested`` and
``VerificationRequested`` from the supervisor) strictly in log order, one at
a time, and answers with events on its own stream.  It never decides
anything about the trial.
"""

from __future__ import annotations

from typing import Final

import aiodocker
import anyio
import msgspec
from anyio.abc import TaskStatus

from realcli import TaskFormatError, find_error
from realcli import events as ev
from realcli.environments import DockerSandbox, FileCopy, Sandbox
from realcli.runtime.bus import StreamWriter, TrialFeed
from realcli.runtime.trials._sandbox_evidence import EvidenceSnapshot, evidence_paths
from realcli.runtime.trials._sandbox_output import finished, merge
from realcli.runtime.trials._sandbox_plan import SandboxPlan
from realcli.runtime.trials._sandbox_verifier import AGENT_OUTPUT_BYTES, SandboxVerifier
from realcli.taskformat import resolve_env

__all__ = ["SandboxActor", "SandboxPlan", "evidence_paths"]

_REQUESTS: Final = (ev.CommandRequested, ev.SnapshotRequested, ev.VerificationRequested, ev.StepStarted)
STORAGE_POLL_SEC: Final = 2.0  # how often the writable layer is measured while the agent works
# Portable `pkill -x timeout` (images need not have procps): only sh and cat.
_KILL_TIMEOUTS: Final = (
    'for p in /proc/[0-9]*; do [ "$(cat "$p/comm" 2>/dev/null)" = timeout ] && kill -TERM "${p#/proc/}"; done; true'
)


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

    async def run(self, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        """Start with ``tg.start(actor.run)``: ready once the container is up and prepared."""
        plan = self._plan
        config = plan.task.config
        toml = f"{plan.task.root / 'task.toml'}"
        environment = msgspec.structs.replace(
            config.environment, env=resolve_env(config.environment.env, where=f"{toml}: environment.env")
        )
        verifier_env = resolve_env(config.verifier.env, where=f"{toml}: verifier.env")
        self._verifier = SandboxVerifier(plan, self._out, verifier_env)
        self._evidence = EvidenceSnapshot(plan, self._out, self._verifier)
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
                await self._out.append(finished(command_id, "setup", result))
                if result.exit_code != 0:
                    raise TaskFormatError(
                        f"task {task.task_id}: steps/{req.name}/workdir/setup.sh failed (exit {result.exit_code}): "
                        f"{merge(result).text.strip()[-200:]}"
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
            await self._out.append(finished(command_id, "setup", result))
            if result.exit_code == 0:
                return
            if attempt < check.retries:
                await anyio.sleep(check.start_interval_sec if attempt == 1 else check.interval_sec)
        raise TaskFormatError(
            f"task {self._plan.task.task_id}: [environment.healthcheck] {check.command!r} did not pass in "
            f"{check.retries} attempt(s): {merge(result).text.strip()[-200:] or f'exit {result.exit_code}'}"
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
            # In a saturated sandbox the kill command cannot start (it fails at once); the snapshot's
            # first command then fails the same way and resets the sandbox.
            if self._agent_command_running:
                await box.exec(_KILL_TIMEOUTS, timeout_sec=10)

    async def _serve_requests(self, box: Sandbox) -> None:
        answered: set[str] = set()  # verifications answered with their snapshot
        index = 0
        async for rec in self._feed.follow():
            index += 1
            match rec.event:
                case ev.CommandRequested() as req:
                    await self._command(box, req)
                case ev.SnapshotRequested() as req:
                    verification = await self._joinable_verification(box, req, index)
                    if verification is None:
                        await self._evidence.snapshot(box, req)
                    else:
                        await self._evidence.snapshot_and_verify(box, req, verification)
                        answered.add(verification.id)
                        self._verified = True
                case ev.VerificationRequested() as req if req.id not in answered:
                    await self._verifier.verify(box, req)
                    self._verified = True
                case ev.StepStarted() as req:
                    await self._prepare_step(box, req)

    async def _joinable_verification(
        self, box: Sandbox, req: ev.SnapshotRequested, after: int
    ) -> ev.VerificationRequested | None:
        """The verification that follows a snapshot at once, when the two can share one command."""
        if not self._evidence.can_list_with_tests(box, req):
            return None
        # Appended with the snapshot's request: the next request in the log is it.
        found, _ = await self._feed.wait_for(lambda e: isinstance(e, _REQUESTS), after)
        if isinstance(found.event, ev.VerificationRequested) and found.event.step is None:
            return found.event
        return None

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
        await self._out.append(finished(req.command_id, req.purpose, result))
