#!/bin/bash
# Counts stackable pallets as half a position each without rounding the truck's total up, so an odd stack overfills a truck.
set -euo pipefail
mkdir -p /tmp/mutant
cp -r /solution/. /tmp/mutant/
sed -i 's#return self.ns + ns + math.ceil((self.st + st) / 2)#return self.ns + ns + (self.st + st) // 2#' /tmp/mutant/loadplan.py
grep -q "return self.ns + ns + (self.st + st) // 2" /tmp/mutant/loadplan.py
sed "s#/solution/#/tmp/mutant/#g" /solution/solve.sh > /tmp/mutant/solve.sh
grep -q /tmp/mutant/loadplan.py /tmp/mutant/solve.sh
bash /tmp/mutant/solve.sh
