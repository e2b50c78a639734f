#!/bin/bash
# Keeps the first small-district threshold (fewer than 5 customers) instead of the revised 10, so districts of 5 to 9 customers are shared by name.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = 'if counts[c["postcode_district"]] < 10:'
new = 'if counts[c["postcode_district"]] < 5:'
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
