"""The one stemmer realcli matches words by: the script linter, the authoring aligner and the fidelity audit.

It lives beside ``_errors`` because packages on every layer use it and none of
them owns it.
"""

from __future__ import annotations

from typing import Final

__all__ = ["stem"]

_SUFFIXES: Final = ("ingly", "edly", "ing", "ied", "ies", "ed", "es", "ly", "s")


def stem(word: str) -> str:
    """A crude stem of a lower-case word, the one realcli matches words by (the linter, the aligner and
    the fidelity audit): enough to match delete/deleting/deleted, verify/verified/verifies and
    pass/passes/passed.  One common suffix comes off (never the ``s`` of ``-ss``), then a final ``e``;
    a final ``i`` left by ``-ied``/``-ies`` becomes ``y``."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith("ss"):
                break
            word = word[: -len(suffix)] + ("y" if suffix in ("ied", "ies") else "")
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    if word.endswith("i"):
        word = word[:-1] + "y"
    return word
