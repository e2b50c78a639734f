#!/bin/bash
# Keys the cache by the full request target, so ?v= and ?cb= variants of one object count as different objects.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace("k = $7; sub(/\\?.*/, \"\", k);", "k = $7;")
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
