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

import email.utils
import json
import math
import os
import random
import re
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Literal, Self, TypeVar
from urllib.parse import urlsplit, urlunsplit

import anyio
import httpx

from realcli._errors import ConfigError, InfrastructureError
from realcli.events import ModelCalled, new_id
from realcli.runtime._redact import known_secrets, redact

__all__ = [
    "ANTHROPIC_VERSION",
    "PRICES_PER_MTOK",
    "ChatResult",
    "Message",
    "ModelClient",
    "ModelEndpoint",
    "ModelRejectedError",
    "ModelToolCall",
    "ModelUnavailableError",
    "OnCall",
    "ParamValue",
    "Provider",
    "Purpose",
    "Secret",
    "endpoint_limiter",
]

Provider = Literal["openai", "anthropic"]
Purpose = Literal["agent", "user", "judge", "gateway"]
ParamValue = str | int | float | bool
Message = Mapping[str, Any]
"""A chat message in OpenAI shape: ``{"role": ..., "content": ...}`` (plus
``tool_calls`` / ``tool_call_id``); it is translated for Anthropic."""
OnCall = Callable[[ModelCalled], Awaitable[None]]
_N = TypeVar("_N", int, float)

ANTHROPIC_VERSION = "2023-06-01"

# USD per 1M (input, output) tokens, list prices; a dated snapshot of a model
# ("gpt-4o-2024-08-06", "claude-sonnet-4-20250514") costs what its family does.
PRICES_PER_MTOK: Mapping[str, tuple[float, float]] = {
    "gpt-4o": (2.50, 10.00),
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4.1": (2.00, 8.00),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-5": (1.25, 10.00),
    "gpt-5-mini": (0.25, 2.00),
    "gpt-5-nano": (0.05, 0.40),
    "o3": (2.00, 8.00),
    "o4-mini": (1.10, 4.40),
    "claude-opus-4": (15.00, 75.00),
    "claude-opus-4-1": (15.00, 75.00),
    "claude-sonnet-4": (3.00, 15.00),
    "claude-sonnet-4-5": (3.00, 15.00),
    "claude-3-7-sonnet": (3.00, 15.00),
    "claude-haiku-4-5": (1.00, 5.00),
    "claude-3-5-haiku": (0.80, 4.00),
}

_DEFAULT_BASE_URLS: Mapping[Provider, str] = {
    "openai": "https://api.openai.com/v1",
    "anthropic": "https://api.anthropic.com",
}
_FALLBACK_ENV: Mapping[Provider, str] = {"openai": "OPENAI", "anthropic": "ANTHROPIC"}
_ANTHROPIC_PARAMS = frozenset({"max_tokens", "temperature", "top_p", "top_k", "stop_sequences", "metadata"})
_ANTHROPIC_DEFAULT_MAX_TOKENS = 4096
_RETRYABLE_4XX = frozenset({408, 429})
_CONTENT_STATUSES = frozenset({400, 413, 422})
# How OpenAI, Anthropic, vLLM, llama.cpp and others word a prompt that does not fit.
_CONTEXT_OVERFLOW = re.compile(
    r"(?i)context[ _-]?(?:length|window|size)|maximum context|too many tokens|prompt is too long|"
    r"exceeds? (?:the )?(?:available )?context|input (?:tokens|length) exceed|reduce the length|n_ctx|"
    r"exceed_context_size"
)
_RETRY_AFTER_CAP_SEC = 120.0
_DETAIL_CHARS = 300


class ModelUnavailableError(InfrastructureError):
    """A model endpoint gave no usable answer: its retries ran out, or it refused the request."""

    cause = "model_unavailable"

    def __init__(self, message: str, *, endpoint: str, status: int | None, attempts: int) -> None:
        super().__init__(message)
        self.endpoint = endpoint
        self.status = status
        self.attempts = attempts


class ModelRejectedError(ModelUnavailableError):
    """The endpoint refused the request (a 4xx other than 408/429); it was not retried.

    ``status`` and the message tell bad keys (401/403) from bad requests (400,
    e.g. a context that grew too long) so a caller can decide what to do:
    ``about_content`` (the request itself was refused: the agent's doing) and
    ``context_overflow`` (the conversation is longer than the model takes).
    """

    @property
    def about_content(self) -> bool:
        """A 400/413/422: the request's content was refused, not the credentials, route or model name."""
        return self.status in _CONTENT_STATUSES

    @property
    def context_overflow(self) -> bool:
        """The refusal says the prompt is longer than the model's context window."""
        return self.status == 413 or (self.about_content and bool(_CONTEXT_OVERFLOW.search(str(self))))


