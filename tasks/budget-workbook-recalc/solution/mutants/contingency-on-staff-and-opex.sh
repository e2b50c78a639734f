#!/bin/bash
# Keeps contingency on staff cost plus opex, missing the correction that it is charged on opex only.
set -euo pipefail
rm -rf /tmp/sol && cp -r /solution /tmp/sol
sed -i 's/f"=ROUND(D{r}\*Assumptions!\$B\$4,0)"/f"=ROUND((C{r}+D{r})*Assumptions!$B$4,0)"/' /tmp/sol/fix_budget.py
grep -q '(C{r}+D{r})\*Assumptions!\$B\$4' /tmp/sol/fix_budget.py
sed -i 's#/solution/fix_budget.py#/tmp/sol/fix_budget.py#' /tmp/sol/solve.sh
grep -q /tmp/sol/fix_budget.py /tmp/sol/solve.sh
bash /tmp/sol/solve.sh
