"""The gateway's ledger: a trial's caps, what it spent, why the endpoint failed, and the ``ModelCalled`` records.

Every attempt the gateway forwards is accounted here (tokens, cost) and
reported as one ``ModelCalled`` event with redacted, bounded bodies; the caps
and the endpoint's failure decide whether further requests are refused.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import anyio

from realcli._errors import ConfigError, InfrastructureError
from realcli.events import ModelCalled
from realcli.models._clip import clip_middle
from realcli.models._endpoint import ModelEndpoint, OnCall
from realcli.models._gateway_http import UsageScanner
from realcli.models._redact import redact

__all__ = ["Call", "GatewayLimits", "GatewayUsage", "Ledger"]


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
class Call:
    """One request from the agent: every attempt reports under its ``call_id``."""

    call_id: str
    method: str
    url: str
    headers: list[tuple[str, str]]
    content: bytes
    recorded: str
    model: str
    received: float = field(default_factory=time.monotonic)


class Ledger:
    """A trial's model use through one gateway: caps, usage, failure, and the ``ModelCalled`` stream."""

    def __init__(
        self,
        endpoint: ModelEndpoint,
        on_call: OnCall,
        limits: GatewayLimits,
        *,
        body_limit: int,
        secrets: frozenset[str],
    ) -> None:
        if limits.max_cost_usd is not None and endpoint.prices is None:
            raise ConfigError(
                f"a cost cap needs prices for model {endpoint.model}: set the endpoint's price_in/price_out "
                "(REALCLI_AGENT_PRICE_IN / _PRICE_OUT, USD per 1M tokens)"
            )
        self.endpoint = endpoint
        self.limits = limits
        self.usage = GatewayUsage()
        self.failure: InfrastructureError | None = None
        self.failed = anyio.Event()
        self.secrets = secrets
        self._on_call = on_call
        self.body_limit = body_limit

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

    def fail(self, error: InfrastructureError) -> None:
        """Record why the endpoint is unusable (the first reason wins) and wake whoever waits on ``failed``."""
        if self.failure is None:
            self.failure = error
            self.failed.set()

    def clip(self, text: str) -> str:
        """``text`` bounded to the recorded body limit."""
        return clip_middle(text, self.body_limit)

    def recorded(self, text: str) -> str:
        """``text`` as it may be recorded: redacted, then bounded."""
        return self.clip(redact(text, self.secrets))

    async def record(
        self,
        call: Call,
        attempt: int,
        *,
        status: int | None,
        latency: float,
        error: str | None,
        response: str = "",
        usage: UsageScanner | None = None,
    ) -> None:
        """Account one attempt and report it as a ``ModelCalled``."""
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
                error=None if error is None else self.recorded(error),
                request=call.recorded,
                response=self.recorded(response),
            )
        )
