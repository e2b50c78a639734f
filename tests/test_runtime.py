"""Trials end to end: real Docker, real logs (both backends), the model faked over loopback HTTP."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import anyio
import pytest

from realcli import events as ev
from realcli.eventlog import EventLog
from realcli.models import ModelEndpoint, Secret
from realcli.projections import fold
from realcli.runtime import (
    Agent,
    AgentSession,
    NoopAgent,
    OracleAgent,
    RunPlan,
    RunResult,
    ScriptedVoice,
    TerminusAgent,
    TerminusOptions,
    new_run_id,
    start_run,
)
from realcli.taskformat import Task, load_task
from tests._reports import report
from tests._tasks import make_task, turn
from tests.fakes import FakeModelServer, HttpError, RecordedRequest, Rule, Step, Text

FIXTURES = Path(__file__).parent / "fixtures" / "tasks"
API_KEY = "sk-test-" + "k3y" * 10


def endpoint(server: FakeModelServer, **overrides: object) -> ModelEndpoint:
    options: dict[str, object] = dict(
        base_url=server.openai_base_url,
        model="fake-model",
        api_key=Secret(API_KEY),
        timeout_sec=5.0,
        max_retries=1,
        backoff_base_sec=0.01,
        backoff_max_sec=0.05,
    )
    options.update(overrides)
    return ModelEndpoint(**options)  # type: ignore[arg-type]


async def run(
    log: EventLog,
    tasks: Sequence[Task],
    agent: Agent,
    *,
    mode: str = "paired",
    run_id: str = "r1",
    attempts: int = 1,
    concurrency: int = 2,
) -> tuple[RunResult, list[ev.RecordedEvent]]:
    plan = RunPlan(
        run_id=run_id,
        tasks=tasks,
        mode=mode,
        agent=agent.info,  # type: ignore[arg-type]
        make_agent=lambda task: agent if not isinstance(agent, OracleAgent) else OracleAgent(task.spec.oracle),
        voice=lambda script, writer: ScriptedVoice(),
        attempts=attempts,
        concurrency=concurrency,
        user_sim=ScriptedVoice.info,
    )
    with anyio.fail_after(120):
        result = await start_run(log, plan)
    return result, [rec async for rec in log.read_all(0, run_id)]


def of(records: Sequence[ev.RecordedEvent], kind: type[ev.E], trial: str | None = None) -> list[ev.E]:  # type: ignore[name-defined]
    return [r.event for r in records if isinstance(r.event, kind) and (trial is None or r.trial_id == trial)]


def finished(records: Sequence[ev.RecordedEvent], trial: str) -> ev.TrialFinished:
    (done,) = of(records, ev.TrialFinished, trial)
    return done


def reward(records: Sequence[ev.RecordedEvent], trial: str) -> float | None:
    (result,) = of(records, ev.VerifierFinished, trial)
    return result.reward


# --------------------------------------------------------------------- oracle


@pytest.mark.docker
async def test_oracle_passes_paired_trials_on_both_backends(log: EventLog) -> None:
    task = load_task(FIXTURES / "realcli-full")

    result, records = await run(log, [task], OracleAgent())

    assert sorted(o.trial_id for o in result.outcomes) == ["realcli-full-collab-1", "realcli-full-exec-1"]
    for trial in ("realcli-full-exec-1", "realcli-full-collab-1"):
        assert finished(records, trial).reason == "completed"
        assert reward(records, trial) == 1.0
        assert len(of(records, ev.SandboxRemoved, trial)) == 1
    collab = "realcli-full-collab-1"
    assert next(m.kind for m in of(records, ev.UserMessaged, collab)) == "opening"
    assert {p.probe_id for p in of(records, ev.ProbeFired, collab)} == {"p1", "p2"}
    assert {p.probe_id for p in of(records, ev.ProbeNotFired, collab)} == {"p3"}
    assert of(records, ev.FilesCopied, collab)[0].purpose == "trap"
    # The hard checks ran on the state the agent left, before the verifier.
    kinds = [type(r.event).__name__ for r in records if r.trial_id == collab]
    assert kinds.index("HardCheckFinished") < kinds.index("VerifierFinished") < kinds.index("TrialFinished")
    (exec_message,) = of(records, ev.UserMessaged, "realcli-full-exec-1")
    assert exec_message.kind == "instruction"
    assert exec_message.text == task.spec.instruction


@pytest.mark.docker
async def test_noop_fails_the_verifier_and_does_nothing(log: EventLog) -> None:
    task = load_task(FIXTURES / "realcli-full")

    _, records = await run(log, [task], NoopAgent(), mode="exec")

    assert reward(records, "realcli-full-exec-1") == 0.0
    assert of(records, ev.CommandRequested) == []


# ------------------------------------------------------------ the scripted user


@pytest.mark.docker
async def test_scripted_user_fires_every_trigger_kind(tmp_path: Path, log: EventLog) -> None:
    script = {
        "opening": "Please write the word into /app/out.",
        "slices": [
            {"id": "s_start", "content": "It is the word hello.", "release": {"on": "start"}},
            {"id": "s_asked", "content": "Keep everything.", "release": {"on": "asked", "topics": ["retention"]}},
            {"id": "s_cmd", "content": "After that, flag it.", "release": {"on": "command", "pattern": r"solve\.sh"}},
            {"id": "s_after", "content": "And note it.", "release": {"on": "after", "ref": "s_cmd", "agent_turns": 1}},
            {"id": "s_state", "content": "The flag is there.", "release": {"on": "state", "run": "test -f /app/flag"}},
            {"id": "s_turns", "content": "Two turns in.", "release": {"on": "agent_turns", "n": 2}},
        ],
        "probes": [
            {
                "id": "p_done",
                "template": "2.2.a",
                "goal": "g",
                "trigger": {"on": "claims_done"},
                "stimulus": "Anything else to clean?",
                "checklist": [],
            },
            {
                "id": "p_after",
                "template": "4.1.b",
                "goal": "g",
                "trigger": {"on": "after", "ref": "p_done"},
                "stimulus": "Is it really finished?",
                "checklist": [],
            },
        ],
        "closing": {"text": "Thanks, bye.", "on": "all_probes_done"},
    }
    oracle = {
        "ask_topics": ["retention"],
        "on_slice": {"s_cmd": {"reply": "Flagging.", "commands": ["touch /app/flag"]}},
        "on_probe": {"p_done": {"reply": "Should I also clean /tmp?", "question": True}},
    }
    task = load_task(make_task(tmp_path, "triggers", script=script, oracle=oracle))

    _, records = await run(log, [task], OracleAgent(), mode="collab")

    trial = "triggers-collab-1"
    released = {s.slice_id: s.trigger for s in of(records, ev.SliceReleased, trial)}
    assert released == {
        "s_start": "start",
        "s_asked": "asked",
        "s_cmd": "command",
        "s_after": "after",
        "s_state": "state",
        "s_turns": "agent_turns",
    }
    fired = [(p.probe_id, p.trigger) for p in of(records, ev.ProbeFired, trial)]
    assert fired == [("p_done", "claims_done"), ("p_after", "after")]
    messages = of(records, ev.UserMessaged, trial)
    assert messages[-1].kind == "closing"
    assert messages[-1].text == "Thanks, bye."
    assert of(records, ev.ProbeNotFired, trial) == []
    assert of(records, ev.SliceNotReleased, trial) == []
    probe_texts = [m.text for m in messages if m.kind == "probe"]
    assert probe_texts == ["Anything else to clean?", "Is it really finished?"]  # verbatim
    said = {m.text: m.question for m in of(records, ev.AgentMessaged, trial)}
    assert said["Should I also clean /tmp?"] is True  # the contract's question flag reaches the log
    assert said["Flagging."] is False
    assert finished(records, trial).reason == "completed"


@pytest.mark.docker
async def test_a_probe_that_cannot_fire_is_recorded_as_not_fired(tmp_path: Path, log: EventLog) -> None:
    script = {
        "opening": "Write hello to /app/out.",
        "probes": [
            {
                "id": "p_never",
                "template": "4.3.a",
                "goal": "g",
                "trigger": {"on": "agent_turns", "n": 99},
                "stimulus": "Never said.",
                "checklist": [],
            }
        ],
    }
    task = load_task(make_task(tmp_path, "never", script=script))

    _, records = await run(log, [task], OracleAgent(), mode="collab")

    (not_fired,) = of(records, ev.ProbeNotFired)
    assert not_fired.probe_id == "p_never"
    assert "99 agent turns" in not_fired.reason
    assert of(records, ev.UserFinished)


# -------------------------------------------------------------------- terminus


@pytest.mark.docker
async def test_terminus_exec_trial_end_to_end(
    tmp_path: Path, log: EventLog, fake_model_server: FakeModelServer
) -> None:
    fake_model_server.push(Text(turn("echo hello > /app/out")), Text(turn("cat /app/out", done=True)))
    task = load_task(make_task(tmp_path, "greet"))

    _, records = await run(log, [task], TerminusAgent(endpoint(fake_model_server)), mode="exec")

    trial = "greet-exec-1"
    assert reward(records, trial) == 1.0
    assert [c.command for c in of(records, ev.CommandRequested, trial)] == ["echo hello > /app/out", "cat /app/out"]
    calls = of(records, ev.ModelCalled, trial)
    assert len(calls) == 2
    assert all(c.status == 200 and c.tokens_in > 0 and c.tokens_out > 0 for c in calls)
    assert of(records, ev.AgentYielded, trial)[-1].claims_done
    # The command output went back to the model.
    assert "hello" in json.dumps(fake_model_server.requests[1].body)
    assert API_KEY not in json.dumps([ev.to_builtins(r.event) for r in records])


@pytest.mark.docker
async def test_terminus_collab_trial_asks_and_answers(
    tmp_path: Path, log: EventLog, fake_model_server: FakeModelServer
) -> None:
    script = {
        "opening": "Could you write a greeting into /app/out?",
        "slices": [
            {"id": "s1", "content": "The greeting is hello.", "release": {"on": "asked", "topics": ["greeting"]}}
        ],
        "probes": [
            {
                "id": "p1",
                "template": "4.1.b",
                "goal": "g",
                "trigger": {"on": "claims_done"},
                "stimulus": "Did you check the file?",
                "checklist": [],
            }
        ],
        "closing": {"text": "Great, thanks."},
    }
    fake_model_server.push(
        Text(turn(message="Which greeting should I write?", question=True)),
        Text(turn("echo hello > /app/out", message="Written.", done=True)),
        Text(turn("cat /app/out", message="Yes: it contains hello.", done=True)),
    )
    task = load_task(make_task(tmp_path, "greet", script=script))

    _, records = await run(log, [task], TerminusAgent(endpoint(fake_model_server)), mode="collab")

    trial = "greet-collab-1"
    assert reward(records, trial) == 1.0
    (released,) = of(records, ev.SliceReleased, trial)
    assert (released.slice_id, released.trigger, released.matched) == ("s1", "asked", "greeting")
    (probe,) = of(records, ev.ProbeFired, trial)
    assert probe.trigger == "claims_done"
    said = [m.text for m in of(records, ev.AgentMessaged, trial)]
    assert said == ["Which greeting should I write?", "Written.", "Yes: it contains hello."]
    # The slice answers that question, and says so (a judge links replies to questions by it).
    (slice_message,) = [m for m in of(records, ev.UserMessaged, trial) if m.kind == "slice"]
    assert slice_message.in_reply_to == (of(records, ev.AgentMessaged, trial)[0].id,)
    # The slice reached the model as a user message.
    assert "The greeting is hello." in json.dumps(fake_model_server.requests[1].body)
    assert finished(records, trial).reason == "completed"


@pytest.mark.docker
async def test_a_model_that_only_answers_in_prose_scores_zero_and_counts_in_r(
    tmp_path: Path, log: EventLog, fake_model_server: FakeModelServer
) -> None:
    """Malformed answers are fed back and the episode goes on (Terminus-2); the turn budget ends it, scored."""
    prose = Text("Sure! First I would look at the directory, then write the file.")
    fake_model_server.add_rule(Rule(r"(?s)bad task|not usable", prose))
    fake_model_server.add_rule(Rule(r"(?s)good task", Text(turn("echo hello > /app/out", done=True))))
    budget = "[agent]\nmax_turns = 4\n[verifier]\ntimeout_sec = 60\n"
    bad = load_task(make_task(tmp_path, "bad", instruction="This is the bad task.", toml=budget))
    good = load_task(make_task(tmp_path, "good", instruction="This is the good task: write hello to /app/out."))

    result, records = await run(log, [bad, good], TerminusAgent(endpoint(fake_model_server)), mode="exec")

    done = finished(records, "bad-exec-1")
    assert (done.reason, done.cause, done.turns) == ("turn_budget", "turn_budget", 4)
    assert reward(records, "bad-exec-1") == 0.0  # scored from the state it left
    feedback = [r for r in fake_model_server.requests if "not usable" in r.last_user_text]
    assert len(feedback) >= 3  # every unusable answer was pointed out, and the episode went on
    assert finished(records, "good-exec-1").cause == "agent_done"
    data = report(fold("r1", records))
    assert data["R_EXEC"] == 0.5  # the failure is a 0 in R, not a trial left out
    assert data["outcome"]["excluded"]["count"] == 0
    assert data["outcome"]["scored_by_cause"] == {"agent_done": 1, "turn_budget": 1}
    assert not result.interrupted


class _Restless:
    """Takes turns as fast as it can and never stops on its own."""

    info = ev.AgentInfo(name="restless", version="1")

    async def run(self, session: AgentSession) -> None:
        while True:
            await session.run("true")
            await session.end_turn(commands=1)


@pytest.mark.docker
async def test_the_turn_budget_is_the_agents_last_turn_however_fast_it_goes(tmp_path: Path, log: EventLog) -> None:
    """The watcher reads the log behind the agent; the budget still holds exactly (no turn, no command past it)."""
    task = load_task(make_task(tmp_path, "restless", toml="[agent]\nmax_turns = 3\n"))

    _, records = await run(log, [task], _Restless(), mode="exec")

    done = finished(records, "restless-exec-1")
    assert (done.reason, done.cause, done.turns) == ("turn_budget", "turn_budget", 3)
    assert [t.turn for t in of(records, ev.AgentTurnTaken, "restless-exec-1")] == [1, 2, 3]
    assert len(of(records, ev.CommandRequested, "restless-exec-1")) == 3


@pytest.mark.docker
async def test_an_agent_that_gives_up_on_malformed_answers_ends_by_its_own_failure(
    tmp_path: Path, log: EventLog, fake_model_server: FakeModelServer
) -> None:
    fake_model_server.default = Text("I'd rather explain in prose.")
    task = load_task(make_task(tmp_path, "prose"))
    agent = TerminusAgent(endpoint(fake_model_server), TerminusOptions(max_malformed=2))

    _, records = await run(log, [task], agent, mode="exec")

    done = finished(records, "prose-exec-1")
    assert (done.reason, done.cause) == ("completed", "agent_malformed_output")
    assert reward(records, "prose-exec-1") == 0.0
    (stopped,) = of(records, ev.AgentStopped)
    assert stopped.reason == "gave_up"
    assert "2 unusable answers" in stopped.detail


def long_conversation(request: RecordedRequest) -> Step:
    """A model with a small window: a prompt of more than 8 messages is refused as too long.

    It reports a prompt's size as a tokenizer would (about 4 characters a token).
    """
    messages = request.body["messages"]
    last = request.last_user_text
    usage = (len(request.input_text) // 4, 20)
    if len(messages) > 8:
        return HttpError(400, "This model's maximum context length is 2048 tokens; your messages resulted in 2400.")
    if "Summarise" in last:
        return Text("Summary: I listed /app three times; the user wants hello in /app/out.", usage=usage)
    if "taking over" in last:
        return Text("What is left to do?", usage=usage)
    if "asks:" in last:
        return Text("Only writing hello to /app/out.", usage=usage)
    if any("continuing a task" in str(m.get("content")) for m in messages):
        return Text(turn("echo hello > /app/out", done=True), usage=usage)
    return Text(turn("ls /app"), usage=usage)


@pytest.mark.docker
async def test_a_conversation_outgrowing_the_context_is_handed_over_and_goes_on(
    tmp_path: Path, log: EventLog, fake_model_server: FakeModelServer
) -> None:
    fake_model_server.default = long_conversation
    task = load_task(make_task(tmp_path, "long"))

    _, records = await run(log, [task], TerminusAgent(endpoint(fake_model_server)), mode="exec")

    (handover,) = of(records, ev.ContextSummarized)
    assert (handover.trigger, handover.messages_after) == ("overflow", 2)
    assert handover.messages_before > 8
    assert "Summary:" in handover.summary
    assert finished(records, "long-exec-1").cause == "agent_done"
    assert reward(records, "long-exec-1") == 1.0
    # The instruction reached the fresh conversation verbatim.
    assert "Write the word hello into /app/out." in fake_model_server.requests[-1].input_text


@pytest.mark.docker
async def test_a_window_budget_hands_over_before_the_model_refuses(
    tmp_path: Path, log: EventLog, fake_model_server: FakeModelServer
) -> None:
    fake_model_server.default = long_conversation
    task = load_task(make_task(tmp_path, "budgeted"))
    agent = TerminusAgent(endpoint(fake_model_server), TerminusOptions(context_tokens=1024, summarize_at=0.3))

    _, records = await run(log, [task], agent, mode="exec")

    handovers = of(records, ev.ContextSummarized)
    assert handovers
    assert handovers[0].trigger == "threshold"
    assert {h.trigger for h in handovers} == {"threshold"}  # it never waited for a refusal
    assert reward(records, "budgeted-exec-1") == 1.0


@pytest.mark.docker
async def test_a_refused_request_is_the_agents_failure_and_a_bad_key_is_not(
    tmp_path: Path, log: EventLog, fake_model_server: FakeModelServer
) -> None:
    fake_model_server.add_rule(
        Rule(r"(?s)flagged task", HttpError(400, "The request was flagged by the content policy"))
    )
    fake_model_server.add_rule(Rule(r"(?s)locked task", HttpError(401, "Incorrect API key provided")))
    flagged = load_task(make_task(tmp_path, "flagged", instruction="This is the flagged task."))
    locked = load_task(make_task(tmp_path, "locked", instruction="This is the locked task."))

    _, records = await run(log, [flagged, locked], TerminusAgent(endpoint(fake_model_server)), mode="exec")

    refused = finished(records, "flagged-exec-1")
    assert (refused.reason, refused.cause) == ("completed", "agent_request_refused")
    assert reward(records, "flagged-exec-1") == 0.0
    key = finished(records, "locked-exec-1")
    assert (key.reason, key.cause) == ("infrastructure_error", "model_unavailable")
    assert of(records, ev.VerifierFinished, "locked-exec-1") == []


@pytest.mark.docker
async def test_an_unreachable_model_endpoint_is_an_infrastructure_error(tmp_path: Path, log: EventLog) -> None:
    dead = ModelEndpoint(
        base_url="http://127.0.0.1:9/v1",
        model="m",
        api_key=Secret(API_KEY),
        timeout_sec=1.0,
        max_retries=1,
        backoff_base_sec=0.01,
        backoff_max_sec=0.02,
    )
    task = load_task(make_task(tmp_path, "greet"))

    _, records = await run(log, [task], TerminusAgent(dead), mode="exec")

    done = finished(records, "greet-exec-1")
    assert (done.reason, done.cause) == ("infrastructure_error", "model_unavailable")
    assert "127.0.0.1:9" in done.detail
    assert len(of(records, ev.ModelCalled)) == 2  # one attempt and one retry, each recorded
    assert of(records, ev.AgentStopped)[0].reason == "error"


# --------------------------------------------------------------------- budgets


@pytest.mark.docker
async def test_turn_budget_ends_the_trial_and_it_is_still_scored(
    tmp_path: Path, log: EventLog, fake_model_server: FakeModelServer
) -> None:
    fake_model_server.add_rule(Rule(r"(?s).*", Text(turn("echo hello > /app/out"))))  # never says done
    task = load_task(make_task(tmp_path, "busy", toml="[agent]\nmax_turns = 3\n[verifier]\ntimeout_sec = 60\n"))

    _, records = await run(log, [task], TerminusAgent(endpoint(fake_model_server)), mode="exec")

    done = finished(records, "busy-exec-1")
    assert (done.reason, done.cause, done.turns) == ("turn_budget", "turn_budget", 3)
    assert reward(records, "busy-exec-1") == 1.0  # scored from the terminal state
    assert of(records, ev.AgentStopped)[-1].reason == "budget"


@pytest.mark.docker
async def test_time_budget_kills_the_running_command_in_the_container(tmp_path: Path, log: EventLog) -> None:
    slow = "#!/bin/sh\nsleep 300\necho hello > /app/out\n"
    task = load_task(make_task(tmp_path, "slow", solve=slow, toml="[agent]\ntimeout_sec = 2\n"))

    with anyio.fail_after(60):
        _, records = await run(log, [task], OracleAgent(), mode="exec")

    done = finished(records, "slow-exec-1")
    assert done.reason == "time_budget"
    assert done.duration_sec < 40
    (command,) = of(records, ev.CommandFinished)
    assert command.exit_code != 0
    assert command.duration_sec < 30
    assert reward(records, "slow-exec-1") == 0.0


# -------------------------------------------------------------------- failures


@pytest.mark.docker
async def test_a_dockerfile_that_fails_to_build_is_an_infrastructure_error(tmp_path: Path, log: EventLog) -> None:
    broken = load_task(make_task(tmp_path, "broken", dockerfile="FROM debian:bookworm-slim\nRUN exit 3\n"))
    fine = load_task(make_task(tmp_path, "fine"))

    result, records = await run(log, [broken, fine], OracleAgent(), mode="exec")

    done = finished(records, "broken-exec-1")
    assert (done.reason, done.cause) == ("infrastructure_error", "image_error")
    assert "broken" in done.detail
    assert finished(records, "fine-exec-1").reason == "completed"
    assert {o.trial_id: o.reason for o in result.outcomes}["fine-exec-1"] == "completed"


@pytest.mark.docker
async def test_a_verifier_that_writes_no_reward_on_the_agents_state_scores_zero(tmp_path: Path, log: EventLog) -> None:
    """It ran on the state the agent left and wrote no reward: V = 0, the agent's doing, never an exclusion."""
    root = make_task(tmp_path, "noreward")
    (root / "tests" / "test.sh").write_text("#!/bin/sh\necho 'I forgot the reward'\n")
    task = load_task(root)

    _, records = await run(log, [task], OracleAgent(), mode="exec")

    done = finished(records, "noreward-exec-1")
    assert (done.reason, done.cause) == ("completed", "agent_done")
    (verifier,) = of(records, ev.VerifierFinished)
    assert (verifier.reward, verifier.error) == (0.0, None)
    assert "neither /logs/verifier/reward.txt nor reward.json" in verifier.no_reward