class Secret:
    """A credential: hidden in ``repr``/``str``, refused by JSON encoders and pickle."""

    __slots__ = ("_value",)

    def __init__(self, value: str = "") -> None:
        self._value = value

    def reveal(self) -> str:
        """The credential itself, for the one place that sends it."""
        return self._value

    def __bool__(self) -> bool:
        return bool(self._value)

    def __repr__(self) -> str:
        return "Secret('[REDACTED]')" if self._value else "Secret('')"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(self._value)

    def __deepcopy__(self, memo: dict[int, Any]) -> Secret:
        return self  # immutable; lets dataclasses.replace/asdict work without exposing the value

    def __reduce__(self) -> str | tuple[Any, ...]:
        raise TypeError("a Secret is never serialised; rebuild the endpoint from its environment")


# ------------------------------------------------------------------- endpoint


@dataclass(frozen=True, kw_only=True)
class ModelEndpoint:
    """Where and how to call a model.  The key is kept out of repr, str and serialisation.

    ``max_retries`` counts retries after the first attempt.  ``max_concurrency``
    is shared per ``base_url`` across the process (the smallest value asked for
    wins).  Prices are USD per 1M tokens; left unset, they come from
    ``PRICES_PER_MTOK`` for well-known models, and cost is None for others.
    ``params`` go into every request body (temperature, max_tokens, seed ...).
    """

    base_url: str
    model: str
    api_key: Secret = field(default_factory=Secret, repr=False)
    provider: Provider = "openai"
    timeout_sec: float = 120.0
    max_retries: int = 4
    max_concurrency: int = 8
    price_in_per_mtok: float | None = None
    price_out_per_mtok: float | None = None
    params: Mapping[str, ParamValue] = field(default_factory=dict)
    backoff_base_sec: float = 1.0
    backoff_max_sec: float = 30.0

    def __post_init__(self) -> None:
        if self.provider not in _DEFAULT_BASE_URLS:
            raise ConfigError(f"unknown model provider {self.provider!r}; use 'openai' or 'anthropic'")
        if urlsplit(self.base_url).scheme not in ("http", "https"):
            raise ConfigError(
                f"model base URL {self.public_url!r} is not http(s); pass e.g. {_DEFAULT_BASE_URLS[self.provider]}"
            )
        if not self.model:
            raise ConfigError(f"no model name for endpoint {self.public_url}; set the model option")
        if self.timeout_sec <= 0 or self.max_retries < 0 or self.max_concurrency < 1:
            raise ConfigError(
                f"endpoint {self.public_url}: timeout must be > 0, max retries >= 0 and max concurrency >= 1"
            )
        object.__setattr__(self, "base_url", self.base_url.rstrip("/"))

    @property
    def public_url(self) -> str:
        """``base_url`` without credentials, query or fragment: safe to record."""
        parts = urlsplit(self.base_url)
        return urlunsplit((parts.scheme, parts.netloc.rpartition("@")[2], parts.path.rstrip("/"), "", ""))

    @property
    def prices(self) -> tuple[float, float] | None:
        """(input, output) USD per 1M tokens, or None when unknown."""
        if self.price_in_per_mtok is not None and self.price_out_per_mtok is not None:
            return self.price_in_per_mtok, self.price_out_per_mtok
        return _table_price(self.model)

    def cost(self, tokens_in: int, tokens_out: int) -> float | None:
        """USD for one call, or None when the model's prices are unknown."""
        prices = self.prices
        if prices is None:
            return None
        return (tokens_in * prices[0] + tokens_out * prices[1]) / 1_000_000

    def describe(self) -> dict[str, str]:
        """Everything about the endpoint that may be recorded (never the key)."""
        info = {
            "provider": self.provider,
            "model": self.model,
            "endpoint": self.public_url,
            "timeout_sec": f"{self.timeout_sec:g}",
            "max_retries": str(self.max_retries),
            "max_concurrency": str(self.max_concurrency),
        }
        return info | {k: str(v) for k, v in sorted(self.params.items())}

    @classmethod
    def from_env(
        cls,
        prefix: str = "REALCLI_AGENT",
        *,
        environ: Mapping[str, str] | None = None,
        base_url: str | None = None,
        model: str | None = None,
        api_key: str | None = None,
        provider: str | None = None,
        timeout_sec: float | None = None,
        max_retries: int | None = None,
        max_concurrency: int | None = None,
        price_in_per_mtok: float | None = None,
        price_out_per_mtok: float | None = None,
        params: Mapping[str, ParamValue] | None = None,
    ) -> ModelEndpoint:
        """An endpoint from command-line flags (the keyword arguments) over the environment.

        Reads ``{prefix}_BASE_URL``, ``_MODEL``, ``_API_KEY``, ``_PROVIDER``,
        ``_TIMEOUT_SEC``, ``_MAX_RETRIES``, ``_MAX_CONCURRENCY``, ``_PRICE_IN``,
        ``_PRICE_OUT`` (USD per 1M tokens) and ``_PARAMS`` (a JSON object).  The
        base URL and key fall back to ``OPENAI_BASE_URL`` / ``OPENAI_API_KEY``
        (``ANTHROPIC_*`` for the anthropic provider), then to the public API.
        """
        env = _Env(prefix, os.environ if environ is None else environ)
        chosen = provider or env.get("PROVIDER") or "openai"
        if chosen not in _DEFAULT_BASE_URLS:
            raise ConfigError(
                f"model provider {chosen!r} (--provider or {env.name('PROVIDER')}) is unknown; use openai or anthropic"
            )
        kind: Provider = "anthropic" if chosen == "anthropic" else "openai"
        fallback = _FALLBACK_ENV[kind]
        name = model or env.get("MODEL")
        if not name:
            raise ConfigError(f"no model configured: set {env.name('MODEL')} or pass --model")
        return cls(
            base_url=base_url or env.get("BASE_URL") or env.raw(f"{fallback}_BASE_URL") or _DEFAULT_BASE_URLS[kind],
            model=name,
            api_key=Secret(api_key or env.get("API_KEY") or env.raw(f"{fallback}_API_KEY") or ""),
            provider=kind,
            timeout_sec=timeout_sec if timeout_sec is not None else env.number("TIMEOUT_SEC", float, 120.0),
            max_retries=max_retries if max_retries is not None else env.number("MAX_RETRIES", int, 4),
            max_concurrency=max_concurrency if max_concurrency is not None else env.number("MAX_CONCURRENCY", int, 8),
            price_in_per_mtok=price_in_per_mtok if price_in_per_mtok is not None else env.optional_number("PRICE_IN"),
            price_out_per_mtok=price_out_per_mtok
            if price_out_per_mtok is not None
            else env.optional_number("PRICE_OUT"),
            params=dict(params) if params is not None else env.params(),
        )


