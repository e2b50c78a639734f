#!/bin/bash
# Leaves remain-on-exit off, so a crashing server or worker takes its pane and its error message with it.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [('    tm set-option -w -t "$S:run" remain-on-exit on\n', '')]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
