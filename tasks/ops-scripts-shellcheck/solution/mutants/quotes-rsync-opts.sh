#!/bin/bash
# Quotes "$RSYNC_OPTS" to make SC2086 go away, so rsync gets all its options as one argument.
set -euo pipefail
bash /solution/solve.sh
f=/app/ops/bin/sync-assets.sh
python3 -c "
import sys
p = sys.argv[1]
s = open(p).read()
old = '# shellcheck disable=SC2086 # RSYNC_OPTS holds several options: it must split into words\nrsync \$RSYNC_OPTS ./ \"\$dest/\"\n'
assert old in s, 'patch did not apply'
open(p, 'w').write(s.replace(old, 'rsync \"\$RSYNC_OPTS\" ./ \"\$dest/\"\n'))
" "$f"
grep -q 'rsync "\$RSYNC_OPTS"' "$f"
bash /app/ops/ci/lint.sh
