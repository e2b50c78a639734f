"""A scripted model behind a real HTTP/1.1 server on loopback.

The server speaks three wire protocols, each non-streaming and as SSE:
OpenAI Chat Completions (``/v1/chat/completions``, ``/chat/completions``),
OpenAI Responses (``/v1/responses``) and Anthropic Messages
(``/v1/messages``).  It runs its own event loop in a background thread, so it
answers while the test's loop is busy or blocked (a subprocess CLI, a sync
test) and it can be entered from sync and async code alike::

    async with FakeModelServer([Text("hello"), HttpError(429, retry_after=0.1)]) as server:
        ...  # point a client at server.openai_base_url or server.base_url
        assert server.requests[0].headers["authorization"] == "Bearer sk-test"

What the model says is scripted.  For each request the server takes, in order:

1. the first ``Rule`` whose pattern matches the last user turn (a user
   message or a tool result) and that has uses left;
2. else the next queued step (``steps``, then anything ``push``-ed);
3. else ``default``; without one the server answers 418 "script exhausted",
   which a client does not retry, so an unscripted call fails fast and loud.

A step is a ``Reply`` (or its shorthands ``Text`` / ``ToolCall``), an
``HttpError``, a ``Malformed`` body, a ``Delay`` before another step, a
``Drop`` of the connection, or a callable that gets the ``RecordedRequest``
and returns a step.  Token usage is counted in whitespace-separated words.
"""

from __future__ import annotations

import itertools
import json
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Literal, Self, TypeAlias

import anyio
import anyio.from_thread
import anyio.to_thread
import h11
import pytest
from anyio.abc import SocketAttribute, SocketStream, TaskStatus
from anyio.from_thread import BlockingPortal

__all__ = [
    "Api",
    "Call",
    "Delay",
    "Drop",
    "FakeModelServer",
    "HttpError",
    "Malformed",
    "RecordedRequest",
    "Reply",
    "Rule",
    "Step",
    "Text",
    "ToolCall",
    "count_tokens",
    "fake_model_server",
]

Api = Literal["chat", "responses", "messages"]


# ----------------------------------------------------------------- the script


@dataclass(frozen=True)
class Call:
    """One tool call inside a reply; ``arguments`` must be JSON-encodable."""

    name: str
    arguments: Mapping[str, Any] = field(default_factory=dict)
    id: str | None = None


@dataclass(frozen=True)
class Reply:
    """What the model answers: text, tool calls, or both.

    ``usage`` overrides the word-count estimate as ``(input, output)`` tokens.
    """

    text: str = ""
    calls: tuple[Call, ...] = ()
    usage: tuple[int, int] | None = None


def Text(text: str, *, usage: tuple[int, int] | None = None) -> Reply:
    """A plain text reply."""
    return Reply(text=text, usage=usage)


def ToolCall(
    name: str,
    arguments: Mapping[str, Any] | None = None,
    *,
    call_id: str | None = None,
    text: str = "",
    usage: tuple[int, int] | None = None,
) -> Reply:
    """A reply that calls one tool (after optional text)."""
    return Reply(text=text, calls=(Call(name, dict(arguments or {}), call_id),), usage=usage)


@dataclass(frozen=True)
class HttpError:
    """An error status with a provider-shaped error body.

    ``retry_after`` becomes the ``retry-after`` header (seconds, as given) and
    ``retry_after_ms`` the ``retry-after-ms`` header OpenAI also sends.
    ``body`` replaces the generated error body verbatim.
    """

    status: int
    message: str = ""
    retry_after: float | None = None
    retry_after_ms: int | None = None
    body: str | None = None


@dataclass(frozen=True)
class Malformed:
    """A body that is not what the protocol promises (default: truncated JSON)."""

    body: str = '{"id": "fake-broken", "choices": ['
    status: int = 200
    content_type: str = "application/json"


@dataclass(frozen=True)
class Delay:
    """Wait ``seconds`` (to trip client timeouts), then play ``then``."""

    seconds: float
    then: Step = Reply(text="(delayed reply)")


@dataclass(frozen=True)
class Drop:
    """Close the connection without sending a response."""


