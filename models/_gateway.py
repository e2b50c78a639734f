"""The model gateway: the one way out of a sandbox, to one model endpoint, with the key added on the way.

A CLI agent inside the sandbox (``NetworkMode: none``) is configured with a
placeholder key and a base URL on its own loopback; a forwarder there pipes
each connection to a Unix socket mounted from the host, where this gateway
serves HTTP/1.1 (h11) and forwards every request to the configured endpoint
with httpx, streaming responses (SSE) through as they arrive.  The agent's
credential headers are dropped and the endpoint's real key is added, so the
key never enters the container.

Every forwarded attempt is a ``ModelCalled`` event (purpose ``agent``: it is
the agent's model usage) with tokens (read from the JSON body or the SSE
stream of all three protocols), latency, cost and redacted, bounded bodies.
The gateway applies the endpoint's policy: attempts share the process-wide
per-endpoint concurrency limit (``endpoint_limiter``); 408, 429, 5xx and
connection failures are retried with backoff (honouring ``Retry-After``)
before anything reaches the agent; and token and cost caps refuse further
requests once spent (HTTP 400 with a provider-shaped error, not retried by
agents).  When an endpoint stays down through every retry, or refuses the key
(401/403), the gateway records why in ``failure`` and sets ``failed``: the
agent driving it ends the trial as an infrastructure error.

The model name in request bodies is pinned to the endpoint's model, so the
evaluated model is the configured one whatever the agent asks for.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

import anyio
import h11
import httpx
from anyio.abc import ByteStream, Listener, TaskStatus

from realcli._errors import ConfigError, InfrastructureError
from realcli.events import ModelCalled, new_id
from realcli.models._clip import clip_middle
from realcli.models._endpoint import (
    ANTHROPIC_VERSION,
    ModelEndpoint,
    ModelRejectedError,
    ModelUnavailableError,
    OnCall,
    endpoint_limiter,
)
from realcli.models._gateway_http import CHUNK, Abort, HeadTail, Responder, UsageScanner, read_request
from realcli.models._redact import known_secrets, redact
from realcli.models._wire import error_detail, retry_after

__all__ = ["PLACEHOLDER_KEY", "GatewayLimits", "GatewayUsage", "ModelGateway"]

PLACEHOLDER_KEY: Final = "realcli-gateway-placeholder-key"
"""The key agents inside the sandbox hold; the gateway replaces it with the endpoint's."""

_RETRYABLE: Final = frozenset({408, 429})
_HOP_BY_HOP: Final = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "te",
        "trailer",
        "trailers",
        "transfer-encoding",
        "upgrade",
        "host",
        "content-length",
    }
)
_CREDENTIALS: Final = frozenset({"authorization", "x-api-key", "api-key", "cookie"})
_MAX_HEAD_BYTES: Final = 64 * 1024


class GatewayError(InfrastructureError):
    """realcli's model gateway itself failed (a fault of ours, never the agent's nor the endpoint's)."""

    cause = "gateway_error"


@dataclass(frozen=True)
class GatewayLimits:
    """Caps on a trial's model use through the gateway (None: no cap)."""

    max_tokens: int | None = None  # input + output tokens over the whole trial
    max_cost_usd: float | None = None
    max_body_bytes: int = 64 << 20


@dataclass
class GatewayUsage:
    """What went through the gateway so far."""

    requests: int = 0
    attempts: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    refused: int = 0


@dataclass
class _Call:
    """One request from the agent: every attempt reports under its ``call_id``."""

    call_id: str
    method: str
    url: str
    headers: list[tuple[str, str]]
    content: bytes
    recorded: str
    model: str
    received: float = field(default_factory=time.monotonic)


