"""Public Harbor-format tasks run unchanged: small tasks reproducing each Harbor behaviour (real Docker, real logs)."""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import anyio
import pytest

from realcli import TaskFormatError
from realcli import events as ev
from realcli.environments import ImageMap
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
    start_run,
    validate_tasks,
)
from realcli.runtime.trials._rewards import parse_rewards
from realcli.scripts_catalog import load_catalog
from realcli.taskformat import Task, load_task
from tests._reports import report
from tests._tasks import make_task, turn
from tests.fakes import FakeModelServer, Text

pytestmark = pytest.mark.usefixtures("debian_image")


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
        (None, b'{"a": 1, "b": 0}', "c", None, "no metric 'c' (--metric); it has a, b"),
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


# -------------------------------------------------------------------- images


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
    assert "FROM ubuntu:24.04, which is not present locally and cannot be pulled" in failed.detail
    assert "--image-map ubuntu:24.04=LOCAL" in failed.detail


# ----------------------------------------------- keys that change behaviour

WHO_VERIFIER = """#!/bin/sh
# The agent's commands ran as nobody; the verifier runs as [verifier] user.
if [ "$(cat /tmp/agent-user)" = nobody ] && [ "$(id -un)" = daemon ] && [ "$TOKEN" = from-realcli ] \\
   && [ "$GREETING" = hi ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt
"""


async def test_users_env_templates_and_the_solution_env_are_applied(
    tmp_path: Path, slog: EventLog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REALCLI_TEST_TOKEN", "from-realcli")
    monkeypatch.setenv("REALCLI_TEST_WORD", "nobody")
    toml = (
        '[agent]\nuser = "nobody"\n'
        '[verifier]\nuser = "daemon"\nenv = { TOKEN = "${REALCLI_TEST_TOKEN}" }\n'
        '[environment]\nenv = { GREETING = "${REALCLI_TEST_UNSET:-hi}" }\n'
        '[solution]\nenv = { WORD = "${REALCLI_TEST_WORD}" }\n'
    )
    root = make_task(
        tmp_path, "users", toml=toml, solve='#!/bin/sh\n[ "$(id -un)" = "$WORD" ] && id -un > /tmp/agent-user\n'
    )
    (root / "tests" / "test.sh").write_text(WHO_VERIFIER)
    task = load_task(root)

    _, records = await run(slog, [task])

    assert verifier(records, "users-exec-1").reward == 1.0
    (started,) = of(records, ev.TrialStarted)
    assert started.task.config.verifier.env == {"TOKEN": "${REALCLI_TEST_TOKEN}"}  # the log keeps the template


async def test_an_unset_template_variable_is_a_task_error_naming_it(tmp_path: Path, slog: EventLog) -> None:
    task = load_task(make_task(tmp_path, "unset", toml='[verifier]\nenv = { KEY = "${REALCLI_TEST_NEVER_SET}" }\n'))

    _, records = await run(slog, [task])

    (done,) = of(records, ev.TrialFinished)
    assert done.cause == "task_error"
    assert "verifier.env.KEY: ${REALCLI_TEST_NEVER_SET} is not set in realcli's environment" in done.detail


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
