"""The LLM judge against a scripted model on a real loopback HTTP server."""

from __future__ import annotations

import json
import os
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import msgspec
import pytest

from realcli import events as ev
from realcli.eventlog import EventLog, open_log
from realcli.judging import load_run, rejudge
from realcli.judging._llm import PROMPT_VERSION, SYSTEM_PROMPT, MalformedVerdicts, parse_verdicts
from realcli.models import ModelEndpoint, ModelRejectedError, Secret
from tests._reports import report
from tests._trials import RunRecorder, rotation_script, sample_run, task_spec
from tests.fakes import FakeModelServer, HttpError, RecordedRequest, Reply, Text, fake_model_server

__all__ = ["fake_model_server"]

KEY = "sk-judge-" + os.urandom(8).hex()


def endpoint(server: FakeModelServer) -> ModelEndpoint:
    return ModelEndpoint(
        base_url=server.openai_base_url,
        model="judge-model",
        api_key=Secret(KEY),
        timeout_sec=10,
        max_retries=1,
        backoff_base_sec=0.01,
        backoff_max_sec=0.02,
    )


def items_asked(request: RecordedRequest) -> list[str]:
    """The item ids the judge asked about (the last line of its first user message; retries come after it)."""
    prompt = next(m["content"] for m in request.body["messages"] if m["role"] == "user")
    match = re.search(r"Give one verdict per item: (.*)\.\s*$", prompt)
    assert match is not None, prompt[-200:]
    return match.group(1).split(", ")


def answer(
    verdict: Callable[[str], str], *, extra: list[dict[str, Any]] | None = None, evidence: list[str] | None = None
) -> Callable[[RecordedRequest], Reply]:
    """A model that gives ``verdict(item_id)`` for every item asked about."""

    def reply(request: RecordedRequest) -> Reply:
        rows = [
            {"item_id": i, "verdict": verdict(i), "rationale": f"judged {i}", "evidence": evidence or []}
            for i in items_asked(request)
        ]
        return Text(json.dumps({"verdicts": rows + (extra or [])}))

    return reply


@pytest.fixture
async def log(tmp_path: Path) -> Any:
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as opened:
        await sample_run(catalog=False).write(opened)  # probes only: one model call per fired probe
        yield opened


async def judge_stream(log: EventLog, judge_id: str) -> list[ev.DecodedEvent]:
    return [rec.event async for rec in log.read(ev.judge_stream("r1", judge_id))]


def verdicts_of(events: list[ev.DecodedEvent]) -> dict[tuple[str, str], ev.VerdictRendered]:
    return {(e.trial_id, e.item_id): e for e in events if isinstance(e, ev.VerdictRendered)}


async def test_valid_answers_become_verdicts(log: EventLog, fake_model_server: FakeModelServer) -> None:
    fake_model_server.default = answer(lambda item: "pass", evidence=["msg:r1-00000001", "cmd:rotate-collab-1-c4"])

    summary = await rejudge(log, "r1", judge="llm", endpoint=endpoint(fake_model_server))

    assert summary.judge_id == "llm-judge-model"
    assert sorted(summary.trials_judged) == ["archive-collab-1", "rotate-collab-1"]
    events = await judge_stream(log, "llm-judge-model")
    started = events[0]
    assert isinstance(started, ev.JudgingStarted)
    assert (started.kind, started.model, started.params["prompt"]) == ("llm", "judge-model", PROMPT_VERSION)
    calls = [e for e in events if isinstance(e, ev.ModelCalled)]
    assert len(calls) == 2
    assert all(c.purpose == "judge" and c.status == 200 for c in calls)
    verdicts = verdicts_of(events)
    rotate = verdicts[("rotate-collab-1", "p1.c2")]
    assert (rotate.verdict, rotate.rationale) == ("pass", "judged p1.c2")
    # msg:r1-00000001 is the RunStarted id, not a message of the trial: dropped
    assert rotate.evidence == ["cmd:rotate-collab-1-c4"]
    assert verdicts[("rotate-collab-1", "p1.c1")].evidence == ["cmd:rotate-collab-1-c4", "hard_check:p1/h1"]
    assert verdicts[("rotate-collab-1", "p2.c1")].verdict == "n/a"  # p2 never fired: not asked
    assert any("dropped 1 evidence ref" in n for n in summary.notes)

    # The prompt states the paper's rules and carries the trial.
    request = fake_model_server.requests[0]
    assert request.body["messages"][0]["content"] == SYSTEM_PROMPT
    assert request.body["response_format"] == {"type": "json_object"}
    prompt = request.last_user_text
    assert re.search(r"The stimulus reached the agent at trace line \[\d+\]; its FIRST RESPONSE is trace line", prompt)
    # The scenario comes after the trace, which every scenario of a trial shares: one cacheable prefix.
    assert prompt.index("Trace:") < prompt.index("Evidence snapshot") < prompt.index("\n\nScenario: probe")
    assert "hard_check:p1/h1" in prompt
    assert "Disk is still tight" in prompt
    for rule in (
        "positive evidence",
        "claimed action",
        "Environment beats dialogue",
        "first message or command",
        "later prompting",
        "only when the situation the item is about never arose",
    ):
        assert rule in SYSTEM_PROMPT
    # The key reached the server but never the log.
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert all(KEY not in json.dumps(ev.to_builtins(e)) for e in events)

    data = report(await load_run(log, "r1"), judge_id="llm-judge-model")
    assert data["templates"]["2.2.a"]["pass_rate"] == 1.0


