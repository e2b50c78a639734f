#!/bin/bash
# Shortens only by dropping whole words, so a first word longer than max_length leaves an empty slug (slugify("Supercalifragilistic", max_length=5) is "" instead of "super").
set -euo pipefail
cd /app/slugkit
cp /solution/files/slugkit/core.py /tmp/core.py
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/core.py")
s = p.read_text()
old = '''    if separator in cut:
        return cut[: cut.rindex(separator)]
    return cut
'''
assert old in s, "reference changed: patch does not apply"
p.write_text(s.replace(old, '''    if separator in cut:
        return cut[: cut.rindex(separator)]
    return ""
'''))
PY
cp /tmp/core.py slugkit/core.py
cp /solution/files/CHANGELOG.md CHANGELOG.md
sed -i 's/^__version__ = "1.4.0"$/__version__ = "1.5.0"/' slugkit/__init__.py
sed -i 's/^version = "1.4.0"$/version = "1.5.0"/' pyproject.toml
python3 -m pytest -q -p no:cacheprovider || true
