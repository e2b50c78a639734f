#!/bin/bash
# Stops after one first-fit-decreasing pass and the emptying step: no search within the time budget, so it misses the 10 % margin.
set -euo pipefail
mkdir -p /tmp/mutant
cp -r /solution/. /tmp/mutant/
sed -i 's#while len(best) > lb and time.monotonic() < route_deadline:#while False:#' /tmp/mutant/loadplan.py
grep -q "while False:" /tmp/mutant/loadplan.py
sed "s#/solution/#/tmp/mutant/#g" /solution/solve.sh > /tmp/mutant/solve.sh
grep -q /tmp/mutant/loadplan.py /tmp/mutant/solve.sh
bash /tmp/mutant/solve.sh
