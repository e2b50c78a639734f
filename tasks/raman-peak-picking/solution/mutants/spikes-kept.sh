#!/bin/bash
# Skips the cosmic-ray despiking, so one- and two-point spikes are picked as peaks.
set -euo pipefail
cp /solution/peaks.py /tmp/peaks-mutant.py
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/peaks-mutant.py")
s = p.read_text()
old = '    y = despike(raw, sigma)\n'
new = '    y = raw\n'
assert old in s, "mutant patch did not apply"
p.write_text(s.replace(old, new))
PY
sed 's#/solution/peaks.py#/tmp/peaks-mutant.py#' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q /tmp/peaks-mutant.py /tmp/solve-mutant.sh || { echo "mutant patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
