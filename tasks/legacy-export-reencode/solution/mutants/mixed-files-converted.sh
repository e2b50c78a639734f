#!/bin/bash
# Never looks for UTF-8 lines in a file that is not UTF-8, so a log a Latin-1 system appended to is converted (its UTF-8 lines garbled) instead of refused.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old, new = '    if any(utf8(line) is not None and max(line, default=0) >= 0x80 for line in lines):\n', '    if False:\n'
assert old in src, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
