#!/bin/bash
# Applies every record change but leaves the SOA serial at 2024051402, so the secondary never transfers the new zone.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
for old, new in [('2024061401  ; serial (YYYYMMDDnn) -- CHANGE-4711', '2024051402  ; serial (YYYYMMDDnn)')]:
    assert old in src, "patch did not apply: " + old
    src = src.replace(old, new)
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
