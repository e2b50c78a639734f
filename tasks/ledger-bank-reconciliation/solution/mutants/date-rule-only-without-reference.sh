#!/bin/bash
# Applies the 3-day date rule only to entries without a reference, so entries whose reference the payer misspelled (RE2024-0313) stay unmatched.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old, new = '        if e["entry_id"] in match:\n            continue', '        if e["entry_id"] in match or e["ref"].strip():\n            continue'
assert old in src, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
