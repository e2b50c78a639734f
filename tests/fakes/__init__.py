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
from .user_models import HEDGE, UserModel, eager_user, faithful_user, hedging_user

__all__ = [
    "HEDGE",
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
    "UserModel",
    "count_tokens",
    "eager_user",
    "fake_model_server",
    "faithful_user",
    "hedging_user",
]
