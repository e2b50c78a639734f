#!/bin/bash
# Counts allowed requests in the closed window [t - W, t], so a request exactly one window after an earlier one is rejected.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/replay_limits.py").read_text()
old = "        while q and q[0] <= start:"
assert old in src, "the reference replay_limits.py changed: update this mutant"
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/replay_limits.py").write_text(src.replace(old, "        while q and q[0] < start:"))
PY
chmod 0755 /app/bin/replay_limits.py
python3 /app/bin/replay_limits.py
