#!/bin/bash
# Reference solution: the Crank-Nicolson solver, its checks, the convergence table, the rig run.
set -euo pipefail
mkdir -p /app/heat
# The solver (Crank-Nicolson, mirror node at insulated ends, sensor file in mm).
install -m 0755 /solution/heat1d.py /app/heat/heat1d.py
# Bad configurations exit 2 and write nothing.
cfg=$(mktemp -d)
cp /app/rod/sensors.csv "$cfg/"
sed 's/"alpha": 0.000111/"alpha": -1/' /app/rod/rod.json > "$cfg/bad.json"
if python3 /app/heat/heat1d.py "$cfg/bad.json" "$cfg/out.csv"; then exit 1; fi
test ! -e "$cfg/out.csv"
# The convergence check: rms error for nx = 10..160, observed order about 2.
install -m 0755 /solution/convergence.py /app/heat/convergence.py
python3 /app/heat/convergence.py /app/heat/convergence.csv
# The rig run.
(cd /tmp && python3 /app/heat/heat1d.py /app/rod/rod.json /app/heat/rod_final.csv)
cat /app/heat/convergence.csv
sed -n '1,3p;101,102p' /app/heat/rod_final.csv
