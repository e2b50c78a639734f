#!/bin/bash
# Writes the calendar header without the X-WR-CALNAME:Team meetings line, so calendar apps show the feed without its name.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/make_ics.py").read_text()
old = '"CALSCALE:GREGORIAN",\n          "X-WR-CALNAME:Team meetings"]'
assert old in src, "the reference make_ics.py changed: update this mutant"
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/make_ics.py").write_text(src.replace(old, '"CALSCALE:GREGORIAN"]'))
PY
chmod 0755 /app/bin/make_ics.py
python3 /app/bin/make_ics.py
cp /app/out/team.ics /srv/calendars/team/team.ics
python3 /app/tools/check_feed.py
