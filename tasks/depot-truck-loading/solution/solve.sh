#!/bin/bash
# Reference solution: the planner (first fit decreasing per route, emptying the least loaded truck,
# restarts from jittered orders within the time budget), Monday's plan, a check that orders no truck
# can carry are refused, and the planner's notes with Monday's result.
set -euo pipefail
# Step 1: the planner.
install -m 0755 /solution/loadplan.py /app/loadplan.py
# Step 2: Monday's plan.
python3 /app/loadplan.py /app/orders/2026-12-07 /app/out/2026-12-07 --seconds 30
cat /app/out/2026-12-07/summary.txt
# Step 3: a customer heavier than a truck is refused with status 2 and nothing written.
mkdir -p /tmp/heavy
cp /app/orders/2026-12-07/*.csv /tmp/heavy/
echo 'S99999,C100,12,yes,25000,' >> /tmp/heavy/shipments.csv
status=0; python3 /app/loadplan.py /tmp/heavy /tmp/heavy-out --seconds 1 || status=$?
test "$status" -eq 2 && test ! -e /tmp/heavy-out/plan.csv
# Step 4: the notes for the next person, with Monday's result.
trucks=$(awk '$1=="trucks"{print $2}' /app/out/2026-12-07/summary.txt)
bound=$(awk '$1=="lower_bound"{print $2}' /app/out/2026-12-07/summary.txt)
sed -e "s/@TRUCKS@/$trucks/" -e "s/@BOUND@/$bound/" -e "s/@ALLOWED@/$((bound * 11 / 10))/" \
    /solution/LOADPLAN.md.in > /app/LOADPLAN.md
