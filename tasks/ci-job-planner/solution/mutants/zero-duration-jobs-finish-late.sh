#!/bin/bash
# Treats a zero-duration job like any other running job: it finishes only after the other idle workers have been given jobs, not at once before the next pick.
set -euo pipefail
install -m 0755 /solution/plan.py /app/plan.py
python3 /solution/cycles.py /app/plan.py
python3 - <<'PY'
from pathlib import Path

src = Path("/app/plan.py").read_text()
old = """            if end == t:
                heapq.heappush(idle, worker)
                finish(job)
            else:
                heapq.heappush(running, (end, worker, job))
"""
assert old in src, "the reference plan.py changed: update this mutant"
Path("/app/plan.py").write_text(src.replace(old, "            heapq.heappush(running, (end, worker, job))\n"))
PY
chmod 0755 /app/plan.py
python3 /app/plan.py /app/examples/small.json --workers 2 > /tmp/small.out.json
