"""Public Harbor-format tasks run unchanged: small tasks reproducing each Harbor behaviour (real Docker, real logs)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import anyio
import pytest

from realcli import TaskFormatError
from realcli import events as ev
from realcli.environments import DiskEnforcement, ImageMap
from realcli.eventlog import EventLog, open_log
from realcli.models import ModelEndpoint, Secret
from realcli.projections import fold
from realcli.runtime import (
    Agent,
    AgentSession,
    OracleAgent,
    RunPlan,
    RunResult,
    RunSettings,
    ScriptedVoice,
    TerminusAgent,
    parse_timeouts,
    start_run,
    validate_tasks,
)
from realcli.runtime.trials._rewards import parse_rewards
from realcli.scripts_catalog import load_catalog
from realcli.taskformat import Task, TaskEnv, load_task
from tests._reports import render_markdown, report
from tests._tasks import make_task, turn
from tests.fakes import FakeModelServer, Text


@pytest.fixture
async def slog(tmp_path: Path) -> AsyncIterator[EventLog]:
    """One SQLite log: most behaviours here do not depend on the backend (``log`` runs both)."""
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as opened:
        yield opened


async def run(
    log: EventLog,
    tasks: Sequence[Task],
    agent: Agent | None = None,
    *,
    mode: str = "exec",
    run_id: str = "h1",
    settings: RunSettings | None = None,
) -> tuple[RunResult, list[ev.RecordedEvent]]:
    """Run ``tasks`` (the oracle by default) and return every event of the run."""
    agent = agent or OracleAgent()
    plan = RunPlan(
        run_id=run_id,
        tasks=tasks,
        mode=mode,  # type: ignore[arg-type]
        agent=agent.info,
        make_agent=lambda task: agent if not isinstance(agent, OracleAgent) else OracleAgent(task.spec.oracle),
        voice=lambda script, writer: ScriptedVoice(),
        concurrency=2,
        user_sim=ScriptedVoice.info,
        settings=settings or RunSettings(),
    )
    with anyio.fail_after(240):
        result = await start_run(log, plan)
    return result, [rec async for rec in log.read_all(0, run_id)]


def of(records: Sequence[ev.RecordedEvent], kind: type[ev.E], trial: str | None = None) -> list[ev.E]:  # type: ignore[name-defined]
    return [r.event for r in records if isinstance(r.event, kind) and (trial is None or r.trial_id == trial)]


def verifier(records: Sequence[ev.RecordedEvent], trial: str) -> ev.VerifierFinished:
    return of(records, ev.VerifierFinished, trial)[-1]


# ------------------------------------------------------------------- network

# The verifier installs a package from Debian's mirror (over HTTP: no CA bundle needed in the sandbox).
APT_VERIFIER = """#!/bin/sh
apt-get update -qq && apt-get install -y -qq --no-install-recommends hello >/dev/null
if hello | grep -q 'Hello, world'; then echo 1; else echo 0; fi > /logs/verifier/reward.txt
"""


@pytest.mark.docker
async def test_a_task_that_declares_no_network_gets_harbors_public_default(tmp_path: Path, log: EventLog) -> None:
    root = make_task(tmp_path, "needs-net", toml="[verifier]\ntimeout_sec = 240\n")
    (root / "tests" / "test.sh").write_text(APT_VERIFIER)
    task = load_task(root)

    _, records = await run(log, [task])
    (started,) = of(records, ev.RunStarted)
    (sandbox,) = of(records, ev.SandboxCreated)

    assert started.network == "task"
    assert sandbox.network != "none"
    assert verifier(records, "needs-net-exec-1").reward == 1.0
    assert report(fold("h1", records))["outcome"]["hints"] == []


@pytest.mark.docker
async def test_network_none_isolates_every_sandbox_and_says_why_the_task_failed(tmp_path: Path, log: EventLog) -> None:
    toml = "[environment]\nallow_internet = true\n[verifier]\ntimeout_sec = 240\n"
    root = make_task(tmp_path, "needs-net", toml=toml)
    (root / "tests" / "test.sh").write_text(APT_VERIFIER)
    task = load_task(root)

    _, records = await run(log, [task], settings=RunSettings(network="none"))
    (started,) = of(records, ev.RunStarted)
    (sandbox,) = of(records, ev.SandboxCreated)
    data = report(fold("h1", records))

    assert (started.network, sandbox.network) == ("none", "none")
    assert verifier(records, "needs-net-exec-1").reward == 0.0
    (hint,) = data["outcome"]["hints"]
    assert hint["trial"] == "needs-net-exec-1"
    assert "the sandbox had no network" in hint["hint"]
    assert data["trials"][0]["hint"] == hint["hint"]


# ------------------------------------------------------------------- WORKDIR

WORKSPACE = "FROM debian:bookworm-slim\nWORKDIR /workspace\n"
# The verifier reads relative paths too: it runs in the working directory.
REPORT_VERIFIER = """#!/bin/sh
if [ "$(pwd)" = /workspace ] && grep -qx done report.json; then echo 1; else echo 0; fi > /logs/verifier/reward.txt
"""


class FollowsInstructions:
    """An agent that does what "write report.json in your working directory" says, with relative paths."""

    info = ev.AgentInfo(name="relative", version="1")

    def __init__(self) -> None:
        self.workdir = ""

    async def run(self, session: AgentSession) -> None:
        await session.messages()
        self.workdir = session.view.workdir
        await session.run("echo done > report.json")
        await session.end_turn(commands=1)
        await session.yield_turn(claims_done=True)


def workspace_task(tmp_path: Path, toml: str = "") -> Task:
    root = make_task(
        tmp_path,
        "workspace",
        dockerfile=WORKSPACE,
        toml=toml,
        instruction="Write the word done into report.json in your working directory.\n",
        solve="#!/bin/sh\necho done > report.json\n",
    )
    (root / "tests" / "test.sh").write_text(REPORT_VERIFIER)
    return load_task(root)


@pytest.mark.docker
async def test_the_working_directory_is_the_images_workdir(tmp_path: Path, log: EventLog) -> None:
    task = workspace_task(tmp_path)
    agent = FollowsInstructions()

    _, oracle = await run(log, [task], run_id="oracle")
    _, relative = await run(log, [task], agent, run_id="agent")

    assert task.config.environment.workdir == ""
    for records in (oracle, relative):
        (sandbox,) = of(records, ev.SandboxCreated)
        assert sandbox.workdir == "/workspace"
        assert verifier(records, "workspace-exec-1").reward == 1.0
    assert agent.workdir == "/workspace"  # what the agent's prompt says


@pytest.mark.docker
async def test_a_declared_workdir_wins_over_the_images(tmp_path: Path, log: EventLog) -> None:
    task = workspace_task(tmp_path, toml='[environment]\nworkdir = "/srv"\n')

    _, records = await run(log, [task])

    (sandbox,) = of(records, ev.SandboxCreated)
    assert sandbox.workdir == "/srv"
    assert verifier(records, "workspace-exec-1").reward == 0.0  # the verifier wants /workspace


# ------------------------------------------------------------ reward protocol


METRICS_VERIFIER = """echo '{"accuracy": 1, "speed": 0.25}' > /logs/verifier/reward.json\n"""


def verifier_writing(tmp_path: Path, name: str, script: str) -> Task:
    root = make_task(tmp_path, name)
    (root / "tests" / "test.sh").write_text("#!/bin/sh\n" + script)
    return load_task(root)


@pytest.mark.docker
async def test_reward_files_as_harbor_reads_them(tmp_path: Path, slog: EventLog) -> None:
    tasks = [
        verifier_writing(tmp_path, "two-lines", "printf '1\\n# 3 of 3 checks passed\\n' > /logs/verifier/reward.txt\n"),
        verifier_writing(tmp_path, "metrics", METRICS_VERIFIER),
        verifier_writing(
            tmp_path,
            "big-log",
            "head -c 5000000 /dev/zero | tr '\\0' x > /logs/verifier/a-big.log\necho 1 > /logs/verifier/reward.txt\n",
        ),
    ]

    _, records = await run(slog, tasks)

    assert verifier(records, "two-lines-exec-1").reward == 1.0
    assert verifier(records, "big-log-exec-1").reward == 1.0
    several = verifier(records, "metrics-exec-1")
    assert several.reward is None
    assert several.metrics == {"accuracy": 1.0, "speed": 0.25}  # all recorded
    assert "several metrics (accuracy, speed) and no 'reward'" in (several.error or "")
    assert "--metric" in (several.error or "")


@pytest.mark.docker
async def test_metric_chooses_the_reward_among_several(tmp_path: Path, slog: EventLog) -> None:
    task = verifier_writing(
        tmp_path, "metrics", """echo '{"accuracy": 1, "speed": 0.25}' > /logs/verifier/reward.json\n"""
    )

    _, records = await run(slog, [task], settings=RunSettings(metric="accuracy"))

    (started,) = of(records, ev.RunStarted)
    assert started.metric == "accuracy"
    result = verifier(records, "metrics-exec-1")
    assert (result.reward, result.error) == (1.0, None)
    assert result.metrics == {"accuracy": 1.0, "speed": 0.25}
    assert report(fold("h1", records))["trials"][0]["metrics"] == {"accuracy": 1.0, "speed": 0.25}
    (trial,) = of(records, ev.TrialStarted)
    assert trial.metric == "accuracy"


@pytest.mark.docker
async def test_a_task_chooses_its_own_metric_and_a_runs_metric_wins(tmp_path: Path, slog: EventLog) -> None:
    root = make_task(tmp_path, "own-metric", toml='[verifier]\ntimeout_sec = 60\nmetric = "speed"\n')
    (root / "tests" / "test.sh").write_text("#!/bin/sh\n" + METRICS_VERIFIER)
    task = load_task(root)

    _, by_task = await run(slog, [task], run_id="own")
    _, by_run = await run(slog, [task], run_id="chosen", settings=RunSettings(metric="accuracy"))

    assert task.config.verifier.metric == "speed"
    assert (verifier(by_task, "own-metric-exec-1").reward, of(by_task, ev.TrialStarted)[0].metric) == (0.25, "speed")
    assert (verifier(by_run, "own-metric-exec-1").reward, of(by_run, ev.TrialStarted)[0].metric) == (1.0, "accuracy")
    assert (of(by_task, ev.RunStarted)[0].metric, of(by_run, ev.RunStarted)[0].metric) == (None, "accuracy")


# ------------------------------------------------------------------- timeout multipliers

# A verifier that needs 4 s where its task gives it 2: only a multiplied timeout lets it finish.
SLOW_VERIFIER = "#!/bin/sh\nsleep 4\nmkdir -p /logs/verifier\necho 1 > /logs/verifier/reward.txt\n"


@pytest.mark.docker
async def test_timeout_multipliers_scale_the_tasks_timeouts_as_harbors_do(tmp_path: Path, slog: EventLog) -> None:
    root = make_task(tmp_path, "slow-check", toml="[agent]\ntimeout_sec = 100\n[verifier]\ntimeout_sec = 2\n")
    (root / "tests" / "test.sh").write_text(SLOW_VERIFIER)
    task = load_task(root)
    multipliers = parse_timeouts(3, verifier=30)

    _, declared = await run(slog, [task], run_id="declared")
    _, scaled = await run(slog, [task], run_id="scaled", settings=RunSettings(timeouts=multipliers))

    killed, finished = verifier(declared, "slow-check-exec-1"), verifier(scaled, "slow-check-exec-1")
    assert (killed.timed_out, killed.reward) == (True, 0.0)
    assert (finished.timed_out, finished.reward) == (False, 1.0)
    asked = [of(records, ev.VerificationRequested)[0].timeout_sec for records in (declared, scaled)]
    budgets = [of(records, ev.TrialStarted)[0].budgets.timeout_sec for records in (declared, scaled)]
    assert (asked, budgets) == ([2.0, 60.0], [100.0, 300.0])  # the verifier's own 30, the agent's the overall 3
    (started,) = of(scaled, ev.RunStarted)
    assert started.timeouts == multipliers
    assert RunSettings.recorded(started).timeouts == multipliers  # what resume and workers run with
    factors = {"agent": 3.0, "verifier": 30.0, "environment_build": 3.0}
    scaled_report, declared_report = report(fold("scaled", scaled)), report(fold("declared", declared))
    assert scaled_report["run"]["timeouts"] == factors
    assert "Timeouts scaled: agent x3, verifier x30, image build x3" in render_markdown(scaled_report)
    assert "timeouts" not in declared_report["run"]
    assert "Timeouts scaled" not in render_markdown(declared_report)


@pytest.mark.docker
async def test_validate_takes_a_metric(tmp_path: Path, slog: EventLog) -> None:
    task = verifier_writing(tmp_path, "metrics", METRICS_VERIFIER)

    catalog = load_catalog()
    without = await validate_tasks(slog, [task], catalog=catalog, run_prefix="v-none", settings=RunSettings())
    chosen = RunSettings(metric="accuracy")
    with_metric = await validate_tasks(slog, [task], catalog=catalog, run_prefix="v-acc", settings=chosen)

    assert without[0].oracle_exec is None
    assert with_metric[0].oracle_exec == 1.0


@pytest.mark.parametrize(
    ("txt", "json", "metric", "reward", "error"),
    [
        (b"0.5\nextra\n", None, None, 0.5, None),
        (b"PASS\n", None, None, None, "first line 'PASS' is not a number"),
        (b"\n", None, None, None, "reward.txt is empty"),
        (None, b'{"reward": 0, "other": 3}', None, 0.0, None),
        (None, b'{"only": 0.75}', None, 0.75, None),
        (None, b"1", None, 1.0, None),
        (None, b'{"a": 1, "b": 0}', "b", 0.0, None),
        (None, b'{"a": 1, "b": 0}', "c", None, "no metric 'c' (--metric or [verifier] metric); it has a, b"),
        (None, b'{"a": "high"}', None, None, "metric 'a' is \"high\", not a finite number"),
        (None, b"[1]", None, None, "is a JSON list, not an object"),
        (None, b"{", None, None, "not valid JSON"),
        (None, None, None, None, "neither /logs/verifier/reward.txt nor reward.json (it holds: out.log)"),
    ],
)
def test_reward_messages_say_what_was_wrong(
    txt: bytes | None, json: bytes | None, metric: str | None, reward: float | None, error: str | None
) -> None:
    result = parse_rewards(txt, json, metric=metric, present="out.log")

    assert result.reward == reward
    if error is None:
        assert result.error is None
    else:
        assert error in (result.error or "")


# ---------------------------------------------------------------------- disk

SPARSE_TOML = 'version = "1.0"\n\n[environment]\nstorage_mb = 200\n\n[verifier]\ntimeout_sec = 120.0\n'
# A disk image as a task makes one: 20 GiB long and holding nothing yet; the verifier makes one of its own.
SPARSE_VERIFIER = """#!/bin/bash
size=$(stat -c %s /app/disk.img); kib=$(du -k /app/disk.img | cut -f1)
truncate -s 30G /var/tmp/verifier.img && mine=yes || mine=no
echo "size $size kib $kib verifier-image $mine"
if [ "$size" = 21474836480 ] && [ "$kib" -lt 1024 ] && [ $mine = yes ]; then echo 1; else echo 0; fi \\
  > /logs/verifier/reward.txt