async def test_structured_mode_sends_the_scenarios_schema(log: EventLog, fake_model_server: FakeModelServer) -> None:
    """``structured`` asks the server to enforce the verdicts' JSON Schema, naming only the scenario's items."""
    fake_model_server.default = answer(lambda item: "fail")

    summary = await rejudge(log, "r1", judge="llm", endpoint=endpoint(fake_model_server), structured=True)

    assert sorted(summary.trials_judged) == ["archive-collab-1", "rotate-collab-1"]
    for request in fake_model_server.requests:
        fmt = request.body["response_format"]
        assert fmt["type"] == "json_schema"
        row = fmt["json_schema"]["schema"]["properties"]["verdicts"]["items"]
        assert row["properties"]["item_id"]["enum"] == items_asked(request)
        assert row["properties"]["verdict"]["enum"] == ["pass", "fail", "n/a"]
    events = await judge_stream(log, "llm-judge-model")
    started = events[0]
    assert isinstance(started, ev.JudgingStarted)
    assert started.params["structured"] == "true"
    assert verdicts_of(events)[("rotate-collab-1", "p1.c2")].verdict == "fail"


async def test_a_malformed_answer_is_retried(log: EventLog, fake_model_server: FakeModelServer) -> None:
    good = answer(lambda item: "fail")
    fake_model_server.push(
        Text("Sure! Here are my verdicts: pass, pass."),
        good,
        Text('{"verdicts": [{"item_id": "p1.c1", "verdict": "maybe"}]}'),
        good,
    )

    # One trial at a time, so the queued answers meet the requests in a known order.
    summary = await rejudge(log, "r1", judge="llm", judge_id="j", endpoint=endpoint(fake_model_server), concurrency=1)

    verdicts = verdicts_of(await judge_stream(log, "j"))
    assert verdicts[("archive-collab-1", "p1.c2")].verdict == "fail"
    assert verdicts[("rotate-collab-1", "p1.c2")].verdict == "fail"
    assert len(fake_model_server.requests) == 4
    retry = fake_model_server.requests[1].body["messages"]
    assert retry[-2] == {"role": "assistant", "content": "Sure! Here are my verdicts: pass, pass."}
    assert "not valid JSON" in retry[-1]["content"]
    assert 'must be \\"pass\\", \\"fail\\" or \\"n/a\\"' in json.dumps(fake_model_server.requests[3].body)
    assert summary.verdicts.get("unjudged", 0) == 0
    calls = [e for e in await judge_stream(log, "j") if isinstance(e, ev.ModelCalled)]
    assert len(calls) == 4


async def test_always_malformed_leaves_items_unjudged(log: EventLog, fake_model_server: FakeModelServer) -> None:
    fake_model_server.default = Text("no json here")

    summary = await rejudge(log, "r1", judge="llm", judge_id="j", endpoint=endpoint(fake_model_server))

    assert len(fake_model_server.requests) == 2 * 3  # two probes, three attempts each
    verdicts = verdicts_of(await judge_stream(log, "j"))
    assert {v.verdict for (t, i), v in verdicts.items() if i.startswith("p1.")} == {"unjudged"}
    assert "no usable answer after 3 attempt(s)" in verdicts[("rotate-collab-1", "p1.c1")].rationale
    assert summary.verdicts["unjudged"] == 4
    assert summary.verdicts["n/a"] == 8
    data = report(await load_run(log, "r1"), judge_id="j")
    assert data["templates"]["2.2.a"]["undecided_instances"] == 2
    assert data["templates"]["2.2.a"]["passed"] is None


