#!/bin/bash
# Reference solution: kvsh v1.0 and the store converted to JSON (the v0.3 original kept next to it).
set -euo pipefail
install -m 0755 /solution/kvsh.py /app/kvsh/kvsh.py
cd /app/kvsh && python3 -m pytest -q -p no:cacheprovider tests

# Keep the original before the in-place conversion (cp -n: an earlier backup wins).
cp -n /app/data/store.db /app/data/store.db.v0.3.bak
python3 /solution/convert_store.py /app/data/store.db
printf 'GET flag.klarna\nCOUNT on\nGET cust.1042.note\n' | python3 /app/kvsh/kvsh.py --db /app/data/store.db
python3 -c 'import json; print(len(json.load(open("/app/data/store.db"))), "keys")'
