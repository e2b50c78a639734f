#!/bin/bash
# Ignores renames.csv, so a renumbered part loses the history it had under its old number.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s2.replace('    while pid in renames and pid not in seen:', '    while False:')
assert '    while False:' in s2
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
