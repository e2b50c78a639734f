#!/bin/bash
# Keeps the pending (Umsatz vorgemerkt) card payments as bookings, so they show up as unmatched bank rows and in the totals.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old, new = 'if r["Info"].strip() != "Umsatz gebucht":', 'if r["Info"].strip() not in ("Umsatz gebucht", "Umsatz vorgemerkt"):'
assert old in src, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
