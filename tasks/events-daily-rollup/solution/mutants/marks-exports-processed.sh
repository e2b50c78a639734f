#!/bin/bash
# Appends a "processed" marker line to each plain .jsonl export after reading it, modifying the raw folder the collectors keep appending to.
set -euo pipefail
cp /solution/files/daily_summary.py /tmp/daily_summary.py
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/daily_summary.py")
s = p.read_text()
old = '    users = {}\n    with open(users_file, encoding="utf-8") as fh:\n'
assert old in s, "reference changed: patch does not apply"
mark = ('    for path in files:\n'
        '        if path.name.endswith(".jsonl"):\n'
        '            with open(path, "a", encoding="utf-8") as fh:\n'
        '                fh.write(dumps({"type": "heartbeat", "processed_by": "daily_summary"}) + "\\n")\n\n')
p.write_text(s.replace(old, mark + old))
PY
install -D -m 0755 /tmp/daily_summary.py /app/bin/daily_summary.py
python3 /app/bin/daily_summary.py
python3 /app/tools/dashboard_check.py
