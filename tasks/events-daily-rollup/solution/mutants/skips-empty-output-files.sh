#!/bin/bash
# Writes daily.jsonl and rejects.jsonl only when it has lines for them, so a run with nothing rejected (or nothing counted) leaves no file instead of an empty one.
set -euo pipefail
cp /solution/files/daily_summary.py /tmp/daily_summary.py
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/daily_summary.py")
s = p.read_text()
old_daily = '    with open(out / "daily.jsonl", "w", encoding="utf-8", newline="\\n") as fh:\n'
old_rej = '    with open(out / "rejects.jsonl", "w", encoding="utf-8", newline="\\n") as fh:\n'
assert old_daily in s and old_rej in s, "reference changed: patch does not apply"
s = s.replace(old_daily, '    with open(out / "daily.jsonl", "w", encoding="utf-8", newline="\\n") if groups else open("/dev/null", "w") as fh:\n')
s = s.replace(old_rej, '    with open(out / "rejects.jsonl", "w", encoding="utf-8", newline="\\n") if rejects else open("/dev/null", "w") as fh:\n')
p.write_text(s)
PY
install -D -m 0755 /tmp/daily_summary.py /app/bin/daily_summary.py
python3 /app/bin/daily_summary.py
python3 /app/tools/dashboard_check.py
