#!/bin/bash
# Converts only the first occurrence to UTC and adds whole weeks in UTC, so weekly meetings shift by an hour after a daylight-saving change.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/make_ics.py").read_text()
old = "            start = datetime(day.year, day.month, day.day, h, m, tzinfo=BERLIN)\n"
new = ("            start = (datetime(first.year, first.month, first.day, h, m, tzinfo=BERLIN).astimezone(timezone.utc)\n"
       "                     + timedelta(weeks=k - 1))\n")
assert old in src, "the reference make_ics.py changed: update this mutant"
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/make_ics.py").write_text(src.replace(old, new))
PY
chmod 0755 /app/bin/make_ics.py
python3 /app/bin/make_ics.py
cp /app/out/team.ics /srv/calendars/team/team.ics
