"""The sandbox actor's verifier: the tests copied in, run, and the reward read from the files they leave."""

from __future__ import annotations

import time
from typing import Final

from realcli import TaskFormatError
from realcli import events as ev
from realcli.environments import ExecResult, FileRead, Sandbox
from realcli.runtime.bus import StreamWriter
from realcli.runtime.trials._rewards import REWARD_FILE_BYTES, RewardResult, checks_of, parse_rewards
from realcli.runtime.trials._sandbox_output import merge
from realcli.runtime.trials._sandbox_plan import SandboxPlan
from realcli.runtime.trials._sandbox_saturation import could_not_fork, reset_saturated
from realcli.taskformat import resolve_env

__all__ = ["AGENT_OUTPUT_BYTES", "SandboxVerifier"]

AGENT_OUTPUT_BYTES: Final = 64 * 1024
CTRF_BYTES: Final = 4 << 20
REWARD_TXT: Final = "/logs/verifier/reward.txt"
REWARD_JSON: Final = "/logs/verifier/reward.json"
CTRF: Final = "/logs/verifier/ctrf.json"


class SandboxVerifier:
    """Verifies a trial's sandbox for its actor, on the actor's stream."""

    def __init__(self, plan: SandboxPlan, writer: StreamWriter, verifier_env: dict[str, str]) -> None:
        self._plan = plan
        self._out = writer
        self._verifier_env = verifier_env
        self.tests_copied: int | None = None  # the bytes of /tests, when copied in ahead of verification

    async def tests_ahead(self, box: Sandbox, req: ev.SnapshotRequested) -> None:
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
            self.tests_copied = await box.put_files("/tests", task.tests_dir)
        except Exception:
            self.tests_copied = None  # copied again, and its error raised, at verification

    async def verify(self, box: Sandbox, req: ev.VerificationRequested) -> None:
        """Run the task's (or the step's) tests and record the ``VerifierFinished`` with its reward."""
        task = self._plan.task
        started = time.monotonic()
        env, user = self._verifier_env, task.config.verifier.user
        if req.step is not None:
            env, user = await self._step_tests(box, req.step)
        elif task.tests_dir.is_dir():
            size = self.tests_copied
            if size is None:
                size = await box.put_files("/tests", task.tests_dir)
            await self._out.append(
                ev.FilesCopied(direction="in", src="tests/", dest="/tests", bytes=size, purpose="tests")
            )
        result, outputs, rewards = await self._run_tests(box, req, env, user)
        # The agent's processes may have filled the process limit after the snapshot (a fork bomb still
        # growing on a busy machine): the tests could not start a process.  Reset, and run them once more.
        if rewards.reward is None and not result.timed_out and could_not_fork(merge(result).text):
            await reset_saturated(box, self._out, merge(result).text)
            result, outputs, rewards = await self._run_tests(box, req, env, user)
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
                output=merge(result),
                duration_sec=time.monotonic() - started,
                error=error,
                timed_out=result.timed_out,
                metrics=rewards.metrics,
                step=req.step,
            )
        )

    async def _run_tests(
        self, box: Sandbox, req: ev.VerificationRequested, env: dict[str, str], user: str | int | None
    ) -> tuple[ExecResult, dict[str, FileRead | None], RewardResult]:
        """Run the tests; their result, the files they left and the reward read from those."""
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
        return result, outputs, await self._rewards(box, outputs[REWARD_TXT], outputs[REWARD_JSON])

    async def _step_tests(self, box: Sandbox, name: str) -> tuple[dict[str, str], str | int | None]:
        """A fresh /tests and /logs/verifier for a step: the task's tests, then the step's over them (Harbor).

        Returns the step's verifier env and user (each falling back to the task's ``[verifier]``).
        """
        task = self._plan.task
        step = next(s for s in task.config.steps if s.name == name)
        reset = await box.exec("rm -rf /tests && mkdir -p /logs/verifier && rm -rf /logs/verifier/*", timeout_sec=60)
        if reset.exit_code != 0:
            raise TaskFormatError(f"task {task.task_id}: cannot reset /tests and /logs/verifier: {merge(reset).text}")
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
