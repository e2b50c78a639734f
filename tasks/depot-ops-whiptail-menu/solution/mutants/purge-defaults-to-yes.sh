#!/bin/bash
# Asks the purge question without --defaultno, so Enter right away (the Yes button) purges the package cache.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = '--title "Purge cache" --defaultno --yesno'
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, '--title "Purge cache" --yesno'))
PY
bash /tmp/mutant-solve.sh
