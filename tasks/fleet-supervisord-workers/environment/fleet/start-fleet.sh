#!/bin/sh
# How the fleet has been started so far: by hand, as root, no restarts, logs into nohup.out.
export QUEUE_DIR=/srv/fleet/queue
cd /app/fleet || exit 1
nohup python3 scheduler.py &
for i in 0 1 2 3; do
    nohup python3 worker.py --id "$i" &
done