class _Env:
    """``{prefix}_*`` settings, with errors that name the variable."""

    def __init__(self, prefix: str, environ: Mapping[str, str]) -> None:
        self.prefix = prefix.rstrip("_")
        self.environ = environ

    def name(self, suffix: str) -> str:
        return f"{self.prefix}_{suffix}"

    def raw(self, var: str) -> str | None:
        return self.environ.get(var) or None

    def get(self, suffix: str) -> str | None:
        return self.raw(self.name(suffix))

    def number(self, suffix: str, kind: type[_N], default: _N) -> _N:
        value = self.get(suffix)
        if value is None:
            return default
        try:
            return kind(value)
        except ValueError:
            raise ConfigError(f"{self.name(suffix)}={value!r} is not a number") from None

    def optional_number(self, suffix: str) -> float | None:
        return None if self.get(suffix) is None else self.number(suffix, float, 0.0)

    def params(self) -> dict[str, ParamValue]:
        value = self.get("PARAMS")
        if value is None:
            return {}
        try:
            decoded = json.loads(value)
        except ValueError:
            decoded = None
        if not isinstance(decoded, dict) or not all(isinstance(v, str | int | float | bool) for v in decoded.values()):
            raise ConfigError(
                f'{self.name("PARAMS")} must be a JSON object of scalars, e.g. {{"temperature": 0, "seed": 7}}'
            )
        return decoded


def _table_price(model: str) -> tuple[float, float] | None:
    name = model.rpartition("/")[2].lower()
    if name in PRICES_PER_MTOK:
        return PRICES_PER_MTOK[name]
    for family in sorted(PRICES_PER_MTOK, key=len, reverse=True):
        rest = name.removeprefix(family)
        if rest != name and _is_snapshot_suffix(rest):
            return PRICES_PER_MTOK[family]
    return None


