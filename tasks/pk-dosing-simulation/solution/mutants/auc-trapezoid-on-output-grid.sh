#!/bin/bash
# Computes the AUC with the trapezoidal rule over the quarter-hour output grid instead of integrating the continuous curve.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/simulate.py").read_text()
old = 'f"{r.auc():.4f}"'
new = 'f"{sum((b - a) * (x + y) / 2 for a, b, x, y in zip(grid, grid[1:], conc, conc[1:])):.4f}"'
assert old in src, "the reference simulate.py changed: update this mutant"
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/simulate.py").write_text(src.replace(old, new))
PY
chmod 0755 /app/bin/simulate.py
python3 /app/bin/simulate.py
