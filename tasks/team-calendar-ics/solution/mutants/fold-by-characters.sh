#!/bin/bash
# Folds long lines every 75 characters instead of 75 octets, so lines with umlauts or emoji exceed the limit.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/make_ics.py").read_text()
old = '        n = len(ch.encode("utf-8"))\n'
assert old in src, "the reference make_ics.py changed: update this mutant"
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/make_ics.py").write_text(src.replace(old, "        n = 1\n"))
PY
chmod 0755 /app/bin/make_ics.py
python3 /app/bin/make_ics.py
cp /app/out/team.ics /srv/calendars/team/team.ics
