#!/bin/bash
# Repairs everything but leaves the pasted Staff cost of HR and Legal and the largest department as typed-in values, corrected to today's figures.
set -euo pipefail
bash /solution/solve.sh
python3 - <<'PY'
from openpyxl import load_workbook
values = load_workbook("/tmp/recalc.xlsx", data_only=True)
wb = load_workbook("/app/out/fy2027-budget.xlsx")
for coord in ("C3", "C6"):
    wb["Departments"][coord] = values["Departments"][coord].value
wb["Summary"]["B6"] = values["Summary"]["B6"].value
wb.save("/app/out/fy2027-budget.xlsx")
PY
ssconvert --recalc -O 'sheet=Summary' /app/out/fy2027-budget.xlsx /app/out/summary.csv 2>/dev/null
