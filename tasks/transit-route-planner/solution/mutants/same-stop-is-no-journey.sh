#!/bin/bash
# Treats an origin equal to the destination as "no journey" (exit 1, None) instead of a 0-minute journey.
set -euo pipefail
install -m 0755 /solution/route.py /app/bin/route.py
python3 /solution/closures.py /app/bin/route.py
python3 - <<'PY'
from pathlib import Path
src = Path("/app/bin/route.py").read_text()
old = "    if origin == dest:\n        return (0, 0, (origin,), ())\n"
assert old in src, "the reference route.py changed: update this mutant"
Path("/app/bin/route.py").write_text(src.replace(old, "    if origin == dest:\n        return None\n"))
PY
chmod 0755 /app/bin/route.py
python3 /app/bin/route.py S01 S20
