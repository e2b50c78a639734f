"""The warden: the actor that owns a trial's sandbox and does everything that touches it.

The word "sandbox" names the container interface (``realcli.environments.Sandbox``: ``DockerSandbox``,
``LocalSandbox``) and the facts about it (``SandboxCreated`` ...); the actor that keeps one is the warden.  Its
stream keeps the name the log has always given it, ``<run>.<trial>.sandbox``.

It reacts to requests in the trial's events (``CommandRequested`` from the
agent or the user simulator, ``SnapshotRequested`` and
``VerificationRequested`` from the supervisor) strictly in log order, one at
a time, and answers with events on its own stream.  It never decides
anything about the trial.
"""

from __future__ import annotations

import contextlib
from typing import Final

import aiodocker
import anyio
import msgspec
from anyio.abc import TaskStatus

from realcli import InfrastructureError, TaskFormatError, find_error
from realcli import events as ev
from realcli.environments import DockerSandbox, FileCopy, Sandbox, ServiceGroup, owner_labels
from realcli.runtime.bus import StreamWriter, TrialFeed
from realcli.runtime.trials._separate_verifier import SeparateVerifier
from realcli.runtime.trials._verifier_guard import Prepared, VerifierGuard
from realcli.runtime.trials._warden_evidence import EvidenceSnapshot, evidence_paths
from realcli.runtime.trials._warden_output import finished, merge
from realcli.runtime.trials._warden_plan import WardenPlan
from realcli.runtime.trials._warden_verifier import AGENT_OUTPUT_BYTES, SandboxVerifier

__all__ = ["Warden", "WardenPlan", "evidence_paths"]

_REQUESTS: Final = (ev.CommandRequested, ev.SnapshotRequested, ev.VerificationRequested, ev.StepStarted)
_LAST_LOOK_SEC: Final = 30.0  # a bound on reading the container's log before it is removed
# How often the disk is looked at while the agent works: the engine walks the layer to measure it
# ("poll"); a capped layer's charge is a few kernel counters ("quota"), read often for a prompt end.
STORAGE_POLL_SEC: Final = {"poll": 2.0, "quota": 0.5}
# Portable `pkill -x timeout` (images need not have procps): only sh and cat.
_KILL_TIMEOUTS: Final = (
    'for p in /proc/[0-9]*; do [ "$(cat "$p/comm" 2>/dev/null)" = timeout ] && kill -TERM "${p#/proc/}"; done; true'
)


