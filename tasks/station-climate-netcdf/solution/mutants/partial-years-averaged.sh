#!/bin/bash
# Averages whatever months a year has, so the partial first and last years of an extract get a box mean instead of an empty value.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
assert 'if len(vals) == 12 else' in s, "stale patch"
s = s.replace('if len(vals) == 12 else', 'if vals else')
assert 'sum(vals) / 12' in s, "stale patch"
s = s.replace('sum(vals) / 12', 'sum(vals) / len(vals)')
open("/tmp/solve-mutant.sh", "w").write(s)
PY
bash /tmp/solve-mutant.sh