Step: TypeAlias = "Reply | HttpError | Malformed | Delay | Drop | Callable[[RecordedRequest], Step]"


@dataclass
class Rule:
    """Reply with ``reply`` when ``pattern`` is found in the last user turn.

    ``times`` limits how often the rule fires (None: always); ``api`` and
    ``model`` restrict it to one protocol or requested model.
    """

    pattern: str
    reply: Step
    times: int | None = None
    api: Api | None = None
    model: str | None = None

    def matches(self, request: RecordedRequest) -> bool:
        if self.times is not None and self.times <= 0:
            return False
        if self.api is not None and request.api != self.api:
            return False
        if self.model is not None and request.model != self.model:
            return False
        return re.search(self.pattern, request.last_user_text) is not None


# ------------------------------------------------------------ what was received


@dataclass(frozen=True)
class RecordedRequest:
    """One request as the server received it (header names lower-cased)."""

    method: str
    path: str
    headers: Mapping[str, str]
    body: Any  # the decoded JSON, None when the body was not JSON
    raw: bytes
    at: float  # time.monotonic() when the request was fully received

    @property
    def api(self) -> Api | None:
        path = self.path.split("?", 1)[0].rstrip("/")
        if path.endswith("/chat/completions"):
            return "chat"
        if path.endswith("/responses"):
            return "responses"
        if path.endswith("/messages"):
            return "messages"
        return None

    @property
    def stream(self) -> bool:
        return isinstance(self.body, dict) and self.body.get("stream") is True

    @property
    def model(self) -> str:
        model = self.body.get("model") if isinstance(self.body, dict) else None
        return model if isinstance(model, str) else "fake-model"

    @property
    def last_user_text(self) -> str:
        """Text of the last user turn (a user message or a tool result)."""
        turns = _input_turns(self.api, self.body)
        return turns[-1] if turns else ""

    @property
    def input_text(self) -> str:
        """All prompt text, system included, for the token estimate."""
        return "\n".join(_input_texts(self.api, self.body))


def count_tokens(text: str) -> int:
    """The fake's token estimate: whitespace-separated words."""
    return len(text.split())


def _texts(content: Any) -> list[str]:
    """Text inside a message ``content`` in any of the three protocols."""
    if isinstance(content, str):
        return [content]
    if isinstance(content, dict):
        content = [content]
    if not isinstance(content, list):
        return []
    out: list[str] = []
    for part in content:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, dict):
            for key in ("text", "output", "content"):
                out.extend(_texts(part.get(key)))
    return out


def _messages(api: Api | None, body: Any) -> list[dict[str, Any]]:
    if not isinstance(body, dict):
        return []
    raw = body.get("input") if api == "responses" else body.get("messages")
    if isinstance(raw, str):
        raw = [{"role": "user", "content": raw}]
    return [m for m in raw if isinstance(m, dict)] if isinstance(raw, list) else []


def _is_user_turn(message: Mapping[str, Any]) -> bool:
    return message.get("role") in ("user", "tool") or message.get("type") == "function_call_output"


def _input_turns(api: Api | None, body: Any) -> list[str]:
    return ["\n".join(_texts(m.get("content", m.get("output")))) for m in _messages(api, body) if _is_user_turn(m)]


def _input_texts(api: Api | None, body: Any) -> list[str]:
    texts: list[str] = []
    if isinstance(body, dict):
        texts += _texts(body.get("system")) + _texts(body.get("instructions"))
    for message in _messages(api, body):
        texts += _texts(message.get("content", message.get("output")))
    return texts


# ----------------------------------------------------------------- the server


