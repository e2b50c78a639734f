"""The trial supervisor: starts a trial's actors, enforces its budgets, ends it.

Structure (every resource in ``async with``, every actor in a task group)::

    TrialStarted -> ImageBuilt (task image; and the agent's image for an InstalledAgent)
    task group (trial): feeds, warden (ready via tg.start)
        task group (actors): agent, user simulator (COLLAB)
            watch the log until the agent is done, the user has finished, or a
            budget runs out; then cancel the actors
        SnapshotRequested -> hard checks + evidence; VerificationRequested -> verifier
        cancel: the warden removes the sandbox (SandboxRemoved)
    TrialFinished(reason)

Every trial ends with a cause (``realcli.events.CAUSES``), decided by who
failed.  The agent's own failures (``AgentFailedError``: malformed output,
context overflow, a refused request, a crashed installed agent), its budgets
and a plain finish are scored from the state it left.  Infrastructure
failures (Docker, image build, the model endpoint, a dead container, the log)
end the trial as ``infrastructure_error`` with the error's cause; cancellation
(Ctrl-C, SIGTERM) as ``cancelled``.  Neither is ever scored.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator

import aiodocker
import anyio

from realcli import (
    InfrastructureError,
    LogUnavailableError,
    RealcliError,
    TaskFormatError,
    find_error,
)
from realcli import events as ev
from realcli.environments import ContainerProcesses, TaskImage, ensure_task_image
from realcli.eventlog import EventLog
from realcli.runtime.agents import (
    SOLUTION_AGENTS,
    Agent,
    InstalledAgent,
    SandboxGrant,
    SandboxSetup,
    sees_solution,
)
from realcli.runtime.bus import StreamWriter, TrialFeed, seal
from realcli.runtime.trials._rewards import aggregate_steps, meets_minimum, step_scores
from realcli.runtime.trials._spec import TrialOutcome, TrialSpec, VoiceFactory, budgets_for, worker_id
from realcli.runtime.trials._trial_conversation import Conversation, StepRun
from realcli.runtime.trials._trial_environment import after_prepared, finish_environment, tampering_detail
from realcli.runtime.trials._warden import Warden, WardenPlan


class TrialRunner:
    """Runs one trial against a log and a Docker engine."""

    def __init__(
        self,
        log: EventLog,
        docker: aiodocker.Docker,
        spec: TrialSpec,
        agent: Agent,
        voice: VoiceFactory | None,
        user_sim: ev.UserSimInfo | None = None,
        *,
        worker: str | None = None,
    ) -> None:
        self._worker = worker or worker_id()
        self._log = log
        self._docker = docker
        self._spec = spec
        self._agent = agent
        self._voice = voice
        self._user_sim = user_sim
        self._budgets = budgets_for(spec)
        self._conversation = Conversation(log, spec, agent, voice, self._budgets)
        self._steps_reward: float | None = None  # a multi-step trial's reward (StepsScored)
        self._tampered = ""  # what the verifier's guard found tampered with (cause verifier_tampered), if anything

    def _stream(self, actor: ev.Actor) -> str:
        return ev.trial_stream(self._spec.run_id, self._spec.trial_id, actor)

    async def run(self) -> TrialOutcome:
        """Run one try of the trial: record ``TrialStarted``, run its actors through verification, seal its streams
        with ``TrialFinished`` (cancelled or not), and return its outcome."""
        spec = self._spec
        supervisor = await spec.writer(self._log, "supervisor")
        started = time.monotonic()
        user_sim = self._user_sim if spec.mode == "collab" else None
        result = await supervisor.append(
            ev.TrialStarted(
                trial_id=spec.trial_id,
                mode=spec.mode,
                attempt=spec.attempt,
                task=spec.task.spec,
                agent=self._agent.info,
                budgets=self._budgets,
                user_sim=user_sim,
                seed=spec.seed,
                worker=self._worker,
                metric=spec.settings.metric_for(spec.task),
            )
        )
        cause: ev.TrialEndCause = "agent_done"
        detail = ""
        turns = 0
        try:
            try:
                turns = await self._run_started(supervisor, result.last_position)
                cause, detail = self._cause(), self._tampered or self._conversation.stop_detail
            except* (InfrastructureError, TaskFormatError, LogUnavailableError) as group:
                cause, detail = infrastructure_cause(find_error(group)), _first_line(group)
        except BaseException:
            cause = "cancelled"
            raise
        finally:
            # The try's seal: its actors have stopped, so their streams end here.
            heads = await seal(self._log, f"{spec.run_id}.{spec.trial_id}", skip=supervisor.stream)
            await supervisor.append_shielded(
                ev.TrialFinished(
                    trial_id=spec.trial_id,
                    reason=ev.reason_for(cause),
                    detail=detail,
                    turns=turns,
                    duration_sec=time.monotonic() - started,
                    cause=cause,
                    heads=heads,
                )
            )
        verdict = await self._reward()
        return TrialOutcome(spec.trial_id, spec.task.task_id, spec.mode, ev.reason_for(cause), verdict, detail, cause)

    def _cause(self) -> ev.TrialEndCause:
        """Why the agent's part ended: it tampered with the verifier, a budget ran out, or its own end."""
        if self._tampered:
            return "verifier_tampered"
        stop_reason = self._conversation.stop_reason
        match stop_reason:
            case "turn_budget" | "time_budget" | "storage_budget":
                return stop_reason
        return self._conversation.agent_cause

    async def _reward(self) -> float | None:
        if self._steps_reward is not None:
            return self._steps_reward
        reward = None
        async for rec in self._log.read(self._stream("sandbox")):
            if isinstance(rec.event, ev.VerifierFinished):
                reward = rec.event.reward
            elif isinstance(rec.event, ev.SandboxCreated):
                reward = None  # a new try starts
        return reward

    async def _run_started(self, supervisor: StreamWriter, start: int) -> int:
        spec = self._spec
        task = spec.task
        env = task.config.environment
        timeouts = spec.settings.timeouts
        build_sec = timeouts.scale("environment_build", env.build_timeout_sec)
        image = await ensure_task_image(
            self._docker,
            task.task_id,
            task.environment_dir,
            docker_image=env.docker_image,
            build_timeout_sec=build_sec,
            image_map=spec.settings.image_map,
            ca=spec.settings.build_ca,
        )
        await supervisor.append(image_built(image))
        verifier_image = await self._verifier_image(supervisor)
        scope = f"{spec.run_id}.{spec.trial_id}"
        feeds = [TrialFeed(self._log, scope, start) for _ in range(4)]
        sandbox_feed, agent_feed, user_feed, watch_feed = feeds
        async with self._installed(supervisor, image.tag) as setup, anyio.create_task_group() as trial:
            for feed in feeds:
                await trial.start(feed.pump)
            plan = WardenPlan(
                task=task,
                image=setup.image if setup else image.tag,
                run_id=spec.run_id,
                trial_id=spec.trial_id,
                plant_traps=spec.mode == "collab",
                copy_solution=self._agent.info.name in SOLUTION_AGENTS or sees_solution(self._agent.info),
                keep_image=spec.keep_image,
                mounts=setup.mounts if setup else (),
                internet=spec.settings.internet(task.config.environment),
                allow_host_network=spec.settings.allow_host_network,
                metric=spec.settings.metric_for(task),
                entrypoint=image.entrypoint,
                image_map=spec.settings.image_map,
                build_ca=spec.settings.build_ca,
                build_timeout_sec=build_sec,
                task_env=spec.settings.task_env,
                verifier_image=verifier_image,
                verifier_internet=spec.settings.internet(task.config.verifier.environment or task.config.environment),
            )
            warden = Warden(self._docker, plan, await spec.writer(self._log, "sandbox"), sandbox_feed)
            await trial.start(warden.run)
            grant = await self._grant(setup, watch_feed)
            if task.spec.steps:
                turns = await self._run_steps(supervisor, agent_feed, watch_feed, grant)
            else:
                turns = await self._conversation.converse(agent_feed, user_feed, watch_feed, grant)
                verifier_sec = timeouts.scale("verifier", task.config.verifier.timeout_sec)
                verified = await finish_environment(
                    supervisor, watch_feed, task, spec.trial_id, verifier_sec=verifier_sec
                )
                self._note_tampering(verified, watch_feed)
            trial.cancel_scope.cancel()
        return turns

    async def _run_steps(
        self, supervisor: StreamWriter, agent_feed: TrialFeed, watch_feed: TrialFeed, grant: SandboxGrant | None
    ) -> int:
        """Harbor's multi-step trial: each step prepared, worked on and verified in order, in one environment.

        A step whose reward misses its ``min_reward`` stops the trial; the
        trial's reward is the strategy's (mean or final) over the steps run.
        """
        task = self._spec.task
        config = task.config
        if self._spec.mode != "exec":
            raise TaskFormatError(f"task {task.task_id}: a multi-step task runs in EXEC mode only")
        results: list[dict[str, float]] = []
        turns = 0
        stopped = ""
        for index, (step, spec) in enumerate(zip(config.steps, task.spec.steps, strict=True)):
            inherit = step.inherit_prior_session and index > 0
            await supervisor.append(
                ev.StepStarted(trial_id=self._spec.trial_id, index=index, name=step.name, inherit_prior_session=inherit)
            )
            starts = [await after_prepared(feed, index) for feed in (agent_feed, watch_feed)]
            declared = step.agent.timeout_sec or config.agent.timeout_sec
            budgets = ev.Budgets(
                max_turns=self._budgets.max_turns, timeout_sec=self._spec.settings.timeouts.scale("agent", declared)
            )
            run = StepRun(step.name, spec.instruction, budgets, inherit, starts[0], starts[1])
            turns += await self._conversation.converse(agent_feed, agent_feed, watch_feed, grant, run)
            verified = await finish_environment(
                supervisor,
                watch_feed,
                task,
                self._spec.trial_id,
                step=step.name,
                verifier_sec=self._spec.settings.timeouts.scale(
                    "verifier", step.verifier.timeout_sec or config.verifier.timeout_sec
                ),
            )
            self._note_tampering(verified, watch_feed)
            scores = step_scores(verified)
            met = meets_minimum(scores, step.min_reward)
            results.append(scores)
            await supervisor.append(
                ev.StepFinished(
                    trial_id=self._spec.trial_id,
                    index=index,
                    name=step.name,
                    reward=verified.reward,
                    metrics=verified.metrics,
                    min_reward_met=met,
                )
            )
            if not met:
                stopped = f"step {step.name} missed its min_reward {step.min_reward}"
                break
        strategy = config.multi_step_reward_strategy
        final = aggregate_steps(results, strategy)
        self._steps_reward = final.get("reward")
        await supervisor.append(
            ev.StepsScored(
                trial_id=self._spec.trial_id,
                strategy=strategy,
                reward=self._steps_reward,
                metrics=final,
                steps_run=len(results),
                steps_total=len(config.steps),
                stopped_early=stopped,
            )
        )
        return turns

    async def _verifier_image(self, supervisor: StreamWriter) -> str | None:
        """A separate verifier's own image (Harbor: ``[verifier.environment] docker_image``, else ``tests/`` built)."""
        task = self._spec.task
        if not task.config.verifier.separate:
            return None
        env = task.config.verifier.environment or task.config.environment
        image = await ensure_task_image(
            self._docker,
            f"{task.task_id}-verifier",
            task.tests_dir,
            docker_image=env.docker_image,
            build_timeout_sec=self._spec.settings.timeouts.scale("environment_build", env.build_timeout_sec),
            image_map=self._spec.settings.image_map,
            ca=self._spec.settings.build_ca,
        )
        await supervisor.append(image_built(image))
        return image.tag

    def _note_tampering(self, verified: ev.VerifierFinished, feed: TrialFeed) -> None:
        """A verifier that did not run because the agent tampered with it decides the trial's cause."""
        if verified.tampered and not self._tampered:
            self._tampered = tampering_detail(feed) or "the verifier did not run: its environment was tampered with"

    @contextlib.asynccontextmanager
    async def _installed(self, supervisor: StreamWriter, task_image: str) -> AsyncIterator[SandboxSetup | None]:
        """An installed agent's image and mounts (its per-trial resources live until the trial ends)."""
        if not isinstance(self._agent, InstalledAgent):
            yield None
            return
        if self._spec.task.config.agent.user is not None:
            raise TaskFormatError(
                f"task {self._spec.task.task_id}: [agent] user is not supported with installed agents "
                f"({self._agent.info.name} runs as the image's user); use terminus, or remove [agent] user"
            )
        async with self._agent.installed(self._docker, task_image) as setup:
            await supervisor.append(
                ev.ImageBuilt(
                    image=setup.image,
                    content_hash=setup.content_hash,
                    cached=setup.cached,
                    duration_sec=setup.duration_sec,
                )
            )
            yield setup

    async def _grant(self, setup: SandboxSetup | None, feed: TrialFeed) -> SandboxGrant | None:
        """The process capability for an installed agent, bound to this try's container."""
        if setup is None:
            return None
        rec, _ = await feed.wait_for(lambda e: isinstance(e, ev.SandboxCreated))
        assert isinstance(rec.event, ev.SandboxCreated)
        return SandboxGrant(setup, ContainerProcesses(self._docker, rec.event.container_id))


def infrastructure_cause(error: RealcliError | None) -> ev.TrialEndCause:
    """The cause an infrastructure error names (``harness_error`` when it names none we know)."""
    cause = ev.parse_cause(str(getattr(error, "cause", "")))
    return cause if cause is not None and cause in ev.INFRASTRUCTURE_CAUSES else "harness_error"


def _first_line(group: BaseExceptionGroup[BaseException]) -> str:
    for exc in group.exceptions:
        if isinstance(exc, BaseExceptionGroup):
            return _first_line(exc)
        return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return "unknown error"


def image_built(image: TaskImage) -> ev.ImageBuilt:
    """The event that records ``image`` (the agent's image, or a separate verifier's)."""
    return ev.ImageBuilt(
        image=image.tag,
        content_hash=image.content_hash,
        cached=image.cached,
        duration_sec=image.duration_sec,
        source=image.source,
        mapped=image.mapped,
        docker_image=image.docker_image,
    )
