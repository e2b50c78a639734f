"""The fake model server speaks each wire protocol in a shape a plain HTTP client can parse."""

from __future__ import annotations

import json
from typing import Any

import anyio
import httpx
import pytest

from tests.fakes import (
    Call,
    Delay,
    Drop,
    FakeModelServer,
    HttpError,
    Malformed,
    RecordedRequest,
    Reply,
    Rule,
    Text,
    ToolCall,
    fake_model_server,
)

__all__ = ["fake_model_server"]  # the fixture, imported for this module's tests

USER = [{"role": "user", "content": "list the files please"}]
LONG = "The quick brown fox jumps over the lazy dog, twice: the quick brown fox."


def sse_frames(body: str) -> list[tuple[str | None, str]]:
    """(event name, data) per SSE frame."""
    frames = []
    for block in body.split("\n\n"):
        if not block.strip():
            continue
        event = None
        data = []
        for line in block.split("\n"):
            if line.startswith("event: "):
                event = line[len("event: ") :]
            elif line.startswith("data: "):
                data.append(line[len("data: ") :])
        frames.append((event, "\n".join(data)))
    return frames


def post(server: FakeModelServer, path: str, body: dict[str, Any], **headers: str) -> httpx.Response:
    with httpx.Client(timeout=10) as client:
        return client.post(server.base_url + path, json=body, headers=headers)


# ------------------------------------------------------------- chat completions


@pytest.mark.parametrize("path", ["/v1/chat/completions", "/chat/completions"])
def test_chat_completion_text_with_word_usage(fake_model_server: FakeModelServer, path: str) -> None:
    fake_model_server.push(Text("two words"))
    response = post(fake_model_server, path, {"model": "m-1", "messages": USER})
    assert response.status_code == 200
    data = response.json()
    assert data["object"] == "chat.completion"
    assert data["model"] == "m-1"
    choice = data["choices"][0]
    assert choice["message"] == {"role": "assistant", "content": "two words", "refusal": None}
    assert choice["finish_reason"] == "stop"
    assert data["usage"] == {"prompt_tokens": 4, "completion_tokens": 2, "total_tokens": 6}