"""


@pytest.mark.docker
async def test_a_sparse_file_costs_what_it_holds_under_the_disk_cap(
    tmp_path: Path, slog: EventLog, disk_caps: DiskEnforcement
) -> None:
    solve = "#!/bin/bash\ntruncate -s 20G /app/disk.img\n"
    root = make_task(tmp_path, "sparse", solve=solve, toml=SPARSE_TOML)
    (root / "tests" / "test.sh").write_text(SPARSE_VERIFIER)

    _, records = await run(slog, [load_task(root)])

    (sandbox,) = of(records, ev.SandboxCreated)
    assert (sandbox.storage_mb, sandbox.storage) == (200, "quota")
    (solved,) = [e for e in of(records, ev.CommandFinished) if e.purpose == "oracle"]
    assert solved.exit_code == 0, solved.stderr.text  # no per-file size limit (it failed with 153, SIGXFSZ)
    verified = verifier(records, "sparse-exec-1")
    assert re.search(r"size 21474836480 kib \d+ verifier-image yes", verified.output.text), verified.output.text
    assert verified.reward == 1.0  # and it occupies under a MiB
    assert of(records, ev.StorageExceeded) == []


# -------------------------------------------------------------------- images


@pytest.mark.docker
async def test_images_as_harbor_chooses_them_with_an_image_map(tmp_path: Path, slog: EventLog) -> None:
    absent = make_task(
        tmp_path,
        "absent",
        toml='[environment]\ndocker_image = "registry.example/team/env:1"\n',
        # unique content: no image another session built from the same files can stand in for the build
        dockerfile=f"FROM debian:bookworm-slim\nWORKDIR /app\n# {os.urandom(8).hex()}\n",
    )  # not here, not pullable: its Dockerfile is built
    ubuntu = make_task(tmp_path, "ubuntu", dockerfile="FROM ubuntu:24.04\nWORKDIR /app\n")
    tasks = [load_task(absent), load_task(ubuntu)]
    settings = RunSettings(image_map=ImageMap.parse(["ubuntu:24.*=debian:bookworm-slim"]))

    _, mapped = await run(slog, tasks, settings=settings, run_id="mapped")
    _, unmapped = await run(slog, tasks[1:], run_id="unmapped")

    (started,) = of(mapped, ev.RunStarted)
    assert started.image_map == ["ubuntu:24.*=debian:bookworm-slim"]
    (built,) = of(mapped, ev.ImageBuilt, "absent-exec-1")
    assert (built.source, built.docker_image) == ("built", "registry.example/team/env:1")
    (substituted,) = of(mapped, ev.ImageBuilt, "ubuntu-exec-1")
    assert substituted.mapped == {"ubuntu:24.04": "debian:bookworm-slim"}
    assert verifier(mapped, "absent-exec-1").reward == verifier(mapped, "ubuntu-exec-1").reward == 1.0
    (failed,) = of(unmapped, ev.TrialFinished)
    assert failed.cause == "image_error"
    assert "builds on ubuntu:24.04 (FROM, COPY --from or RUN --mount from=), which is not present" in failed.detail
    assert "--image-map ubuntu:24.04=LOCAL" in failed.detail


# ----------------------------------------------- keys that change behaviour

WHO_VERIFIER = """#!/bin/sh
# The agent's commands ran as nobody; the verifier runs as [verifier] user.
if [ "$(cat /tmp/agent-user)" = nobody ] && [ "$(id -un)" = daemon ] && [ "$TOKEN" = from-realcli ] \\
   && [ "$GREETING" = hi ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt
"""


@pytest.mark.docker
async def test_users_env_templates_and_the_solution_env_are_applied(
    tmp_path: Path, slog: EventLog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HARBOR_TEST_VALUE", "from-realcli")
    monkeypatch.setenv("HARBOR_TEST_WORD", "nobody")
    monkeypatch.setenv("HARBOR_TEST_UNLISTED", "never-seen")  # set, but not opted in: the task sees it unset
    toml = (
        '[agent]\nuser = "nobody"\n'
        '[verifier]\nuser = "daemon"\nenv = { TOKEN = "${HARBOR_TEST_VALUE}" }\n'
        '[environment]\nenv = { GREETING = "${HARBOR_TEST_UNLISTED:-hi}" }\n'
        '[solution]\nenv = { WORD = "${HARBOR_TEST_WORD}" }\n'
    )
    root = make_task(
        tmp_path, "users", toml=toml, solve='#!/bin/sh\n[ "$(id -un)" = "$WORD" ] && id -un > /tmp/agent-user\n'
    )
    (root / "tests" / "test.sh").write_text(WHO_VERIFIER)
    task = load_task(root)
    opted_in = RunSettings(task_env=TaskEnv(["HARBOR_TEST_VALUE", "HARBOR_TEST_WORD"]))

    _, records = await run(slog, [task], settings=opted_in)

    assert verifier(records, "users-exec-1").reward == 1.0
    (started,) = of(records, ev.TrialStarted)
    assert started.task.config.verifier.env == {"TOKEN": "${HARBOR_TEST_VALUE}"}  # the log keeps the template


@pytest.mark.docker
async def test_an_unset_or_unlisted_template_variable_is_a_task_error_naming_it(
    tmp_path: Path, slog: EventLog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HARBOR_TEST_UNLISTED", "set-on-the-host")
    unset = load_task(make_task(tmp_path, "unset", toml='[verifier]\nenv = { X = "${HARBOR_TEST_NEVER_SET}" }\n'))
    unlisted = load_task(make_task(tmp_path, "unlisted", toml='[verifier]\nenv = { X = "${HARBOR_TEST_UNLISTED}" }\n'))

    _, records = await run(slog, [unset, unlisted], settings=RunSettings(task_env=TaskEnv(["HARBOR_TEST_NEVER_SET"])))

    done = {e.trial_id: e for e in of(records, ev.TrialFinished)}
    assert done["unset-exec-1"].cause == done["unlisted-exec-1"].cause == "task_error"
    assert "verifier.env.X: ${HARBOR_TEST_NEVER_SET} is not set in realcli's environment" in done["unset-exec-1"].detail
    assert (
        "verifier.env.X: ${HARBOR_TEST_UNLISTED} is a host variable you did not pass to tasks "
        "(opt in with --task-env HARBOR_TEST_UNLISTED" in done["unlisted-exec-1"].detail
    )


@pytest.mark.docker
async def test_the_healthcheck_runs_until_it_passes_or_fails_the_trial(tmp_path: Path, slog: EventLog) -> None:
    ready = '[environment.healthcheck]\ncommand = "test -f /tmp/ready || { touch /tmp/ready; false; }"\n'
    ready += "interval_sec = 0\nstart_interval_sec = 0\nretries = 3\n"
    never = '[environment.healthcheck]\ncommand = "echo not yet; false"\ninterval_sec = 0\nstart_interval_sec = 0\n'
    never += "retries = 2\n"
    tasks = [load_task(make_task(tmp_path, "ready", toml=ready)), load_task(make_task(tmp_path, "never", toml=never))]

    _, records = await run(slog, tasks)

    setup = [c for c in of(records, ev.CommandFinished, "ready-exec-1") if c.purpose == "setup"]
    assert [c.exit_code for c in setup] == [1, 0]
    assert verifier(records, "ready-exec-1").reward == 1.0
    (failed,) = of(records, ev.TrialFinished, "never-exec-1")
    assert failed.cause == "task_error"
    assert "[environment.healthcheck] 'echo not yet; false' did not pass in 2 attempt(s): not yet" in failed.detail


# ------------------------------------------------------------------ validate


@pytest.mark.docker
async def test_validate_says_what_went_wrong_and_never_rebuilds_a_failed_image(tmp_path: Path, slog: EventLog) -> None:
    wrong = make_task(tmp_path, "wrong", solve="#!/bin/sh\necho goodbye > /app/out\nls /app/missing-input\n")
    (wrong / "tests" / "test.sh").write_text(
        "#!/bin/sh\necho 'expected hello in /app/out'\ngrep -qx hello /app/out && echo 1 > /logs/verifier/reward.txt"
        " || echo 0 > /logs/verifier/reward.txt\n"
    )
    unbuildable = make_task(tmp_path, "unbuildable", dockerfile="FROM debian:bookworm-slim\nRUN exit 7\n")
    tasks = [load_task(wrong), load_task(unbuildable)]

    results = {r.task_id: r for r in await validate_tasks(slog, tasks, catalog=load_catalog(), run_prefix="v")}

    (problem,) = [p for p in results["wrong"].problems if p.startswith("oracle")]
    assert problem.startswith("oracle fails the verifier in EXEC mode (reward 0): verifier output: ...")
    assert "expected hello in /app/out" in problem
    assert "last failing command: `bash /solution/solve.sh` (exit 2)" in problem
    assert "/app/missing-input" in problem
    broken = results["unbuildable"].problems
    assert broken[0].startswith("oracle exec did not run to a score: infrastructure_error (image_error)")
    assert not [p for p in broken if "reward None" in p or "passes" in p]
    noop = [c for c in results["unbuildable"].controls if c.agent == "noop"]
    assert {c.cause for c in noop} == {"image_error"}
    assert all("not rebuilt" in c.detail for c in noop)


# ---------------------------------------------------------------- multi-step


def step_files(root: Path, name: str, *, instruction: str, solve: str = "", test: str = "", setup: str = "") -> None:
    folder = root / "steps" / name
    (folder / "tests").mkdir(parents=True, exist_ok=True)
    (folder / "instruction.md").write_text(instruction)
    if solve:
        (folder / "solution").mkdir(exist_ok=True)
        (folder / "solution" / "solve.sh").write_text(solve)
    if test:
        (folder / "tests" / "test.sh").write_text(test)
    if setup:
        (folder / "workdir").mkdir(exist_ok=True)
        (folder / "workdir" / "setup.sh").write_text(setup)


TWO_STEPS = """multi_step_reward_strategy = "mean"
[[steps]]
name = "first"
min_reward = 1
[[steps]]
name = "second"
inherit_prior_session = true
[steps.verifier]
env = { EXPECT = "one two" }
"""


def two_step_task(tmp_path: Path) -> Task:
    root = make_task(tmp_path, "two-steps", toml=TWO_STEPS, instruction="The whole story: never sent to the agent.\n")
    # The task's tests/ has a helper every step's test.sh uses; the steps' tests/ go over it.
    (root / "tests" / "check.sh").write_text('if [ "$(cat /app/out | xargs)" = "$1" ]; then echo 1; else echo 0; fi\n')
    step_files(
        root,
        "first",
        instruction="Write one into /app/out.\n",
        setup="echo seeded > /app/seed\n",
        solve="#!/bin/sh\ncat /app/seed >/dev/null && echo one > /app/out\n",
        test="#!/bin/sh\nsh /tests/check.sh one > /logs/verifier/reward.txt\n",
    )
    step_files(
        root,
        "second",
        instruction="Add two to /app/out.\n",
        solve="#!/bin/sh\necho two >> /app/out\n",
        test='#!/bin/sh\nsh /tests/check.sh "$EXPECT" > /logs/verifier/reward.txt\n',
    )
    return load_task(root)


@pytest.mark.docker
async def test_a_two_step_task_runs_as_harbor_runs_it(tmp_path: Path, log: EventLog) -> None:
    task = two_step_task(tmp_path)

    _, records = await run(log, [task])

    trial = "two-steps-exec-1"
    instructions = [m.text for m in of(records, ev.UserMessaged, trial)]
    assert instructions == ["Write one into /app/out.\n", "Add two to /app/out.\n"]  # never the top-level one
    assert [(s.index, s.name, s.inherit_prior_session) for s in of(records, ev.StepStarted)] == [
        (0, "first", False),
        (1, "second", True),
    ]
    assert [p.name for p in of(records, ev.StepPrepared)] == ["first", "second"]
    (setup,) = [c for c in of(records, ev.CommandFinished) if c.purpose == "setup"]
    assert setup.exit_code == 0
    assert [(v.step, v.reward) for v in of(records, ev.VerifierFinished)] == [("first", 1.0), ("second", 1.0)]
    assert [(s.name, s.reward, s.min_reward_met) for s in of(records, ev.StepFinished)] == [
        ("first", 1.0, True),
        ("second", 1.0, True),
    ]
    (scored,) = of(records, ev.StepsScored)
    assert (scored.strategy, scored.reward, scored.steps_run, scored.steps_total) == ("mean", 1.0, 2, 2)
    data = report(fold("h1", records))
    assert data["R_EXEC"] == 1.0
    assert data["trials"][0]["steps"] == [{"name": "first", "reward": 1.0}, {"name": "second", "reward": 1.0}]


MIN_REWARD = """multi_step_reward_strategy = "mean"
[[steps]]
name = "a"
min_reward = { acc = 1 }
[[steps]]
name = "b"
min_reward = 1
[[steps]]
name = "c"
"""


@pytest.mark.docker
async def test_a_step_below_its_min_reward_stops_the_trial_and_the_mean_counts_the_steps_run(
    tmp_path: Path, slog: EventLog
) -> None:
    root = make_task(tmp_path, "gated", toml=MIN_REWARD)
    json_reward = "#!/bin/sh\necho '{json}' > /logs/verifier/reward.json\n"
    step_files(root, "a", instruction="a\n", test=json_reward.format(json='{"reward": 0.5, "acc": 1}'))
    step_files(root, "b", instruction="b\n", test=json_reward.format(json='{"reward": 0, "acc": 0}'))
    step_files(root, "c", instruction="c\n", test=json_reward.format(json='{"reward": 1, "acc": 1}'))

    _, records = await run(slog, [load_task(root)])

    assert [(s.name, s.min_reward_met) for s in of(records, ev.StepFinished)] == [("a", True), ("b", False)]
    (scored,) = of(records, ev.StepsScored)
    assert (scored.reward, scored.metrics) == (0.25, {"acc": 0.5, "reward": 0.25})
    assert (scored.steps_run, scored.steps_total) == (2, 3)
    assert "step b missed its min_reward" in scored.stopped_early
    assert report(fold("h1", records))["trials"][0]["reward"] == 0.25


class StepRecorder:
    """Records what each step's session says about the step, and does what the step asks."""

    info = ev.AgentInfo(name="recorder", version="1")

    def __init__(self) -> None:
        self.seen: list[tuple[str | None, bool]] = []

    async def run(self, session: AgentSession) -> None:
        await session.messages()
        self.seen.append((session.view.step, session.view.continues))
        word = {"first": "one", "second": "two"}[session.view.step or ""]
        await session.run(f"echo {word} >> /app/out")
        await session.end_turn(commands=1)
        await session.yield_turn(claims_done=True)


@pytest.mark.docker
async def test_each_step_starts_a_fresh_session_unless_it_inherits_the_prior_one(
    tmp_path: Path, slog: EventLog
) -> None:
    task = two_step_task(tmp_path)
    agent = StepRecorder()

    _, records = await run(slog, [task], agent)

    assert agent.seen == [("first", False), ("second", True)]
    assert [s.reward for s in of(records, ev.StepFinished)] == [1.0, 1.0]


def test_a_multi_step_task_needs_each_steps_instruction(tmp_path: Path) -> None:
    root = make_task(tmp_path, "half", toml='[[steps]]\nname = "one"\n')

    with pytest.raises(TaskFormatError, match=r"half/steps/one/instruction.md: file missing"):
        load_task(root)


@pytest.mark.parametrize("inherit", [True, False])
@pytest.mark.docker
async def test_terminus_keeps_its_conversation_only_when_the_step_inherits_it(
    tmp_path: Path, slog: EventLog, fake_model_server: FakeModelServer, inherit: bool
) -> None:
    root = make_task(tmp_path, "talk", toml=TWO_STEPS.replace("true", "true" if inherit else "false"))
    for name, word in (("first", "one"), ("second", "two")):
        always = "#!/bin/sh\necho 1 > /logs/verifier/reward.txt\n"
        step_files(root, name, instruction=f"Step {name}: append {word} to /app/out.\n", test=always)
    fake_model_server.push(Text(turn("echo one >> /app/out", done=True)), Text(turn("echo two >> /app/out", done=True)))
    agent = TerminusAgent(
        ModelEndpoint(base_url=fake_model_server.openai_base_url, model="fake", api_key=Secret("k"), timeout_sec=5.0)
    )

    _, records = await run(slog, [load_task(root)], agent)

    assert [s.reward for s in of(records, ev.StepFinished)] == [1.0, 1.0]
    second = json.dumps(fake_model_server.requests[1].body)
    assert "Step second" in second
    assert ("Step first" in second) is inherit


# ---------------------------------------------------------------- entrypoint

# The solution fetches what the image's entrypoint serves on localhost:8000 (only its service can answer),
# waiting for the service to listen: the entrypoint starts it beside the agent, as in Harbor.
FETCH = """#!/bin/sh
python3 - > /app/out <<'PY'
import time, urllib.request
deadline = time.monotonic() + 120
while True:
    try:
        print(urllib.request.urlopen("http://127.0.0.1:8000/word", timeout=20).read().decode().strip())
        break
    except OSError:
        if time.monotonic() > deadline:
            raise
        time.sleep(0.2)
PY
"""
PYTHON_WITH_ENTRYPOINT = """FROM realcli/python:bookworm
WORKDIR /app
COPY entry.sh /entry.sh
RUN chmod +x /entry.sh && mkdir -p /srv && echo hello > /srv/word
ENTRYPOINT ["/entry.sh"]
"""
ENTRYPOINTS = {
    # starts a service, then sleeps (ignores its arguments)
    "entry-sleeps": "#!/bin/sh\npython3 -m http.server 8000 --directory /srv >/dev/null 2>&1 &\nsleep infinity\n",
    # execs a server (ignores its arguments)
    "entry-execs": "#!/bin/sh\nexec python3 -m http.server 8000 --directory /srv\n",
    # the cookbook's dns-blacklisting: prepares the system, starts a service, then execs its arguments
    "entry-execs-args": "#!/bin/sh\nset -e\necho '127.0.0.1 blocked.example' >> /etc/hosts\n"
    'python3 -m http.server 8000 --directory /srv >/dev/null 2>&1 &\nexec "$@"\n',
}


def entrypoint_task(parent: Path, name: str, entry: str, solve: str = FETCH) -> Task:
    root = make_task(parent, name, dockerfile=PYTHON_WITH_ENTRYPOINT, solve=solve)
    (root / "environment" / "entry.sh").write_text(entry)
    return load_task(root)


@pytest.mark.docker
async def test_the_images_entrypoint_runs_as_in_harbor(tmp_path: Path, slog: EventLog) -> None:
    """An entrypoint that starts a service and sleeps, one that execs a server, one that execs its arguments."""
    tasks = [entrypoint_task(tmp_path, name, entry) for name, entry in ENTRYPOINTS.items()]
    solve_hosts = "#!/bin/sh\ngrep -q blocked.example /etc/hosts && " + FETCH.removeprefix("#!/bin/sh\n")
    (tasks[2].solution_dir / "solve.sh").write_text(solve_hosts)

    _, records = await run(slog, tasks)

    for name in ENTRYPOINTS:
        assert verifier(records, f"{name}-exec-1").reward == 1.0, name
    assert {tuple(e.entrypoint) for e in of(records, ev.SandboxCreated)} == {("/entry.sh",)}
    assert of(records, ev.EntrypointExited) == []


@pytest.mark.docker
async def test_an_entrypoint_that_exits_still_gets_a_sandbox_and_its_exit_is_recorded(
    tmp_path: Path, slog: EventLog
) -> None:
    entry = "#!/bin/sh\necho preparing the workspace\necho ready > /srv/state\nexit 3\n"
    # Harbor starts the agent once the container runs, not once its entrypoint is done: wait for its work.
    solve = "#!/bin/sh\nfor i in $(seq 600); do [ -s /srv/state ] && break; sleep 0.1; done\ncp /srv/state /app/out\n"
    task = entrypoint_task(tmp_path, "entry-exits", entry, solve=solve)
    (task.tests_dir / "test.sh").write_text(OUT_IS_READY)

    _, records = await run(slog, [task])

    assert verifier(records, "entry-exits-exec-1").reward == 1.0  # the entrypoint's work is there
    (exited,) = of(records, ev.EntrypointExited)
    assert exited.exit_code == 3
    assert exited.output == "preparing the workspace"
    (finished,) = of(records, ev.TrialFinished)
    assert finished.cause == "agent_done"


OUT_IS_READY = """#!/bin/sh
if grep -qx ready /app/out; then echo 1; else echo 0; fi > /logs/verifier/reward.txt
"""


# ---------------------------------------------------------------- compose

COMPOSE = """services:
  main:
    depends_on:
      api-server:
        condition: service_healthy
      db:
        condition: service_healthy
    environment:
      API_URL: http://api-server:5000
  api-server:
    build:
      context: ./api-server
    expose:
      - "5000"
    healthcheck:
      test: ["CMD", "python3", "-c", "import socket; socket.create_connection(('localhost', 5000), timeout=2)"]
      interval: 1s
      timeout: 20s
      retries: 300
  db:
    image: realcli/python:bookworm
    command: ["sh", "-c", "sleep 2; mkdir -p /data && echo ready > /data/state && sleep infinity"]
    volumes:
      - dbdata:/data
    healthcheck:
      test: ["CMD-SHELL", "test -s /data/state"]
      interval: 1s
      retries: 300
volumes:
  dbdata:
"""
API_SERVER = """FROM realcli/python:bookworm
RUN mkdir -p /srv/items && echo '["harbor"]' > /srv/items/index.json
CMD ["python3", "-m", "http.server", "5000", "--directory", "/srv"]
"""
FETCH_ITEMS = (
    '#!/bin/sh\npython3 -c "import os, urllib.request; '
    "print(urllib.request.urlopen(os.environ['API_URL'] + '/items/index.json', timeout=20).read().decode().strip())\""
    " > /app/items.json\ngrep -q harbor /app/items.json && echo hello > /app/out\n"
)


@pytest.mark.docker
async def test_a_multi_container_task_runs_its_services_as_harbor_does(tmp_path: Path, slog: EventLog) -> None:
    """The cookbook's recipe: main reaches a sidecar by name once its healthcheck passes; a db with a volume."""
    root = make_task(tmp_path, "multi", dockerfile="FROM realcli/python:bookworm\nWORKDIR /app\n", solve=FETCH_ITEMS)
    (root / "environment" / "docker-compose.yaml").write_text(COMPOSE)
    (root / "environment" / "api-server").mkdir()
    (root / "environment" / "api-server" / "Dockerfile").write_text(API_SERVER)
    task = load_task(root)

    _, records = await run(slog, [task])

    assert task.compose is not None
    assert [s.name for s in task.compose.services] == ["api-server", "db"]
    assert verifier(records, "multi-exec-1").reward == 1.0


# A sidecar whose image takes 6 s to build, in a task that gives its image builds 2 s ({nonce}: a fresh image).
SLOW_SIDECAR = """services:
  slow:
    build:
      context: ./slow
    command: ["sleep", "infinity"]
"""
SLOW_BUILD = "FROM debian:bookworm-slim\nRUN echo {nonce} && sleep 6\n"


def slow_sidecar_task(parent: Path, name: str) -> Task:
    toml = '[environment]\ndocker_image = "debian:bookworm-slim"\nbuild_timeout_sec = 2\n[verifier]\ntimeout_sec = 60\n'
    root = make_task(parent, name, toml=toml, solve="#!/bin/sh\nmkdir -p /app && echo hello > /app/out\n")
    (root / "environment" / "docker-compose.yaml").write_text(SLOW_SIDECAR)
    (root / "environment" / "slow").mkdir()
    (root / "environment" / "slow" / "Dockerfile").write_text(SLOW_BUILD.format(nonce=os.urandom(8).hex()))
    return load_task(root)


@pytest.mark.docker
async def test_a_services_build_has_the_tasks_build_timeout_which_the_multiplier_scales(
    tmp_path: Path, slog: EventLog
) -> None:
    declared, scaled = slow_sidecar_task(tmp_path, "declared"), slow_sidecar_task(tmp_path, "scaled")
    settings = RunSettings(timeouts=parse_timeouts(environment_build=60))

    _, cut = await run(slog, [declared], run_id="cut")
    _, built = await run(slog, [scaled], run_id="built", settings=settings)

    (failed,) = of(cut, ev.TrialFinished)
    assert failed.cause == "image_error", failed.detail
    assert "task declared.slow: image build failed: build timed out after 2 s" in failed.detail
    assert verifier(built, "scaled-exec-1").reward == 1.0


# A sidecar serving a word on port 8000; main's solution records what it can reach, the verifier checks it.
SIDECAR = """services:
  api:
    image: realcli/python:bookworm
    command: ["sh", "-c", "mkdir -p /srv && echo served > /srv/word && exec python3 -m http.server 8000 -d /srv"]
    healthcheck:
      test: ["CMD", "python3", "-c", "import socket; socket.create_connection(('localhost', 8000), timeout=2)"]
      interval: 1s
      timeout: 20s
      retries: 300
"""
PROBE_NETWORK = """#!/bin/sh
probe() {
  python3 -c "import sys, urllib.request as u; print(u.urlopen(sys.argv[1], timeout=5).read().decode().strip())" \\
    "$1" 2>/dev/null || echo unreachable
}
{ echo "localhost=$(probe http://localhost:8000/word)"; echo "name=$(probe http://api:8000/word)"
  echo "routes=$(tail -n +2 /proc/net/route | wc -l)"; } > /app/reach
echo hello > /app/out
"""


def sidecar_task(parent: Path, name: str, toml: str, compose: str) -> Task:
    root = make_task(parent, name, toml=toml, dockerfile="FROM realcli/python:bookworm\nWORKDIR /app\n")
    (root / "solution" / "solve.sh").write_text(PROBE_NETWORK)
    (root / "environment" / "docker-compose.yaml").write_text(compose)
    return load_task(root)


def reach(records: Sequence[ev.RecordedEvent], trial: str) -> dict[str, str]:
    """What the solution could reach, from its copy of /app/reach (the verifier prints it)."""
    text = verifier(records, trial).output.text
    return dict(
        line.split("=", 1) for line in text.splitlines() if line.split("=")[0] in ("localhost", "name", "routes")
    )


@pytest.mark.docker
async def test_a_multi_container_task_without_network_is_networked_as_harbor_does(
    tmp_path: Path, slog: EventLog
) -> None:
    """Harbor's no-network: main and its services share one namespace with no route out (localhost, not names);
    a main the compose file cuts off (network_mode: none) reaches nothing, even with network."""
    timeout = "[verifier]\ntimeout_sec = 60\n"
    offline = sidecar_task(tmp_path, "offline", "[environment]\nallow_internet = false\n" + timeout, SIDECAR)
    online = sidecar_task(tmp_path, "online", timeout, SIDECAR)
    cut_off = sidecar_task(
        tmp_path, "cut-off", timeout, SIDECAR.replace("services:\n", "services:\n  main:\n    network_mode: none\n")
    )
    for task in (offline, online, cut_off):
        (task.tests_dir / "test.sh").write_text("#!/bin/sh\ncat /app/reach\necho 1 > /logs/verifier/reward.txt\n")

    _, records = await run(slog, [offline, online, cut_off])

    assert reach(records, "offline-exec-1") == {"localhost": "served", "name": "unreachable", "routes": "0"}
    assert reach(records, "online-exec-1")["name"] == "served"
    assert reach(records, "online-exec-1")["routes"] != "0"
    assert reach(records, "cut-off-exec-1") == {"localhost": "unreachable", "name": "unreachable", "routes": "0"}
    assert {e.network for e in of(records, ev.SandboxCreated, "offline-exec-1")} == {"none"}
    assert {e.network for e in of(records, ev.SandboxCreated, "cut-off-exec-1")} == {"none"}


@pytest.mark.parametrize(
    ("service", "problem"),
    [
        ("    privileged: true\n", "services.api.privileged: a privileged container could reach the host"),
        ("    network_mode: host\n", "services.api.network_mode: every service joins the trial's own network"),
        ("    volumes:\n      - /etc:/host-etc\n", "/etc is outside the task's environment/"),
    ],
)
def test_what_a_compose_file_asks_that_realcli_cannot_honour_is_refused_with_the_key(
    tmp_path: Path, service: str, problem: str
) -> None:
    root = make_task(tmp_path, "refused")
    (root / "environment" / "docker-compose.yaml").write_text(
        "services:\n  api:\n    image: debian:bookworm-slim\n" + service
    )

    with pytest.raises(TaskFormatError) as err:
        load_task(root)

    assert problem in str(err.value)
    assert "\n" not in str(err.value)


# Harbor's base for main, as task authors copy it into their compose files (Harbor fills in its variables).
HARBOR_MAIN = """services:
  main:
    build:
      context: ${CONTEXT_DIR}
    image: ${MAIN_IMAGE_NAME}
    command: ["sh", "-c", "sleep infinity"]
    environment:
      - TEST_DIR=${TEST_DIR}
    volumes:
      - ${HOST_VERIFIER_LOGS_PATH}:${ENV_VERIFIER_LOGS_PATH}
      - ${HOST_AGENT_LOGS_PATH}:${ENV_AGENT_LOGS_PATH}
    deploy:
      resources:
        limits:
          cpus: ${CPUS}
          memory: ${MEMORY}
    network_mode: "none"
"""


def test_harbors_own_base_for_main_loads_with_harbors_variables(tmp_path: Path) -> None:
    root = make_task(tmp_path, "airgapped", toml="[environment]\ncpus = 2\nmemory_mb = 4096\n")
    (root / "environment" / "docker-compose.yaml").write_text(HARBOR_MAIN)

    task = load_task(root)

    assert task.compose is not None
    assert task.compose.services == []
    assert not task.compose.main_network  # network_mode: none
    assert task.compose.main_environment == {"TEST_DIR": "${TEST_DIR}"}  # a host variable: filled in at run time
    assert any("Harbor's mount of /logs/verifier" in note for note in task.compose.notes)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (("cpus: ${CPUS}", "cpus: 4"), "services.main.deploy.resources.limits: main's limits are the task's"),
        (("sleep infinity", "python3 -m http.server"), "services.main.command: main runs Harbor's keep-alive"),
        (("${HOST_AGENT_LOGS_PATH}", "./data"), "services.main.volumes[0]: main's files come from its image"),
    ],
)
def test_harbors_base_for_main_changed_is_refused(tmp_path: Path, change: tuple[str, str], problem: str) -> None:
    root = make_task(tmp_path, "changed")
    (root / "environment" / "data").mkdir()
    (root / "environment" / "docker-compose.yaml").write_text(HARBOR_MAIN.replace(*change))

    with pytest.raises(TaskFormatError) as err:
        load_task(root)

    assert problem in str(err.value)
    assert "\n" not in str(err.value)


