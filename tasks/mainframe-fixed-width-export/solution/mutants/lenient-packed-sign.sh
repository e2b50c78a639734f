#!/bin/bash
# Accepts every COMP-3 sign nibble from A to F (only D negative), so rates with a damaged sign nibble are loaded instead of rejected.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s2.replace('sign not in "cdf"', 'sign not in "abcdef"')
assert 'sign not in "abcdef"' in s2
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
