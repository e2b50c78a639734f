#!/bin/bash
# Removes the background with a straight line between the spectrum's ends instead of following its curve.
set -euo pipefail
cp /solution/peaks.py /tmp/peaks-mutant.py
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/peaks-mutant.py")
s = p.read_text()
old = '    signal = y - baseline(x, y, sigma)\n'
new = '    signal = y - np.interp(x, [x[0], x[-1]], [np.mean(y[:20]), np.mean(y[-20:])])\n'
assert old in s, "mutant patch did not apply"
p.write_text(s.replace(old, new))
PY
sed 's#/solution/peaks.py#/tmp/peaks-mutant.py#' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q /tmp/peaks-mutant.py /tmp/solve-mutant.sh || { echo "mutant patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
