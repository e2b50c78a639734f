#!/bin/bash
# Clears the old retained messages by deleting mosquitto.db, so the retained setpoints and last values that had to stay are gone too.
set -euo pipefail
python3 - /solution/solve.sh /tmp/mutant-solve.sh <<'PY'
import sys
src = open(sys.argv[1]).read()
start = src.index('admin_pw=$(')
end = src.index('test "$left" = 0')
cut = src[:start] + '''pid=$(cat /run/mosquitto/mosquitto.pid)
kill "$pid"
for _ in $(seq 1 100); do [ -e /proc/"$pid" ] || break; sleep 0.2; done
rm -f /var/lib/mosquitto/mosquitto.db
mosquitto -c /etc/mosquitto/mosquitto.conf -d
'''
open(sys.argv[2], "w").write(cut)
PY
if ! grep -q 'rm -f /var/lib/mosquitto/mosquitto.db' /tmp/mutant-solve.sh || grep -q 'retained-only' /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
