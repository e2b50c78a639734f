#!/usr/bin/env bash
# Converts Unix-second timestamps with datetime.fromtimestamp() and no time zone, i.e. in the machine's local time instead of UTC.
set -euo pipefail
cd /app
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/migrate.py").read_text()
old = "        t = dt.datetime.fromtimestamp(int(text), dt.UTC).replace(tzinfo=None)\n"
assert old in src, "the reference migrate.py changed: update this mutant"
Path("/app/migrate.py").write_text(src.replace(old, "        t = dt.datetime.fromtimestamp(int(text))\n"))
PY
chmod 0755 /app/migrate.py
rm -f /tmp/shop-rehearsal.db
sqlite3 data/shop.db ".backup '/tmp/shop-rehearsal.db'"
python3 migrate.py /tmp/shop-rehearsal.db
python3 migrate.py data/shop.db
