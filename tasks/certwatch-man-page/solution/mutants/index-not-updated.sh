#!/bin/bash
# Installs the page but leaves the man database alone, so whatis and apropos do not know certwatch.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace("mandb -q\nwhatis certwatch\n", "")
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
