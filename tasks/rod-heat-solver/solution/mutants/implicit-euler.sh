#!/bin/bash
# Steps in time with implicit (backward) Euler instead of Crank-Nicolson: stable, but first order in time.
set -euo pipefail
mkdir -p /app/heat
cp /solution/heat1d.py /app/heat/heat1d.py
python3 - <<'PY'
from pathlib import Path
p = Path("/app/heat/heat1d.py")
s = p.read_text()
for old, new in [("a = np.eye(n) - 0.5 * r * lap", "a = np.eye(n) - r * lap"),
                 ("b = np.eye(n) + 0.5 * r * lap", "b = np.eye(n)")]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
chmod 0755 /app/heat/heat1d.py
install -m 0755 /solution/convergence.py /app/heat/convergence.py
python3 /app/heat/convergence.py /app/heat/convergence.csv
(cd /tmp && python3 /app/heat/heat1d.py /app/rod/rod.json /app/heat/rod_final.csv)
