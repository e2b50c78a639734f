#!/bin/bash
# The event listener records every exit, expected ones (exit 0 or 78) too, so a deliberate stop raises an alert.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/solve.sh").read_text()
old = 'if state == "FATAL" or (state == "EXITED" and fields.get("expected") == "0"):'
assert old in s
Path("/tmp/mutant-solve.sh").write_text(s.replace(old, 'if state in ("FATAL", "EXITED"):'))
PY
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
