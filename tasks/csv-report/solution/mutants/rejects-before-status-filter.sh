#!/bin/bash
# Validates date, amount and currency before checking the status, so cancelled or pending orders with bad fields end up in rejects.csv.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/build_report.py").read_text()
status = """        if rec["status"].lower() != "completed":
            continue
"""
currency = """        if currency not in rates:
            rejects.append((line, order_id, "unknown_currency"))
            continue
"""
assert status in src and currency in src, "the reference build_report.py changed: update this mutant"
src = src.replace(status, "").replace(currency, currency + status)
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/build_report.py").write_text(src)
PY
chmod 0755 /app/bin/build_report.py
python3 /app/bin/build_report.py
