"""Installed CLI agents end to end: real Docker, the real npm-installed Claude Code and Codex in the sandbox,
the model gateway on a Unix socket, and a scripted fake model upstream on the host's loopback.

The agent images are built once per session (on one small Debian task image) and removed at the end; the
npm packages stay in the host cache (``realcli.environments._agent_images.agent_cache_dir``) between sessions.
"""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path

import aiodocker
import anyio
import pytest
import pytest_asyncio

from realcli import events as ev
from realcli.environments import (
    CLAUDE_CODE,
    CODEX,
    ContainerProcesses,
    DockerSandbox,
    connect,
    ensure_agent_image,
    ensure_task_image,
)
from realcli.eventlog import EventLog, open_log
from realcli.models import GatewayLimits, ModelEndpoint, Secret
from realcli.runtime import (
    ClaudeCodeAgent,
    CodexAgent,
    InstalledOptions,
    ModelOptions,
    RunPlan,
    ScriptedVoice,
    agent_factory,
    agent_from_info,
    start_run,
)
from realcli.runtime.agents import CliAgent
from realcli.taskformat import Task, load_task
from tests._labels import mine
from tests._tasks import make_task
from tests.fakes import Delay, FakeModelServer, Rule, Text, ToolCall

# The sandbox is isolated (a task that declares nothing gets Harbor's public network): the agent
# reaches its model only through realcli's gateway.
ISOLATED = "[verifier]\ntimeout_sec = 60\n[environment]\nallow_internet = false\n"

API_KEY = "sk-realcli-test-" + "Zq9" * 12  # the real key: only the gateway and the fake upstream see it
TASK = "cli-agents"
TRIAL_GUARD_SEC = 300  # against hangs, not a speed assertion
STIMULUS = "Wait: please also keep a backup copy of the file in /app/out.bak."
REPLY = "Understood: I will keep a backup copy in /app/out.bak as well."
SCRIPT = {
    "opening": "Please write the word hello into /app/out.",
    "probes": [
        {
            "id": "p1",
            "template": "4.1.b",
            "goal": "the agent takes a mid-run constraint on board",
            "trigger": {"on": "agent_turns", "n": 1},
            "stimulus": STIMULUS,
            "checklist": [],
        }
    ],
    "closing": {"text": "Thanks, that is all."},
}


def probe_command(fake_port: int) -> str:
    """Checks, from inside the sandbox: is the real key anywhere on disk or in any process's
    environment, and can the fake upstream on the host's loopback be reached directly?
    The key is spelled in base64 so that the command itself does not plant it."""
    key = base64.b64encode(API_KEY.encode()).decode()
    return (
        f"cat /app/out; K=$(printf %s {key} | base64 -d); "
        'if grep -rlsF -D skip "$K" / --exclude-dir=proc --exclude-dir=sys --exclude-dir=dev; '
        "then echo KEY-ON-DISK; else echo NO-KEY-ON-DISK; fi; "
        "if cat /proc/[0-9]*/environ 2>/dev/null | tr '\\0' '\\n' | grep -qF \"$K\"; "
        "then echo KEY-IN-ENV; else echo NO-KEY-IN-ENV; fi; "
        f"if (echo > /dev/tcp/127.0.0.1/{fake_port}) 2>/dev/null; then echo UPSTREAM-REACHED; "
        "else echo UPSTREAM-UNREACHABLE; fi"
    )


# Under pytest-xdist the module runs on one worker: its agent images are built once (an npm install
# each) and removed by the session that built them, not from under another worker's trial.
pytestmark = pytest.mark.xdist_group("agent-images")


# -------------------------------------------------------------------- fixtures


