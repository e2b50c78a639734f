#!/bin/bash
# Declares a job dead only when attempts exceeds 5 (`>` instead of `>=`), so a job failing its fifth attempt is scheduled for a sixth.
set -euo pipefail
sed 's/elif job\["attempts"\] >= MAX_ATTEMPTS:/elif job["attempts"] > MAX_ATTEMPTS:/' /solution/deliver.py > /tmp/deliver.py
grep -q 'elif job\["attempts"\] > MAX_ATTEMPTS:' /tmp/deliver.py || { echo "mutant patch did not apply" >&2; exit 1; }
install -m 0755 /tmp/deliver.py /app/webhooks/deliver.py
spoolctl --spool /app/spool requeue --reason outage-2024-06-17 --exclude-tenant medvik-health
