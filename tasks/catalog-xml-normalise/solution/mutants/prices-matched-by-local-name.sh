#!/bin/bash
# Finds price elements by their local name only, so stale prices of the retired pricing:0 namespace count too.
set -euo pipefail
mkdir -p /tmp/mutant
cp /solution/*.py /tmp/mutant/
sed -i 's/for p in el.findall(q(PRICING, "price"))\]/for p in el if isinstance(p.tag, str) and p.tag.endswith("}price")]/' \
    /tmp/mutant/catalog_rules.py
grep -q 'p.tag.endswith("}price")' /tmp/mutant/catalog_rules.py
sed "s#/solution/#/tmp/mutant/#g" /solution/solve.sh > /tmp/mutant/solve.sh
grep -q /tmp/mutant/catalog_rules.py /tmp/mutant/solve.sh
bash /tmp/mutant/solve.sh
