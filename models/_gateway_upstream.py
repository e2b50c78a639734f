"""The gateway's way upstream: one agent request forwarded to the endpoint, retried, and streamed back.

Attempts share the process-wide per-endpoint concurrency limit; 408, 429, 5xx
and connection failures are retried with backoff (honouring ``Retry-After``)
before anything reaches the agent.  The agent's credential headers are
replaced by the endpoint's key, and the model in the body is pinned to the
endpoint's.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Iterable
from typing import Final

import anyio
import httpx

from realcli.models._endpoint import (
    ANTHROPIC_VERSION,
    ModelEndpoint,
    ModelRejectedError,
    ModelUnavailableError,
    endpoint_limiter,
)
from realcli.models._gateway_http import CHUNK, Abort, HeadTail, Responder, UsageScanner
from realcli.models._gateway_ledger import Call, Ledger
from realcli.models._redact import redact
from realcli.models._wire import error_detail, retry_after

__all__ = ["Upstream"]

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


class Upstream:
    """Forwards agent requests to ``endpoint`` with its httpx client, accounting every attempt in ``ledger``.

    ``open()`` creates the client, ``aclose()`` closes it.
    """

    def __init__(self, endpoint: ModelEndpoint, ledger: Ledger) -> None:
        self.endpoint = endpoint
        self._ledger = ledger
        self._http: httpx.AsyncClient | None = None

    @property
    def is_open(self) -> bool:
        """Whether the httpx client exists (between ``open`` and ``aclose``)."""
        return self._http is not None

    def open(self) -> None:
        """Create the httpx client."""
        self._http = httpx.AsyncClient(timeout=httpx.Timeout(self.endpoint.timeout_sec))

    async def aclose(self) -> None:
        """Close the httpx client, even when cancelled."""
        http, self._http = self._http, None
        if http is not None:
            with anyio.CancelScope(shield=True):
                await http.aclose()

    # ------------------------------------------------------------- the request

    def pin_model(self, body: bytes) -> tuple[bytes, str]:
        """The body with its model set to the endpoint's, and that model."""
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

    def headers(self, raw: Iterable[tuple[bytes, bytes]]) -> list[tuple[str, str]]:
        """The agent's headers as sent upstream: without hop-by-hop and credential headers, with the real key."""
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

    async def forward(self, call: Call, out: Responder) -> None:
        """Forward ``call`` until one attempt's response went to the agent, or answer 502 after the last."""
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
        self._ledger.fail(
            ModelUnavailableError(message, endpoint=self.endpoint.public_url, status=None, attempts=attempts)
        )
        await out.error(self.endpoint.provider, 502, f"realcli gateway: {message}")

    async def _attempt(self, call: Call, out: Responder, attempt: int, final: bool) -> tuple[str, float | None] | None:
        """One upstream attempt: None once a response went to the agent, else (error, retry-after)."""
        assert self._http is not None
        record = self._ledger.record
        self._ledger.usage.attempts += 1
        async with endpoint_limiter(self.endpoint):
            started = time.monotonic()
            request = self._http.build_request(call.method, call.url, headers=call.headers, content=call.content)
            try:
                response = await self._http.send(request, stream=True)
            except httpx.TimeoutException as e:
                error = f"no answer within {self.endpoint.timeout_sec:g}s ({type(e).__name__})"
                await record(call, attempt, status=None, latency=time.monotonic() - started, error=error)
                return error, None
            except httpx.TransportError as e:
                error = f"{type(e).__name__}: {e}"
                await record(call, attempt, status=None, latency=time.monotonic() - started, error=error)
                return error, None
            try:
                status = response.status_code
                if (status in _RETRYABLE or status >= 500) and not final:
                    text = (await response.aread()).decode("utf-8", "replace")
                    error = f"HTTP {status}: {error_detail(text)}"
                    await record(
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
        kind: type[ModelRejectedError | ModelUnavailableError]
        if status in (401, 403):
            kind, said = ModelRejectedError, f"{where} refused the key (HTTP {status}); check the API key"
        elif status in _RETRYABLE or status >= 500:
            kind, said = ModelUnavailableError, f"{where} failed {attempts} attempts, last: HTTP {status}"
        else:
            return  # another status is the agent's to handle: it was relayed
        self._ledger.fail(kind(said, endpoint=ep.public_url, status=status, attempts=attempts))

    async def _relay(self, call: Call, out: Responder, response: httpx.Response, attempt: int, started: float) -> None:
        """Stream the upstream response to the agent, reading usage and keeping the body on the way."""
        headers = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in _HOP_BY_HOP]
        scanner = UsageScanner("text/event-stream" in response.headers.get("content-type", ""))
        kept = HeadTail(self._ledger.body_limit)
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
                await self._ledger.record(
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
        yield redact(text, self._ledger.secrets, patterns=False).encode()
