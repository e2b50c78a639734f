"""The model gateway on a real Unix socket, forwarding to the scripted fake model server on loopback."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import anyio.lowlevel
import httpx
import pytest

from realcli import ConfigError
from realcli import events as ev
from realcli.models import (
    PLACEHOLDER_KEY,
    GatewayLimits,
    ModelEndpoint,
    ModelGateway,
    ModelRejectedError,
    ModelUnavailableError,
    Secret,
)
from tests.fakes import Delay, FakeModelServer, HttpError, Text, ToolCall

REAL_KEY = "sk-realcli-gateway-" + "k7" * 16
HANG_GUARD_SEC = 30  # against hangs, not a speed assertion


@pytest.fixture
def socket_dir() -> Iterator[Path]:
    # Not tmp_path: a Unix socket's path must fit in 108 bytes.
    path = Path(tempfile.mkdtemp(prefix="gw-", dir="/tmp"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def endpoint(server: FakeModelServer, provider: str = "anthropic", **overrides: Any) -> ModelEndpoint:
    options: dict[str, Any] = dict(
        base_url=server.base_url if provider == "anthropic" else server.openai_base_url,
        model="fake-model",
        api_key=Secret(REAL_KEY),
        provider=provider,
        timeout_sec=10.0,
        max_retries=2,
        backoff_base_sec=0.01,
        backoff_max_sec=0.02,
        price_in_per_mtok=1.0,
        price_out_per_mtok=2.0,
    )
    options.update(overrides)
    return ModelEndpoint(**options)


class Served:
    """A running gateway, an HTTP client that reaches it the way the sandbox does, and what it recorded."""

    def __init__(self, gateway: ModelGateway, client: httpx.AsyncClient, calls: list[ev.ModelCalled]) -> None:
        self.gateway = gateway
        self.client = client
        self.calls = calls

    async def post(self, path: str, body: dict[str, Any], **headers: str) -> httpx.Response:
        sent = {"x-api-key": PLACEHOLDER_KEY, "authorization": f"Bearer {PLACEHOLDER_KEY}", **headers}
        return await self.client.post(f"http://sandbox{path}", json=body, headers=sent)


@asynccontextmanager
async def serve(ep: ModelEndpoint, socket_dir: Path, limits: GatewayLimits | None = None) -> AsyncIterator[Served]:
    calls: list[ev.ModelCalled] = []

    async def record(call: ev.ModelCalled) -> None:
        calls.append(call)

    path = socket_dir / "gateway.sock"
    with anyio.fail_after(HANG_GUARD_SEC):
        async with ModelGateway(ep, record, limits=limits) as gateway, anyio.create_task_group() as tg:
            await tg.start(gateway.serve_unix, path)
            transport = httpx.AsyncHTTPTransport(uds=str(path))
            async with httpx.AsyncClient(transport=transport, timeout=HANG_GUARD_SEC) as client:
                yield Served(gateway, client, calls)
            tg.cancel_scope.cancel()
    assert gateway.errors == []


def sse_data(text: str) -> list[dict[str, Any]]:
    data = [line[5:].strip() for line in text.splitlines() if line.startswith("data:")]
    return [json.loads(d) for d in data if d != "[DONE]"]


def without_ids(events: list[dict[str, Any]]) -> str:
    """SSE events with the per-response ids and timestamps blanked (two answers differ only there)."""
    text = json.dumps(events)
    for pattern in ("msg_fake", "chatcmpl-fake", "resp_fake", "fc_fake", "call_fake", "toolu_fake"):
        text = text.replace(pattern, "ID")
    return "".join(c for c in text if not c.isdigit())


MESSAGES = {"model": "claude-whatever", "max_tokens": 50, "messages": [{"role": "user", "content": "say hello"}]}


# --------------------------------------------------------------- forwarding


async def test_an_anthropic_stream_passes_through_with_the_real_key_swapped_in(socket_dir: Path) -> None:
    with FakeModelServer(require_key=REAL_KEY) as server:
        server.push(Text("hello from the model"), Text("hello from the model"))
        async with serve(endpoint(server), socket_dir) as gw:
            via_gateway = await gw.post("/v1/messages?beta=true", {**MESSAGES, "stream": True})
        async with httpx.AsyncClient() as direct_client:
            direct = await direct_client.post(
                f"{server.base_url}/v1/messages",
                json={**MESSAGES, "model": "fake-model", "stream": True},
                headers={"x-api-key": REAL_KEY, "anthropic-version": "2023-06-01"},
            )

    assert via_gateway.status_code == 200
    assert via_gateway.headers["content-type"] == "text/event-stream"
    assert without_ids(sse_data(via_gateway.text)) == without_ids(sse_data(direct.text))
    received = server.requests[0]
    assert received.headers["x-api-key"] == REAL_KEY  # the placeholder never reached the upstream
    assert "authorization" not in received.headers
    assert received.body["model"] == "fake-model"  # pinned to the evaluated model
    assert received.path == "/v1/messages?beta=true"
    (call,) = gw.calls
    assert (call.status, call.provider, call.model, call.purpose, call.attempt) == (
        200,
        "anthropic",
        "fake-model",
        "agent",
        1,
    )
    usage = sse_data(via_gateway.text)
    assert call.tokens_in == usage[0]["message"]["usage"]["input_tokens"]
    assert call.tokens_out == usage[-2]["usage"]["output_tokens"] == 4
    assert call.cost_usd == pytest.approx((call.tokens_in * 1.0 + call.tokens_out * 2.0) / 1e6)
    assert call.latency_sec > 0
    assert call.error is None
    assert "say hello" in call.request
    assert "text_delta" in call.response
    assert call.response.rstrip().endswith('{"type": "message_stop"}')
    assert REAL_KEY not in json.dumps([ev.to_builtins(c) for c in gw.calls])


@pytest.mark.parametrize(
    ("path", "body", "stream_usage"),
    [
        ("/v1/chat/completions", {"messages": [{"role": "user", "content": "hi"}]}, False),
        (
            "/v1/chat/completions",
            {
                "messages": [{"role": "user", "content": "hi"}],
                "stream": True,
                "stream_options": {"include_usage": True},
            },
            True,
        ),
        ("/v1/responses", {"input": "hi"}, False),
        ("/v1/responses", {"input": "hi", "stream": True}, True),
    ],
)
async def test_openai_answers_are_counted_streamed_or_not(
    socket_dir: Path, path: str, body: dict[str, Any], stream_usage: bool
) -> None:
    with FakeModelServer(require_key=REAL_KEY) as server:
        server.push(ToolCall("exec_command", {"cmd": "ls -la /app"}, text="let me look"))
        async with serve(endpoint(server, "openai"), socket_dir) as gw:
            answer = await gw.post(path, {"model": "gpt-x", **body})

    assert answer.status_code == 200
    assert server.requests[0].headers["authorization"] == f"Bearer {REAL_KEY}"
    assert server.requests[0].path == path
    (call,) = gw.calls
    # The fake counts words: "hi" in, "let me look" and the arguments out.
    assert (call.tokens_in, call.tokens_out) == (1, 3 + len(json.dumps({"cmd": "ls -la /app"}).split()))
    assert call.provider == "openai"
    assert call.status == 200
    if stream_usage:
        assert "data:" in answer.text


async def test_paths_outside_the_model_api_are_not_forwarded(socket_dir: Path) -> None:
    with FakeModelServer() as server:
        async with serve(endpoint(server, "openai"), socket_dir) as gw:
            answer = await gw.client.get("http://sandbox/healthz")

    assert answer.status_code == 404
    assert "gateway paths are /v1/" in answer.json()["error"]["message"]
    assert server.requests == []
    assert gw.calls == []


async def test_a_body_over_the_limit_is_refused_unread(socket_dir: Path) -> None:
    with FakeModelServer() as server:
        async with serve(endpoint(server), socket_dir, GatewayLimits(max_body_bytes=1000)) as gw:
            answer = await gw.post("/v1/messages", {**MESSAGES, "padding": "x" * 5000})

    assert answer.status_code == 413
    assert server.requests == []


# ------------------------------------------------------------------ policy


async def test_retryable_failures_are_retried_before_the_agent_sees_anything(socket_dir: Path) -> None:
    with FakeModelServer() as server:
        server.push(HttpError(503), HttpError(429, retry_after=0.01), Text("third time lucky"))
        async with serve(endpoint(server), socket_dir) as gw:
            answer = await gw.post("/v1/messages", MESSAGES)

    assert answer.status_code == 200
    assert answer.json()["content"][0]["text"] == "third time lucky"
    assert [(c.attempt, c.status) for c in gw.calls] == [(1, 503), (2, 429), (3, 200)]
    assert len({c.call_id for c in gw.calls}) == 1
    assert gw.calls[0].error is not None
    assert gw.calls[2].error is None
    assert not gw.gateway.failed.is_set()


async def test_an_endpoint_that_stays_down_fails_the_gateway_after_bounded_retries(socket_dir: Path) -> None:
    with FakeModelServer() as server:
        dead = endpoint(server, base_url="http://127.0.0.1:9")  # nothing listens there
    async with serve(dead, socket_dir) as gw:
        answer = await gw.post("/v1/messages", MESSAGES)
        again = await gw.post("/v1/messages", MESSAGES)

    assert answer.status_code == 502
    assert answer.json()["type"] == "error"  # provider-shaped, so the agent reports it sensibly
    assert [c.attempt for c in gw.calls[:3]] == [1, 2, 3]
    assert all(c.status is None and c.error for c in gw.calls[:3])
    assert gw.gateway.failed.is_set()
    assert isinstance(gw.gateway.failure, ModelUnavailableError)
    assert "failed 3 attempts" in str(gw.gateway.failure)
    assert again.status_code == 400  # refused at once from then on
    assert len(gw.calls) == 4
    assert gw.calls[3].attempt == 1


async def test_a_refused_key_fails_the_gateway_and_the_key_quoted_back_is_not_passed_on(socket_dir: Path) -> None:
    with FakeModelServer() as server:
        server.push(HttpError(401, message=f"invalid x-api-key {REAL_KEY}"))
        async with serve(endpoint(server), socket_dir) as gw:
            answer = await gw.post("/v1/messages", MESSAGES)

    assert answer.status_code == 401
    assert REAL_KEY not in answer.text
    assert "[REDACTED]" in answer.text
    assert isinstance(gw.gateway.failure, ModelRejectedError)
    assert len(gw.calls) == 1  # 401 is not retried
    assert REAL_KEY not in json.dumps([ev.to_builtins(c) for c in gw.calls])


async def test_a_spent_token_budget_refuses_further_calls(socket_dir: Path) -> None:
    with FakeModelServer() as server:
        server.push(Text("a reply that uses up the budget"))
        async with serve(endpoint(server), socket_dir, GatewayLimits(max_tokens=5)) as gw:
            first = await gw.post("/v1/messages", MESSAGES)
            second = await gw.post("/v1/messages", MESSAGES)

    assert first.status_code == 200
    assert second.status_code == 400
    assert "token budget of 5" in second.json()["error"]["message"]
    assert len(server.requests) == 1
    assert gw.calls[-1].status == 400
    assert "token budget" in (gw.calls[-1].error or "")
    assert gw.gateway.exhausted is not None
    assert gw.gateway.usage.refused == 1


async def test_a_cost_budget_needs_prices_and_is_enforced(socket_dir: Path) -> None:
    with FakeModelServer() as server:
        unpriced = endpoint(server, price_in_per_mtok=None, price_out_per_mtok=None)
        with pytest.raises(ConfigError, match="prices"):
            ModelGateway(unpriced, lambda call: anyio.lowlevel.checkpoint(), limits=GatewayLimits(max_cost_usd=1.0))
        server.push(Text("costly words here"))
        pricey = endpoint(server, price_in_per_mtok=1e6, price_out_per_mtok=1e6)  # a dollar a token
        async with serve(pricey, socket_dir, GatewayLimits(max_cost_usd=3.0)) as gw:
            first = await gw.post("/v1/messages", MESSAGES)
            second = await gw.post("/v1/messages", MESSAGES)

    assert first.status_code == 200
    assert gw.calls[0].cost_usd == pytest.approx(gw.calls[0].tokens_in + 3)
    assert second.status_code == 400
    assert "cost budget" in second.text


async def test_calls_share_the_endpoints_concurrency_limit(socket_dir: Path) -> None:
    with FakeModelServer() as server:
        server.push(*[Delay(0.2, Text("slow")) for _ in range(3)])
        async with serve(endpoint(server, max_concurrency=1), socket_dir) as gw, anyio.create_task_group() as tg:
            for _ in range(3):
                tg.start_soon(gw.post, "/v1/messages", MESSAGES)

    assert len(server.requests) == 3
    assert server.max_in_flight == 1
