#!/bin/bash
# Reference solution: repair a copy of the budget workbook one requirement at a time, then recalculate and export with ssconvert.
set -euo pipefail
wb=/app/out/fy2027-budget.xlsx
fix() { python3 /solution/fix_budget.py "$1" "$wb"; }
# The original stays as finance sent it: work on a copy.
mkdir -p /app/out && cp /app/budget/fy2027-budget.xlsx "$wb"
# The renamed sheet: Rates! references point at Assumptions.
fix sheet-refs
# Staff cost: FTE x salary x (1 + on-cost), absolute on-cost reference on every line, no pasted numbers.
fix staff-cost
# Opex amounts typed as text become numbers.
fix opex-amounts
# Opex Amount EUR: by currency, the rates from Assumptions.
fix opex-eur
# Department sums over the Staff and Opex lines, down to row 500.
fix dept-sums
# Overhead (no #REF!), contingency on opex only, total of all four.
fix overhead
# Variance and Variance %, "new" without a prior-year budget.
fix variance
# The TOTAL row over all eight departments.
fix total-row
# The FY2027 overhead rate.
fix overhead-rate
# Summary: largest department and the check as formulas.
fix summary
# Recalculate with Gnumeric and look for error values (ssconvert exits 0 even when cells are errors).
ssconvert --recalc "$wb" /tmp/recalc.xlsx 2>/dev/null
python3 -c "
from openpyxl import load_workbook
wb = load_workbook('/tmp/recalc.xlsx', data_only=True)
bad = [f'{ws.title}!{c.coordinate}={c.value}' for ws in wb for row in ws.iter_rows() for c in row if isinstance(c.value, str) and c.value.startswith('#')]
print('error cells after recalc:', bad or 'none')
print('Summary:', [[c.value for c in r] for r in wb['Summary'].iter_rows(min_row=3, max_row=7)])
raise SystemExit(1 if bad else 0)
"
# The summary export for the finance server, from the final workbook.
ssconvert --recalc -O 'sheet=Summary' "$wb" /app/out/summary.csv 2>/dev/null
cat /app/out/summary.csv
