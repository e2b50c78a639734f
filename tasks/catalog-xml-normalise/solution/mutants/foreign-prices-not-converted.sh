#!/bin/bash
# Reads only EUR prices: an item priced in SEK, NOK, USD or GBP alone is rejected as no-price instead of converted.
set -euo pipefail
mkdir -p /tmp/mutant
cp /solution/*.py /tmp/mutant/
sed -i 's/^        if cur in rates:$/        if False:/' /tmp/mutant/catalog_rules.py
grep -q '^        if False:$' /tmp/mutant/catalog_rules.py
sed "s#/solution/#/tmp/mutant/#g" /solution/solve.sh > /tmp/mutant/solve.sh
grep -q /tmp/mutant/catalog_rules.py /tmp/mutant/solve.sh
bash /tmp/mutant/solve.sh
