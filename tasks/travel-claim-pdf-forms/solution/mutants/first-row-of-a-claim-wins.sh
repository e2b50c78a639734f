#!/bin/bash
# Keeps the first row of a claim number, so HR's corrections (later rows) are ignored.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = '            last[row["claim_no"]] = row'
new = '            last.setdefault(row["claim_no"], row)'
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
