#!/bin/bash
# Keeps the first copy of a duplicate SKU in the file, ignoring the products' updated time stamps.
set -euo pipefail
mkdir -p /tmp/mutant
cp /solution/*.py /tmp/mutant/
sed -i 's/if cur is None or it\[1\] > cur\[1\]:/if cur is None:/' /tmp/mutant/catalog_rules.py
grep -q '^        if cur is None:$' /tmp/mutant/catalog_rules.py
sed "s#/solution/#/tmp/mutant/#g" /solution/solve.sh > /tmp/mutant/solve.sh
grep -q /tmp/mutant/catalog_rules.py /tmp/mutant/solve.sh
bash /tmp/mutant/solve.sh
