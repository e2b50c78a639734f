#!/bin/bash
# Looks for rm or tran usb on the partition itself only, so partitions of a USB disk (tran is set on the disk) get no nofail.
set -euo pipefail
cp /solution/fstab-fix /tmp/fstab-fix
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/fstab-fix")
s = p.read_text()
for old, new in [('            rem = parent_removable or bool(d.get("rm")) or d.get("tran") == "usb"\n', '            rem = bool(d.get("rm")) or d.get("tran") == "usb"\n')]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
install -m 0755 /tmp/fstab-fix /app/storage/fstab-fix
/app/storage/fstab-fix /app/storage/fstab /app/storage/blkid.txt /app/storage/lsblk.json /app/storage/out
