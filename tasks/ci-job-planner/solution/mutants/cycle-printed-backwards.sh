#!/bin/bash
# Prints the dependency cycle in the wrong direction (each job is listed before the job that needs it, not before the job it needs).
set -euo pipefail
install -m 0755 /solution/plan.py /app/plan.py
python3 /solution/cycles.py /app/plan.py
python3 - <<'PY'
from pathlib import Path

src = Path("/app/plan.py").read_text()
old = 'cycle = " -> ".join(ids[i] for i in e.args[0])'
assert old in src, "the reference plan.py changed: update this mutant"
Path("/app/plan.py").write_text(src.replace(old, 'cycle = " -> ".join(ids[i] for i in reversed(e.args[0]))'))
PY
chmod 0755 /app/plan.py
python3 /app/plan.py /app/examples/small.json --workers 2 > /tmp/small.out.json
