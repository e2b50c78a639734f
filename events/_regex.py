"""Regular expressions in scripts and rules: Python ``re``, searched, compiled once."""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["compile_regex", "regex_error"]


@lru_cache(maxsize=512)
def compile_regex(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled (cached: judges and linters see the same patterns over and over); raises ``re.error``."""
    return re.compile(pattern)


def regex_error(pattern: str) -> str | None:
    """Why ``pattern`` does not compile, or None when it does."""
    try:
        compile_regex(pattern)
    except re.error as e:
        return str(e)
    return None
