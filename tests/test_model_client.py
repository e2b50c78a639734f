"""The model client against a real (scripted) HTTP endpoint: answers, retries, limits, audit, secrets."""

from __future__ import annotations

import dataclasses
import json
import os
import pickle
from typing import Any

import anyio
import pytest

from realcli import ConfigError, InfrastructureError
from realcli.events import ModelCalled, decode, encode
from realcli.models import (
    REDACTED,
    ChatResult,
    ModelClient,
    ModelEndpoint,
    ModelRejectedError,
    ModelUnavailableError,
    Secret,
    known_secrets,
    redact,
)
from tests.fakes import (
    Delay,
    Drop,
    FakeModelServer,
    HttpError,
    Malformed,
    RecordedRequest,
    Reply,
    Text,
    ToolCall,
    fake_model_server,
)

__all__ = ["fake_model_server"]  # the fixture, imported for this module's tests

MESSAGES: list[dict[str, Any]] = [
    {"role": "system", "content": "You are terse."},
    {"role": "user", "content": "say hi"},
]


class Log:
    """Collects ModelCalled events the way an actor appends them to its stream."""

    def __init__(self) -> None:
        self.events: list[ModelCalled] = []

    async def __call__(self, event: ModelCalled) -> None:
        # Each event must survive the log's codec unchanged.
        assert decode(encode(event)) == event
        self.events.append(event)


def endpoint(server: FakeModelServer, **overrides: Any) -> ModelEndpoint:
    settings: dict[str, Any] = {
        "base_url": server.openai_base_url,
        "model": "test-model",
        "api_key": Secret("sk-test-" + os.urandom(8).hex()),
        "timeout_sec": 5.0,
        "max_retries": 3,
        "backoff_base_sec": 0.01,
        "backoff_max_sec": 0.05,
    }
    return ModelEndpoint(**(settings | overrides))


async def chat(ep: ModelEndpoint, log: Log, messages: list[dict[str, Any]] | None = None, **kwargs: Any) -> ChatResult:
    async with ModelClient(ep) as client:
        return await client.chat(messages or MESSAGES, purpose="agent", on_call=log, **kwargs)


# ---------------------------------------------------------------------- success


