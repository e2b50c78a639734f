#!/bin/bash
# Writes the utc column with datetime.isoformat(), which leaves out the fraction on a whole second (2024-05-14T07:00:00Z instead of 2024-05-14T07:00:00.000000Z).
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/replay_limits.py").read_text()
old = 'ts.strftime("%Y-%m-%dT%H:%M:%S.%fZ")'
assert old in src, "the reference replay_limits.py changed: update this mutant"
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/replay_limits.py").write_text(src.replace(old, 'ts.replace(tzinfo=None).isoformat() + "Z"'))
PY
chmod 0755 /app/bin/replay_limits.py
python3 /app/bin/replay_limits.py
