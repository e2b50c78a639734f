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
from realcli.models._endpoint import Message, ModelEndpoint, ModelRejectedError, ModelUnavailableError, Secret
from realcli.models._gateway import PLACEHOLDER_KEY, GatewayError, GatewayLimits, ModelGateway
from realcli.models._local import DEFAULT_MODEL as DEFAULT_LOCAL_MODEL
from realcli.models._local import LocalModelServer
from realcli.models._local import resolve_model as resolve_local_model
from realcli.models._redact import REDACTED, known_secrets, redact

__all__ = [
    "clip_middle",
    "DEFAULT_LOCAL_MODEL",
    "PLACEHOLDER_KEY",
    "REDACTED",
    "ChatResult",
    "GatewayError",
    "GatewayLimits",
    "LocalModelServer",
    "Message",
    "ModelClient",
    "ModelEndpoint",
    "ModelGateway",
    "ModelRejectedError",
    "ModelUnavailableError",
    "Secret",
    "known_secrets",
    "redact",
    "resolve_local_model",
]