def test_a_folder_name_that_cannot_be_a_task_id_is_refused_at_load_and_by_lint(tmp_path: Path) -> None:
    """Harbor takes any folder name; realcli's task id names log streams, so `hello.world` is refused
    when the task loads (lint and run alike), never once a run has started."""
    root = make_task(tmp_path, "hello.world")
    expected = (
        f"{root}: the folder name 'hello.world' cannot be a task id (rename it: letters, digits, '-' and '_' only)"
    )

    with pytest.raises(TaskFormatError) as err:
        load_task(root)
    commands = {
        "lint": [sys.executable, "-m", "realcli", "lint", str(root)],
        "run": [sys.executable, "-m", "realcli", "run", str(root), "--agent", "oracle", "--log", "memory:"],
    }
    done = {
        name: subprocess.run(cmd, capture_output=True, text=True, timeout=120, env={**os.environ, "COLUMNS": "400"})
        for name, cmd in commands.items()
    }

    assert str(err.value) == expected
    for name, result in done.items():
        assert result.returncode != 0, (name, result.stdout, result.stderr)
        assert expected in " ".join((result.stdout + result.stderr).split()), (name, result.stdout, result.stderr)
        assert "Traceback" not in result.stderr


def test_lint_warns_of_what_realcli_does_differently_with_a_compose_file(tmp_path: Path) -> None:
    root = make_task(tmp_path, "notes")
    (root / "environment" / "conf").mkdir()
    (root / "environment" / "docker-compose.yaml").write_text(
        "services:\n  api:\n    image: debian:bookworm-slim\n    ports: ['8080:80']\n    restart: always\n"
        "    volumes:\n      - ./conf:/etc/api\n"
    )

    linted = subprocess.run(
        [sys.executable, "-m", "realcli", "lint", str(root)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "200"},
    )

    assert linted.returncode == 0, linted.stdout + linted.stderr  # warnings: the task runs
    out = " ".join(linted.stdout.split())
    file = root / "environment" / "docker-compose.yaml"
    assert "notes: 3 issue(s)" in out
    assert f"warning: {file}: ports are not published on the host: services reach each other by name" in out
    assert f"warning: {file}: services.api.restart: not applied (realcli removes services with the trial)" in out
    assert f"warning: {file}: services.api.volumes: {root / 'environment' / 'conf'} is copied into the container" in out


