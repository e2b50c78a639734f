#!/bin/bash
# Shortens over-long slugs by cutting at max_length and stripping a trailing separator, so the last word is cut in half ("hello-w") instead of dropped.
set -euo pipefail
cd /app/slugkit
cp /solution/files/slugkit/core.py /tmp/core.py
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/core.py")
s = p.read_text()
old = '''    if slug[max_length] == separator:
        return slug[:max_length]
    cut = slug[:max_length]
    if separator in cut:
        return cut[: cut.rindex(separator)]
    return cut
'''
assert old in s, "reference changed: patch does not apply"
p.write_text(s.replace(old, "    return slug[:max_length].rstrip(separator)\n"))
PY
cp /tmp/core.py slugkit/core.py
cp /solution/files/CHANGELOG.md CHANGELOG.md
sed -i 's/^__version__ = "1.4.0"$/__version__ = "1.5.0"/' slugkit/__init__.py
sed -i 's/^version = "1.4.0"$/version = "1.5.0"/' pyproject.toml
python3 -m pytest -q -p no:cacheprovider
