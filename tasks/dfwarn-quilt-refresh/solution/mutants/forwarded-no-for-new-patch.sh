#!/bin/bash
# Marks the new Makefile patch Forwarded: no, missing that it was sent upstream as pull request 41.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
old = "Forwarded: https://github.com/dfwarn/dfwarn/pull/41"
new = "Forwarded: no"
assert s.count(old) == 1, old
p.write_text(s.replace(old, new))
PY
bash /tmp/solve-mutant.sh