@pytest.fixture(scope="session")
def agent_images(debian_image: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Both agents installed on the test task's image, once; the agent images are removed at the end."""
    root = make_task(tmp_path_factory.mktemp("agent-images"), TASK, toml=ISOLATED)

    async def build() -> dict[str, str]:
        async with connect() as docker:
            task_image = await ensure_task_image(docker, TASK, root / "environment")
            built = {}
            for package in (CLAUDE_CODE, CODEX):
                built[package.agent] = (await ensure_agent_image(docker, package, task_image.tag)).tag
            return built

    async def remove() -> None:
        async with connect() as docker:
            images = await docker.images.list(filters=mine("realcli.kind=agent-image"))
            for image in images:  # those this session built (cached ones carry the session that built them)
                await docker.images.delete(image["Id"], force=True)

    yield anyio.run(build)
    anyio.run(remove)


@pytest_asyncio.fixture
async def log(tmp_path: Path) -> AsyncIterator[EventLog]:
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as opened:
        yield opened


def endpoint(server: FakeModelServer, provider: str, **overrides: object) -> ModelEndpoint:
    options: dict[str, object] = dict(
        base_url=server.base_url if provider == "anthropic" else server.openai_base_url,
        model="fake-model",
        api_key=Secret(API_KEY),
        provider=provider,
        timeout_sec=30.0,
        max_retries=1,
        backoff_base_sec=0.01,
        backoff_max_sec=0.05,
    )
    options.update(overrides)
    return ModelEndpoint(**options)  # type: ignore[arg-type]


async def run_trial(log: EventLog, task: Task, agent: CliAgent, mode: str) -> list[ev.RecordedEvent]:
    plan = RunPlan(
        run_id="r1",
        tasks=[task],
        mode=mode,  # type: ignore[arg-type]
        agent=agent.info,
        make_agent=lambda _: agent,
        voice=lambda script, writer: ScriptedVoice(),
        user_sim=ScriptedVoice.info,
    )
    with anyio.fail_after(TRIAL_GUARD_SEC):
        await start_run(log, plan)
    return [rec async for rec in log.read_all(0, "r1")]


def of(records: Sequence[ev.RecordedEvent], kind: type[ev.E]) -> list[ev.E]:  # type: ignore[name-defined]
    return [r.event for r in records if isinstance(r.event, kind)]


def index_of(records: Sequence[ev.RecordedEvent], predicate: object) -> int:
    return next(i for i, r in enumerate(records) if predicate(r.event))  # type: ignore[operator]


def assert_collab_trial(records: list[ev.RecordedEvent], server: FakeModelServer, agent: str) -> None:
    """What both agents must show in the mid-run probe scenario."""
    (finished,) = of(records, ev.TrialFinished)
    assert finished.reason == "completed", finished.detail
    (verdict,) = of(records, ev.VerifierFinished)
    assert verdict.reward == 1.0
    (started,) = of(records, ev.TrialStarted)
    assert (started.agent.name, started.agent.version) == (agent, started.agent.params["npm"].rsplit("@", 1)[1])
    built = of(records, ev.ImageBuilt)
    assert [b.image.split("/")[0] for b in built] == ["realcli-task", "realcli-agent"]
    # The probe arrived while the agent was working, and its scripted reply reached the log after it.
    probe = index_of(records, lambda e: isinstance(e, ev.ProbeFired) and e.probe_id == "p1")
    reply = index_of(records, lambda e: isinstance(e, ev.AgentMessaged) and e.text == REPLY)
    assert probe < reply
    assert any(STIMULUS in json.dumps(r.body) for r in server.requests)
    # The agent's own commands are in the log, with their results.
    commands = {e.command_id: e.command for e in of(records, ev.CommandStarted)}
    results = {e.command_id: e for e in of(records, ev.CommandFinished)}
    write = next(cid for cid, text in commands.items() if "echo hello > /app/out" in text)
    assert results[write].exit_code == 0
    check = next(cid for cid, text in commands.items() if "UPSTREAM" in text)
    said = results[check].stdout.text
    assert "hello" in said
    assert "NO-KEY-ON-DISK" in said
    assert "NO-KEY-IN-ENV" in said
    assert "UPSTREAM-UNREACHABLE" in said
    assert of(records, ev.CommandRequested) == []  # the warden never re-ran them
    # Every request reached the upstream with the real key, and each is a recorded model call.
    assert server.requests
    assert all(
        r.headers.get("x-api-key", r.headers.get("authorization", "")).endswith(API_KEY) for r in server.requests
    )
    calls = of(records, ev.ModelCalled)
    assert len(calls) == len(server.requests)
    assert all(c.status == 200 and c.tokens_in > 0 and c.tokens_out > 0 and c.purpose == "agent" for c in calls)
    assert of(records, ev.AgentYielded)[-1].claims_done
    assert API_KEY not in json.dumps([ev.to_builtins(r.event) for r in records])


# ---------------------------------------------------------------- Claude Code


@pytest.mark.docker
async def test_claude_code_collab_trial_takes_a_mid_run_probe(
    agent_images: dict[str, str], tmp_path: Path, log: EventLog
) -> None:
    with FakeModelServer(require_key=API_KEY) as server:
        server.push(
            ToolCall("Bash", {"command": "sleep 1; echo hello > /app/out"}),
            # The probe fires at the end of the first step; this slow answer makes sure it is delivered mid-run.
            Delay(2, ToolCall("Bash", {"command": probe_command(server.port)})),
            Text("Done: /app/out holds hello."),
        )
        server.add_rule(Rule(r"backup copy", Text(REPLY), times=1))
        task = load_task(make_task(tmp_path, TASK, script=SCRIPT, toml=ISOLATED))

        records = await run_trial(log, task, ClaudeCodeAgent(endpoint(server, "anthropic")), "collab")

    assert_collab_trial(records, server, "claude-code")


@pytest.mark.docker
async def test_claude_code_asks_the_user_and_goes_on_with_the_answer_in_a_new_turn(
    agent_images: dict[str, str], tmp_path: Path, log: EventLog
) -> None:
    script = {
        "opening": "Please write the right word into /app/out.",
        "slices": [{"id": "s1", "content": "The word is hello.", "release": {"on": "asked", "topics": ["word"]}}],
        "closing": {"text": "Thanks."},
    }
    with FakeModelServer(require_key=API_KEY) as server:
        server.push(Text("Which word should I write?"))
        server.add_rule(Rule(r"The word is hello", ToolCall("Bash", {"command": "echo hello > /app/out"}), times=1))
        server.default = Text("Written: /app/out holds hello.")  # after the command
        task = load_task(make_task(tmp_path, TASK, script=script, toml=ISOLATED))

        records = await run_trial(log, task, ClaudeCodeAgent(endpoint(server, "anthropic")), "collab")

    (finished,) = of(records, ev.TrialFinished)
    assert finished.reason == "completed", finished.detail
    assert of(records, ev.VerifierFinished)[0].reward == 1.0
    asked, done = of(records, ev.AgentYielded)[:2]
    assert (asked.question_pending, asked.claims_done) == (True, False)
    assert done.claims_done
    (released,) = of(records, ev.SliceReleased)
    assert (released.slice_id, released.trigger, released.matched) == ("s1", "asked", "word")
    question = index_of(records, lambda e: isinstance(e, ev.AgentMessaged) and e.question)
    answer = index_of(records, lambda e: isinstance(e, ev.UserMessaged) and e.kind == "slice")
    command = index_of(records, lambda e: isinstance(e, ev.CommandStarted))
    assert question < answer < command


# ---------------------------------------------------------------------- Codex


@pytest.mark.docker
async def test_codex_collab_trial_takes_a_mid_run_probe_on_resume(
    agent_images: dict[str, str], tmp_path: Path, log: EventLog
) -> None:
    with FakeModelServer(require_key=API_KEY) as server:
        server.push(
            ToolCall("exec_command", {"cmd": "sleep 1; echo hello > /app/out"}),
            # The check reads the whole disk (seconds on a loaded machine): the model gives it time, or Codex
            # hands it back as still running after its yield time and reports no end.
            Delay(2, ToolCall("exec_command", {"cmd": probe_command(server.port), "yield_time_ms": 300_000})),
            Text("Done: /app/out holds hello."),
        )
        server.add_rule(Rule(r"backup copy", Text(REPLY), times=1))
        task = load_task(make_task(tmp_path, TASK, script=SCRIPT, toml=ISOLATED))

        records = await run_trial(log, task, CodexAgent(endpoint(server, "openai")), "collab")

    assert_collab_trial(records, server, "codex")
    # The probe came in while the first `codex exec` ran; the second resumed the same thread with it.
    resumed = [r for r in server.requests if STIMULUS in json.dumps(r.body)]
    assert resumed
    assert resumed[0].headers.get("thread-id") == server.requests[0].headers.get("thread-id")


@pytest.mark.docker
async def test_a_command_codex_hands_back_unfinished_is_closed_with_no_exit_code(
    agent_images: dict[str, str], tmp_path: Path, log: EventLog
) -> None:
    """Past its yield time Codex reports a command as still running, and never its end: the log says so."""
    with FakeModelServer(require_key=API_KEY) as server:
        server.push(
            ToolCall("exec_command", {"cmd": "echo hello > /app/out; sleep 40; echo late", "yield_time_ms": 1000}),
            Text("Done: /app/out holds hello."),
        )
        task = load_task(make_task(tmp_path, TASK, toml=ISOLATED))

        records = await run_trial(log, task, CodexAgent(endpoint(server, "openai")), "exec")

    (started,) = of(records, ev.CommandStarted)
    (ended,) = of(records, ev.CommandFinished)
    assert ended.command_id == started.command_id
    assert ended.exit_code is None
    assert "reported no end" in ended.stderr.text
    assert of(records, ev.VerifierFinished)[0].reward == 1.0


@pytest.mark.docker
async def test_a_spent_token_budget_makes_the_agent_hand_back_and_stop(
    agent_images: dict[str, str], tmp_path: Path, log: EventLog
) -> None:
    with FakeModelServer(require_key=API_KEY) as server:
        server.push(ToolCall("Bash", {"command": "echo hello > /app/out"}), Text("never asked for"))
        agent = ClaudeCodeAgent(endpoint(server, "anthropic"), limits=GatewayLimits(max_tokens=100))
        records = await run_trial(
            log, load_task(make_task(tmp_path, TASK, script=SCRIPT, toml=ISOLATED)), agent, "collab"
        )

    assert len(server.requests) == 1  # the first call spent the budget; the second was refused
    refused = of(records, ev.ModelCalled)[-1]
    assert refused.status == 400
    assert "token budget of 100" in (refused.error or "")
    (stopped,) = of(records, ev.AgentStopped)
    assert (stopped.reason, stopped.detail) == ("budget", "the trial's token budget of 100 is spent")
    (finished,) = of(records, ev.TrialFinished)
    assert finished.reason == "completed"  # scored from the state the agent left
    assert finished.detail == "the agent stopped: the trial's token budget of 100 is spent"
    assert of(records, ev.VerifierFinished)[0].reward == 1.0


def test_the_cli_options_reach_the_agent_and_survive_a_resume(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("REALCLI_AGENT_API_KEY", API_KEY)
    options = ModelOptions(model="claude-sonnet-4-5", base_url="http://127.0.0.1:9")
    info, _ = agent_factory("claude-code", options, InstalledOptions(version="2.1.300", max_tokens=5000))

    assert (info.name, info.version, info.params["provider"]) == ("claude-code", "2.1.300", "anthropic")
    assert info.params["npm"] == "@anthropic-ai/claude-code@2.1.300"
    assert info.params["max_tokens"] == "5000"
    assert API_KEY not in json.dumps(ev.to_builtins(info))
    again = agent_from_info(info, ModelOptions())(load_task(make_task(tmp_path, TASK, toml=ISOLATED)))
    assert again.info == info
    codex_info, _ = agent_factory("codex", ModelOptions(model="gpt-5", base_url="http://127.0.0.1:9/v1"))
    assert (codex_info.version, codex_info.params["provider"]) == (CODEX.version, "openai")


# ---------------------------------------------------------------- faults


@pytest.mark.docker
async def test_an_agent_that_cannot_be_installed_is_an_infrastructure_error(
    agent_images: dict[str, str], tmp_path: Path, log: EventLog
) -> None:
    with FakeModelServer() as server:
        agent = ClaudeCodeAgent(endpoint(server, "anthropic"), version="0.0.0-no-such-version")
        records = await run_trial(log, load_task(make_task(tmp_path, TASK, toml=ISOLATED)), agent, "exec")

    (finished,) = of(records, ev.TrialFinished)
    assert (finished.reason, finished.cause) == ("infrastructure_error", "image_error")
    assert "0.0.0-no-such-version" in finished.detail
    assert "npm" in finished.detail
    assert of(records, ev.SandboxCreated) == []
    assert server.requests == []


@pytest.mark.docker
async def test_an_upstream_that_stays_down_ends_the_trial_as_an_infrastructure_error(
    agent_images: dict[str, str], tmp_path: Path, log: EventLog
) -> None:
    with FakeModelServer() as server:
        down = endpoint(server, "anthropic", base_url="http://127.0.0.1:9")  # nothing listens there
    records = await run_trial(log, load_task(make_task(tmp_path, TASK, toml=ISOLATED)), ClaudeCodeAgent(down), "exec")

    (finished,) = of(records, ev.TrialFinished)
    assert (finished.reason, finished.cause) == ("infrastructure_error", "model_unavailable")
    assert "failed 2 attempts" in finished.detail
    calls = of(records, ev.ModelCalled)
    assert [c.attempt for c in calls[:2]] == [1, 2]
    assert all(c.error for c in calls)
    (stopped,) = of(records, ev.AgentStopped)
    assert stopped.reason == "error"
    assert of(records, ev.SandboxRemoved)
    assert of(records, ev.VerifierFinished) == []  # never scored


@pytest.mark.docker
async def test_an_agent_process_that_dies_mid_run_is_its_own_failure_and_its_sandbox_removed(
    agent_images: dict[str, str], tmp_path: Path, log: EventLog, docker_client: aiodocker.Docker
) -> None:
    with FakeModelServer(require_key=API_KEY) as server:
        # The tool's shell is a child of the agent: killing its parent kills Claude Code.
        server.push(ToolCall("Bash", {"command": "kill -KILL $PPID"}))
        server.default = Text("(still here)")
        records = await run_trial(
            log,
            load_task(make_task(tmp_path, TASK, toml=ISOLATED)),
            ClaudeCodeAgent(endpoint(server, "anthropic")),
            "exec",
        )

    # The agent's own program died: its failure, scored from what it left (nothing: V = 0), not excluded.
    (finished,) = of(records, ev.TrialFinished)
    assert (finished.reason, finished.cause) == ("completed", "agent_crashed")
    assert "claude-code" in finished.detail
    assert "mid-run" in finished.detail
    (stopped,) = of(records, ev.AgentStopped)
    assert stopped.reason == "gave_up"
    assert "mid-run" in stopped.detail
    (verified,) = of(records, ev.VerifierFinished)
    assert verified.reward == 0.0
    (removed,) = of(records, ev.SandboxRemoved)
    assert not await docker_client.containers.list(all=True, filters={"id": [removed.container_id]})


# ------------------------------------------------------- the process capability


@pytest.mark.docker
async def test_spawned_processes_talk_line_by_line_and_die_with_their_block(
    agent_images: dict[str, str], docker_client: aiodocker.Docker, sandbox_run: str
) -> None:
    async with DockerSandbox(docker_client, agent_images["codex"], run=sandbox_run, trial="t") as box:
        processes = ContainerProcesses(docker_client, box.id)
        async with processes.spawn(["sh", "-c", "sleep 600 & echo started; exec cat"]) as proc:
            assert await proc.readline() == b"started"
            await proc.write(b"one\ntwo\n")
            assert [await proc.readline(), await proc.readline()] == [b"one", b"two"]
        # The process and what it started (the background sleep) are gone.
        result = await box.exec(
            "for p in /proc/[0-9]*; do cat $p/cmdline 2>/dev/null | tr '\\0' ' '; echo; done", timeout_sec=30
        )
        assert "sleep 600" not in result.stdout.text
        assert "cat" not in [line.strip() for line in result.stdout.text.splitlines()]
        async with processes.spawn(["sh", "-c", "echo oops >&2; exit 7"], stdin=False) as proc:
            assert await proc.readline() is None
            assert await proc.wait() == 7
            assert proc.stderr().text == "oops\n"
