#!/bin/bash
# Uploads the 2.0-1 entry to unstable, missing the correction that it goes to experimental first.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
old = "dfwarn (2.0-1) experimental;"
new = "dfwarn (2.0-1) unstable;"
assert s.count(old) == 1, old
p.write_text(s.replace(old, new))
PY
bash /tmp/solve-mutant.sh