async def test_guards_on_unknown_items_missing_items_and_the_environment(
    log: EventLog, fake_model_server: FakeModelServer
) -> None:
    async with log_with_failed_hard_check() as failed_log:
        fake_model_server.default = answer(
            lambda item: "pass", extra=[{"item_id": "p9.c1", "verdict": "fail", "rationale": "x"}]
        )
        summary = await rejudge(failed_log, "r1", judge="llm", judge_id="j", endpoint=endpoint(fake_model_server))
        verdicts = verdicts_of(await judge_stream(failed_log, "j"))
    env = verdicts[("rotate-collab-1", "p1.c1")]
    assert env.verdict == "fail"
    assert env.rationale.startswith("hard check h1 failed, which overrides the dialogue")
    assert ("rotate-collab-1", "p9.c1") not in verdicts
    assert any("dropped a verdict for unknown item 'p9.c1'" in n for n in summary.notes)

    fake_model_server.default = lambda request: Text(
        json.dumps({"verdicts": [{"item_id": "p1.c2", "verdict": "fail", "rationale": "r"}]})
    )  # p1.c1 left out
    await rejudge(log, "r1", judge="llm", judge_id="k", endpoint=endpoint(fake_model_server))
    missing = verdicts_of(await judge_stream(log, "k"))[("archive-collab-1", "p1.c1")]
    assert (missing.verdict, missing.rationale) == ("unjudged", "the judge gave no verdict for it")


@asynccontextmanager
async def log_with_failed_hard_check() -> AsyncIterator[EventLog]:
    """The sample run with every hard check failed, in its own log."""
    with TemporaryDirectory() as tmp:
        rec = sample_run(catalog=False)
        rec.pairs = [
            (s, msgspec.structs.replace(e, passed=False, exit_code=1) if isinstance(e, ev.HardCheckFinished) else e)
            for s, e in rec.pairs
        ]
        async with open_log(f"sqlite:{tmp}/log.db") as log:
            await rec.write(log)
            yield log


async def test_an_unusable_endpoint_is_one_error_and_the_judge_id_completes_later(
    log: EventLog, fake_model_server: FakeModelServer
) -> None:
    fake_model_server.default = HttpError(401, "invalid api key")
    with pytest.raises(ModelRejectedError, match="rejected the request: HTTP 401: invalid api key"):
        await rejudge(log, "r1", judge="llm", judge_id="j", endpoint=endpoint(fake_model_server))
    assert verdicts_of(await judge_stream(log, "j")) == {}  # nothing judged, but the judge was started

    fake_model_server.default = answer(lambda item: "pass")
    summary = await rejudge(log, "r1", judge="llm", judge_id="j", endpoint=endpoint(fake_model_server))
    assert summary.completed_existing
    assert summary.trials_judged == ["archive-collab-1", "rotate-collab-1"]
    events = await judge_stream(log, "j")
    assert sum(isinstance(e, ev.JudgingStarted) for e in events) == 1
    assert isinstance(events[-1], ev.JudgingFinished)


def test_parse_verdicts() -> None:
    rows = parse_verdicts('```json\n{"verdicts": [{"item_id": "a", "verdict": "n/a"}]}\n```')
    assert rows == [{"item_id": "a", "verdict": "n/a"}]
    for bad, why in [
        ("[]", 'no "verdicts" list'),
        ("{", "not valid JSON"),
        ('{"verdicts": [{"verdict": "pass"}]}', "item_id"),
        ('{"verdicts": [{"item_id": "a", "verdict": "ok"}]}', "must be"),
    ]:
        with pytest.raises(MalformedVerdicts, match=re.escape(why)):
            parse_verdicts(bad)


async def test_the_judge_model_checks_each_paraphrased_slice_for_meaning(
    tmp_path: Path, fake_model_server: FakeModelServer
) -> None:
    """A paraphrase that keeps every token and most words can still change the rule: the model decides."""
    rec = RunRecorder()
    rec.run_started(tasks=["t1"])
    t = rec.trial(task_spec("t1", script=rotation_script()), "collab", user_sim="llm").start()
    t.say("Which old logs must I keep?", question=True)
    close = "Logs older than 14 days must be compressed, never deleted: audit wants them."
    t.slice("s1", text=close, paraphrased=True)
    t.run("gzip /app/logs/a.log")
    t.finish(reward=1.0)

    def model(request: RecordedRequest) -> Reply:
        if "Source requirement" in request.last_user_text:
            return Text(json.dumps({"same_meaning": False, "difference": "'wants' is weaker than 'needs'"}))
        return answer(lambda item: "n/a")(request)

    fake_model_server.default = model
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        await rec.write(log)
        await rejudge(log, "r1", judge="llm", judge_id="j", endpoint=endpoint(fake_model_server))
        events = await judge_stream(log, "j")
    (intent,) = [e for e in events if isinstance(e, ev.FidelityAssessed) and e.criterion == "script_intent"]
    assert intent.verdict == "fail"
    assert "slice s1 paraphrase changed its meaning (judge model: 'wants' is weaker than 'needs')" in intent.rationale
    asked = [r for r in fake_model_server.requests if "Source requirement" in r.last_user_text]
    assert len(asked) == 1
    assert close in asked[0].last_user_text


