#!/bin/bash
# Treats a record as a duplicate when any earlier record had its txn id, even one that was itself rejected, so a sound record whose first copy had a bad date is lost.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s2.replace('        if bad:\n            rejects.append', '        if bad and rec[:1] == b"\\xc4" and F.zoned(rec[1:11], False) is not None:\n            seen.add(F.zoned(rec[1:11], False))\n        if bad:\n            rejects.append')
assert '        if bad and rec[:1] == b"\\xc4" and F.zoned(rec[1:11], False) is not None:\n            seen.add(F.zoned(rec[1:11], False))\n        if bad:\n            rejects.append' in s2
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
