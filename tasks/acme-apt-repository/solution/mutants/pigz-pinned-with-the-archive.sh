#!/bin/bash
# Leaves out the low default pin for the Acme archive, so our higher-versioned pigz rebuild wins over Debian's on every host.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
block = "Explanation: nothing from the Acme archive wins over Debian unless named below\nPackage: *\nPin: release o=Acme\nPin-Priority: 100\n\n"
assert block in s, "patch did not apply"
open("/tmp/mutant-solve.sh", "w").write(s.replace(block, ""))
PY
bash /tmp/mutant-solve.sh
