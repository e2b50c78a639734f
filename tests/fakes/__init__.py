"""Test doubles for what realcli talks to but cannot run here: model endpoints.

Everything else in the tests is real (Docker, NATS, SQLite); the model is the
one thing faked, and even it is a real HTTP server on loopback.
"""

from .model_server import (
    Api,
    Call,
    Delay,
    Drop,
    FakeModelServer,
    HttpError,
    Malformed,
    RecordedRequest,
    Reply,
    Rule,
    Step,
    Text,
    ToolCall,
    count_tokens,
    fake_model_server,
)

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
