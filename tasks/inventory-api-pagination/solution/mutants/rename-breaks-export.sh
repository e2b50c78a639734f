#!/bin/bash
# Renames store.fetch_items to query_items in the service only, so the nightly export's `from inventory.store import fetch_items` fails with an ImportError.
set -euo pipefail
cp /solution/handlers.py /tmp/handlers.py
python3 /solution/links.py /tmp/handlers.py
sed -i 's/\bfetch_items\b/query_items/g' /tmp/handlers.py
grep -q 'store.query_items(conn)' /tmp/handlers.py || { echo "mutant patch did not apply" >&2; exit 1; }
install -m 0644 /tmp/handlers.py /app/inventory/handlers.py
sed -i 's/\bfetch_items\b/query_items/g' /app/inventory/store.py
grep -q 'def query_items' /app/inventory/store.py || { echo "mutant patch did not apply" >&2; exit 1; }
