#!/bin/bash
# Purges on --purge alone in the non-interactive mode instead of refusing without --yes.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = '        if [ "$yes" -ne 1 ]; then'
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, '        if false; then'))
PY
bash /tmp/mutant-solve.sh
