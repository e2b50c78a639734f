"""Chat with a model endpoint (OpenAI-compatible or Anthropic) over httpx.

One ``chat()`` call is one logical request; it may take several HTTP attempts
(429, 5xx, timeouts, connection failures and unusable bodies are retried with
exponential backoff and jitter, honouring ``Retry-After``).  Every attempt,
good or bad, is reported to the caller's ``on_call`` as a ``ModelCalled``
event with redacted, bounded bodies, so a run's log accounts for every token
and every failure.  Attempts to one base URL share a process-wide concurrency
limit, whoever makes them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Self
from urllib.parse import urlsplit

import anyio
import httpx

from realcli.events import ModelCalled, new_id
from realcli.models._clip import clip_middle
from realcli.models._endpoint import (
    ANTHROPIC_VERSION,
    Message,
    ModelEndpoint,
    ModelRejectedError,
    ModelUnavailableError,
    OnCall,
    ParamValue,
    Purpose,
    endpoint_limiter,
)
from realcli.models._redact import known_secrets, redact
from realcli.models._wire import (
    DETAIL_CHARS,
    Answer,
    ModelToolCall,
    UnusableResponseError,
    anthropic_body,
    error_detail,
    parse_answer,
    retry_after,
)

__all__ = ["ChatResult", "ModelClient"]

_RETRYABLE_4XX = frozenset({408, 429})


@dataclass(frozen=True)
class ChatResult:
    """The model's answer to one ``chat()`` call, after however many attempts it took."""

    text: str
    tool_calls: tuple[ModelToolCall, ...]
    finish_reason: str | None
    model: str
    tokens_in: int
    tokens_out: int
    cost_usd: float | None
    latency_sec: float
    attempts: int
    call_id: str

    def as_message(self) -> dict[str, Any]:
        """The answer as an assistant message, to append to the conversation."""
        message: dict[str, Any] = {"role": "assistant", "content": self.text}
        if self.tool_calls:
            message["tool_calls"] = [
                {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                for c in self.tool_calls
            ]
        return message


@dataclass(frozen=True)
class _Call:
    """One ``chat()`` call: what every attempt sends and reports."""

    call_id: str
    purpose: Purpose
    url: str
    content: bytes
    recorded: str  # the request body as events carry it: redacted, clipped
    on_call: OnCall


@dataclass(frozen=True)
class _Attempt:
    """How one HTTP attempt went."""

    latency_sec: float
    status: int | None = None
    answer: Answer | None = None
    error: str | None = None
    retryable: bool = False
    retry_after: float | None = None
    response: str = ""


class ModelClient:
    """Calls one ``ModelEndpoint``; use as ``async with ModelClient(endpoint) as client``.

    ``secrets`` adds values to redact beyond the endpoint key and the secret
    environment variables; ``body_limit`` bounds each recorded body (chars).
    """

    def __init__(self, endpoint: ModelEndpoint, *, secrets: Iterable[str] = (), body_limit: int = 32_000) -> None:
        self.endpoint = endpoint
        self.body_limit = body_limit
        password = urlsplit(endpoint.base_url).password or ""
        self._secrets = known_secrets([endpoint.api_key.reveal(), password, *secrets])
        self._http: httpx.AsyncClient | None = None

    async def __aenter__(self) -> Self:
        self._http = httpx.AsyncClient(
            timeout=httpx.Timeout(self.endpoint.timeout_sec), headers={"user-agent": "realcli"}
        )
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        http, self._http = self._http, None
        if http is not None:
            await http.aclose()

    async def chat(
        self,
        messages: Sequence[Message],
        *,
        purpose: Purpose,
        on_call: OnCall,
        response_format: Mapping[str, Any] | None = None,
        tools: Sequence[Mapping[str, Any]] | None = None,
        params: Mapping[str, ParamValue] | None = None,
    ) -> ChatResult:
        """Send the conversation and return the model's answer.

        ``tools`` are OpenAI function tools (``{"type": "function", "function":
        {...}}``); ``params`` override the endpoint's for this call.
        ``response_format`` is OpenAI's and is not sent to Anthropic.  Every
        attempt is passed to ``on_call`` before the next one starts.

        Raises ``ModelRejectedError`` for a refused request and
        ``ModelUnavailableError`` when the retries are used up.
        """
        if self._http is None:
            raise RuntimeError("ModelClient is not open; use `async with ModelClient(endpoint)`")
        merged = {**self.endpoint.params, **(params or {})}
        url, body = self._request(messages, response_format, tools, merged)
        content = json.dumps(body, ensure_ascii=False).encode()
        call = _Call(
            call_id=new_id(),
            purpose=purpose,
            url=url,
            content=content,
            on_call=on_call,
            recorded=self._clip(redact(content.decode(), self._secrets)),
        )
        last = _Attempt(latency_sec=0.0)
        for attempt in range(1, self.endpoint.max_retries + 2):
            last = await self._attempt(self._http, call, attempt)
            if last.answer is not None:
                return self._result(last.answer, last.latency_sec, attempt, call.call_id)
            if not last.retryable:
                raise self._rejected(last, attempt)
            if attempt <= self.endpoint.max_retries:
                await anyio.sleep(self.endpoint.retry_delay(attempt, last.retry_after))
        raise self._exhausted(last, self.endpoint.max_retries + 1)

    # -- one attempt

    async def _attempt(self, http: httpx.AsyncClient, call: _Call, attempt: int) -> _Attempt:
        """One HTTP exchange under the endpoint's limiter, reported before it returns."""
        async with endpoint_limiter(self.endpoint):
            started = time.monotonic()
            try:
                outcome = await self._send(http, call, started)
            except anyio.get_cancelled_exc_class():
                # The request may have been billed: record it even as we unwind.
                cancelled = _Attempt(latency_sec=time.monotonic() - started, error="cancelled")
                with anyio.move_on_after(5, shield=True):
                    await call.on_call(self._event(cancelled, call, attempt))
                raise
        await call.on_call(self._event(outcome, call, attempt))
        return outcome

    async def _send(self, http: httpx.AsyncClient, call: _Call, started: float) -> _Attempt:
        try:
            response = await http.post(call.url, content=call.content, headers=self._headers())
        except httpx.TimeoutException as e:
            return _Attempt(
                latency_sec=time.monotonic() - started,
                retryable=True,
                error=f"no answer within {self.endpoint.timeout_sec:g}s ({type(e).__name__})",
            )
        except httpx.TransportError as e:
            return _Attempt(latency_sec=time.monotonic() - started, retryable=True, error=f"{type(e).__name__}: {e}")
        latency = time.monotonic() - started
        status = response.status_code
        text = response.text
        if not 200 <= status < 300:
            retryable = status in _RETRYABLE_4XX or status >= 500
            return _Attempt(
                latency_sec=latency,
                status=status,
                response=text,
                retryable=retryable,
                error=f"HTTP {status}: {error_detail(text)}",
                retry_after=retry_after(response.headers) if retryable else None,
            )
        try:
            answer = parse_answer(self.endpoint.provider, json.loads(text))
        except (ValueError, UnusableResponseError) as e:
            detail = str(e) if isinstance(e, UnusableResponseError) else "response body is not JSON"
            return _Attempt(
                latency_sec=latency, status=status, response=text, retryable=True, error=f"HTTP {status}: {detail}"
            )
        return _Attempt(latency_sec=latency, status=status, response=text, answer=answer)

    def _headers(self) -> dict[str, str]:
        headers = {"content-type": "application/json"}
        key = self.endpoint.api_key.reveal()
        if self.endpoint.provider == "anthropic":
            headers["anthropic-version"] = ANTHROPIC_VERSION
            if key:
                headers["x-api-key"] = key
        elif key:
            headers["authorization"] = f"Bearer {key}"
        return headers

    # -- requests, events, results, errors

    def _request(
        self,
        messages: Sequence[Message],
        response_format: Mapping[str, Any] | None,
        tools: Sequence[Mapping[str, Any]] | None,
        params: Mapping[str, ParamValue],
    ) -> tuple[str, dict[str, Any]]:
        ep = self.endpoint
        if ep.provider == "anthropic":
            return f"{ep.base_url}/v1/messages", anthropic_body(ep.model, messages, tools, params)
        body: dict[str, Any] = {"model": ep.model, "messages": list(messages), **params}
        if response_format is not None:
            body["response_format"] = dict(response_format)
        if tools:
            body["tools"] = list(tools)
        return f"{ep.base_url}/chat/completions", body

    def _event(self, outcome: _Attempt, call: _Call, attempt: int) -> ModelCalled:
        answer = outcome.answer
        tokens_in = answer.tokens_in if answer else 0
        tokens_out = answer.tokens_out if answer else 0
        return ModelCalled(
            call_id=call.call_id,
            purpose=call.purpose,
            provider=self.endpoint.provider,
            model=(answer.model if answer and answer.model else self.endpoint.model),
            endpoint=self.endpoint.public_url,
            status=outcome.status,
            tokens_in=tokens_in,
            tokens_out=tokens_out,
            latency_sec=outcome.latency_sec,
            cost_usd=self.endpoint.cost(tokens_in, tokens_out) if answer else None,
            attempt=attempt,
            error=None if outcome.error is None else self._clip(redact(outcome.error, self._secrets)),
            request=call.recorded,
            response=self._clip(redact(outcome.response, self._secrets)),
        )

    def _result(self, answer: Answer, latency: float, attempts: int, call_id: str) -> ChatResult:
        # An echoed key would travel on into messages and commands: drop it,
        # but only exact secrets; pattern redaction could rewrite real output.
        calls = tuple(
            ModelToolCall(c.id, c.name, redact(c.arguments, self._secrets, patterns=False)) for c in answer.tool_calls
        )
        return ChatResult(
            text=redact(answer.text, self._secrets, patterns=False),
            tool_calls=calls,
            finish_reason=answer.finish_reason,
            model=answer.model or self.endpoint.model,
            tokens_in=answer.tokens_in,
            tokens_out=answer.tokens_out,
            cost_usd=self.endpoint.cost(answer.tokens_in, answer.tokens_out),
            latency_sec=latency,
            attempts=attempts,
            call_id=call_id,
        )

    def _summary(self, outcome: _Attempt) -> str:
        text = " ".join(redact(outcome.error or "no answer", self._secrets).split())
        return text if len(text) <= DETAIL_CHARS else text[: DETAIL_CHARS - 3] + "..."

    def _rejected(self, outcome: _Attempt, attempts: int) -> ModelRejectedError:
        ep = self.endpoint
        return ModelRejectedError(
            f"model endpoint {ep.public_url} (model {ep.model}) rejected the request: "
            f"{self._summary(outcome)}; check the model name, API key and parameters",
            endpoint=ep.public_url,
            status=outcome.status,
            attempts=attempts,
        )

    def _exhausted(self, outcome: _Attempt, attempts: int) -> ModelUnavailableError:
        ep = self.endpoint
        return ModelUnavailableError(
            f"model endpoint {ep.public_url} (model {ep.model}) failed {attempts} attempts, "
            f"last: {self._summary(outcome)}; check that it is up and reachable, or allow more retries",
            endpoint=ep.public_url,
            status=outcome.status,
            attempts=attempts,
        )

    def _clip(self, text: str) -> str:
        return clip_middle(text, self.body_limit)
