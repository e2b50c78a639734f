#!/bin/bash
# Notes a device error but carries on with the row's other commands and commits them, so a rejected row is half applied.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/solve.sh").read_text()
old = "            if {$::lasterror ne \"\"} break\n"
assert old in s
s = s.replace(old, "")
old2 = "        } elseif {$::lasterror ne \"\"} {"
assert old2 in s
s = s.replace(old2, "        } elseif {0} {")
old3 = "            if {$status eq \"ok\"} {\n                prompt $dev"
assert old3 in s
s = s.replace(old3, "            if {$::lasterror ne \"\"} { set status error; set detail $::lasterror }\n" + old3)
Path("/tmp/mutant-solve.sh").write_text(s)
PY
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
