#!/bin/bash
# Deduplicates by keeping the first delivery of each event_id it reads, ignoring that a later received_at (a corrected re-delivery) should win.
set -euo pipefail
cp /solution/files/daily_summary.py /tmp/daily_summary.py
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/daily_summary.py")
s = p.read_text()
old = '            if obj["event_id"] not in latest or key >= latest[obj["event_id"]][:2]:\n'
assert old in s, "reference changed: patch does not apply"
p.write_text(s.replace(old, '            if obj["event_id"] not in latest:\n'))
PY
install -D -m 0755 /tmp/daily_summary.py /app/bin/daily_summary.py
python3 /app/bin/daily_summary.py
python3 /app/tools/dashboard_check.py
