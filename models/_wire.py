"""The providers' wire formats: OpenAI-shaped requests in, answers out, for OpenAI and Anthropic.

Requests are built in OpenAI's shape and translated for Anthropic's
Messages API; 2xx bodies of either are parsed into one ``Answer``; error
bodies and ``Retry-After`` headers are read the way both providers write them.
"""

from __future__ import annotations

import email.utils
import json
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from realcli.models._endpoint import Message, ParamValue, Provider

__all__ = [
    "Answer",
    "ModelToolCall",
    "UnusableResponseError",
    "anthropic_body",
    "error_detail",
    "parse_answer",
    "retry_after",
]

_ANTHROPIC_PARAMS = frozenset({"max_tokens", "temperature", "top_p", "top_k", "stop_sequences", "metadata"})
_ANTHROPIC_DEFAULT_MAX_TOKENS = 4096
DETAIL_CHARS = 300


@dataclass(frozen=True)
class ModelToolCall:
    """A tool the model asked to call; ``arguments`` is a JSON text, as OpenAI sends it."""

    id: str
    name: str
    arguments: str


@dataclass(frozen=True)
class Answer:
    """A usable chat answer, as parsed from a provider's 2xx body."""

    text: str
    tool_calls: tuple[ModelToolCall, ...]
    finish_reason: str | None
    model: str | None
    tokens_in: int
    tokens_out: int


class UnusableResponseError(Exception):
    """A 2xx body that is JSON but not a chat answer."""


def parse_answer(provider: Provider, data: Any) -> Answer:
    """A provider's chat response as an ``Answer``; raises ``UnusableResponseError`` when it is not one."""
    if not isinstance(data, dict):
        raise UnusableResponseError("response is not a JSON object")
    return _parse_anthropic(data) if provider == "anthropic" else _parse_openai(data)


def _parse_openai(data: dict[str, Any]) -> Answer:
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise UnusableResponseError("response has no choices")
    message = choices[0].get("message")
    if not isinstance(message, dict):
        raise UnusableResponseError("response choice has no message")
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
    return Answer(
        text=_text(message.get("content")),
        tool_calls=calls,
        finish_reason=choices[0].get("finish_reason"),
        model=data.get("model") if isinstance(data.get("model"), str) else None,
        tokens_in=_int(usage.get("prompt_tokens")),
        tokens_out=_int(usage.get("completion_tokens")),
    )


def _parse_anthropic(data: dict[str, Any]) -> Answer:
    blocks = data.get("content")
    if not isinstance(blocks, list):
        raise UnusableResponseError("response has no content")
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
    return Answer(
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


def anthropic_body(
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


def error_detail(text: str) -> str:
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
    return text[:DETAIL_CHARS] or "(empty body)"


def retry_after(headers: httpx.Headers) -> float | None:
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
