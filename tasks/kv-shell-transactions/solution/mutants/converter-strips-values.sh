#!/bin/bash
# Converts the old store with `key.strip()` / `value.strip()`, so values with meaningful leading or trailing spaces ("  prefers email") lose them.
set -euo pipefail
install -m 0755 /solution/kvsh.py /app/kvsh/kvsh.py
sed 's/    data\[key\] = value$/    data[key.strip()] = value.strip()/' /solution/convert_store.py > /tmp/convert_store.py
grep -q 'data\[key.strip()\] = value.strip()' /tmp/convert_store.py || { echo "mutant patch did not apply" >&2; exit 1; }
cp -n /app/data/store.db /app/data/store.db.v0.3.bak
python3 /tmp/convert_store.py /app/data/store.db
