"""Keep secrets out of anything realcli records or prints.

Model requests never carry the key in their body, but a response or an error
text may echo it (providers quote rejected keys, proxies echo headers), so
every text bound for an event or an error message goes through ``redact``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping

__all__ = ["REDACTED", "SECRET_ENV_SUFFIXES", "known_secrets", "redact"]

REDACTED = "[REDACTED]"

SECRET_ENV_SUFFIXES = ("_API_KEY", "_TOKEN", "_SECRET")

# Shorter values are too likely to be ordinary words ("1", "true") whose
# replacement would shred the text without protecting anything real.
_MIN_SECRET_LEN = 4

# Credential values in header or config form, whatever the quoting:
# `Authorization: Bearer x`, `"x-api-key": "x"`, `api_key=x`.  The value must
# look like a token so prose ("authorization: granted") is left alone.
_TOKEN = r"[A-Za-z0-9._~+/=-]{8,}"
_SCHEMED = re.compile(rf"""(?i)\b((?:proxy-)?authorization["']?\s*[:=]\s*["']?(?:bearer|basic|token)\s+){_TOKEN}""")
_BEARER = re.compile(r"(?i)\b(bearer\s+)[A-Za-z0-9._~+/=-]{12,}")
_KEYED = re.compile(rf"""(?i)\b((?:x-api-key|api[-_]?key)["']?\s*[:=]\s*["']?){_TOKEN}""")
# Provider key shapes (OpenAI `sk-...`, Anthropic `sk-ant-...`) that may come
# from keys we were never told about.
_KEY_SHAPES = re.compile(r"\bsk-[A-Za-z0-9_-]{16,}")


def redact(text: str, secrets: Iterable[str] = (), *, patterns: bool = True) -> str:
    """``text`` with every secret, credential header value and key-shaped token replaced.

    Each secret is also matched in its JSON-escaped form, so keys survive
    neither raw nor inside an encoded body.  ``patterns=False`` replaces the
    given secrets only (for text that is passed on, not just recorded).
    """
    for secret in _variants(secrets):
        text = text.replace(secret, REDACTED)
    if not patterns:
        return text
    text = _SCHEMED.sub(_keep_prefix, text)
    text = _KEYED.sub(_keep_prefix, text)
    text = _BEARER.sub(_keep_prefix, text)
    return _KEY_SHAPES.sub(REDACTED, text)


def known_secrets(keys: Iterable[str] = (), environ: Mapping[str, str] | None = None) -> frozenset[str]:
    """The given keys plus every environment value whose name marks it as a secret.

    A name marks a secret when it ends with one of ``SECRET_ENV_SUFFIXES``
    (``OPENAI_API_KEY``, ``GITHUB_TOKEN``, ``AWS_SECRET`` ...).
    """
    env = os.environ if environ is None else environ
    from_env = (v for k, v in env.items() if k.upper().endswith(SECRET_ENV_SUFFIXES))
    return frozenset(s for s in (*keys, *from_env) if len(s) >= _MIN_SECRET_LEN)


def _variants(secrets: Iterable[str]) -> list[str]:
    found: set[str] = set()
    for secret in secrets:
        if len(secret) < _MIN_SECRET_LEN:
            continue
        found.add(secret)
        found.add(json.dumps(secret)[1:-1])
    # Longest first, so a secret that contains another is replaced whole.
    return sorted(found, key=len, reverse=True)


def _keep_prefix(match: re.Match[str]) -> str:
    return match.group(1) + REDACTED
