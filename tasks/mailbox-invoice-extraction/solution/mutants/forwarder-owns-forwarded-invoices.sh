#!/bin/bash
# Files a forwarded invoice under the colleague who forwarded it (acme-wholesale.de) and the forward's date.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old, new = '            yield from pdfs(inner, inner)', '            yield from pdfs(inner, owner)'
assert old in src, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
