#!/bin/bash
# Replays the requests in file order instead of time order, so the late-flushed +02:00 lines are judged out of sequence.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/replay_limits.py").read_text()
old = "    requests.sort(key=lambda r: (r[0], r[1]))\n"
assert old in src, "the reference replay_limits.py changed: update this mutant"
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/replay_limits.py").write_text(src.replace(old, ""))
PY
chmod 0755 /app/bin/replay_limits.py
python3 /app/bin/replay_limits.py
