#!/bin/bash
# Appends the log redirection to every job, also to jobs that already send their output somewhere, so they lose their own redirection.
set -euo pipefail
mkdir -p /tmp/mutant
cp /solution/cronmig.py /tmp/mutant/cronmig.py
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/mutant/cronmig.py")
s = p.read_text()
for old, new in [('            if ">" not in line:\n', '            if True:\n')]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
mkdir -p /app/migration/backup
for u in $(ls /var/spool/cron/crontabs); do crontab -l -u "$u" > "/app/migration/backup/$u.crontab"; done
install -m 0755 /tmp/mutant/cronmig.py /app/migration/cronmig.py
install -m 0755 /solution/migrate.sh /app/migration/migrate.sh
/app/migration/migrate.sh
