#!/bin/bash
# Emits rel="next" when offset + limit <= total, so the last page (offset + limit equal to the total) still links to an empty page.
set -euo pipefail
cp /solution/handlers.py /tmp/handlers.py
python3 /solution/links.py /tmp/handlers.py
sed -i 's/    if offset + limit < total:/    if offset + limit <= total:/' /tmp/handlers.py
grep -q 'if offset + limit <= total:' /tmp/handlers.py || { echo "mutant patch did not apply" >&2; exit 1; }
install -m 0644 /tmp/handlers.py /app/inventory/handlers.py
cd /app && python3 -m pytest -q -p no:cacheprovider tests
