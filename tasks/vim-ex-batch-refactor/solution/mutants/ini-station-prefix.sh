#!/bin/bash
# Treats every section whose name starts with station ([station-groups], [stations]) as a station section and renames their poll_interval too.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
assert '\'^\\[station\\%( "[^"]*"\\)\\=\\]\\s*$\'' in s, "stale patch"
s = s.replace('\'^\\[station\\%( "[^"]*"\\)\\=\\]\\s*$\'', "'^\\[station'")
open("/tmp/solve-mutant.sh", "w").write(s)
PY
bash /tmp/solve-mutant.sh
