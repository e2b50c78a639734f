#!/bin/bash
# Resolves requirements.lock with the feature branch's version wherever both sides pin a package, so main's urllib3 security bump (2.2.2) goes back to 2.2.1; the relocked file still passes the project's own lock tests.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/solve.sh").read_text()
old = "if name not in pins or key(version) > key(pins[name]):"
assert old in s
Path("/tmp/mutant-solve.sh").write_text(s.replace(old, "if True:  # the later side (the feature's) wins"))
PY
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
