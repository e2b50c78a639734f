#!/bin/bash
# Counts 206 range answers and 304s as cacheable requests alongside the 200s.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace("$9 == 200", "($9 == 200 || $9 == 206 || $9 == 304)")
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
