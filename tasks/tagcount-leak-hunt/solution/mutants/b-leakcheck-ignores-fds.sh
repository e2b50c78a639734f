#!/bin/bash
# make leakcheck trusts valgrind's --error-exitcode alone, which (valgrind 3.19) never counts descriptors, so a descriptor left open at exit passes the check.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/solve.sh").read_text()
start = s.index("\\tif [ \\$\\$rc -eq 0 ] && ! grep -q 'FILE DESCRIPTORS: 3 open'")
end = s.index("\\trm -rf \\$\\$tmp; exit \\$\\$rc")
s = s[:start] + s[end:]
Path("/tmp/mutant-solve.sh").write_text(s)
PY
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
