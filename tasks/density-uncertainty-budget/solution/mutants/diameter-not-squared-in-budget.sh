#!/bin/bash
# Propagates the diameter's relative uncertainty without the factor 2 that the d^2 in the density formula requires.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/density.py").read_text()
old = "(2 * ud / d) ** 2"
assert old in src, "the reference density.py changed: update this mutant"
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/density.py").write_text(src.replace(old, "(ud / d) ** 2"))
PY
chmod 0755 /app/bin/density.py
python3 /app/bin/density.py
