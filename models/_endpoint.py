"""Where and how to call a model: endpoints, their credentials, prices, errors and shared limits.

An endpoint is OpenAI-compatible or Anthropic; its key is a ``Secret`` that
never reaches a repr, a log or a pickle.  Attempts to one base URL share a
process-wide concurrency limit (``endpoint_limiter``), whoever makes them:
the chat client and the gateway in front of an installed agent alike.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar
from urllib.parse import urlsplit, urlunsplit

import anyio

from realcli._errors import ConfigError, InfrastructureError
from realcli.events import ModelCalled

__all__ = [
    "ANTHROPIC_VERSION",
    "PRICES_PER_MTOK",
    "Message",
    "ModelEndpoint",
    "ModelRejectedError",
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
_CONTENT_STATUSES = frozenset({400, 413, 422})
# How OpenAI, Anthropic, vLLM, llama.cpp and others word a prompt that does not fit.
_CONTEXT_OVERFLOW = re.compile(
    r"(?i)context[ _-]?(?:length|window|size)|maximum context|too many tokens|prompt is too long|"
    r"exceeds? (?:the )?(?:available )?context|input (?:tokens|length) exceed|reduce the length|n_ctx|"
    r"exceed_context_size"
)


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


_RETRY_AFTER_CAP_SEC = 120.0  # a server asking for longer is waited for this long, then tried again


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

    def retry_delay(self, attempt: int, retry_after: float | None) -> float:
        """Seconds to wait before retry ``attempt`` (1-based): the server's ``Retry-After`` (capped), else backoff."""
        if retry_after is not None:
            return min(retry_after, _RETRY_AFTER_CAP_SEC)
        ceiling = min(self.backoff_max_sec, self.backoff_base_sec * 2.0 ** (attempt - 1))
        # Equal jitter: at least half the ceiling, so retries always back off,
        # spread over the other half so concurrent callers do not retry in step.
        return ceiling / 2 + random.uniform(0, ceiling / 2)

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