def _is_snapshot_suffix(rest: str) -> bool:
    """``-20250514``, ``-2024-08-06`` or ``-latest``: the same model, another snapshot."""
    digits = rest.replace("-", "")
    return rest == "-latest" or (rest.startswith("-") and digits.isdigit() and len(digits) == 8)


# ------------------------------------------------------------ shared limiters

_LIMITERS: dict[str, anyio.CapacityLimiter] = {}


def endpoint_limiter(endpoint: ModelEndpoint) -> anyio.CapacityLimiter:
    """The process-wide limiter for ``endpoint.base_url`` (created on first use).

    Anything else that calls the same endpoint (a gateway in front of a CLI
    agent) should hold a token of this limiter per request.
    """
    limiter = _LIMITERS.get(endpoint.base_url)
    if limiter is None:
        limiter = _LIMITERS[endpoint.base_url] = anyio.CapacityLimiter(endpoint.max_concurrency)
    elif endpoint.max_concurrency < limiter.total_tokens:
        limiter.total_tokens = endpoint.max_concurrency
    return limiter


# ------------------------------------------------------------------- results


@dataclass(frozen=True)
class ModelToolCall:
    """A tool the model asked to call; ``arguments`` is a JSON text, as OpenAI sends it."""

    id: str
    name: str
    arguments: str


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
class _Answer:
    text: str
    tool_calls: tuple[ModelToolCall, ...]
    finish_reason: str | None
    model: str | None
    tokens_in: int
    tokens_out: int


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
    answer: _Answer | None = None
    error: str | None = None
    retryable: bool = False
    retry_after: float | None = None
    response: str = ""


# --------------------------------------------------------------------- client


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
                await anyio.sleep(self._backoff(attempt, last.retry_after))
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
                error=f"HTTP {status}: {_error_detail(text)}",
                retry_after=_retry_after(response.headers) if retryable else None,
            )
        try:
            answer = _parse(self.endpoint.provider, json.loads(text))
        except (ValueError, _UnusableResponseError) as e:
            detail = str(e) if isinstance(e, _UnusableResponseError) else "response body is not JSON"
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

    def _backoff(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(retry_after, _RETRY_AFTER_CAP_SEC)
        ceiling = min(self.endpoint.backoff_max_sec, self.endpoint.backoff_base_sec * 2.0 ** (attempt - 1))
        # Equal jitter: at least half the ceiling, so retries always back off,
        # spread over the other half so concurrent callers do not retry in step.
        return ceiling / 2 + random.uniform(0, ceiling / 2)

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
            return f"{ep.base_url}/v1/messages", _anthropic_body(ep.model, messages, tools, params)
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

    def _result(self, answer: _Answer, latency: float, attempts: int, call_id: str) -> ChatResult:
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
        return text if len(text) <= _DETAIL_CHARS else text[: _DETAIL_CHARS - 3] + "..."

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
        limit = self.body_limit
        if len(text) <= limit:
            return text
        cut = len(text) - limit
        return f"{text[: limit // 2]}...[{cut} chars cut]...{text[len(text) - limit // 2 :]}"


# ------------------------------------------------------------ wire formats


class _UnusableResponseError(Exception):
    """A 2xx body that is JSON but not a chat answer."""


def _parse(provider: Provider, data: Any) -> _Answer:
    if not isinstance(data, dict):
        raise _UnusableResponseError("response is not a JSON object")
    return _parse_anthropic(data) if provider == "anthropic" else _parse_openai(data)


def _parse_openai(data: dict[str, Any]) -> _Answer:
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise _UnusableResponseError("response has no choices")
    message = choices[0].get("message")
    if not isinstance(message, dict):
        raise _UnusableResponseError("response choice has no message")
    calls = tuple(
        ModelToolCall(
            id=str(c.get("id", "")),
            name=str(c["function"].get("name", "")),
            arguments=str(c["function"].get("arguments") or "{}"),
        )
        for c in message.get("tool_calls") or []
        if isinstance(c, dict) and isinstance(c.get("function"), dict)
    )
    usage = _object(data.get("usage"))
    return _Answer(
        text=_text(message.get("content")),
        tool_calls=calls,
        finish_reason=choices[0].get("finish_reason"),
        model=data.get("model") if isinstance(data.get("model"), str) else None,
        tokens_in=_int(usage.get("prompt_tokens")),
        tokens_out=_int(usage.get("completion_tokens")),
    )


def _parse_anthropic(data: dict[str, Any]) -> _Answer:
    blocks = data.get("content")
    if not isinstance(blocks, list):
        raise _UnusableResponseError("response has no content")
    texts = [
        b["text"] for b in blocks if isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str)
    ]
    calls = tuple(
        ModelToolCall(id=str(b.get("id", "")), name=str(b.get("name", "")), arguments=json.dumps(b.get("input") or {}))
        for b in blocks
        if isinstance(b, dict) and b.get("type") == "tool_use"
    )
    usage = _object(data.get("usage"))
    # Cache writes and reads are input too; they are priced at the input rate here.
    tokens_in = sum(
        _int(usage.get(k)) for k in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
    )
    return _Answer(
        text="".join(texts),
        tool_calls=calls,
        finish_reason=data.get("stop_reason"),
        model=data.get("model") if isinstance(data.get("model"), str) else None,
        tokens_in=tokens_in,
        tokens_out=_int(usage.get("output_tokens")),
    )


