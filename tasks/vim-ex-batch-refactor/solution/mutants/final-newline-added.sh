#!/bin/bash
# Leaves vim's fixendofline on, so a file without a final newline (conf/defaults.ini) gets one when the script writes it.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
assert 'set nofixendofline\n' in s, "stale patch"
s = s.replace('set nofixendofline\n', '')
open("/tmp/solve-mutant.sh", "w").write(s)
PY
bash /tmp/solve-mutant.sh
