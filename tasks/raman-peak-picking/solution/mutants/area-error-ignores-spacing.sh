#!/bin/bash
# Gives the area's error as sigma times the square root of the point count, forgetting the wavenumber spacing.
set -euo pipefail
cp /solution/peaks.py /tmp/peaks-mutant.py
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/peaks-mutant.py")
s = p.read_text()
old = '        area_err = float(sigma * np.sqrt(np.sum(w**2)))\n'
new = '        area_err = float(sigma * np.sqrt(len(xs)))\n'
assert old in s, "mutant patch did not apply"
p.write_text(s.replace(old, new))
PY
sed 's#/solution/peaks.py#/tmp/peaks-mutant.py#' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q /tmp/peaks-mutant.py /tmp/solve-mutant.sh || { echo "mutant patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
