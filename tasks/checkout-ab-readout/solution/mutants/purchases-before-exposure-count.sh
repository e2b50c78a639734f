#!/bin/bash
# Counts every in-window purchase of an exposed user, also those made before the user's first exposure.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
old = 'orders = sum(1 for t in purchases.get(uid, []) if t >= first)'
new = 'orders = len(purchases.get(uid, []))'
assert s.count(old) == 1, "stale patch"
open("/tmp/solve-mutant.sh", "w").write(s.replace(old, new))
PY
bash /tmp/solve-mutant.sh
