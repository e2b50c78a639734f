"""The warden's verifier: the tests copied in, run, and the reward read from the files they leave."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Final

from realcli import TaskFormatError
from realcli import events as ev
from realcli.environments import KILL_AFTER_SEC, ExecResult, FileRead, Sandbox
from realcli.runtime.bus import StreamWriter
from realcli.runtime.trials._rewards import REWARD_FILE_BYTES, RewardResult, checks_of, parse_rewards
from realcli.runtime.trials._verifier_outputs import parse_printed, print_files
from realcli.runtime.trials._warden_output import merge
from realcli.runtime.trials._warden_plan import WardenPlan
from realcli.runtime.trials._warden_saturation import could_not_fork, reset_saturated

__all__ = ["AGENT_OUTPUT_BYTES", "LISTING_TIMEOUT_SEC", "SandboxVerifier"]

AGENT_OUTPUT_BYTES: Final = 64 * 1024
CTRF_BYTES: Final = 4 << 20
REWARD_TXT: Final = "/logs/verifier/reward.txt"
REWARD_JSON: Final = "/logs/verifier/reward.json"
CTRF: Final = "/logs/verifier/ctrf.json"
LISTING_TIMEOUT_SEC: Final = 30.0
_OUTPUTS: Final = {REWARD_TXT: REWARD_FILE_BYTES, REWARD_JSON: REWARD_FILE_BYTES, CTRF: CTRF_BYTES}


@dataclass(frozen=True)
class _TestRun:
    """One run of the tests: what the command did, what it said, the files it left and the reward in them."""

    result: ExecResult
    output: ev.Output
    timed_out: bool
    files: dict[str, FileRead | None]
    rewards: RewardResult
    listing: ev.Output = field(default_factory=ev.Output)  # the evidence's, when listed in the same command


class SandboxVerifier:
    """Verifies a trial's sandbox for its actor, on the actor's stream."""

    def __init__(self, plan: WardenPlan, writer: StreamWriter, verifier_env: dict[str, str]) -> None:
        self._plan = plan
        self._out = writer
        self._verifier_env = verifier_env
        self.tests_copied: int | None = None  # the bytes of /tests, when copied in ahead of verification

    def may_copy_ahead(self, box: Sandbox, req: ev.SnapshotRequested) -> bool:
        """Whether the tests may go in before the evidence is taken (``tests_ahead``)."""
        task, workdir = self._plan.task, box.workdir.rstrip("/") + "/"
        if task.spec.steps or self._plan.keep_image or not task.tests_dir.is_dir() or self._plan.verifier_image:
            return False  # (a separate verifier's tests are in its own image, never in the agent's container)
        return not ("/tests/".startswith(workdir) or any(p.startswith("/tests") for p in req.paths))

    async def tests_ahead(self, box: Sandbox, req: ev.SnapshotRequested) -> None:
        """Copy the tests in while the evidence is gathered, where nothing of the snapshot can see them.

        Verification follows the snapshot of a single-step task; its
        ``FilesCopied`` is recorded then, as when the copy is made then.  Not
        when the listing or an evidence path could reach /tests, nor when the
        final state is kept as an image.  A failed copy is made again then.
        """
        if not self.may_copy_ahead(box, req):
            return
        try:
            self.tests_copied = await box.put_files("/tests", self._plan.task.tests_dir)
        except Exception:
            self.tests_copied = None  # copied again, and its error raised, at verification

    async def verify(
        self, box: Sandbox, req: ev.VerificationRequested, *, tampered: bool = False, tests_in_image: bool = False
    ) -> None:
        """Run the task's (or the step's) tests and record the ``VerifierFinished`` with its reward.

        ``tampered`` (the guard found the agent's changes to what the tests
        run with): they do not run, and the reward is 0.  ``tests_in_image``:
        ``box`` is a separate verifier's, whose image holds /tests already.
        """
        if tampered:
            await self._out.append(_not_run(self._plan.trial_id, req.step))
            return
        task = self._plan.task
        started = time.monotonic()
        env, user = self._verifier_env, task.config.verifier.user
        if req.step is not None:
            env, user = await self._step_tests(box, req.step)
        elif task.tests_dir.is_dir() and not tests_in_image:
            await self._record_tests(await self._tests_in(box))

        def run() -> Awaitable[_TestRun]:
            return self._run_tests(box, req, env, user)

        tests = await run()
        # The agent's processes may have filled the process limit after the snapshot (a fork bomb still
        # growing on a busy machine): the tests could not start a process.  Reset, and run them once more.
        if tests.rewards.reward is None and not tests.timed_out and could_not_fork(tests.output.text):
            await reset_saturated(box, self._out, tests.output.text)
            tests = await run()
        await self._finished(req, tests, started)
        if req.step is not None:
            await self._clear_step(box)

    async def verify_after_listing(
        self,
        box: Sandbox,
        req: ev.VerificationRequested,
        listing: str,
        snapshotted: Callable[[ev.Output], Awaitable[None]],
    ) -> None:
        """The evidence's ``listing`` command and the tests in one command (the listing first, to stderr).

        ``snapshotted`` records the evidence with the listing before the
        verifier's own events.  For a single-step task whose tests run as
        the sandbox's default user (the listing's); the tests are copied in
        by the same request (``Sandbox.copy_and_exec``).
        """
        started = time.monotonic()
        limit = req.timeout_sec
        # stderr: the listing, then (after the tests, whose stderr goes to stdout) their output files.
        command = (
            f"{{ timeout {LISTING_TIMEOUT_SEC:g} {listing}; }} >&2; "
            f"timeout -k {KILL_AFTER_SEC:g} {limit:.3f} bash /tests/test.sh 2>&1; code=$?; "
            f"{{ {print_files(list(_OUTPUTS))}; }} >&2; exit $code"
        )

        def run() -> Awaitable[_TestRun]:
            return self._run_tests(box, req, self._verifier_env, None, command=command, listed=True)

        tests = await run()
        # A sandbox at its process limit (a fork bomb) cannot list, or cannot start the tests: reset, again.
        if could_not_fork(tests.listing.text) or (tests.rewards.reward is None and could_not_fork(tests.output.text)):
            await reset_saturated(box, self._out, tests.listing.text + "\n" + tests.output.text)
            tests = await run()
        await snapshotted(tests.listing)
        await self._record_tests(await self._tests_in(box))
        await self._finished(req, tests, started)

    async def _tests_in(self, box: Sandbox) -> int:
        """The task's tests in /tests (copied ahead, or now); their bytes."""
        if self.tests_copied is None:
            self.tests_copied = await box.put_files("/tests", self._plan.task.tests_dir)
        return self.tests_copied

    async def _record_tests(self, size: int) -> None:
        await self._out.append(ev.FilesCopied(direction="in", src="tests/", dest="/tests", bytes=size, purpose="tests"))

    async def _clear_step(self, box: Sandbox) -> None:
        """After a step's verifier: its tests and outputs go, so the next step's guard sees only the agent's."""
        cleared = await box.exec("rm -rf /tests /logs/verifier/* /logs/verifier/.[!.]*", timeout_sec=60)
        if cleared.exit_code != 0:
            raise TaskFormatError(
                f"task {self._plan.task.task_id}: cannot clear /tests and /logs/verifier: {merge(cleared).text}"
            )

    async def _finished(self, req: ev.VerificationRequested, tests: _TestRun, started: float) -> None:
        reward, error, no_reward = tests.rewards.reward, tests.rewards.error, ""
        if tests.timed_out and reward is None:
            # The verifier ran out of time on what the agent left (a hung program, a runaway build):
            # the agent's failure, V = 0, not an error of the harness.
            reward, error = 0.0, None
        elif reward is None and not tests.rewards.configuration:
            # It ran on the agent's final state and crashed or wrote no usable reward: the agent's doing
            # (validate proves the verifier gives a reward on a correct state), V = 0, never an exclusion.
            reward, error, no_reward = 0.0, None, error or "the verifier gave no reward"
        ctrf = tests.files[CTRF]
        await self._out.append(
            ev.VerifierFinished(
                trial_id=self._plan.trial_id,
                reward=reward,
                checks=checks_of(ctrf.data if ctrf is not None and not ctrf.truncated else None),
                exit_code=tests.result.exit_code,
                output=tests.output,
                duration_sec=time.monotonic() - started,
                error=error,
                timed_out=tests.timed_out,
                metrics=tests.rewards.metrics,
                step=req.step,
                no_reward=no_reward,
            )
        )

    async def _run_tests(
        self,
        box: Sandbox,
        req: ev.VerificationRequested,
        env: dict[str, str],
        user: str | int | None,
        *,
        command: str = "bash /tests/test.sh",
        listed: bool = False,
    ) -> _TestRun:
        """Run the tests; their result, the files they left and the reward read from those.

        ``listed``: ``command`` lists the evidence to stderr first, then runs
        the tests under a ``timeout`` of their own (stdout holds all they said).
        """
        timeout = req.timeout_sec + (LISTING_TIMEOUT_SEC + KILL_AFTER_SEC if listed else 0)
        if listed and self.tests_copied is None:  # the tests go in with the command that runs them
            self.tests_copied, result = await box.copy_and_exec(
                "/tests",
                self._plan.task.tests_dir,
                command,
                timeout_sec=timeout,
                workdir=box.workdir,
                env=env,
                user=user,
                max_output_bytes=AGENT_OUTPUT_BYTES,
            )
        else:
            result = await box.exec(
                command,
                timeout_sec=timeout,
                workdir=box.workdir,
                env=env,
                user=user,
                max_output_bytes=AGENT_OUTPUT_BYTES,
            )
        if not listed:
            files = await box.read_files(_OUTPUTS)
            rewards = await self._rewards(box, files[REWARD_TXT], files[REWARD_JSON])
            return _TestRun(result, merge(result), result.timed_out, files, rewards)
        printed = parse_printed(result.stderr, list(_OUTPUTS))
        files = {path: None if data is None else FileRead(data, len(data), 0) for path, data in printed.files.items()}
        if unsettled := {path: limit for path, limit in _OUTPUTS.items() if path not in files}:
            files.update(await box.read_files(unsettled))
        rewards = await self._rewards(box, files[REWARD_TXT], files[REWARD_JSON])
        # `timeout` ends the tests with 124 (137 once it had to kill) when their time ran out.
        timed_out = result.timed_out or (result.exit_code in (124, 137) and result.duration_sec >= req.timeout_sec)
        listing = _listing(result.stderr, printed.before)
        return _TestRun(result, result.stdout, timed_out, files, rewards, listing=listing)

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
            env = {**env, **self._plan.task_env.resolve(step.verifier.env, where=f"{toml}: steps.{name}.verifier.env")}
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


def _not_run(trial_id: str, step: str | None) -> ev.VerifierFinished:
    """The verifier of a tampered sandbox: not run, reward 0."""
    text = "not run: the agent changed what the verifier runs with (see VerifierPrepared.tampering)"
    size = len(text.encode())
    return ev.VerifierFinished(
        trial_id=trial_id,
        reward=0.0,
        output=ev.Output(text=text, total_bytes=size, kept_bytes=size),
        step=step,
        tampered=True,
    )


def _listing(stderr: ev.Output, before: str) -> ev.Output:
    """The listing: what stderr held before the output files' section."""
    if stderr.truncated:
        return ev.Output(text=before, total_bytes=stderr.total_bytes, kept_bytes=stderr.kept_bytes)
    size = len(before.encode())
    return ev.Output(text=before, total_bytes=size, kept_bytes=size)
