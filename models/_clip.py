"""Long texts cut in the middle: model prompts, recorded bodies and error texts keep their head and tail."""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["clip_middle"]


def _chars_cut(cut: int) -> str:
    return f"...[{cut} chars cut]..."


def clip_middle(text: str, limit: int, marker: Callable[[int], str] = _chars_cut) -> str:
    """``text`` if it has at most ``limit`` characters, else its first and last ``limit // 2`` around a marker.

    ``marker(cut)`` is what stands for the ``cut`` characters left out (by default ``...[N chars cut]...``).
    """
    if len(text) <= limit:
        return text
    keep = limit // 2
    return f"{text[:keep]}{marker(len(text) - limit)}{text[len(text) - keep :]}"
