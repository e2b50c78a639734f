"""Truncating text for previews."""


def truncate(text, width, ellipsis="\u2026"):
    """Shorten ``text`` to at most ``width`` characters, marking the cut with ``ellipsis``."""
    if len(text) <= width:
        return text
    return text[:width] + ellipsis
