#!/bin/bash
# Picks the kept article by comparing the Published header as text, so 09:05+01:00 counts as later than 08:15Z although it is earlier.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = '    published = datetime.fromisoformat(headers["published"].replace("Z", "+00:00"))\n'
assert old in src, "patch did not apply"
src = src.replace(old, '    published = headers["published"]\n')
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
