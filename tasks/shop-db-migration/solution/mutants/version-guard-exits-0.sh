#!/usr/bin/env bash
# Treats a file that is not v1 as "nothing to do" and exits 0 instead of 1, so an already migrated file is reported as a successful migration.
set -euo pipefail
cd /app
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/migrate.py").read_text()
old = 'nothing changed", file=sys.stderr)\n        return 1\n'
assert old in src, "the reference migrate.py changed: update this mutant"
Path("/app/migrate.py").write_text(src.replace(old, old.replace("return 1", "return 0")))
PY
chmod 0755 /app/migrate.py
mkdir -p /app/backup
sqlite3 data/shop.db ".backup '/app/backup/shop-v1.db'"
rm -f /tmp/shop-rehearsal.db
sqlite3 data/shop.db ".backup '/tmp/shop-rehearsal.db'"
python3 migrate.py /tmp/shop-rehearsal.db
python3 migrate.py data/shop.db
