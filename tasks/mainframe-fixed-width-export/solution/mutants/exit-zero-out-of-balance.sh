#!/bin/bash
# Exits 0 whether or not the file balances against its trailer, so the night job never notices a short file.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s2.replace('return 0 if recon["balanced"] else 4', 'return 0')
assert 'return 0' in s2
s2 = s2.replace('/app/out || test $? -eq 4', '/app/out')
assert '/app/out' in s2
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