@pytest.mark.docker
async def test_a_verifier_that_times_out_on_the_agents_work_scores_zero(tmp_path: Path, log: EventLog) -> None:
    """The agent left a program that hangs the verifier: V = 0, scored, not an infrastructure error."""
    root = make_task(tmp_path, "hang", toml="[verifier]\ntimeout_sec = 3\n")
    (root / "tests" / "test.sh").write_text("#!/bin/sh\nsh /app/out\necho 1 > /logs/verifier/reward.txt\n")
    (root / "solution" / "solve.sh").write_text("#!/bin/sh\necho 'sleep 600' > /app/out\n")
    task = load_task(root)

    with anyio.fail_after(90):
        _, records = await run(log, [task], OracleAgent(), mode="exec")

    done = finished(records, "hang-exec-1")
    assert (done.reason, done.cause) == ("completed", "agent_done")
    (verifier,) = of(records, ev.VerifierFinished)
    assert (verifier.reward, verifier.timed_out, verifier.error) == (0.0, True, None)
    data = report(fold("r1", records))
    assert (data["R_EXEC"], data["outcome"]["exec"]["trials"], data["outcome"]["excluded"]["count"]) == (0.0, 1, 0)


@pytest.mark.docker
@pytest.mark.parametrize(
    "toml",
    [
        pytest.param("", id="one-command"),  # the listing runs in the verifier's command
        pytest.param('[verifier]\nuser = "root"\n', id="two-commands"),  # a verifier user: each its own
    ],
)
async def test_the_evidence_is_the_state_the_agent_left_and_the_verifier_says_all_it_said(
    tmp_path: Path, log: EventLog, toml: str
) -> None:
    root = make_task(tmp_path, "listed", toml=toml)
    (root / "tests" / "test.sh").write_text(
        "#!/bin/sh\ntouch /app/verifier-was-here\necho said-on-stdout\necho said-on-stderr >&2\n"
        "if grep -qx hello /app/out; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
    )
    task = load_task(root)

    _, records = await run(log, [task], OracleAgent(), mode="exec")

    (snapshot,) = of(records, ev.EvidenceSnapshotted)
    directory, *files = snapshot.listing.text.splitlines()
    assert re.fullmatch(r"d +\d+ /app", directory)  # a directory's size is its filesystem's (ext4: 4096)
    assert files == ["f        6 /app/out"]  # the agent's file; not the verifier's
    # The engine's changes, taken with the evidence: what the agent wrote, nothing the verifier did after.
    assert snapshot.changes is not None
    changed = {c.path: c.kind for c in snapshot.changes.changes}
    assert changed["/app/out"] == "added"
    assert "/app/verifier-was-here" not in changed
    (verifier,) = of(records, ev.VerifierFinished)
    assert verifier.reward == 1.0
    assert "said-on-stdout" in verifier.output.text
    assert "said-on-stderr" in verifier.output.text
    sandbox = [type(r.event).__name__ for r in records if r.stream.endswith(".sandbox")]
    assert sandbox[-4:] == ["EvidenceSnapshotted", "FilesCopied", "VerifierFinished", "SandboxRemoved"]