class FakeModelServer(AbstractContextManager["FakeModelServer"]):
    """A scripted model on ``http://127.0.0.1:<ephemeral port>`` (see the module doc).

    Use as ``with`` or ``async with``; either way the server runs in its own
    thread and event loop and is stopped (connections closed) on exit.
    """

    def __init__(
        self,
        steps: Iterable[Step] = (),
        *,
        rules: Iterable[Rule] = (),
        default: Step | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        require_key: str | None = None,
        chunk_delay_sec: float = 0.0,
    ) -> None:
        self.host = host
        self.require_key = require_key
        self.chunk_delay_sec = chunk_delay_sec
        self.default = default
        self._requested_port = port
        self._port: int | None = None
        self._lock = threading.Lock()
        self._steps: deque[Step] = deque(steps)
        self._rules: list[Rule] = list(rules)
        self._requests: list[RecordedRequest] = []
        self._errors: list[str] = []
        self._in_flight = 0
        self._max_in_flight = 0
        self._ids = itertools.count(1)
        self._portal_cm: AbstractContextManager[BlockingPortal] | None = None
        self._portal: BlockingPortal | None = None

    # -- lifecycle

    def start(self) -> None:
        """Bind and serve in a background thread; returns once the port is open."""
        if self._portal is not None:
            raise RuntimeError("FakeModelServer is already running")
        self._portal_cm = anyio.from_thread.start_blocking_portal(name="fake-model-server")
        portal = self._portal_cm.__enter__()
        try:
            _, self._port = portal.start_task(self._serve)
        except BaseException as e:
            self._portal_cm.__exit__(type(e), e, e.__traceback__)
            self._portal_cm = None
            raise
        self._portal = portal

    def stop(self) -> None:
        """Close the listener and every open connection, and join the thread."""
        portal, portal_cm = self._portal, self._portal_cm
        self._portal = self._portal_cm = None
        if portal is None or portal_cm is None:
            return
        portal.call(portal.stop, True)
        portal_cm.__exit__(None, None, None)

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    async def __aenter__(self) -> Self:
        await anyio.to_thread.run_sync(self.start)
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await anyio.to_thread.run_sync(self.stop)

    # -- what tests use

    @property
    def port(self) -> int:
        if self._port is None:
            raise RuntimeError("FakeModelServer is not running; enter it with `with` or `async with`")
        return self._port

    @property
    def base_url(self) -> str:
        """The server root: an Anthropic base URL (clients add ``/v1/messages``)."""
        return f"http://{self.host}:{self.port}"

    @property
    def openai_base_url(self) -> str:
        """An OpenAI base URL (clients add ``/chat/completions`` or ``/responses``)."""
        return f"{self.base_url}/v1"

    def base_url_for(self, host: str) -> str:
        """The server root as reached through ``host`` (e.g. a container via the bridge gateway,
        with the server bound to ``host="0.0.0.0"``)."""
        return f"http://{host}:{self.port}"

    def push(self, *steps: Step) -> None:
        """Queue more steps after the ones already queued."""
        with self._lock:
            self._steps.extend(steps)

    def add_rule(self, rule: Rule) -> None:
        """Add a rule after the existing ones (earlier rules win)."""
        with self._lock:
            self._rules.append(rule)

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request received so far, in arrival order (a copy)."""
        with self._lock:
            return list(self._requests)

    @property
    def remaining_steps(self) -> int:
        with self._lock:
            return len(self._steps)

    @property
    def in_flight(self) -> int:
        return self._in_flight

    @property
    def max_in_flight(self) -> int:
        """The most requests that were being answered at the same time."""
        return self._max_in_flight

    @property
    def errors(self) -> list[str]:
        """Crashes inside the fake itself (a bug here, not in the client)."""
        with self._lock:
            return list(self._errors)

    # -- serving (in the server thread)

    async def _serve(self, *, task_status: TaskStatus[int]) -> None:
        listener = await anyio.create_tcp_listener(local_host=self.host, local_port=self._requested_port)
        async with listener:
            task_status.started(listener.extra(SocketAttribute.local_port))
            await listener.serve(self._connection)

    async def _connection(self, stream: SocketStream) -> None:
        try:
            async with stream:
                conn = h11.Connection(h11.SERVER)
                while await self._exchange(conn, stream):
                    conn.start_next_cycle()
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, ConnectionError):
            pass  # the client went away (a timeout, a test that is done): not our failure
        except Exception as e:  # the fake must never take the listener down
            with self._lock:
                self._errors.append(f"{type(e).__name__}: {e}")

    async def _exchange(self, conn: h11.Connection, stream: SocketStream) -> bool:
        """Answer one request; True when the connection can carry another."""
        received = await _read_request(conn, stream)
        if received is None:
            return False
        request = self._record(*received)
        self._in_flight += 1
        self._max_in_flight = max(self._max_in_flight, self._in_flight)
        try:
            if not await self._answer(conn, stream, request):
                return False
        finally:
            self._in_flight -= 1
        return conn.our_state is h11.DONE and conn.their_state is h11.DONE

    def _record(self, head: h11.Request, body: bytes) -> RecordedRequest:
        try:
            decoded = json.loads(body) if body else None
        except ValueError:
            decoded = None
        request = RecordedRequest(
            method=head.method.decode(),
            path=head.target.decode(),
            headers={k.decode().lower(): v.decode("latin-1") for k, v in head.headers},
            body=decoded,
            raw=body,
            at=time.monotonic(),
        )
        with self._lock:
            self._requests.append(request)
        return request

    async def _answer(self, conn: h11.Connection, stream: SocketStream, request: RecordedRequest) -> bool:
        """Send the response; False when the connection was dropped on purpose."""
        out = _Writer(conn, stream)
        if request.method == "GET" and request.path.rstrip("/").endswith("/models"):
            await out.json(200, {"object": "list", "data": [{"id": "fake-model", "object": "model"}]})
            return True
        if request.method != "POST" or request.api is None:
            await out.json(404, _error_body(None, 404, f"no route for {request.method} {request.path}"))
            return True
        if self.require_key is not None and _presented_key(request) != self.require_key:
            await out.json(401, _error_body(request.api, 401, "invalid api key"))
            return True
        step = self._next_step(request)
        while True:
            if isinstance(step, Delay):
                await anyio.sleep(step.seconds)
                step = step.then
            elif callable(step):
                step = step(request)
            else:
                break
        if isinstance(step, Drop):
            return False
        if isinstance(step, HttpError):
            await out.error(request.api, step)
        elif isinstance(step, Malformed):
            await out.raw(step.status, step.content_type, step.body.encode())
        else:
            await self._reply(out, request, step)
        return True

    def _next_step(self, request: RecordedRequest) -> Step:
        with self._lock:
            for rule in self._rules:
                if rule.matches(request):
                    if rule.times is not None:
                        rule.times -= 1
                    return rule.reply
            if self._steps:
                return self._steps.popleft()
            n = len(self._requests)
        if self.default is not None:
            return self.default
        return HttpError(
            418,
            f"fake model server: script exhausted at request #{n} ({request.path}); queue more steps or set a default",
        )

    async def _reply(self, out: _Writer, request: RecordedRequest, reply: Reply) -> None:
        api = request.api
        assert api is not None
        shape = _Shape(reply, request, next(self._ids))
        if not request.stream:
            body = {"chat": shape.chat, "responses": shape.responses, "messages": shape.messages}[api]()
            await out.json(200, body)
            return
        stream = {"chat": shape.chat_sse, "responses": shape.responses_sse, "messages": shape.messages_sse}
        await out.stream(stream[api](), self.chunk_delay_sec)


def _presented_key(request: RecordedRequest) -> str | None:
    if "x-api-key" in request.headers:
        return request.headers["x-api-key"]
    auth = request.headers.get("authorization", "")
    return auth[len("Bearer ") :] if auth.startswith("Bearer ") else None


async def _read_request(conn: h11.Connection, stream: SocketStream) -> tuple[h11.Request, bytes] | None:
    """The next request head and body, or None when the client closed the connection."""
    head: h11.Request | None = None
    body: list[bytes] = []
    while True:
        try:
            event = conn.next_event()
        except h11.RemoteProtocolError:
            return None
        if event is h11.NEED_DATA:
            try:
                data = await stream.receive(65536)
            except (anyio.EndOfStream, anyio.BrokenResourceError):
                data = b""
            conn.receive_data(data)
        elif isinstance(event, h11.Request):
            head = event
        elif isinstance(event, h11.Data):
            body.append(bytes(event.data))
        elif isinstance(event, h11.EndOfMessage) and head is not None:
            return head, b"".join(body)
        else:  # ConnectionClosed, PAUSED
            return None


class _Writer:
    """Writes one h11 response to the socket."""

    def __init__(self, conn: h11.Connection, stream: SocketStream) -> None:
        self._conn = conn
        self._stream = stream

    async def _send(self, event: h11.Event) -> None:
        data = self._conn.send(event)
        if data:
            await self._stream.send(data)

    async def raw(self, status: int, content_type: str, body: bytes, headers: Sequence[tuple[str, str]] = ()) -> None:
        all_headers = [("content-type", content_type), ("content-length", str(len(body))), *headers]
        await self._send(h11.Response(status_code=status, headers=all_headers))
        await self._send(h11.Data(data=body))
        await self._send(h11.EndOfMessage())

    async def json(self, status: int, body: Any, headers: Sequence[tuple[str, str]] = ()) -> None:
        await self.raw(status, "application/json", json.dumps(body).encode(), headers)

    async def error(self, api: Api, step: HttpError) -> None:
        headers: list[tuple[str, str]] = []
        if step.retry_after is not None:
            headers.append(("retry-after", f"{step.retry_after:g}"))
        if step.retry_after_ms is not None:
            headers.append(("retry-after-ms", str(step.retry_after_ms)))
        if step.body is not None:
            await self.raw(step.status, "application/json", step.body.encode(), headers)
        else:
            await self.json(step.status, _error_body(api, step.status, step.message), headers)

    async def stream(self, frames: Iterator[bytes], delay_sec: float) -> None:
        # No content-length: h11 sends the body with chunked transfer encoding.
        headers = [("content-type", "text/event-stream"), ("cache-control", "no-cache")]
        await self._send(h11.Response(status_code=200, headers=headers))
        for frame in frames:
            await self._send(h11.Data(data=frame))
            await anyio.sleep(delay_sec)
        await self._send(h11.EndOfMessage())


_OPENAI_ERRORS = {
    400: "invalid_request_error",
    401: "invalid_request_error",
    404: "invalid_request_error",
    429: "rate_limit_exceeded",
}
_ANTHROPIC_ERRORS = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    529: "overloaded_error",
}


def _error_body(api: Api | None, status: int, message: str) -> dict[str, Any]:
    message = message or f"fake model server: scripted HTTP {status}"
    if api == "messages":
        kind = _ANTHROPIC_ERRORS.get(status, "api_error")
        return {"type": "error", "error": {"type": kind, "message": message}}
    kind = _OPENAI_ERRORS.get(status, "server_error" if status >= 500 else "invalid_request_error")
    return {"error": {"message": message, "type": kind, "param": None, "code": None}}


# ------------------------------------------------------- the three wire shapes


def _pieces(text: str) -> list[str]:
    """Word-sized deltas that join back to exactly ``text``."""
    return re.findall(r"\S+\s*|\s+", text)


def _sse(data: Any, event: str | None = None) -> bytes:
    payload = data if isinstance(data, str) else json.dumps(data)
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {payload}\n\n".encode()


class _Shape:
    """One reply rendered in each protocol's response and stream shapes."""

    def __init__(self, reply: Reply, request: RecordedRequest, n: int) -> None:
        self.reply = reply
        self.request = request
        self.n = n
        self.model = request.model
        self.created = int(time.time())
        self.calls = [
            (c, c.id or f"call_fake{n}_{i}", json.dumps(dict(c.arguments))) for i, c in enumerate(reply.calls)
        ]
        if reply.usage is not None:
            self.tokens_in, self.tokens_out = reply.usage
        else:
            self.tokens_in = count_tokens(request.input_text)
            self.tokens_out = count_tokens(reply.text) + sum(count_tokens(a) for _, _, a in self.calls)

    # -- OpenAI Chat Completions

    def _chat_usage(self) -> dict[str, int]:
        return {
            "prompt_tokens": self.tokens_in,
            "completion_tokens": self.tokens_out,
            "total_tokens": self.tokens_in + self.tokens_out,
        }

    def _finish(self) -> str:
        return "tool_calls" if self.calls else "stop"

    def chat(self) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": self.reply.text or None, "refusal": None}
        if self.calls:
            message["tool_calls"] = [
                {"id": cid, "type": "function", "function": {"name": c.name, "arguments": args}}
                for c, cid, args in self.calls
            ]
        return {
            "id": f"chatcmpl-fake{self.n}",
            "object": "chat.completion",
            "created": self.created,
            "model": self.model,
            "system_fingerprint": "fp_fake",
            "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": self._finish()}],
            "usage": self._chat_usage(),
        }

    def chat_sse(self) -> Iterator[bytes]:
        options = self.request.body.get("stream_options") if isinstance(self.request.body, dict) else None
        with_usage = isinstance(options, dict) and options.get("include_usage") is True
        base: dict[str, Any] = {
            "id": f"chatcmpl-fake{self.n}",
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self.model,
            "system_fingerprint": "fp_fake",
        }
        if with_usage:
            base["usage"] = None

        def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
            choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
            return _sse({**base, "choices": [choice]})

        yield chunk({"role": "assistant", "content": "", "refusal": None})
        for piece in _pieces(self.reply.text):
            yield chunk({"content": piece})
        for i, (c, cid, args) in enumerate(self.calls):
            head = {"index": i, "id": cid, "type": "function", "function": {"name": c.name, "arguments": ""}}
            yield chunk({"tool_calls": [head]})
            for piece in _pieces(args):
                yield chunk({"tool_calls": [{"index": i, "function": {"arguments": piece}}]})
        yield chunk({}, self._finish())
        if with_usage:
            yield _sse({**base, "choices": [], "usage": self._chat_usage()})
        yield _sse("[DONE]")

    # -- OpenAI Responses

    def _message_item(self, status: str = "completed") -> dict[str, Any]:
        content = [{"type": "output_text", "text": self.reply.text, "annotations": [], "logprobs": []}]
        return {
            "type": "message",
            "id": f"msg_fake{self.n}",
            "status": status,
            "role": "assistant",
            "content": content if status == "completed" else [],
        }

    def _call_item(self, i: int, status: str = "completed") -> dict[str, Any]:
        c, cid, args = self.calls[i]
        return {
            "type": "function_call",
            "id": f"fc_fake{self.n}_{i}",
            "call_id": cid,
            "name": c.name,
            "arguments": args if status == "completed" else "",
            "status": status,
        }

    def _output(self) -> list[dict[str, Any]]:
        items = [self._message_item()] if self.reply.text or not self.calls else []
        return items + [self._call_item(i) for i in range(len(self.calls))]

    def responses(self, status: str = "completed") -> dict[str, Any]:
        body = self.request.body if isinstance(self.request.body, dict) else {}
        done = status == "completed"
        return {
            "id": f"resp_fake{self.n}",
            "object": "response",
            "created_at": self.created,
            "status": status,
            "error": None,
            "incomplete_details": None,
            "instructions": body.get("instructions"),
            "model": self.model,
            "output": self._output() if done else [],
            "parallel_tool_calls": True,
            "tool_choice": body.get("tool_choice", "auto"),
            "tools": body.get("tools", []),
            "usage": {
                "input_tokens": self.tokens_in,
                "output_tokens": self.tokens_out,
                "total_tokens": self.tokens_in + self.tokens_out,
                "input_tokens_details": {"cached_tokens": 0},
                "output_tokens_details": {"reasoning_tokens": 0},
            }
            if done
            else None,
        }

    def responses_sse(self) -> Iterator[bytes]:
        seq = itertools.count()

        def event(kind: str, **data: Any) -> bytes:
            return _sse({"type": kind, "sequence_number": next(seq), **data}, kind)

        yield event("response.created", response=self.responses("in_progress"))
        yield event("response.in_progress", response=self.responses("in_progress"))
        index = 0
        if self.reply.text or not self.calls:
            yield from self._responses_message_events(event, index)
            index += 1
        for i in range(len(self.calls)):
            yield from self._responses_call_events(event, index, i)
            index += 1
        yield event("response.completed", response=self.responses())

    def _responses_message_events(self, event: Callable[..., bytes], index: int) -> Iterator[bytes]:
        item_id = f"msg_fake{self.n}"
        where = {"item_id": item_id, "output_index": index, "content_index": 0}
        empty = {"type": "output_text", "text": "", "annotations": []}
        yield event("response.output_item.added", output_index=index, item=self._message_item("in_progress"))
        yield event("response.content_part.added", **where, part=empty)
        for piece in _pieces(self.reply.text):
            yield event("response.output_text.delta", **where, delta=piece, logprobs=[])
        yield event("response.output_text.done", **where, text=self.reply.text, logprobs=[])
        yield event("response.content_part.done", **where, part={**empty, "text": self.reply.text})
        yield event("response.output_item.done", output_index=index, item=self._message_item())

    def _responses_call_events(self, event: Callable[..., bytes], index: int, i: int) -> Iterator[bytes]:
        item = self._call_item(i)
        where = {"item_id": item["id"], "output_index": index}
        yield event("response.output_item.added", output_index=index, item=self._call_item(i, "in_progress"))
        for piece in _pieces(item["arguments"]):
            yield event("response.function_call_arguments.delta", **where, delta=piece)
        yield event("response.function_call_arguments.done", **where, name=item["name"], arguments=item["arguments"])
        yield event("response.output_item.done", output_index=index, item=item)

    # -- Anthropic Messages

    def _blocks(self) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = []
        if self.reply.text or not self.calls:
            blocks.append({"type": "text", "text": self.reply.text})
        for c, cid, _ in self.calls:
            blocks.append(
                {
                    "type": "tool_use",
                    "id": cid.replace("call_", "toolu_", 1),
                    "name": c.name,
                    "input": dict(c.arguments),
                }
            )
        return blocks

    def _stop_reason(self) -> str:
        return "tool_use" if self.calls else "end_turn"

    def messages(self) -> dict[str, Any]:
        return {
            "id": f"msg_fake{self.n}",
            "type": "message",
            "role": "assistant",
            "model": self.model,
            "content": self._blocks(),
            "stop_reason": self._stop_reason(),
            "stop_sequence": None,
            "usage": {"input_tokens": self.tokens_in, "output_tokens": self.tokens_out},
        }

    def messages_sse(self) -> Iterator[bytes]:
        start = {
            **self.messages(),
            "content": [],
            "stop_reason": None,
            "usage": {"input_tokens": self.tokens_in, "output_tokens": 1},
        }
        yield _sse({"type": "message_start", "message": start}, "message_start")
        yield _sse({"type": "ping"}, "ping")
        for index, block in enumerate(self._blocks()):
            yield from self._block_events(index, block)
        stop = {"stop_reason": self._stop_reason(), "stop_sequence": None}
        delta = {"type": "message_delta", "delta": stop, "usage": {"output_tokens": self.tokens_out}}
        yield _sse(delta, "message_delta")
        yield _sse({"type": "message_stop"}, "message_stop")

    def _block_events(self, index: int, block: dict[str, Any]) -> Iterator[bytes]:
        if block["type"] == "text":
            opening: dict[str, Any] = {"type": "text", "text": ""}
            deltas = [{"type": "text_delta", "text": p} for p in _pieces(block["text"])]
        else:
            opening = {**block, "input": {}}
            deltas = [
                {"type": "input_json_delta", "partial_json": p} for p in ["", *_pieces(json.dumps(block["input"]))]
            ]
        yield _sse({"type": "content_block_start", "index": index, "content_block": opening}, "content_block_start")
        for delta in deltas:
            yield _sse({"type": "content_block_delta", "index": index, "delta": delta}, "content_block_delta")
        yield _sse({"type": "content_block_stop", "index": index}, "content_block_stop")


# ---------------------------------------------------------------- the fixture


@pytest.fixture
def fake_model_server() -> Iterator[FakeModelServer]:
    """A running server with an empty script; tests ``push`` steps or ``add_rule``.

    Import it into a conftest (``from tests.fakes import fake_model_server``)
    to make it available to a test tree.  It is a sync fixture on purpose: the
    server has its own thread and loop, so it serves async and sync tests alike.
    """
    with FakeModelServer() as server:
        yield server
    assert server.errors == [], "the fake model server itself crashed"
