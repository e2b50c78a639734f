#!/bin/bash
# Leaves a paper that is not in the folder out of the pack (and off the contents page) instead of putting a "Paper to follow" page in.
set -euo pipefail
cp /solution/build-pack.sh /tmp/build-pack.sh
python3 - <<'PY'
import re
p = "/tmp/build-pack.sh"
s = open(p).read()
old = """        python3 "$pages_py" placeholder "$part" "$item. $title"\n"""
assert old in s
s = s.replace(old, """        n=$((n - 1))\n        continue\n""")
open(p, "w").write(s)
PY
install -D -m 0755 /solution/pack_pages.py /app/bin/pack_pages.py
install -D -m 0755 /tmp/build-pack.sh /app/bin/build-pack.sh
/app/bin/build-pack.sh /app/board/2026-12 /app/out/board-pack-2026-12-10.pdf
