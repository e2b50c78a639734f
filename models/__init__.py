"""Models over HTTP: endpoints, the chat client, the gateway for installed agents, a local model server.

No containers and no actors: a model is an HTTP endpoint (OpenAI-compatible
or Anthropic).  ``ModelClient`` chats with one and reports every attempt as a
``ModelCalled`` event; ``ModelGateway`` forwards an installed agent's own
requests to one, adding the key on the way; ``LocalModelServer`` runs a real
small model on loopback (llama.cpp); ``redact`` keeps secrets out of whatever
is recorded or printed.
"""

from realcli.models._client import ChatResult, ModelClient
from realcli.models._clip import clip_middle
from realcli.models._endpoint import (
    ANTHROPIC_VERSION,
    PRICES_PER_MTOK,
    Message,
    ModelEndpoint,
    ModelRejectedError,
    ModelUnavailableError,
    OnCall,
    ParamValue,
    Provider,
    Purpose,
    Secret,
    endpoint_limiter,
)
from realcli.models._gateway import (
    PLACEHOLDER_KEY,
    GatewayError,
    GatewayLimits,
    GatewayUsage,
    ModelGateway,
)
from realcli.models._local import DEFAULT_MODEL as DEFAULT_LOCAL_MODEL
from realcli.models._local import LocalModel, LocalModelServer
from realcli.models._local import resolve_model as resolve_local_model
from realcli.models._redact import REDACTED, SECRET_ENV_SUFFIXES, known_secrets, redact
from realcli.models._wire import ModelToolCall

__all__ = [
    "clip_middle",
    "ANTHROPIC_VERSION",
    "DEFAULT_LOCAL_MODEL",
    "PLACEHOLDER_KEY",
    "PRICES_PER_MTOK",
    "REDACTED",
    "SECRET_ENV_SUFFIXES",
    "ChatResult",
    "GatewayError",
    "GatewayLimits",
    "GatewayUsage",
    "LocalModel",
    "LocalModelServer",
    "Message",
    "ModelClient",
    "ModelEndpoint",
    "ModelGateway",
    "ModelRejectedError",
    "ModelToolCall",
    "ModelUnavailableError",
    "OnCall",
    "ParamValue",
    "Provider",
    "Purpose",
    "Secret",
    "endpoint_limiter",
    "known_secrets",
    "redact",
    "resolve_local_model",
]
