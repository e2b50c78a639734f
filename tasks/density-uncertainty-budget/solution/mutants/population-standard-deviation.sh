#!/bin/bash
# Computes the Type A uncertainty from the population standard deviation (divisor n instead of n - 1).
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/density.py").read_text()
old = "    u_a = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.0\n"
assert old in src, "the reference density.py changed: update this mutant"
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/density.py").write_text(src.replace(old, "    u_a = math.sqrt(sum((v - mean) ** 2 for v in values) / n / n) if n > 1 else 0.0\n"))
PY
chmod 0755 /app/bin/density.py
python3 /app/bin/density.py
