#!/bin/bash
# Leaves the main menu with whiptail's own status, so Esc exits 255 and Cancel exits 1 instead of 0.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = '        quit "Quit") || break\n'
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, '        quit "Quit") || exit $?\n'))
PY
bash /tmp/mutant-solve.sh
