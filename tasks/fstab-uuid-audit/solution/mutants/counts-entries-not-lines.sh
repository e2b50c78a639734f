#!/bin/bash
# Numbers the findings by entry (skipping comments and blank lines) instead of by line of the file.
set -euo pipefail
cp /solution/fstab-fix /tmp/fstab-fix
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/fstab-fix")
s = p.read_text()
for old, new in [('    for lineno, raw in enumerate(open(fstab).read().splitlines(), 1):\n        stripped = raw.strip()\n        if not stripped or stripped.startswith("#"):\n            out.append(raw)\n            continue\n', '    lineno = 0\n    for raw in open(fstab).read().splitlines():\n        stripped = raw.strip()\n        if not stripped or stripped.startswith("#"):\n            out.append(raw)\n            continue\n        lineno += 1\n')]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
install -m 0755 /tmp/fstab-fix /app/storage/fstab-fix
/app/storage/fstab-fix /app/storage/fstab /app/storage/blkid.txt /app/storage/lsblk.json /app/storage/out
