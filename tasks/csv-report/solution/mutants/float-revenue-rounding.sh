#!/bin/bash
# Sums revenue in binary floating point and rounds with round(), so a half-cent total such as 10.485 comes out as 10.48 instead of 10.49.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/build_report.py").read_text()
for old, new in [
    ('return {r["currency"].strip().upper(): Decimal(r["eur_per_unit"].strip()) for r in csv.DictReader(f)}',
     'return {r["currency"].strip().upper(): float(r["eur_per_unit"].strip()) for r in csv.DictReader(f)}'),
    ("    totals = defaultdict(Decimal)\n", "    totals = defaultdict(float)\n"),
    ('        totals[key] += amount * rates[currency]\n', '        totals[key] += float(amount) * rates[currency]\n'),
    ('totals[(m, c)].quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))', "round(totals[(m, c)], 2))"),
]:
    assert old in src, "the reference build_report.py changed: update this mutant"
    src = src.replace(old, new)
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/build_report.py").write_text(src)
PY
chmod 0755 /app/bin/build_report.py
python3 /app/bin/build_report.py
