#!/bin/bash
# Writes the current view (open transactions included) to --db at the end of the session, so uncommitted changes are persisted.
set -euo pipefail
sed 's/        save(args.db, store.data)/        save(args.db, store.view())/' /solution/kvsh.py > /tmp/kvsh.py
grep -q 'save(args.db, store.view())' /tmp/kvsh.py || { echo "mutant patch did not apply" >&2; exit 1; }
install -m 0755 /tmp/kvsh.py /app/kvsh/kvsh.py
cp -n /app/data/store.db /app/data/store.db.v0.3.bak
python3 /solution/convert_store.py /app/data/store.db
