"""What realcli never hands to a task: its own settings and credentials, and whatever looks like a secret.

A task is written by strangers, and its ``${VAR}`` templates name variables
of the host realcli runs on.  Two rules decide, whatever the user opted into:

* by name (``refusal``): realcli's own variables (``REALCLI_*``, and the
  ``OPENAI_*`` / ``ANTHROPIC_*`` ones it reads its model keys from), and any
  name with a word that marks a credential (``KEY``, ``TOKEN``, ``SECRET``,
  ``PASSWORD`` ...);
* by value (``secret_shape``): a value shaped like a provider's key or token,
  a private key, a URL with a password in it, or one that holds the value of
  a variable the first rule refuses (``MY_VAR=$OPENAI_API_KEY``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

__all__ = ["MIN_SECRET_LEN", "refusal", "secret_shape"]

# Shorter values are too likely to be ordinary words ("1", "true", "prod"):
# matching or redacting them would shred text without protecting anything.
MIN_SECRET_LEN: Final = 8

_OWN_PREFIXES: Final = ("REALCLI_", "OPENAI_", "ANTHROPIC_")
# A name's words (split at "_", trailing digits and a plural "S" dropped) that mark a credential.
_SECRET_WORDS: Final = frozenset(
    {
        "KEY",
        "APIKEY",
        "ACCESSKEY",
        "SECRETKEY",
        "PRIVATEKEY",
        "TOKEN",
        "AUTHTOKEN",
        "ACCESSTOKEN",
        "SECRET",
        "PASSWORD",
        "PASSWD",
        "PASSPHRASE",
        "PASS",
        "SSHPASS",
        "CREDENTIAL",
        "CRED",
        "AUTH",
        "OAUTH",
        "COOKIE",
        "PAT",
        "JWT",
        "BEARER",
        "DSN",
        "PRIVATE",
    }
)
# Values that are credentials whatever their variable is called.
_SHAPES: Final = (
    ("a provider API key", re.compile(r"\bsk-[A-Za-z0-9_-]{16,}")),
    ("a GitHub token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})")),
    ("a GitLab token", re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}")),
    ("a Slack token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}")),
    ("an AWS access key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("a Hugging Face token", re.compile(r"\bhf_[A-Za-z0-9]{30,}")),
    ("a Google API key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}")),
    ("a JSON web token", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.")),
    ("a private key", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----")),
    ("a URL with a password", re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^/\s:@]*:[^/\s@]+@")),
)


def _words(name: str) -> set[str]:
    words = set()
    for part in name.upper().split("_"):
        word = part.rstrip("0123456789")
        words.add(word)
        if word.endswith("S"):
            words.add(word[:-1])
    return words


def _secret_word(name: str) -> str | None:
    marked = sorted(_words(name) & _SECRET_WORDS)
    return marked[0] if marked else None


def refusal(name: str) -> str | None:
    """Why host variable ``name`` is never passed to a task, opted in or not; None when it may be."""
    if name.upper().startswith(_OWN_PREFIXES):
        return "belongs to realcli (its own settings and the model keys it uses)"
    word = _secret_word(name)
    if word is not None:
        return f"looks like a secret (its name says {word})"
    return None


def secret_shape(value: str, environ: Mapping[str, str]) -> str | None:
    """What makes ``value`` look like a secret (never the value itself), or None.

    ``environ`` is where the host's credentials are: a value that holds the
    value of a secret-named variable (``OPENAI_API_KEY``, ``REALCLI_NATS_TOKEN``
    ...) is refused whatever the variable passing it is called.
    """
    for what, pattern in _SHAPES:
        if pattern.search(value):
            return what
    for name, secret in environ.items():
        if len(secret) >= MIN_SECRET_LEN and secret in value and _secret_word(name) is not None:
            return f"the value of {name}"
    return None
