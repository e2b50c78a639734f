#!/bin/bash
# Refuses a closed origin or destination but still routes journeys through closed stops in between.
set -euo pipefail
install -m 0755 /solution/route.py /app/bin/route.py
python3 /solution/closures.py /app/bin/route.py
python3 - <<'PY'
from pathlib import Path
src = Path("/app/bin/route.py").read_text()
old = "            if nxt in closed:\n                continue\n"
assert old in src, "the reference route.py changed: update this mutant"
Path("/app/bin/route.py").write_text(src.replace(old, ""))
PY
chmod 0755 /app/bin/route.py
python3 /app/bin/route.py S01 S20
