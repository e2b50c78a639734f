#!/bin/bash
# De-duplicates every identical booked row (as sort -u would), so the two equal charges inside the May export count as one booking.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old, new = 'if here[key] > most[key]:', 'if not most[key]:'
assert old in src, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
