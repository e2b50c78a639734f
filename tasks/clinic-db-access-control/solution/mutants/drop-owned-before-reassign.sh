#!/bin/bash
# Drops what intern_2023 owns before reassigning it, so the scratch table the policy keeps is gone with the role.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace("    REASSIGN OWNED BY intern_2023 TO migrator;\n    DROP OWNED BY intern_2023;\n", "    DROP OWNED BY intern_2023;\n    REASSIGN OWNED BY intern_2023 TO migrator;\n")
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