async def test_success_reports_text_usage_cost_and_one_event(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(Text("hi", usage=(1000, 500)))
    ep = endpoint(
        fake_model_server, price_in_per_mtok=1.0, price_out_per_mtok=2.0, params={"temperature": 0, "seed": 7}
    )
    log = Log()
    result = await chat(ep, log, response_format={"type": "json_object"}, params={"temperature": 0.5})

    assert result.text == "hi"
    assert (result.tokens_in, result.tokens_out) == (1000, 500)
    assert result.cost_usd == pytest.approx(0.002)
    assert result.attempts == 1
    assert result.finish_reason == "stop"
    [request] = fake_model_server.requests
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {ep.api_key.reveal()}"
    assert request.body == {
        "model": "test-model",
        "messages": MESSAGES,
        "temperature": 0.5,
        "seed": 7,
        "response_format": {"type": "json_object"},
    }
    [event] = log.events
    assert (event.call_id, event.purpose, event.provider) == (result.call_id, "agent", "openai")
    assert (event.model, event.endpoint, event.status, event.attempt) == (
        "test-model",
        fake_model_server.openai_base_url,
        200,
        1,
    )
    assert (event.tokens_in, event.tokens_out) == (1000, 500)
    assert event.cost_usd == pytest.approx(0.002)
    assert event.error is None
    assert json.loads(event.request)["messages"] == MESSAGES
    assert json.loads(event.response)["choices"][0]["message"]["content"] == "hi"


async def test_tool_calls_come_back_and_round_trip(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(ToolCall("shell", {"cmd": "ls"}, call_id="call_9"))
    tools = [{"type": "function", "function": {"name": "shell", "parameters": {"type": "object"}}}]
    result = await chat(endpoint(fake_model_server), Log(), tools=tools)
    [call] = result.tool_calls
    assert (call.id, call.name, json.loads(call.arguments)) == ("call_9", "shell", {"cmd": "ls"})
    assert result.finish_reason == "tool_calls"
    assert fake_model_server.requests[0].body["tools"] == tools
    assert result.as_message()["tool_calls"][0]["function"] == {"name": "shell", "arguments": call.arguments}


def test_cost_comes_from_the_price_table_for_known_models() -> None:
    def cost(model: str) -> float | None:
        return ModelEndpoint(base_url="http://x", model=model).cost(1_000_000, 1_000_000)

    assert cost("gpt-4o-mini") == pytest.approx(0.75)
    assert cost("gpt-4o-2024-08-06") == pytest.approx(12.5)  # a dated snapshot of gpt-4o
    assert cost("openai/gpt-4o") == pytest.approx(12.5)
    assert cost("claude-sonnet-4-20250514") == pytest.approx(18.0)
    assert cost("gpt-4o-mini-realtime") is None  # not a snapshot: unknown
    assert cost("local-llama") is None


# ---------------------------------------------------------------------- retries


@pytest.mark.parametrize("header", [{"retry_after": 0.3}, {"retry_after_ms": 300}])
async def test_429_waits_as_told_then_succeeds(fake_model_server: FakeModelServer, header: Any) -> None:
    fake_model_server.push(HttpError(429, "slow down", **header), Text("ok"))
    log = Log()
    result = await chat(endpoint(fake_model_server), log)

    assert result.text == "ok"
    assert result.attempts == 2
    first, second = log.events
    assert (first.status, first.attempt, first.tokens_in, first.cost_usd) == (429, 1, 0, None)
    assert first.error == "HTTP 429: slow down"
    assert (second.status, second.attempt, second.error) == (200, 2, None)
    assert first.call_id == second.call_id == result.call_id
    # The backoff alone would have waited ~10 ms; Retry-After asked for 300.
    early, late = fake_model_server.requests
    assert late.at - early.at >= 0.29


async def test_5xx_until_retries_run_out(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(*[HttpError(500, "boom\ntrace line")] * 3, Text("too late"))
    ep = endpoint(fake_model_server, max_retries=2)
    log = Log()
    with pytest.raises(ModelUnavailableError) as caught:
        await chat(ep, log)

    error = caught.value
    assert isinstance(error, InfrastructureError)
    assert not isinstance(error, ModelRejectedError)
    assert (error.attempts, error.status, error.endpoint) == (3, 500, fake_model_server.openai_base_url)
    message = str(error)
    assert "\n" not in message
    assert fake_model_server.openai_base_url in message
    assert "failed 3 attempts" in message
    assert "HTTP 500: boom trace line" in message
    assert [(e.attempt, e.status) for e in log.events] == [(1, 500), (2, 500), (3, 500)]
    assert fake_model_server.remaining_steps == 1


@pytest.mark.parametrize(
    ("broken", "reason"),
    [
        (Malformed(), "not JSON"),
        (Malformed('{"id": "x", "object": "chat.completion"}'), "no choices"),
        (Malformed('{"choices": []}'), "no choices"),
        (Drop(), "RemoteProtocolError"),
    ],
)
async def test_unusable_answers_are_retried(fake_model_server: FakeModelServer, broken: Any, reason: str) -> None:
    fake_model_server.push(broken, Text("fine"))
    log = Log()
    result = await chat(endpoint(fake_model_server), log)
    assert result.text == "fine"
    first, second = log.events
    assert first.error is not None
    assert reason in first.error
    assert second.error is None


async def test_timeout_is_retried(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(Delay(3.0, Text("late")), Text("on time"))
    log = Log()
    result = await chat(endpoint(fake_model_server, timeout_sec=0.3), log)
    assert result.text == "on time"
    first, second = log.events
    assert first.status is None
    assert first.error is not None
    assert first.error.startswith("no answer within 0.3s")
    assert second.status == 200


@pytest.mark.parametrize("status", [400, 401, 404])
async def test_client_errors_are_not_retried(fake_model_server: FakeModelServer, status: int) -> None:
    fake_model_server.push(HttpError(status, "maximum context length exceeded"), Text("never"))
    log = Log()
    with pytest.raises(ModelRejectedError) as caught:
        await chat(endpoint(fake_model_server), log)
    assert caught.value.status == status
    assert caught.value.attempts == 1
    assert "maximum context length exceeded" in str(caught.value)
    assert len(log.events) == 1
    assert len(fake_model_server.requests) == 1


async def test_cancelled_attempt_is_still_reported(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(Delay(3.0, Text("late")))
    log = Log()
    with anyio.move_on_after(0.3):
        await chat(endpoint(fake_model_server), log)
    [event] = log.events
    assert (event.status, event.error) == (None, "cancelled")


# ------------------------------------------------------------------ concurrency


async def test_concurrency_limit_is_shared_per_base_url(fake_model_server: FakeModelServer) -> None:
    fake_model_server.default = Delay(0.2, Text("ok"))
    ep = endpoint(fake_model_server, max_concurrency=2)
    log = Log()

    async def calls(client: ModelClient, n: int) -> None:
        for _ in range(n):
            await client.chat(MESSAGES, purpose="user", on_call=log)

    other = dataclasses.replace(ep, model="other")
    async with ModelClient(ep) as one, ModelClient(other) as two, anyio.create_task_group() as tg:
        for client in (one, two, one, two, one, two):
            tg.start_soon(calls, client, 1)
    assert len(log.events) == 6
    assert fake_model_server.max_in_flight == 2


# ---------------------------------------------------------------------- secrets


async def test_key_never_reaches_events_or_errors_even_if_echoed(fake_model_server: FakeModelServer) -> None:
    def echo_key(request: RecordedRequest) -> Reply:
        return Text(f"your header was {request.headers['authorization']}")

    def reject_key(request: RecordedRequest) -> HttpError:
        key = request.headers["authorization"].removeprefix("Bearer ")
        return HttpError(401, f"Incorrect API key provided: {key}. Authorization: Bearer {key}")

    fake_model_server.push(HttpError(500, "bad gateway"), echo_key, reject_key)
    ep = endpoint(fake_model_server)
    key = ep.api_key.reveal()
    log = Log()
    async with ModelClient(ep) as client:
        result = await client.chat(MESSAGES, purpose="judge", on_call=log)
        with pytest.raises(ModelRejectedError) as caught:
            await client.chat(MESSAGES, purpose="judge", on_call=log)

    assert all(r.headers["authorization"] == f"Bearer {key}" for r in fake_model_server.requests)
    assert key not in result.text
    assert REDACTED in result.text
    assert len(log.events) == 3
    for event in log.events:
        assert key not in encode(event).decode()
    assert REDACTED in log.events[1].response
    assert key not in str(caught.value)
    assert REDACTED in str(caught.value)
    assert key not in repr(ep)
    assert key not in str(ep)
    assert key not in json.dumps(ep.describe())
    with pytest.raises(TypeError):
        json.dumps(dataclasses.asdict(ep))
    with pytest.raises(TypeError):
        pickle.dumps(ep)


def test_redact_replaces_known_secrets_and_credential_shapes() -> None:
    secret = 'p"w/' + "x" * 10
    text = (
        f"raw {secret} json {json.dumps(secret)} hdr x-api-key: abcdefgh12345 "
        'auth {"Authorization": "Bearer tok_abcdefghijklmnop"} key sk-proj-ABCDEFGHIJKLMNOPQRST'
    )
    out = redact(text, [secret])
    assert secret not in out
    assert json.dumps(secret)[1:-1] not in out
    assert "abcdefgh12345" not in out
    assert "tok_abcdefghijklmnop" not in out
    assert "sk-proj-ABCDEFGHIJKLMNOPQRST" not in out
    prose = "authorization: granted. The token limit and basic setup are fine; bearer of news."
    assert redact(prose, ["ab"]) == prose
    passed_on = "keep sk-proj-ABCDEFGHIJKLMNOPQRST"
    assert redact(passed_on, [], patterns=False) == passed_on


def test_known_secrets_come_from_keys_and_secret_named_env_vars() -> None:
    env = {
        "OPENAI_API_KEY": "sk-env-1234",
        "GITHUB_TOKEN": "ghp_abcdef",
        "DB_SECRET": "hunter22",
        "HOME": "/root",
        "MY_TOKEN": "x",
    }
    assert known_secrets(["key-from-flag", ""], env) == {
        "key-from-flag",
        "sk-env-1234",
        "ghp_abcdef",
        "hunter22",
    }


# --------------------------------------------------------------------- anthropic


async def test_anthropic_messages(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(ToolCall("shell", {"cmd": "ls"}, text="Looking.", usage=(120, 30)))
    ep = endpoint(
        fake_model_server,
        base_url=fake_model_server.base_url,
        provider="anthropic",
        model="claude-sonnet-4-20250514",
        params={"temperature": 0, "seed": 3},
    )
    conversation: list[dict[str, Any]] = [
        *MESSAGES,
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {"id": f"toolu_{i}", "type": "function", "function": {"name": "shell", "arguments": args}}
                for i, args in ((1, '{"cmd": "pwd"}'), (2, '{"cmd": "id"}'))
            ],
        },
        {"role": "tool", "tool_call_id": "toolu_1", "content": "/root"},
        {"role": "tool", "tool_call_id": "toolu_2", "content": "uid=0"},
    ]
    tools = [
        {
            "type": "function",
            "function": {"name": "shell", "description": "run", "parameters": {"type": "object"}},
        }
    ]
    log = Log()
    result = await chat(ep, log, conversation, tools=tools, response_format={"type": "json_object"})

    assert result.text == "Looking."
    [call] = result.tool_calls
    assert (call.name, json.loads(call.arguments)) == ("shell", {"cmd": "ls"})
    assert result.finish_reason == "tool_use"
    assert (result.tokens_in, result.tokens_out) == (120, 30)
    assert result.cost_usd == pytest.approx((120 * 3 + 30 * 15) / 1e6)
    [request] = fake_model_server.requests
    assert request.path == "/v1/messages"
    assert request.headers["x-api-key"] == ep.api_key.reveal()
    assert request.headers["anthropic-version"] == "2023-06-01"
    assert "authorization" not in request.headers
    body = request.body
    assert body["system"] == "You are terse."
    assert body["max_tokens"] > 0
    assert body["temperature"] == 0
    assert "seed" not in body
    assert "response_format" not in body
    assert body["tools"] == [{"name": "shell", "description": "run", "input_schema": {"type": "object"}}]
    user, assistant, results = body["messages"]
    assert user == {"role": "user", "content": "say hi"}
    assert [b["input"] for b in assistant["content"]] == [{"cmd": "pwd"}, {"cmd": "id"}]
    assert results == {
        "role": "user",
        "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": "/root"},
            {"type": "tool_result", "tool_use_id": "toolu_2", "content": "uid=0"},
        ],
    }
    [event] = log.events
    assert (event.provider, event.status, event.tokens_in, event.tokens_out) == ("anthropic", 200, 120, 30)


async def test_anthropic_overloaded_is_retried(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(HttpError(529, "Overloaded"), Text("back"))
    ep = endpoint(fake_model_server, base_url=fake_model_server.base_url, provider="anthropic")
    log = Log()
    assert (await chat(ep, log)).text == "back"
    assert [e.status for e in log.events] == [529, 200]
    assert log.events[0].error == "HTTP 529: Overloaded"


# -------------------------------------------------------------------- configuration


def test_endpoint_from_flags_over_environment() -> None:
    env = {
        "REALCLI_USER_MODEL": "gpt-4o-mini",
        "OPENAI_API_KEY": "sk-env-key-1234",
        "OPENAI_BASE_URL": "http://proxy:8080/v1/",
        "REALCLI_USER_MAX_RETRIES": "1",
        "REALCLI_USER_PARAMS": '{"temperature": 0, "seed": 7}',
    }
    ep = ModelEndpoint.from_env("REALCLI_USER", environ=env)
    assert (ep.base_url, ep.model, ep.api_key.reveal(), ep.max_retries) == (
        "http://proxy:8080/v1",
        "gpt-4o-mini",
        "sk-env-key-1234",
        1,
    )
    assert ep.params == {"temperature": 0, "seed": 7}
    flagged = ModelEndpoint.from_env(
        "REALCLI_USER", environ=env, model="gpt-4.1", api_key="sk-flag-5678", max_retries=0
    )
    assert (flagged.model, flagged.api_key.reveal(), flagged.max_retries) == ("gpt-4.1", "sk-flag-5678", 0)
    claude = ModelEndpoint.from_env(
        "X",
        environ={
            "X_PROVIDER": "anthropic",
            "X_MODEL": "claude-haiku-4-5",
            "ANTHROPIC_API_KEY": "sk-ant-1234",
        },
    )
    assert (claude.base_url, claude.api_key.reveal()) == ("https://api.anthropic.com", "sk-ant-1234")


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({}, "REALCLI_AGENT_MODEL"),
        ({"REALCLI_AGENT_MODEL": "m", "REALCLI_AGENT_TIMEOUT_SEC": "soon"}, "REALCLI_AGENT_TIMEOUT_SEC"),
        ({"REALCLI_AGENT_MODEL": "m", "REALCLI_AGENT_PARAMS": "[1]"}, "REALCLI_AGENT_PARAMS"),
        ({"REALCLI_AGENT_MODEL": "m", "REALCLI_AGENT_PROVIDER": "acme"}, "REALCLI_AGENT_PROVIDER"),
        ({"REALCLI_AGENT_MODEL": "m", "REALCLI_AGENT_BASE_URL": "ftp://x"}, "ftp://x"),
    ],
)
def test_bad_configuration_names_the_setting(env: dict[str, str], named: str) -> None:
    with pytest.raises(ConfigError, match=named):
        ModelEndpoint.from_env(environ=env)


def test_recorded_endpoint_has_no_credentials() -> None:
    ep = ModelEndpoint(base_url="https://user:pa55word@example.com/v1/?token=abc", model="m")
    assert ep.public_url == "https://example.com/v1"
    assert "pa55word" not in json.dumps(ep.describe())


async def test_long_bodies_are_clipped(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(Text("short"))
    log = Log()
    async with ModelClient(endpoint(fake_model_server), body_limit=200) as client:
        await client.chat([{"role": "user", "content": "word " * 1000}], purpose="agent", on_call=log)
    [event] = log.events
    assert len(event.request) < 260
    assert "chars cut" in event.request
    assert event.request.startswith('{"model": "test-model"')
