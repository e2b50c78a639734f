#!/bin/bash
# Calls _init_completion without -s, so --env=VALUE gets no environment names and the words after it are miscounted.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace("_init_completion -s || return", "_init_completion || return").replace("    $split && return\n", "")
assert "$split" not in s2
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
