#!/bin/bash
# Only filters samples that have a full 11-sample window, so spikes in the first and last five samples of a recording stay in.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/despike.py").read_text()
old = "    for i in range(n):\n        window = x[max(0, i - K): min(n, i + K + 1)]\n"
assert old in src, "the reference despike.py changed: update this mutant"
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/despike.py").write_text(src.replace(old, "    for i in range(K, n - K):\n        window = x[max(0, i - K): min(n, i + K + 1)]\n"))
PY
chmod 0755 /app/bin/despike.py
python3 /app/bin/despike.py