class Warden:
    """Creates the trial's sandbox, serves requests from the log, removes the sandbox on every way out."""

    def __init__(self, docker: aiodocker.Docker, plan: WardenPlan, writer: StreamWriter, feed: TrialFeed) -> None:
        self._docker = docker
        self._plan = plan
        self._out = writer
        self._feed = feed
        self._box: Sandbox | None = None
        self._agent_command_running = False
        self._agent_working = True  # until the agent's time ends (each step's, for a multi-step task)
        self._step: int | None = None  # the step of a multi-step task under way
        self._entrypoint_recorded = False

    async def run(self, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        """Start with ``tg.start(actor.run)``: ready once the container is up and prepared."""
        plan = self._plan
        config = plan.task.config
        toml = f"{plan.task.root / 'task.toml'}"
        resolve = plan.task_env.resolve
        env = resolve(config.environment.env, where=f"{toml}: environment.env")
        # The compose file's templates are filled in here, by the same rules as task.toml's.
        project = None if plan.task.compose is None else plan.task_env.resolve_compose(plan.task.compose)
        if project is not None:
            env = {**project.main_environment, **env}
        environment = msgspec.structs.replace(config.environment, env=env)
        verifier_env = resolve(config.verifier.env, where=f"{toml}: verifier.env")
        self._verifier = SandboxVerifier(plan, self._out, verifier_env)
        self._evidence = EvidenceSnapshot(plan, self._out, self._verifier)
        self._guard = VerifierGuard(plan, self._out, verifier_env)
        self._separate = SeparateVerifier(self._docker, plan, self._out, self._verifier)
        self._prepared: Prepared | None = None  # the guard's answer for the verification that follows
        self._solution_env = resolve(config.solution.env, where=f"{toml}: solution.env")
        copies = self._copies_in()
        box = DockerSandbox.for_task(
            self._docker,
            plan.image,
            environment,
            run=plan.run_id,
            trial=plan.trial_id,
            labels=plan.extra_labels,
            mounts=plan.mounts,
            internet=plan.internet and (project is None or project.main_network),
            allow_host_network=plan.allow_host_network,
            files=[copy for copy, _, _ in copies],
            entrypoint=plan.entrypoint,
            services=self._services(project, environment),
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
                        entrypoint=list(info.entrypoint),
                        storage_mb=info.storage_mb,
                        storage=info.storage,
                    )
                )
                await self._prepare(box, list(zip(copies, box.copied, strict=True)))
                await self._entrypoint_exited(box)
                task_status.started()
                try:
                    await self._serve(box)
                finally:
                    # Before the container goes (cancelled or not): an entrypoint that exited while the agent
                    # worked is recorded too.
                    with (
                        anyio.CancelScope(shield=True),
                        anyio.move_on_after(_LAST_LOOK_SEC),
                        contextlib.suppress(InfrastructureError),
                    ):
                        await self._entrypoint_exited(box)
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

    def _services(self, project: ev.ComposeProject | None, environment: ev.EnvironmentConfig) -> ServiceGroup | None:
        """A multi-container task's other services (its compose file's), each with the task's limits by default."""
        plan = self._plan
        if project is None or not project.services:
            return None
        return ServiceGroup(
            self._docker,
            project,
            task_id=plan.task.task_id,
            trial=plan.trial_id,
            internet=plan.internet,
            owner_labels=lambda kind: owner_labels(kind, plan.run_id),
            cpus=environment.cpus,
            memory_mb=environment.memory_mb,
            image_map=plan.image_map,
            ca=plan.build_ca,
            build_timeout_sec=plan.build_timeout_sec,
        )

    async def _entrypoint_exited(self, box: DockerSandbox) -> None:
        """Record, once, that the image's entrypoint exited: the sandbox is up all the same (Harbor's would stop)."""
        if self._entrypoint_recorded:
            return
        ended = await box.entrypoint_exit()
        if ended is not None:
            self._entrypoint_recorded = True
            code, output = ended
            await self._out.append(
                ev.EntrypointExited(container_id=box.info.container_id, exit_code=code, output=output)
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
        # What runs now (the init, the image's own services) is the sandbox's; the agent's is what comes later.
        await box.mark_own_processes()

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
                result = await box.exec(setup, timeout_sec=self._plan.build_timeout_sec, workdir=box.workdir)
                await self._out.append(finished(command_id, "setup", result))
                if result.exit_code != 0:
                    raise TaskFormatError(
                        f"task {task.task_id}: steps/{req.name}/workdir/setup.sh failed (exit {result.exit_code}): "
                        f"{merge(result).text.strip()[-200:]}"
                    )
        check = task.config.steps[req.index].healthcheck
        if check is not None:
            await self._healthy(box, check)
        await box.set_disk_phase("agent")  # what the verifier and the step's setup wrote is not the agent's
        await box.mark_own_processes()  # the step's setup may have started services of the task's
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
                tg.start_soon(self._guard_storage, box, box.storage_mb, STORAGE_POLL_SEC.get(box.info.storage, 2.0))
            await self._serve_requests(box)
            tg.cancel_scope.cancel()

    async def _guard_storage(self, box: Sandbox, limit_mb: int, every_sec: float) -> None:
        """While the agent works, its disk is a budget; once it is full, the agent's time ends.

        Under a cap (``quota``) the engine refuses the writes past it and this
        only notices; under ``poll`` this is all there is.  Either way every
        process is killed (a writer in the background included: the layer
        stops growing) and ``StorageExceeded`` ends the agent's time; the
        verifier then judges what is left, as after a time budget.
        """
        while True:
            await anyio.sleep(every_sec)
            if not self._agent_working:
                continue
            use = await box.disk_use()
            if use.full:
                # Recorded first: the agent's time ends on this fact, not on the kill, which would end the
                # agent's command (and with it, perhaps, the agent) before the log said why.
                await self._out.append(
                    ev.StorageExceeded(
                        container_id=box.info.container_id,
                        limit_mb=limit_mb,
                        used_mb=use.used_mb,
                        storage=box.info.storage,
                    )
                )
                await box.stop_processes()
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
                    await box.set_disk_phase("verifier")  # the agent's budget does not hold the verifier back
                    checks = await self._evidence.hard_checks(box)  # on the state left, its processes running
                    prepared = self._prepared = await self._guard.prepare(box, self._step_name())
                    verification = await self._joinable_verification(box, req, index, prepared)
                    if verification is None:
                        await self._evidence.snapshot(box, req, prepared, checks)
                    else:
                        await self._evidence.snapshot_and_verify(box, req, verification, prepared)
                        answered.add(verification.id)
                        self._verified = True
                case ev.VerificationRequested() as req if req.id not in answered:
                    prepared = self._prepared or await self._guard.prepare(box, req.step)
                    if self._plan.verifier_image is not None:
                        await self._separate.verify(box, req)
                    else:
                        await self._verifier.verify(box, req, tampered=prepared.tampered)
                    self._prepared = None
                    self._verified = True
                case ev.StepStarted() as req:
                    await self._prepare_step(box, req)

    def _step_name(self) -> str | None:
        return self._plan.task.config.steps[self._step].name if self._step is not None else None

    async def _joinable_verification(
        self, box: Sandbox, req: ev.SnapshotRequested, after: int, prepared: Prepared
    ) -> ev.VerificationRequested | None:
        """The verification that follows a snapshot at once, when the two can share one command."""
        if prepared.tampered or not self._evidence.can_list_with_tests(box, req):
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
