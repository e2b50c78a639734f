#!/bin/bash
# Also merges cards that share only a full name, so two different Anna Müllers (and others) become one person.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old, new = 'for key in [("e", e) for e in c["EMAIL"]]', 'for key in [("n", c["FN"])] + [("e", e) for e in c["EMAIL"]]'
assert old in src, "patch did not apply"
src = src.replace(old, new)
for check in []:
    assert check in src, "check line missing"
    src = src.replace(check, "")
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