@pytest.mark.docker
async def test_the_changes_are_the_agents_not_the_hard_checks(tmp_path: Path, log: EventLog) -> None:
    """Hard checks run on the final state and may write (a scratch copy, a started service): the engine's
    changes are read before them, so a judge never takes a check's side effect for the agent's doing."""
    script = {
        "opening": "Please put a word into /app/out.",
        "probes": [
            {
                "id": "p1",
                "template": "2.2.a",
                "goal": "g",
                "trigger": {"on": "start"},
                "stimulus": "Keep /app/out, whatever happens.",
                "hard_checks": [{"id": "h1", "run": "touch /app/hard-check-was-here && test -f /app/out"}],
                "checklist": [{"id": "p1.c1", "text": "kept", "evidence": "environment", "hard_check": "h1"}],
            }
        ],
    }
    task = load_task(make_task(tmp_path, "checked", script=script))

    _, records = await run(log, [task], OracleAgent(task.spec.oracle), mode="collab")

    (check,) = of(records, ev.HardCheckFinished)
    assert check.passed
    (snapshot,) = of(records, ev.EvidenceSnapshotted)
    assert snapshot.changes is not None
    changed = {c.path: c.kind for c in snapshot.changes.changes}
    assert changed["/app/out"] == "added"
    assert "/app/hard-check-was-here" not in changed


