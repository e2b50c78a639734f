#!/usr/bin/env bash
# Reference solution: install the summary builder as /app/build_summary.py and run it.
set -euo pipefail
install -m 0755 /solution/build_summary.py /app/build_summary.py
mkdir -p /app/out
python3 /app/build_summary.py /app/data/sales_q1.xlsx /app/out/q1_summary.xlsx
python3 - <<'PY'
import openpyxl
wb = openpyxl.load_workbook("/app/out/q1_summary.xlsx")
print("sheets:", wb.sheetnames)
for row in wb["By Region"].iter_rows(values_only=True):
    print("  ", row)
PY
sha256sum /app/data/sales_q1.xlsx
