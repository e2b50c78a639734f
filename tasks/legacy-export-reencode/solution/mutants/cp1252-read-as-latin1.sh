#!/bin/bash
# Reads every file that is not UTF-8 as Latin-1, so the newsletter's smart quotes, euro signs and dashes (0x80-0x9F) become C1 control characters.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old, new = '    if any(0x80 <= b <= 0x9F for b in raw):\n        return "cp1252", raw.decode("cp1252")\n', ''
assert old in src, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
