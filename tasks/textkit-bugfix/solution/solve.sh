#!/bin/bash
# Reference solution: fix slugify (accents, max_length) and truncate (width), keep the API.
# One step per bug of the instruction.
set -euo pipefail
cd /app
# Bug 1, accents: transliterate (NFKD, combining marks dropped) before collapsing runs.
python3 - <<'PY'
from pathlib import Path

slug = Path("textkit/slug.py")
s = slug.read_text()
s = s.replace('"""URL slugs."""\nimport re\n', '"""URL slugs."""\nimport re\nimport unicodedata\n')
s = s.replace('''    slug = _collapse_runs(text.lower(), sep).strip(sep)
''', '''    # Transliterate: "é" -> "e" + combining accent, then drop what is not ASCII.
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = _collapse_runs(ascii_text.lower(), sep).strip(sep)
''')
slug.write_text(s)
PY
# Bug 2, max_length: cut, then strip whole separators (any sep) from both ends.
python3 - <<'PY'
from pathlib import Path

slug = Path("textkit/slug.py")
s = slug.read_text()
s = s.replace('''    slug = _collapse_runs(ascii_text.lower(), sep).strip(sep)
    if max_length is not None:
        slug = slug[:max_length]
    return slug
''', '''    slug = _strip_sep(_collapse_runs(ascii_text.lower(), sep), sep)
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
PY
# Bug 3, truncate width: the ellipsis counts towards width.
python3 - <<'PY'
from pathlib import Path

trim = Path("textkit/trim.py")
t = trim.read_text()
t = t.replace('''    if len(text) <= width:
        return text
    return text[:width] + ellipsis
''', '''    if len(text) <= width:
        return text
    keep = width - len(ellipsis)
    if keep < 0:
        # Not even the ellipsis fits.
        return ellipsis[:max(width, 0)]
    return text[:keep] + ellipsis
''')
trim.write_text(t)
PY
grep -q unicodedata textkit/slug.py && grep -q _strip_sep textkit/slug.py && grep -q 'keep = width' textkit/trim.py
python3 -m pytest -q -p no:cacheprovider tests
