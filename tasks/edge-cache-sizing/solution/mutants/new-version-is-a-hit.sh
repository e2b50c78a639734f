#!/bin/bash
# Treats a request for a cached key as a hit even when the object came back with another size (a new version).
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace("if cache.get(key) == size:", "if key in cache:")
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
