#!/bin/bash
# Sorts descending with "ORDER BY key DESC, id DESC", so items that tie on price or name come in descending id order for sort=-price and sort=-name.
set -euo pipefail
cp /solution/handlers.py /tmp/handlers.py
python3 /solution/links.py /tmp/handlers.py
sed -i 's/    order = f"{SORT_KEYS\[key\]} {direction}, id ASC"/    order = f"{SORT_KEYS[key]} {direction}, id {direction}"/' /tmp/handlers.py
grep -q 'order = f"{SORT_KEYS\[key\]} {direction}, id {direction}"' /tmp/handlers.py || { echo "mutant patch did not apply" >&2; exit 1; }
install -m 0644 /tmp/handlers.py /app/inventory/handlers.py
cd /app && python3 -m pytest -q -p no:cacheprovider tests
