#!/bin/bash
# Reference solution: fix the three code bugs the flaky/failing tests exposed (set order in
# tags_summary, random invoice numbers, float VAT rounding), isolate the currency tests'
# global state, add regression tests, then run the suite under many orders and hash seeds.
set -euo pipefail
cd /app/invoicing
# One step per root cause: tags_summary's set order, random invoice numbers, the currency tests'
# leaked rate, float VAT rounding; then the regression tests.
cp /solution/files/invoicing/tags.py invoicing/
cp /solution/files/invoicing/numbers.py invoicing/
cp /solution/files/tests/test_currency.py tests/
cp /solution/files/invoicing/vat.py invoicing/
cp /solution/files/tests/test_regressions.py tests/
for seed in 1 2 3 4 5 6 7 8; do
    TEST_ORDER_SEED=$seed PYTHONHASHSEED=$seed python3 -m pytest -q > /tmp/run-$seed.log 2>&1 \
        || { cat /tmp/run-$seed.log; exit 1; }
done
echo "suite green under 8 orders and hash seeds"
git status --short