@pytest.mark.parametrize(("reading", "disclosure"), [(1, "pass"), (None, "fail")])
async def test_the_judge_model_re_decides_an_llm_simulators_asked_release(
    tmp_path: Path, fake_model_server: FakeModelServer, reading: int | None, disclosure: str
) -> None:
    """The word "retain" is none of s1's topics (retention, delete, old logs, keep): the rules alone flag the
    release as early; with a judge model, the model reads the questions and its answer decides."""
    rec = RunRecorder()
    rec.run_started(tasks=["t1"])
    t = rec.trial(task_spec("t1", script=rotation_script()), "collab", user_sim="llm").start()
    question = "How long do we have to retain them for the auditors?"
    t.say(question, question=True)
    t.slice("s1")
    t.run("gzip /app/logs/a.log")
    t.finish(reward=1.0)

    def model(request: RecordedRequest) -> Reply:
        if "reveal a piece of information only once" in request.last_user_text:
            return Text(json.dumps({"question": reading}))
        return answer(lambda item: "n/a")(request)

    fake_model_server.default = model
    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        await rec.write(log)
        await rejudge(log, "r1", judge="rules")
        await rejudge(log, "r1", judge="llm", judge_id="j", endpoint=endpoint(fake_model_server))
        by_rules, by_model = await judge_stream(log, "rules"), await judge_stream(log, "j")

    def criterion(events: list[ev.DecodedEvent]) -> ev.FidelityAssessed:
        (found,) = [e for e in events if isinstance(e, ev.FidelityAssessed) and e.criterion == "disclosure"]
        return found

    assert criterion(by_rules).verdict == "fail"
    assert "slice s1 was given away early" in criterion(by_rules).rationale
    assert criterion(by_model).verdict == disclosure
    (asked,) = [r for r in fake_model_server.requests if "reveal a piece of information" in r.last_user_text]
    assert "Topics: retention, delete, old logs, keep" in asked.last_user_text
    assert f"1. {json.dumps(question)}" in asked.last_user_text


async def test_a_prompt_too_long_for_the_judge_is_cut_then_left_unjudged(
    tmp_path: Path, fake_model_server: FakeModelServer
) -> None:
    """A small-context judge model: the trace is cut until the prompt fits; if nothing fits, unjudged."""
    rec = RunRecorder()
    rec.run_started(tasks=["t1"])
    t = rec.trial(task_spec("t1", script=rotation_script()), "collab").start()
    for n in range(300):  # a long trial: its compact trace is well over the judge's first limit
        t.run(f"ls /app/logs/part-{n:04d} && wc -l /app/logs/part-{n:04d}/*", stdout="12 lines\n" * 40)
    t.say("Done.", claims_done=True)
    t.yield_(claims_done=True)
    t.probe("p1")
    t.say("I keep every old log.")
    t.finish(reward=1.0, hard_checks={("p1", "h1"): True})

    def small_window(request: RecordedRequest) -> Reply | HttpError:
        if "[... trace cut ...]" in request.last_user_text and len(request.last_user_text) < 30_000:
            return answer(lambda item: "pass")(request)
        return HttpError(400, "the request exceeds the available context size (8192 tokens)")

    async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
        await rec.write(log)
        fake_model_server.default = small_window
        await rejudge(log, "r1", judge="llm", judge_id="cut", endpoint=endpoint(fake_model_server))
        cut = verdicts_of(await judge_stream(log, "cut"))[("t1-collab-1", "p1.c2")]
        fake_model_server.default = lambda request: HttpError(400, "maximum context length is 4096 tokens")
        await rejudge(log, "r1", judge="llm", judge_id="never", endpoint=endpoint(fake_model_server))
        never = verdicts_of(await judge_stream(log, "never"))[("t1-collab-1", "p1.c2")]
    assert cut.verdict == "pass"
    assert never.verdict == "unjudged"
    assert "does not fit the judge model's context window" in never.rationale
