#!/bin/bash
# Reference solution: the fleet under supervisord (Debian's package): four workers and the
# scheduler in one group, restarts only on unexpected exits with a start check and retries, a
# graceful SIGINT drain with a grace period, the helper stopped and killed with its worker's
# process group, rotated logs per process, and an event listener that records crashes.
set -euo pipefail

# 1. The log folder.
mkdir -p /var/log/fleet

# 2. The event listener: one line per unexpected exit or FATAL, the protocol spoken exactly.
cat > /app/fleet/alerts.py <<'PY'
"""supervisord event listener: records unexpected exits and FATAL processes in /var/log/fleet/alerts.log."""

import sys
import time

LOG = "/var/log/fleet/alerts.log"


def main():
    while True:
        sys.stdout.write("READY\n")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            return
        header = dict(token.split(":", 1) for token in line.split())
        payload = sys.stdin.read(int(header["len"]))
        fields = dict(token.split(":", 1) for token in payload.split("\n", 1)[0].split())
        state = header["eventname"].replace("PROCESS_STATE_", "")
        if state == "FATAL" or (state == "EXITED" and fields.get("expected") == "0"):
            stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
            with open(LOG, "a", encoding="utf-8") as f:
                f.write(f"{stamp} {state} {fields['groupname']}:{fields['processname']} pid={fields.get('pid', '-')}\n")
        sys.stdout.write("RESULT 2\nOK")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
PY

# 3. The workers: four processes, restart only when the exit was unexpected, drain on SIGINT.
cat > /etc/supervisor/conf.d/fleet.conf <<'CONF'
; the render fleet (see /app/fleet/README.md)

[program:worker]
command=python3 /app/fleet/worker.py --id %(process_num)d
process_name=%(program_name)s-%(process_num)02d
numprocs=4
directory=/app/fleet
user=fleet
environment=QUEUE_DIR="/srv/fleet/queue",PYTHONUNBUFFERED="1"
autostart=true
autorestart=unexpected
exitcodes=0,78
startsecs=5
startretries=4
stopsignal=INT
stopwaitsecs=30
stopasgroup=true
killasgroup=true
redirect_stderr=false
stdout_logfile=/var/log/fleet/%(program_name)s-%(process_num)02d.log
stdout_logfile_maxbytes=1MB
stdout_logfile_backups=5
stderr_logfile=/var/log/fleet/%(program_name)s-%(process_num)02d.err
stderr_logfile_maxbytes=256KB
stderr_logfile_backups=3
CONF

# 4. The scheduler (always restarted) and the group that holds both.
cat >> /etc/supervisor/conf.d/fleet.conf <<'CONF'

[program:scheduler]
command=python3 /app/fleet/scheduler.py
directory=/app/fleet
user=fleet
environment=QUEUE_DIR="/srv/fleet/queue",PYTHONUNBUFFERED="1"
autostart=true
autorestart=true
startsecs=5
startretries=4
redirect_stderr=false
stdout_logfile=/var/log/fleet/scheduler.log
stdout_logfile_maxbytes=1MB
stdout_logfile_backups=5
stderr_logfile=/var/log/fleet/scheduler.err
stderr_logfile_maxbytes=256KB
stderr_logfile_backups=3

[group:fleet]
programs=scheduler,worker
CONF

# 5. The event listener's entry.
cat >> /etc/supervisor/conf.d/fleet.conf <<'CONF'

[eventlistener:fleet-alerts]
command=python3 /app/fleet/alerts.py
events=PROCESS_STATE_EXITED,PROCESS_STATE_FATAL
autostart=true
autorestart=true
stdout_logfile=NONE
stderr_logfile=/var/log/fleet/alerts.err
stderr_logfile_maxbytes=256KB
stderr_logfile_backups=3
CONF

# 6. Start supervisord (or reload it) and wait until everything runs.
if pgrep -x supervisord >/dev/null; then
    supervisorctl reread
    supervisorctl update
else
    supervisord -c /etc/supervisor/supervisord.conf
fi
for _ in $(seq 1 60); do
    if [ "$(supervisorctl status 2>/dev/null | grep -c RUNNING)" -ge 6 ]; then break; fi
    sleep 1
done
supervisorctl status
test "$(supervisorctl status | grep -c RUNNING)" -eq 6
