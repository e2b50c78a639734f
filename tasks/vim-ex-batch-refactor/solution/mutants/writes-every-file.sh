#!/bin/bash
# Writes every text file with :write instead of :update, so files with nothing to change are rewritten (new mtime) on every run.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
assert '  update\nendfunction' in s, "stale patch"
s = s.replace('  update\nendfunction', '  write\nendfunction')
open("/tmp/solve-mutant.sh", "w").write(s)
PY
bash /tmp/solve-mutant.sh
