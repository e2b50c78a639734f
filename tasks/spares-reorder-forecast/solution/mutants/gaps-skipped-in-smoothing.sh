#!/bin/bash
# Skips the weeks without demand (shutdowns, gaps) when smoothing instead of counting them as zero, so the level runs high.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s2.replace('    for q in w[1:]:\n        lv = ALPHA', '    for q in w[1:]:\n        if not q:\n            continue\n        lv = ALPHA')
assert '    for q in w[1:]:\n        if not q:\n            continue\n        lv = ALPHA' in s2
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
