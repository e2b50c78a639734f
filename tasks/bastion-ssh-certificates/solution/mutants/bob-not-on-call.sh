#!/bin/bash
# Keeps bob's first principals (bob only) instead of adding ops-oncall when he joined the on-call rota.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = '-I bob@corp -n bob,ops-oncall'
new = '-I bob@corp -n bob'
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