@pytest.mark.parametrize("name", ["docker-compose.yml", "compose.yaml", "compose.yml"])
def test_only_harbors_compose_file_name_defines_the_environment(tmp_path: Path, name: str) -> None:
    """Harbor reads environment/docker-compose.yaml only: another compose file there is the task's data."""
    root = make_task(tmp_path, "data")
    (root / "environment" / name).write_text("services:\n  web:\n    image: nginx\n    privileged: true\n")

    task = load_task(root)

    assert task.compose is None


# ---------------------------------------------------------------- separate verifier

SEPARATE_VERIFIER = """#!/bin/sh
# The separate verifier's own image: the artifacts are there, the agent's other files are not.
mkdir -p /logs/verifier
if grep -qx hello /app/out && grep -qx noted /logs/artifacts/note.txt && [ ! -e /app/other ]; then
  echo 1 > /logs/verifier/reward.txt
else
  echo 0 > /logs/verifier/reward.txt
fi
"""


def separate_task(parent: Path, name: str, solve: str) -> Task:
    """Harbor's separate verifier: tests/ builds its image, /app/out is the artifact handed over."""
    toml = 'artifacts = ["/app/out"]\n[verifier]\nenvironment_mode = "separate"\ntimeout_sec = 60\n'
    root = make_task(parent, name, solve=solve, toml=toml)
    (root / "tests" / "test.sh").write_text(SEPARATE_VERIFIER)
    (root / "tests" / "Dockerfile").write_text("FROM debian:bookworm-slim\nCOPY test.sh /tests/test.sh\n")
    return load_task(root)


