#!/bin/bash
# Silences SC2034 in lib/config.sh with one directive above its first command, which covers the whole file.
set -euo pipefail
bash /solution/solve.sh
f=/app/ops/lib/config.sh
python3 -c "
import sys
p = sys.argv[1]
s = open(p).read()
d = '# shellcheck disable=SC2034 # read by the scripts that source this file\n'
assert s.count(d) == 4, 'patch did not apply'
s = s.replace(d, '')
old = ': \"\${BACKUP_ROOT:=/srv/backup}\"\n'
assert old in s, 'patch did not apply'
open(p, 'w').write(s.replace(old, d + old))
" "$f"
test "$(grep -c 'disable=SC2034' "$f")" = 1
bash /app/ops/ci/lint.sh