class ModelGateway:
    """Serves the model API on a listener and forwards each request to ``endpoint``.

    Use ``async with ModelGateway(endpoint, on_call) as gateway`` (it owns an
    httpx client), then ``await tg.start(gateway.serve_unix, path)``.
    ``on_call`` receives every ``ModelCalled`` (pass the agent's single
    stream writer: ``session.record``).
    """

    def __init__(
        self,
        endpoint: ModelEndpoint,
        on_call: OnCall,
        *,
        limits: GatewayLimits | None = None,
        body_limit: int = 32_000,
        secrets: Iterable[str] = (),
    ) -> None:
        self.endpoint = endpoint
        self.limits = limits or GatewayLimits()
        if self.limits.max_cost_usd is not None and endpoint.prices is None:
            raise ConfigError(
                f"a cost cap needs prices for model {endpoint.model}: set the endpoint's price_in/price_out "
                "(REALCLI_AGENT_PRICE_IN / _PRICE_OUT, USD per 1M tokens)"
            )
        self.usage = GatewayUsage()
        self.failure: InfrastructureError | None = None
        self.failed = anyio.Event()
        self.errors: list[str] = []  # faults of the gateway itself (a bug here, never the agent's)
        self._on_call = on_call
        self._body_limit = body_limit
        password = urlsplit(endpoint.base_url).password or ""
        self._secrets = known_secrets([endpoint.api_key.reveal(), password, *secrets])
        # Anthropic clients add /v1/... to a root URL; OpenAI clients add /responses ... to a /v1 URL.
        self.prefix = "" if endpoint.provider == "anthropic" else "/v1"
        self._http: httpx.AsyncClient | None = None
        self._open: set[ByteStream] = set()

    async def __aenter__(self) -> ModelGateway:
        self._http = httpx.AsyncClient(timeout=httpx.Timeout(self.endpoint.timeout_sec))
        return self

    async def __aexit__(self, *exc: object) -> None:
        http, self._http = self._http, None
        if http is not None:
            with anyio.CancelScope(shield=True):
                await http.aclose()

    def base_url(self, host: str, port: int) -> str:
        """The base URL an agent is configured with when the gateway is reached at ``host:port``."""
        return f"http://{host}:{port}{self.prefix}"

    # ------------------------------------------------------------- serving

    async def serve_unix(self, path: Path, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        """Serve on a Unix socket at ``path`` (mode 0666: the sandbox's user may not be root)."""
        listener = await anyio.create_unix_listener(path, mode=0o666)
        await self.serve(listener, task_status=task_status)

    async def serve(
        self, listener: Listener[Any], *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED
    ) -> None:
        """Serve connections from ``listener`` until cancelled; ready once listening."""
        if self._http is None:
            raise RuntimeError("ModelGateway is not open; use `async with ModelGateway(...)`")
        async with listener, anyio.create_task_group() as tg:
            task_status.started()
            try:
                await listener.serve(self._connection, task_group=tg)
            finally:
                # Idle connections wait for the agent under a shield (cancelling a wait on a
                # Unix socket races with its readiness callback); closing them ends the wait.
                with anyio.CancelScope(shield=True):
                    for stream in list(self._open):
                        await stream.aclose()

    async def _connection(self, stream: ByteStream) -> None:
        self._open.add(stream)
        try:
            async with stream:
                conn = h11.Connection(h11.SERVER, max_incomplete_event_size=_MAX_HEAD_BYTES)
                while await self._one_request(conn, stream):
                    conn.start_next_cycle()
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, anyio.EndOfStream, ConnectionError):
            pass  # the agent hung up
        except (h11.ProtocolError, Abort):
            pass  # a broken exchange: the connection is closed, the agent retries
        except Exception as e:  # the gateway must outlive its own faults; tests read .errors
            self.errors.append(f"{type(e).__name__}: {e}")
        finally:
            self._open.discard(stream)

    async def _one_request(self, conn: h11.Connection, stream: ByteStream) -> bool:
        """Answer one request; True when the connection can carry another."""
        out = Responder(conn, stream)
        received = await read_request(conn, stream, self.limits.max_body_bytes)
        if received is None:
            return False
        if isinstance(received, int):
            await out.error(self.endpoint.provider, received, "request body too large for the realcli gateway")
            return False
        head, body = received
        await self._handle(out, head, body)
        return conn.our_state is h11.DONE and conn.their_state is h11.DONE

    async def _handle(self, out: Responder, head: h11.Request, body: bytes) -> None:
        target = head.target.decode("latin-1")
        path = target.split("?", 1)[0]
        if not (path == self.prefix or path.startswith(self.prefix + "/")):
            await out.error(self.endpoint.provider, 404, f"no model API at {path}: gateway paths are {self.prefix}/...")
            return
        self.usage.requests += 1
        content, model = self._pin_model(body)
        call = _Call(
            call_id=new_id(),
            method=head.method.decode(),
            url=self.endpoint.base_url + target[len(self.prefix) :],
            headers=self._upstream_headers(head.headers),
            content=content,
            recorded=self._clip(redact(content.decode("utf-8", "replace"), self._secrets)),
            model=model,
        )
        refusal = self.exhausted
        if refusal is not None:
            self.usage.refused += 1
            await self._record(call, 1, status=400, latency=0.0, error=refusal)
            await out.error(self.endpoint.provider, 400, refusal)
            return
        await self._forward(call, out)

    # ------------------------------------------------------------- policy

    @property
    def exhausted(self) -> str | None:
        """Why further requests are refused, or None."""
        if self.failure is not None:
            return f"realcli gateway: the model endpoint is unavailable ({self.failure})"
        spent = self.budget_spent
        return None if spent is None else f"realcli gateway: {spent}"

    @property
    def budget_spent(self) -> str | None:
        """Which of the trial's caps (tokens, cost) is used up, or None."""
        limits, usage = self.limits, self.usage
        if limits.max_tokens is not None and usage.tokens_in + usage.tokens_out >= limits.max_tokens:
            return f"the trial's token budget of {limits.max_tokens} is spent"
        if limits.max_cost_usd is not None and usage.cost_usd >= limits.max_cost_usd:
            return f"the trial's cost budget of ${limits.max_cost_usd:g} is spent"
        return None

    def _fail(self, error: InfrastructureError) -> None:
        if self.failure is None:
            self.failure = error
            self.failed.set()

    def _pin_model(self, body: bytes) -> tuple[bytes, str]:
        try:
            data = json.loads(body) if body else None
        except ValueError:
            return body, self.endpoint.model
        if not isinstance(data, dict) or "model" not in data:
            return body, self.endpoint.model
        if data["model"] == self.endpoint.model:
            return body, self.endpoint.model
        data["model"] = self.endpoint.model
        return json.dumps(data, ensure_ascii=False).encode(), self.endpoint.model

    def _upstream_headers(self, raw: Iterable[tuple[bytes, bytes]]) -> list[tuple[str, str]]:
        headers = [
            (k.decode("latin-1"), v.decode("latin-1"))
            for k, v in raw
            if k.lower().decode("latin-1") not in _HOP_BY_HOP | _CREDENTIALS | {"accept-encoding"}
        ]
        headers.append(("accept-encoding", "identity"))  # bodies are read for usage on the way
        key = self.endpoint.api_key.reveal()
        if self.endpoint.provider == "anthropic":
            if not any(k.lower() == "anthropic-version" for k, _ in headers):
                headers.append(("anthropic-version", ANTHROPIC_VERSION))
            if key:
                headers.append(("x-api-key", key))
        elif key:
            headers.append(("authorization", f"Bearer {key}"))
        return headers

    # ------------------------------------------------------------- forwarding

    async def _forward(self, call: _Call, out: Responder) -> None:
        attempts = self.endpoint.max_retries + 1
        last_error = "no attempt made"
        for attempt in range(1, attempts + 1):
            final = attempt == attempts
            outcome = await self._attempt(call, out, attempt, final)
            if outcome is None:
                return  # relayed to the agent
            last_error, retry_after = outcome
            if not final:
                await anyio.sleep(self.endpoint.retry_delay(attempt, retry_after))
        message = (
            f"model endpoint {self.endpoint.public_url} (model {self.endpoint.model}) failed {attempts} attempts, "
            f"last: {last_error}"
        )
        self._fail(ModelUnavailableError(message, endpoint=self.endpoint.public_url, status=None, attempts=attempts))
        await out.error(self.endpoint.provider, 502, f"realcli gateway: {message}")

    async def _attempt(self, call: _Call, out: Responder, attempt: int, final: bool) -> tuple[str, float | None] | None:
        """One upstream attempt: None once a response went to the agent, else (error, retry-after)."""
        assert self._http is not None
        self.usage.attempts += 1
        async with endpoint_limiter(self.endpoint):
            started = time.monotonic()
            request = self._http.build_request(call.method, call.url, headers=call.headers, content=call.content)
            try:
                response = await self._http.send(request, stream=True)
            except httpx.TimeoutException as e:
                error = f"no answer within {self.endpoint.timeout_sec:g}s ({type(e).__name__})"
                await self._record(call, attempt, status=None, latency=time.monotonic() - started, error=error)
                return error, None
            except httpx.TransportError as e:
                error = f"{type(e).__name__}: {e}"
                await self._record(call, attempt, status=None, latency=time.monotonic() - started, error=error)
                return error, None
            try:
                status = response.status_code
                if (status in _RETRYABLE or status >= 500) and not final:
                    text = (await response.aread()).decode("utf-8", "replace")
                    error = f"HTTP {status}: {error_detail(text)}"
                    await self._record(
                        call, attempt, status=status, latency=time.monotonic() - started, error=error, response=text
                    )
                    return error, retry_after(response.headers)
                await self._relay(call, out, response, attempt, started)
            finally:
                await response.aclose()
        self._judge_final(response.status_code, attempt)
        return None

    def _judge_final(self, status: int, attempts: int) -> None:
        """A key the endpoint refuses, or an endpoint still failing after every retry, ends the trial."""
        ep = self.endpoint
        where = f"model endpoint {ep.public_url} (model {ep.model})"
        if status in (401, 403):
            self._fail(
                ModelRejectedError(
                    f"{where} refused the key (HTTP {status}); check the API key",
                    endpoint=ep.public_url,
                    status=status,
                    attempts=attempts,
                )
            )
        elif status in _RETRYABLE or status >= 500:
            self._fail(
                ModelUnavailableError(
                    f"{where} failed {attempts} attempts, last: HTTP {status}",
                    endpoint=ep.public_url,
                    status=status,
                    attempts=attempts,
                )
            )

    async def _relay(self, call: _Call, out: Responder, response: httpx.Response, attempt: int, started: float) -> None:
        """Stream the upstream response to the agent, reading usage and keeping the body on the way."""
        headers = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in _HOP_BY_HOP]
        scanner = UsageScanner("text/event-stream" in response.headers.get("content-type", ""))
        kept = HeadTail(self._body_limit)
        error: str | None = None
        try:
            await out.start(response.status_code, headers)
            async for chunk in self._body(response):
                scanner.feed(chunk)
                kept.feed(chunk)
                await out.data(chunk)
            await out.end()
        except (httpx.TransportError, httpx.TimeoutException) as e:
            error = f"the endpoint broke off the response: {type(e).__name__}: {e}"
            raise Abort from e
        except (anyio.BrokenResourceError, anyio.ClosedResourceError) as e:
            error = "the agent closed the connection before the response ended"
            raise Abort from e
        except anyio.get_cancelled_exc_class():
            error = "cancelled"
            raise
        finally:
            status = response.status_code
            if error is None and not 200 <= status < 300:
                error = f"HTTP {status}: {error_detail(kept.text())}"
            with anyio.CancelScope(shield=True), anyio.move_on_after(5):
                await self._record(
                    call,
                    attempt,
                    status=status,
                    latency=time.monotonic() - started,
                    error=error,
                    response=kept.text(),
                    usage=scanner.finish(),
                )

    async def _body(self, response: httpx.Response) -> AsyncIterator[bytes]:
        """The response body as it comes; an error body whole, without any key it quotes."""
        if 200 <= response.status_code < 300:
            async for chunk in response.aiter_raw(CHUNK):
                yield chunk
            return
        # Providers quote rejected keys: the sandbox must not receive ours.
        text = (await response.aread()).decode("utf-8", "replace")
        yield redact(text, self._secrets, patterns=False).encode()

    async def _record(
        self,
        call: _Call,
        attempt: int,
        *,
        status: int | None,
        latency: float,
        error: str | None,
        response: str = "",
        usage: UsageScanner | None = None,
    ) -> None:
        tokens_in = usage.tokens_in if usage else 0
        tokens_out = usage.tokens_out if usage else 0
        cost = self.endpoint.cost(tokens_in, tokens_out) if usage and (tokens_in or tokens_out) else None
        self.usage.tokens_in += tokens_in
        self.usage.tokens_out += tokens_out
        self.usage.cost_usd += cost or 0.0
        await self._on_call(
            ModelCalled(
                call_id=call.call_id,
                purpose="agent",
                provider=self.endpoint.provider,
                model=(usage.model if usage and usage.model else call.model),
                endpoint=self.endpoint.public_url,
                status=status,
                tokens_in=tokens_in,
                tokens_out=tokens_out,
                latency_sec=latency,
                cost_usd=cost,
                attempt=attempt,
                error=None if error is None else self._clip(redact(error, self._secrets)),
                request=call.recorded,
                response=self._clip(redact(response, self._secrets)),
            )
        )

    def _clip(self, text: str) -> str:
        return clip_middle(text, self._body_limit)
