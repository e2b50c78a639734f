#!/bin/bash
# Leaves out the retry on another instance (option redispatch), so requests sent to an instance that just died fail until the health check notices.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [('\toption\tredispatch 1\n\tretries\t3\n', '')]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
