#!/usr/bin/env bash
# Applies the #,##0.00 number format with an off-by-one range, so the last row of each sheet (the TOTAL row, 2024-03, rank 5) keeps the General format.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/build_summary.py").read_text()
old = '    for r in range(2, ws.max_row + 1):\n        ws.cell(row=r, column=revenue_col).number_format = "#,##0.00"\n'
assert old in src, "the reference build_summary.py changed: update this mutant"
Path("/app/build_summary.py").write_text(
    src.replace(old, '    for r in range(2, ws.max_row):\n        ws.cell(row=r, column=revenue_col).number_format = "#,##0.00"\n'))
PY
mkdir -p /app/out
python3 /app/build_summary.py /app/data/sales_q1.xlsx /app/out/q1_summary.xlsx
