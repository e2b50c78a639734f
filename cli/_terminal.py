"""Text from a log made safe for a terminal: control characters and escape sequences are shown, never obeyed.

What a run records was written by parties realcli does not trust: a
sandbox's output, a stranger's task, a model's words, an imported archive.
Written raw to a terminal it could set the window title, clear the screen,
plant hyperlinks, move the cursor to overwrite what was printed, or (with
bidirectional overrides) read differently from what it is.  So, as the
viewer does for a page:

* colour and style sequences (``ESC [ ... m``, everywhere in tool output) are
  dropped: they only paint;
* every other control character, ESC included, is shown as its Unicode
  control picture (``␛``, ``␇``), so the rest of an escape sequence shows as
  plain text (``␛]0;title␇``) and the reader sees what was attempted;
* C1 controls and bidirectional overrides become U+FFFD; a lone carriage
  return (which could hide what a line said) is shown like the rest (``␍``);
  newlines (``\\r\\n`` included) and tabs stay.

``visible`` does it to text, ``json_safe`` to JSON text (the same data,
decoded), and ``SafeConsole`` to every string a Rich console prints, table
cells included.
"""

from __future__ import annotations

import re
from typing import Any, Final

from rich.console import Console
from rich.text import Text

__all__ = ["SafeConsole", "json_safe", "visible", "visible_text"]

_SGR: Final = re.compile(r"\x1b\[[0-9;:]*m")
_CONTROLS: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# What JSON encoders leave raw inside strings and a terminal may still act on (not JSON's own whitespace,
# which they always escape inside strings).
_JSON_RAW: Final = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # ␛ for ESC, ␇ for BEL, ␈ for backspace ...
    if code == 0x7F:
        return "\u2421"  # ␡
    return "\ufffd"


def visible(text: str, *, one_line: bool = False) -> str:
    """``text`` with nothing a terminal would obey: escapes and controls shown, colours dropped.

    ``one_line``: newlines are shown too (``␤``), so text cannot pass for lines of its own.
    """
    if "\r\n" in text:
        text = text.replace("\r\n", "\n")
    if _CONTROLS.search(text) is not None:
        text = _CONTROLS.sub(_picture, _SGR.sub("", text))
    return text.replace("\n", "\u2424") if one_line else text


def visible_text(text: str, style: str = "") -> Text:
    """``text`` as a Rich ``Text``: made visible, and never read as console markup (``[link=...]`` stays text)."""
    return Text(visible(text), style=style)


def json_safe(encoded: str) -> str:
    """JSON text whose strings carry no raw control character: each becomes its ``\\uXXXX`` escape.

    JSON encoders escape C0 controls but leave DEL, C1 controls and
    bidirectional overrides raw; escaped, the document decodes to the very same data.
    """
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", encoded)


class SafeConsole(Console):
    """A Rich console that makes every string it renders ``visible`` before reading any markup in it.

    Strings reach a console through ``print`` and as table cells; both pass
    here.  Rich ``Text`` built elsewhere does not: build it with ``visible_text``.
    """

    def render_str(self, text: str, **kwargs: Any) -> Text:
        """Render a string only after making it ``visible`` (no control character reaches the terminal, no markup is
        smuggled in)."""
        return super().render_str(visible(text), **kwargs)
