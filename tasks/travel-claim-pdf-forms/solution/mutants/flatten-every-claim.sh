#!/bin/bash
# Flattens every claim, the pending ones too, so the approver can no longer sign them in the form.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
for old, new in [('            if status == "approved":\n                cmd.append("flatten")', '            cmd.append("flatten")'), ('set -euo pipefail\n', 'set -eu\n')]:
    assert src.count(old) == 1, "patch did not apply"
    src = src.replace(old, new)
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
