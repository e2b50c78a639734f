#!/bin/bash
# Keeps 01 as it was in 1.9 (only its date bumped) and checks with quilt's default fuzz, so 01 still needs fuzz and offsets on 2.0.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
old = 'quilt push --fuzz=1 01-etc-config-path.patch\nquilt refresh\n'
new = 'quilt push --fuzz=1 01-etc-config-path.patch\n'
assert s.count(old) == 1, old
s = s.replace(old, new)
check = "! grep -Eq 'offset|fuzz' <<<\"$out\"\n"
assert s.count(check) == 1, check
s = s.replace(check, "echo \"$out\"\n")
push = "quilt push -a --fuzz=0)"
assert s.count(push) == 1, push
p.write_text(s.replace(push, "quilt push -a)"))
PY
bash /tmp/solve-mutant.sh
