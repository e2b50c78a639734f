#!/bin/bash
# Ships on a p-value below 0.05 alone, forgetting that the interval's lower bound must be above half a percentage point.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
old = 'elif test["p_value"] < 0.05 and test["ci_low"] > 0.005:'
new = 'elif test["p_value"] < 0.05:'
assert s.count(old) == 1, "stale patch"
open("/tmp/solve-mutant.sh", "w").write(s.replace(old, new))
PY
bash /tmp/solve-mutant.sh
