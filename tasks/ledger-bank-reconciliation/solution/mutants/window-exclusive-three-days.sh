#!/bin/bash
# Reads 'at most 3 days' as strictly less than 3 days, so entries booked exactly 3 days from their date stay unmatched.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old, new = '<= WINDOW]', '< WINDOW]'
assert old in src, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
