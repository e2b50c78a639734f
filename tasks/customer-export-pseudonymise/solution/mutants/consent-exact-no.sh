#!/bin/bash
# Leaves out only customers whose share_consent is exactly "no", so the ones the CRM wrote as No, NO or with a space are shared.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = 'shared = [c for c in customers if c["share_consent"].strip().lower() != "no"]'
new = 'shared = [c for c in customers if c["share_consent"] != "no"]'
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