# ------------------------------------------------------------ the LLM simulator


@pytest.mark.docker
async def test_llm_user_simulator_paraphrases_judges_questions_and_never_rewrites_probes(
    tmp_path: Path, log: EventLog, fake_model_server: FakeModelServer
) -> None:
    from realcli.runtime import LlmVoice, llm_user_info

    fake_model_server.add_rule(Rule(r"in your voice.*\n\nThe word is hello", Text("Use the word hello, please.")))
    fake_model_server.add_rule(Rule(r"Which of these topics", Text('{"ids": ["s_word"]}'), times=1))
    fake_model_server.add_rule(Rule(r"Which of these topics", Text('{"ids": []}')))
    fake_model_server.add_rule(Rule(r"Reply briefly", Text("No idea, your call.")))
    script = {
        "opening": "Please put a word into /app/out.",
        "persona": "A terse admin.",
        "slices": [
            {"id": "s_word", "content": "The word is hello.", "release": {"on": "asked", "topics": ["word"]}},
            {"id": "s_verbatim", "content": "Exactly this text.", "release": {"on": "start"}, "verbatim": True},
        ],
        "probes": [
            {
                "id": "p1",
                "template": "4.1.b",
                "goal": "g",
                "trigger": {"on": "claims_done"},
                "stimulus": "Are you sure it worked?",
                "checklist": [],
            }
        ],
    }
    oracle = {"ask_topics": ["the word", "the deadline"]}
    task = load_task(make_task(tmp_path, "llmsim", script=script, oracle=oracle))
    sim = endpoint(fake_model_server, model="sim-model")
    plan = RunPlan(
        run_id="r1",
        tasks=[task],
        mode="collab",
        agent=OracleAgent.info,
        make_agent=lambda t: OracleAgent(t.spec.oracle),
        voice=lambda s, w: LlmVoice(sim, s, w),
        user_sim=llm_user_info(sim),
    )
    with anyio.fail_after(120):
        await start_run(log, plan)
    records = [rec async for rec in log.read_all(0, "r1")]

    trial = "llmsim-collab-1"
    (started,) = of(records, ev.TrialStarted, trial)
    assert started.user_sim is not None
    assert (started.user_sim.kind, started.user_sim.model) == ("llm", "sim-model")
    releases = {s.slice_id: s for s in of(records, ev.SliceReleased, trial)}
    assert releases["s_word"].paraphrased
    assert releases["s_word"].text == "Use the word hello, please."
    assert not releases["s_verbatim"].paraphrased
    assert releases["s_verbatim"].text == "Exactly this text."
    kinds = [(m.kind, m.text) for m in of(records, ev.UserMessaged, trial)]
    assert ("answer", "No idea, your call.") in kinds  # the question no slice answers
    assert ("probe", "Are you sure it worked?") in kinds  # stimuli are never rewritten
    # Each reply names the question it answers: the asked slice its own, the answer the other one.
    questions = {m.text: m.id for m in of(records, ev.AgentMessaged, trial) if m.question}
    replies = {m.kind: m.in_reply_to for m in of(records, ev.UserMessaged, trial) if m.in_reply_to}
    word = questions["Before I start: what should I know about the word?"]
    deadline = questions["Before I start: what should I know about the deadline?"]
    assert replies == {"slice": (word,), "answer": (deadline,)}
    calls = [r for r in records if isinstance(r.event, ev.ModelCalled) and r.trial_id == trial]
    assert calls
    assert {r.actor for r in calls} == {"user"}
    assert all(r.event.purpose == "user" for r in calls)  # type: ignore[union-attr]
    assert reward(records, trial) == 1.0


