#!/usr/bin/env bash
# Converts prices to cents with binary floating point (round(float(price) * 100)), so 1.005 becomes 100 cents instead of 101.
set -euo pipefail
cd /app
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/migrate.py").read_text()
old = "    return int((Decimal(str(value).strip()) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))\n"
assert old in src, "the reference migrate.py changed: update this mutant"
Path("/app/migrate.py").write_text(src.replace(old, "    return round(float(str(value).strip()) * 100)\n"))
PY
chmod 0755 /app/migrate.py
rm -f /tmp/shop-rehearsal.db
sqlite3 data/shop.db ".backup '/tmp/shop-rehearsal.db'"
python3 migrate.py /tmp/shop-rehearsal.db
python3 migrate.py data/shop.db
