#!/bin/bash
# Groups events by the date as written in ts (the device's local date, ts[:10]) instead of the UTC date, so events near midnight land on the wrong day.
set -euo pipefail
cp /solution/files/daily_summary.py /tmp/daily_summary.py
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/daily_summary.py")
s = p.read_text()
old = '        day = parse_time(ev["ts"]).astimezone(timezone.utc).strftime("%Y-%m-%d")\n'
assert old in s, "reference changed: patch does not apply"
p.write_text(s.replace(old, '        day = ev["ts"][:10]\n'))
PY
install -D -m 0755 /tmp/daily_summary.py /app/bin/daily_summary.py
python3 /app/bin/daily_summary.py
python3 /app/tools/dashboard_check.py
