#!/bin/bash
# Documents each option by its long form only, so -c, -d, -t, -j, -q, -h and -V are missing from OPTIONS.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
import re
s2 = re.sub(r"\.BR \\-[a-zA-Z] \", \" (\\-\\-[a-z]+)", r".B \1", s)
assert s2.count(".B \\-\\-") >= 7
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
