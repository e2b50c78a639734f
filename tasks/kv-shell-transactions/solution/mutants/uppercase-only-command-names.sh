#!/bin/bash
# Matches command names exactly as typed, so only upper-case commands work (set/Get/end are unknown commands).
set -euo pipefail
sed 's/    name = words\[0\].upper()/    name = words[0]/' /solution/kvsh.py > /tmp/kvsh.py
grep -q '^    name = words\[0\]$' /tmp/kvsh.py || { echo "mutant patch did not apply" >&2; exit 1; }
install -m 0755 /tmp/kvsh.py /app/kvsh/kvsh.py
cp -n /app/data/store.db /app/data/store.db.v0.3.bak
python3 /solution/convert_store.py /app/data/store.db