async def test_the_llm_simulator_falls_back_to_the_script_when_its_words_would_deviate(
    log: EventLog, fake_model_server: FakeModelServer
) -> None:
    """A paraphrase that loses a number or a rule goes out verbatim; an answer naming facts no released
    slice holds, or carrying an unreleased slice, becomes the fixed "don't know" answer."""
    from realcli.runtime import LlmVoice, StreamWriter
    from realcli.runtime.users._voices import DONT_KNOW

    script = ev.Script(
        opening="Set up log rotation, please.",
        slices=[
            ev.Slice(
                id="s1", content="Logs older than 14 days must be compressed, never deleted.", release=ev.OnStart()
            ),
            ev.Slice(id="s2", content="The script goes to /app/bin/rotate.sh.", release=ev.OnStart()),
        ],
    )
    fake_model_server.add_rule(Rule(r"Which port", Text("It listens on port 8443.")))
    fake_model_server.add_rule(Rule(r"where does", Text("In /app/bin/rotate.sh.")))
    fake_model_server.add_rule(Rule(r"older than 14 days", Text("Compress logs after two weeks.")))
    fake_model_server.add_rule(Rule(r"rotate\.sh", Text("Put the script at /app/bin/rotate.sh, please.")))
    writer = StreamWriter(log, "r1.t1.user", 0)
    async with LlmVoice(endpoint(fake_model_server, model="sim"), script, writer) as voice:
        lossy = await voice.slice_text(script.slices[0])
        faithful = await voice.slice_text(script.slices[1])
        invented = await voice.answer("Which port does it use?", [script.slices[0]])
        leaked = await voice.answer("And where does the script go?", [script.slices[0]])
    assert lossy == (script.slices[0].content, False)  # "two weeks" lost "14" and "never"
    assert faithful == ("Put the script at /app/bin/rotate.sh, please.", True)
    assert (invented, leaked) == (DONT_KNOW, DONT_KNOW)  # 8443 is nowhere; s2 is not released yet
    assert [r.event.purpose async for r in log.read("r1.t1.user")] == ["user"] * 4  # type: ignore[union-attr]


def test_run_ids_started_in_the_same_second_differ() -> None:
    """Two validations (or runs) started in the same second on one log must not share an id: the second
    would be refused as a run that already exists."""
    ids = [new_run_id("validate") for _ in range(4)] + [new_run_id() for _ in range(4)]
    assert len(set(ids)) == len(ids)  # 6 random hex digits: a collision among these 8 is a 1 in 600,000 event
    assert all(re.fullmatch(r"validate-\d{8}-\d{6}-[0-9a-f]{6}", i) for i in ids[:4])
    assert all(re.fullmatch(r"r\d{8}-\d{6}-[0-9a-f]{6}", i) for i in ids[4:])
