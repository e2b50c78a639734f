#!/bin/bash
# Drops the return rows instead of netting them, so parts with returns are forecast and ordered too high.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s2.replace('[WEEKS - 1 - age] += int(r["qty"])', '[WEEKS - 1 - age] += max(0, int(r["qty"]))')
assert '[WEEKS - 1 - age] += max(0, int(r["qty"]))' in s2
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