def test_chat_completion_tool_call(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(ToolCall("shell", {"cmd": "ls -la"}, call_id="call_1"))
    data = post(fake_model_server, "/v1/chat/completions", {"model": "m", "messages": USER}).json()
    message = data["choices"][0]["message"]
    assert message["content"] is None
    assert data["choices"][0]["finish_reason"] == "tool_calls"
    [call] = message["tool_calls"]
    assert call["id"] == "call_1"
    assert call["type"] == "function"
    assert call["function"]["name"] == "shell"
    assert json.loads(call["function"]["arguments"]) == {"cmd": "ls -la"}


def test_chat_stream_assembles_text_and_tool_calls(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(Reply(text=LONG, calls=(Call("shell", {"cmd": "cat a b"}),)))
    body = {"model": "m", "messages": USER, "stream": True, "stream_options": {"include_usage": True}}
    response = post(fake_model_server, "/v1/chat/completions", body)
    assert response.headers["content-type"] == "text/event-stream"
    frames = sse_frames(response.text)
    assert frames[-1] == (None, "[DONE]")
    chunks = [json.loads(data) for _, data in frames[:-1]]
    assert {c["object"] for c in chunks} == {"chat.completion.chunk"}
    deltas = [c["choices"][0]["delta"] for c in chunks if c["choices"]]
    assert deltas[0]["role"] == "assistant"
    assert "".join(d.get("content") or "" for d in deltas) == LONG
    calls = [tc for d in deltas for tc in d.get("tool_calls", [])]
    assert calls[0]["function"]["name"] == "shell"
    assert json.loads("".join(tc["function"]["arguments"] for tc in calls)) == {"cmd": "cat a b"}
    finishes = [c["choices"][0]["finish_reason"] for c in chunks if c["choices"]]
    assert finishes[-1] == "tool_calls"
    assert set(finishes[:-1]) == {None}
    usage_chunk = chunks[-1]
    assert usage_chunk["choices"] == []
    assert usage_chunk["usage"]["completion_tokens"] > len(LONG.split())


def test_chat_stream_without_usage_option_has_no_usage_chunk(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(Text("hi there"))
    body = {"model": "m", "messages": USER, "stream": True}
    response = post(fake_model_server, "/v1/chat/completions", body)
    chunks = [json.loads(d) for _, d in sse_frames(response.text)[:-1]]
    assert all(c["choices"] for c in chunks)
    assert all("usage" not in c for c in chunks)


def test_stream_is_delivered_while_it_is_produced(fake_model_server: FakeModelServer) -> None:
    fake_model_server.chunk_delay_sec = 0.1
    fake_model_server.push(Text("one two three"))
    body = {"model": "m", "messages": USER, "stream": True}
    with (
        httpx.Client(timeout=10) as client,
        client.stream("POST", fake_model_server.openai_base_url + "/chat/completions", json=body) as response,
    ):
        lines = response.iter_lines()
        first = next(lines)
        # The first chunk is here while the server is still writing the rest.
        assert first.startswith("data: ")
        assert fake_model_server.in_flight == 1
        rest = [line for line in lines if line]
    assert rest[-1] == "data: [DONE]"


# -------------------------------------------------------------------- responses


def test_responses_text_and_function_call(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(ToolCall("shell", {"cmd": "pwd"}, text="Checking."))
    data = post(fake_model_server, "/v1/responses", {"model": "m", "input": "where am I?"}).json()
    assert data["object"] == "response"
    assert data["status"] == "completed"
    message, call = data["output"]
    assert message["type"] == "message"
    assert message["content"][0] == {
        "type": "output_text",
        "text": "Checking.",
        "annotations": [],
        "logprobs": [],
    }
    assert call["type"] == "function_call"
    assert call["name"] == "shell"
    assert json.loads(call["arguments"]) == {"cmd": "pwd"}
    assert call["call_id"].startswith("call_")
    assert data["usage"]["input_tokens"] == 3
    assert data["usage"]["total_tokens"] == data["usage"]["input_tokens"] + data["usage"]["output_tokens"]


def test_responses_stream_event_sequence(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(ToolCall("shell", {"cmd": "ls"}, text=LONG))
    body = {"model": "m", "input": [{"role": "user", "content": "go"}], "stream": True}
    frames = sse_frames(post(fake_model_server, "/v1/responses", body).text)
    events = [json.loads(data) for _, data in frames]
    assert [name for name, _ in frames] == [e["type"] for e in events]
    assert [e["sequence_number"] for e in events] == list(range(len(events)))
    types = [e["type"] for e in events]
    assert types[:3] == ["response.created", "response.in_progress", "response.output_item.added"]
    assert types[-1] == "response.completed"
    assert "".join(e["delta"] for e in events if e["type"] == "response.output_text.delta") == LONG
    [text_done] = [e for e in events if e["type"] == "response.output_text.done"]
    assert text_done["text"] == LONG
    arguments = "".join(e["delta"] for e in events if e["type"] == "response.function_call_arguments.delta")
    assert json.loads(arguments) == {"cmd": "ls"}
    [args_done] = [e for e in events if e["type"] == "response.function_call_arguments.done"]
    assert args_done["arguments"] == arguments
    assert events[0]["response"]["status"] == "in_progress"
    final = events[-1]["response"]
    assert final["status"] == "completed"
    assert [item["type"] for item in final["output"]] == ["message", "function_call"]


# ------------------------------------------------------------ anthropic messages


def test_messages_text_and_tool_use(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(ToolCall("shell", {"cmd": "ls"}, text="Let me look.", usage=(11, 7)))
    body = {"model": "claude-x", "max_tokens": 100, "system": "be brief", "messages": USER}
    data = post(fake_model_server, "/v1/messages", body).json()
    assert data["type"] == "message"
    assert data["role"] == "assistant"
    assert data["stop_reason"] == "tool_use"
    text, tool = data["content"]
    assert text == {"type": "text", "text": "Let me look."}
    assert tool["type"] == "tool_use"
    assert tool["id"].startswith("toolu_")
    assert tool["input"] == {"cmd": "ls"}
    assert data["usage"] == {"input_tokens": 11, "output_tokens": 7}


def test_messages_stream_event_sequence(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(ToolCall("shell", {"cmd": "ls -la"}, text=LONG))
    body = {"model": "claude-x", "max_tokens": 100, "messages": USER, "stream": True}
    frames = sse_frames(post(fake_model_server, "/v1/messages", body).text)
    events = [json.loads(data) for _, data in frames]
    assert [name for name, _ in frames] == [e["type"] for e in events]
    kinds = [e["type"] for e in events if e["type"] != "ping"]
    assert kinds[0] == "message_start"
    assert kinds[-2:] == ["message_delta", "message_stop"]
    assert events[0]["message"]["content"] == []
    starts = [e for e in events if e["type"] == "content_block_start"]
    assert [s["content_block"]["type"] for s in starts] == ["text", "tool_use"]
    assert starts[1]["content_block"]["input"] == {}
    deltas = [e for e in events if e["type"] == "content_block_delta"]
    assert "".join(d["delta"]["text"] for d in deltas if d["index"] == 0) == LONG
    partial = "".join(d["delta"]["partial_json"] for d in deltas if d["index"] == 1)
    assert {d["delta"]["type"] for d in deltas if d["index"] == 1} == {"input_json_delta"}
    assert json.loads(partial) == {"cmd": "ls -la"}
    assert [e["index"] for e in events if e["type"] == "content_block_stop"] == [0, 1]
    [message_delta] = [e for e in events if e["type"] == "message_delta"]
    assert message_delta["delta"]["stop_reason"] == "tool_use"
    assert message_delta["usage"]["output_tokens"] > 0


# ------------------------------------------------------------ script behaviour


def test_rules_win_over_steps_and_match_the_last_user_turn(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(Text("step one"), Text("step two"))
    fake_model_server.add_rule(Rule(r"password", Text("I will not share it"), times=1))
    fake_model_server.add_rule(Rule(r"files", Text("claude rule"), api="messages"))
    ask = [{"role": "user", "content": "what is the password?"}]
    tool_turn = [
        *ask,
        {"role": "assistant", "content": "hm"},
        {"role": "tool", "tool_call_id": "c", "content": "password file missing"},
    ]

    def text(body: dict[str, Any], path: str = "/v1/chat/completions") -> str:
        data = post(fake_model_server, path, {"model": "m", **body}).json()
        if "choices" in data:
            return str(data["choices"][0]["message"]["content"])
        return str(data["content"][0]["text"])

    assert text({"messages": ask}) == "I will not share it"
    assert text({"messages": ask}) == "step one"  # the rule was used up
    assert text({"messages": USER, "max_tokens": 5}, "/v1/messages") == "claude rule"
    assert text({"messages": USER}) == "step two"  # that rule is for the Messages API only
    assert fake_model_server.requests[0].last_user_text == "what is the password?"
    fake_model_server.push(Text("x"))
    post(fake_model_server, "/v1/chat/completions", {"model": "m", "messages": tool_turn})
    assert fake_model_server.requests[-1].last_user_text == "password file missing"


def test_callable_step_sees_the_request(fake_model_server: FakeModelServer) -> None:
    def echo(request: RecordedRequest) -> Reply:
        return Text(f"model={request.model} auth={request.headers.get('authorization')}")

    fake_model_server.push(echo)
    data = post(
        fake_model_server,
        "/v1/chat/completions",
        {"model": "m7", "messages": USER},
        authorization="Bearer k-123",
    ).json()
    assert data["choices"][0]["message"]["content"] == "model=m7 auth=Bearer k-123"


def test_error_steps(fake_model_server: FakeModelServer) -> None:
    fake_model_server.push(
        HttpError(429, retry_after=0.5, retry_after_ms=500),
        HttpError(529, "overloaded"),
        Malformed(),
        Drop(),
    )
    limited = post(fake_model_server, "/v1/chat/completions", {"model": "m", "messages": USER})
    assert limited.status_code == 429
    assert limited.headers["retry-after"] == "0.5"
    assert limited.headers["retry-after-ms"] == "500"
    assert limited.json()["error"]["type"] == "rate_limit_exceeded"
    overloaded = post(fake_model_server, "/v1/messages", {"model": "c", "messages": USER})
    assert overloaded.status_code == 529
    assert overloaded.json()["error"] == {"type": "overloaded_error", "message": "overloaded"}
    broken = post(fake_model_server, "/v1/chat/completions", {"model": "m", "messages": USER})
    assert broken.status_code == 200
    with pytest.raises(json.JSONDecodeError):
        broken.json()
    with pytest.raises(httpx.RemoteProtocolError):
        post(fake_model_server, "/v1/chat/completions", {"model": "m", "messages": USER})
    exhausted = post(fake_model_server, "/v1/chat/completions", {"model": "m", "messages": USER})
    assert exhausted.status_code == 418
    assert "script exhausted" in exhausted.json()["error"]["message"]
    assert fake_model_server.errors == []


def test_default_step_and_unknown_route(fake_model_server: FakeModelServer) -> None:
    fake_model_server.default = Text("always")
    for _ in range(3):
        data = post(fake_model_server, "/v1/chat/completions", {"model": "m", "messages": USER}).json()
        assert data["choices"][0]["message"]["content"] == "always"
    assert post(fake_model_server, "/v1/embeddings", {"input": "x"}).status_code == 404


def test_records_requests_and_checks_the_key() -> None:
    with FakeModelServer([Text("ok")], require_key="sk-right") as server:
        wrong = post(server, "/v1/messages", {"model": "c", "messages": USER}, **{"x-api-key": "sk-wrong"})
        right = post(server, "/v1/messages", {"model": "c", "messages": USER}, **{"x-api-key": "sk-right"})
    assert wrong.status_code == 401
    assert wrong.json()["error"]["type"] == "authentication_error"
    assert right.status_code == 200
    first, second = server.requests
    assert (first.method, first.path, first.api) == ("POST", "/v1/messages", "messages")
    assert first.headers["x-api-key"] == "sk-wrong"
    assert second.body == {"model": "c", "messages": USER}


async def test_serves_concurrent_requests_from_async_code() -> None:
    async with FakeModelServer(default=Delay(0.3, Text("slow"))) as server:
        texts: list[str] = []

        async def one(client: httpx.AsyncClient) -> None:
            response = await client.post(
                server.openai_base_url + "/chat/completions", json={"model": "m", "messages": USER}
            )
            texts.append(response.json()["choices"][0]["message"]["content"])

        async with httpx.AsyncClient(timeout=10) as client, anyio.create_task_group() as tg:
            for _ in range(5):
                tg.start_soon(one, client)
    assert texts == ["slow"] * 5
    assert server.max_in_flight == 5
    assert len(server.requests) == 5


def test_stopping_closes_the_port() -> None:
    server = FakeModelServer([Text("a")])
    with server:
        url = server.openai_base_url
        assert post(server, "/v1/chat/completions", {"model": "m", "messages": USER}).status_code == 200
    with pytest.raises(httpx.ConnectError):
        httpx.post(url + "/chat/completions", json={})


def test_cannot_start_twice(fake_model_server: FakeModelServer) -> None:
    with pytest.raises(RuntimeError, match="already running"):
        fake_model_server.start()
