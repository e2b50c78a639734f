#!/bin/bash
# Compresses with `gzip -c f > f.gz`, then copies the time and removes f: the new .gz gets the default mode and root's owner, so a 0640 root:adm audit log becomes world-readable.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
old = '    if gzip -- "$f"; then\n'
new = '    if gzip -c -- "$f" > "$f.gz" && touch -r "$f" -- "$f.gz" && rm -f -- "$f"; then\n'
assert s.count(old) == 1, "mutant patch did not apply"
open("/tmp/solve-mutant.sh", "w").write(s.replace(old, new))
PY
bash /tmp/solve-mutant.sh
