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

from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

import anyio
import h11
from anyio.abc import ByteStream, Listener, TaskStatus

from realcli._errors import InfrastructureError
from realcli.events import new_id
from realcli.models._endpoint import ModelEndpoint, OnCall
from realcli.models._gateway_http import Abort, Responder, read_request
from realcli.models._gateway_ledger import Call, GatewayLimits, GatewayUsage, Ledger
from realcli.models._gateway_upstream import Upstream
from realcli.models._redact import known_secrets

__all__ = ["PLACEHOLDER_KEY", "GatewayLimits", "GatewayUsage", "ModelGateway"]

PLACEHOLDER_KEY: Final = "realcli-gateway-placeholder-key"
"""The key agents inside the sandbox hold; the gateway replaces it with the endpoint's."""

_MAX_HEAD_BYTES: Final = 64 * 1024


class GatewayError(InfrastructureError):
    """realcli's model gateway itself failed (a fault of ours, never the agent's nor the endpoint's)."""

    cause = "gateway_error"


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
        password = urlsplit(endpoint.base_url).password or ""
        self._ledger = Ledger(
            endpoint,
            on_call,
            limits or GatewayLimits(),
            body_limit=body_limit,
            secrets=known_secrets([endpoint.api_key.reveal(), password, *secrets]),
        )
        self._upstream = Upstream(endpoint, self._ledger)
        self.errors: list[str] = []  # faults of the gateway itself (a bug here, never the agent's)
        # Anthropic clients add /v1/... to a root URL; OpenAI clients add /responses ... to a /v1 URL.
        self.prefix = "" if endpoint.provider == "anthropic" else "/v1"
        self._open: set[ByteStream] = set()

    async def __aenter__(self) -> ModelGateway:
        self._upstream.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._upstream.aclose()

    def base_url(self, host: str, port: int) -> str:
        """The base URL an agent is configured with when the gateway is reached at ``host:port``."""
        return f"http://{host}:{port}{self.prefix}"

    # ------------------------------------------------------------- policy (kept by the ledger)

    @property
    def limits(self) -> GatewayLimits:
        """The trial's caps."""
        return self._ledger.limits

    @property
    def usage(self) -> GatewayUsage:
        """What went through the gateway so far."""
        return self._ledger.usage

    @property
    def failure(self) -> InfrastructureError | None:
        """Why the endpoint is unusable (refused key, down through every retry), or None."""
        return self._ledger.failure

    @property
    def failed(self) -> anyio.Event:
        """Set once ``failure`` is."""
        return self._ledger.failed

    @property
    def exhausted(self) -> str | None:
        """Why further requests are refused, or None."""
        return self._ledger.exhausted

    @property
    def budget_spent(self) -> str | None:
        """Which of the trial's caps (tokens, cost) is used up, or None."""
        return self._ledger.budget_spent

    # ------------------------------------------------------------- serving

    async def serve_unix(self, path: Path, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        """Serve on a Unix socket at ``path`` (mode 0666: the sandbox's user may not be root)."""
        listener = await anyio.create_unix_listener(path, mode=0o666)
        await self.serve(listener, task_status=task_status)

    async def serve(
        self, listener: Listener[Any], *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED
    ) -> None:
        """Serve connections from ``listener`` until cancelled; ready once listening."""
        if not self._upstream.is_open:
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
        content, model = self._upstream.pin_model(body)
        call = Call(
            call_id=new_id(),
            method=head.method.decode(),
            url=self.endpoint.base_url + target[len(self.prefix) :],
            headers=self._upstream.headers(head.headers),
            content=content,
            recorded=self._ledger.recorded(content.decode("utf-8", "replace")),
            model=model,
        )
        refusal = self.exhausted
        if refusal is not None:
            self.usage.refused += 1
            await self._ledger.record(call, 1, status=400, latency=0.0, error=refusal)
            await out.error(self.endpoint.provider, 400, refusal)
            return
        await self._upstream.forward(call, out)
