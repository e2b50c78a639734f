#!/bin/bash
# Computes rms_az as the plain RMS of az, sqrt(mean(az^2)), not about the second's mean, so every level carries the 9.8 m/s2 of gravity.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/despike.py").read_text()
old = "rms = math.sqrt(sum((z - mean) ** 2 for z in zs) / len(zs))"
assert old in src, "the reference despike.py changed: update this mutant"
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/despike.py").write_text(src.replace(old, "rms = math.sqrt(sum(z ** 2 for z in zs) / len(zs))"))
PY
chmod 0755 /app/bin/despike.py
python3 /app/bin/despike.py
