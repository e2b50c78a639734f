"""Making log text safe to put on a page: no terminal escapes, no control characters, no secrets.

Everything an agent prints is untrusted.  The browser side renders text with
``textContent`` only (never as markup) under a Content-Security-Policy with no
inline script, so a ``<script>`` in agent output is just text.  What is left
to do here is what a browser would not do for us:

* ANSI/VT escape sequences (colours, cursor moves, OSC hyperlinks and window
  titles) are removed; a lone ESC or any other control character is shown as
  its Unicode control picture (``␛``), so nothing invisible reaches the page;
* bidirectional overrides, which can make text read differently from what it
  is ("Trojan Source"), are replaced with U+FFFD;
* secrets: the log is redacted when it is written, and the viewer redacts
  again, as a second line, every value of a secret-named environment variable
  of its own process and anything shaped like a provider key.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

__all__ = ["REDACTED", "Sanitizer", "secrets_from_env"]

REDACTED: Final = "[REDACTED]"
SECRET_ENV_SUFFIXES: Final = ("_API_KEY", "_TOKEN", "_SECRET", "_PASSWORD")
_MIN_SECRET_LEN: Final = 6

# CSI (ESC [ ... final), OSC (ESC ] ... BEL or ST), DCS/SOS/PM/APC strings (ESC P/X/^/_ ... ST),
# two-character escapes (ESC + one byte), and the 8-bit CSI / OSC introducers.
_ESCAPES: Final = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"
    r"|\x1b[ -/]*[0-~]"
    r"|\x9b[0-?]*[ -/]*[@-~]"
    r"|\x9d[^\x07\x1b\x9c]*(?:\x07|\x9c)?"
)
# What may remain after the escapes are gone and must still not reach the page.
_CONTROLS: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_KEY_SHAPES: Final = re.compile(r"\bsk-[A-Za-z0-9_-]{16,}")


def _picture(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # the control picture: ␛ for ESC, ␇ for BEL
    if code == 0x7F:
        return "\u2421"
    return "\ufffd"


def secrets_from_env(environ: Mapping[str, str] | None = None) -> frozenset[str]:
    """Values of environment variables whose names mark them as secrets (``*_API_KEY``, ``*_TOKEN`` ...)."""
    env = os.environ if environ is None else environ
    return frozenset(v for k, v in env.items() if k.upper().endswith(SECRET_ENV_SUFFIXES) and len(v) >= _MIN_SECRET_LEN)


class Sanitizer:
    """Cleans every string of a JSON-ready structure before it leaves the server."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        # Longest first, so a secret that contains another is replaced whole.
        self._secrets = sorted({s for s in secrets if len(s) >= _MIN_SECRET_LEN}, key=len, reverse=True)

    def text(self, value: str) -> str:
        """``value`` without escapes, control characters or secrets; newlines and tabs are kept."""
        if "\r" in value:
            value = value.replace("\r\n", "\n").replace("\r", "\n")
        if _CONTROLS.search(value) is not None:
            value = _CONTROLS.sub(_picture, _ESCAPES.sub("", value))
        for secret in self._secrets:
            if secret in value:
                value = value.replace(secret, REDACTED)
        if "sk-" in value:
            value = _KEY_SHAPES.sub(REDACTED, value)
        return value

    def tree(self, value: Any) -> Any:
        """A copy of a JSON-ready value with every string (keys too) cleaned."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {self.text(k) if isinstance(k, str) else k: self.tree(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.tree(v) for v in value]
        return value