@pytest.mark.docker
async def test_a_separate_verifier_sees_the_artifacts_only_in_a_container_of_its_own(
    tmp_path: Path, slog: EventLog
) -> None:
    honest = (
        "#!/bin/sh\necho hello > /app/out\necho other > /app/other\n"
        "mkdir -p /logs/artifacts\necho noted > /logs/artifacts/note.txt\n"
    )
    # A forger: nothing done, the reward written where a shared verifier's would be read, its tools replaced.
    forger = (
        "#!/bin/sh\nmkdir -p /logs/verifier /logs/artifacts\necho 1 > /logs/verifier/reward.txt\n"
        "echo noted > /logs/artifacts/note.txt\nprintf '#!/bin/sh\\nexit 0\\n' > /bin/grep\n"
    )
    tasks = [separate_task(tmp_path, "separate", honest), separate_task(tmp_path, "forged", forger)]

    _, records = await run(slog, tasks)

    assert verifier(records, "separate-exec-1").reward == 1.0
    assert verifier(records, "forged-exec-1").reward == 0.0
    (prepared,) = of(records, ev.VerifierPrepared, "separate-exec-1")
    assert prepared.environment.startswith("realcli-task/separate-verifier:")
    handed = {(c.direction, c.src) for c in of(records, ev.FilesCopied, "separate-exec-1") if c.purpose == "artifact"}
    assert handed == {("out", "/app/out"), ("out", "/logs/artifacts"), ("in", "/app/out"), ("in", "/logs/artifacts")}
    assert not [c for c in of(records, ev.FilesCopied, "separate-exec-1") if c.purpose == "tests"]  # in its image
    images = [e.image for e in of(records, ev.ImageBuilt, "separate-exec-1")]
    assert images[0].startswith("realcli-task/separate:")
    assert images[1] == prepared.environment
