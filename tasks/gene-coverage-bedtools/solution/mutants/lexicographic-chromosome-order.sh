#!/bin/bash
# Sorts chromosomes as text (1, 10, 2, X) instead of in natural order.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace("sort -k1,1V -k2,2n /tmp/cov/coverage.txt", "sort -k1,1 -k2,2n /tmp/cov/coverage.txt")
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
