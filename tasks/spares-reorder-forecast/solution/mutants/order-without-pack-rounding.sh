#!/bin/bash
# Orders the exact quantity (at least the minimum order) without rounding up to whole packs.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s2.replace('    return -(-q // pack) * pack', '    return q')
assert '    return q' in s2
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
