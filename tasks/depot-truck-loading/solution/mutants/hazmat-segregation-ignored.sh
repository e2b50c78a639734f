#!/bin/bash
# Ignores segregation.csv: hazmat classes that may not travel together can share a truck.
set -euo pipefail
mkdir -p /tmp/mutant
cp -r /solution/. /tmp/mutant/
sed -i 's#and not any(frozenset((a, b)) in self.forbidden for a in self.classes for b in c\["classes"\]))#)#' /tmp/mutant/loadplan.py
if grep -q "in self.forbidden for a in self.classes" /tmp/mutant/loadplan.py; then exit 1; fi
sed "s#/solution/#/tmp/mutant/#g" /solution/solve.sh > /tmp/mutant/solve.sh
grep -q /tmp/mutant/loadplan.py /tmp/mutant/solve.sh
bash /tmp/mutant/solve.sh
