#!/bin/bash
# Trusts the defaults of -u NONE (no \C, no noignorecase or nogdefault) and never tries the team's vimrc, under which GET_LEVEL is renamed too.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
assert 'set noignorecase nosmartcase nogdefault nojoinspaces\n' in s, "stale patch"
s = s.replace('set noignorecase nosmartcase nogdefault nojoinspaces\n', '')
assert "'\\C\\<" in s, "stale patch"
s = s.replace("'\\C\\<", "'\\<")
assert '-u tools/team.vimrc' in s, "stale patch"
s = s.replace('-u tools/team.vimrc', '-u NONE')
open("/tmp/solve-mutant.sh", "w").write(s)
PY
bash /tmp/solve-mutant.sh