def _text(content: Any) -> str:
    """Message content as text: a string, or the text parts of a list."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")
    return ""


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _anthropic_body(
    model: str,
    messages: Sequence[Message],
    tools: Sequence[Mapping[str, Any]] | None,
    params: Mapping[str, ParamValue],
) -> dict[str, Any]:
    """OpenAI-shaped messages as a Messages API body: system on top, tool turns as blocks."""
    system = [_text(m.get("content")) for m in messages if m.get("role") == "system"]
    turns: list[dict[str, Any]] = []
    for message in messages:
        role = message.get("role")
        if role == "system":
            continue
        if role == "tool":
            _add_tool_result(turns, message)
        elif role == "assistant" and message.get("tool_calls"):
            turns.append({"role": "assistant", "content": _assistant_blocks(message)})
        else:
            turns.append({"role": role, "content": message.get("content") or ""})
    kept = {k: v for k, v in params.items() if k in _ANTHROPIC_PARAMS}
    body: dict[str, Any] = {"model": model, "max_tokens": _ANTHROPIC_DEFAULT_MAX_TOKENS, **kept, "messages": turns}
    if "stop" in params:
        body["stop_sequences"] = [params["stop"]]
    if system:
        body["system"] = "\n\n".join(system)
    if tools:
        body["tools"] = [_anthropic_tool(t) for t in tools]
    return body


def _add_tool_result(turns: list[dict[str, Any]], message: Message) -> None:
    block = {
        "type": "tool_result",
        "tool_use_id": str(message.get("tool_call_id", "")),
        "content": _text(message.get("content")),
    }
    previous = turns[-1] if turns else None
    # Results of parallel calls travel together in one user turn.
    if (
        previous
        and previous["role"] == "user"
        and isinstance(previous["content"], list)
        and all(isinstance(b, dict) and b.get("type") == "tool_result" for b in previous["content"])
    ):
        previous["content"].append(block)
    else:
        turns.append({"role": "user", "content": [block]})


def _assistant_blocks(message: Message) -> list[dict[str, Any]]:
    text = _text(message.get("content"))
    blocks: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
    for call in message.get("tool_calls") or []:
        function = call.get("function", {})
        try:
            arguments = json.loads(function.get("arguments") or "{}")
        except ValueError:
            arguments = {}
        blocks.append(
            {
                "type": "tool_use",
                "id": call.get("id", ""),
                "name": function.get("name", ""),
                "input": arguments if isinstance(arguments, dict) else {},
            }
        )
    return blocks


def _anthropic_tool(tool: Mapping[str, Any]) -> dict[str, Any]:
    spec = tool.get("function", tool)
    return {
        "name": spec.get("name", ""),
        "description": spec.get("description", ""),
        "input_schema": spec.get("parameters") or {"type": "object", "properties": {}},
    }


def _error_detail(text: str) -> str:
    """The provider's error message when the body has one, else the start of the body."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict):
        error = data.get("error")
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            return str(error["message"])
        if isinstance(error, str):
            return error
    return text[:_DETAIL_CHARS] or "(empty body)"


def _retry_after(headers: httpx.Headers) -> float | None:
    """Seconds the server asked us to wait: ``retry-after-ms``, else ``retry-after``."""
    millis = headers.get("retry-after-ms")
    if millis is not None:
        try:
            return max(0.0, float(millis) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        seconds = when.timestamp() - time.time()
    return max(0.0, seconds) if math.isfinite(seconds) else None
