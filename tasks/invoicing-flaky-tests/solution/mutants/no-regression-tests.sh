#!/bin/bash
# Fixes every root cause but adds no regression tests, so with the old tags.py or numbers.py put back the original tests still pass on most runs.
set -euo pipefail
cd /app/invoicing
cp /solution/files/invoicing/tags.py invoicing/
cp /solution/files/invoicing/numbers.py invoicing/
cp /solution/files/tests/test_currency.py tests/
cp /solution/files/invoicing/vat.py invoicing/
for seed in 1 2 3 4; do
    TEST_ORDER_SEED=$seed PYTHONHASHSEED=$seed python3 -m pytest -q | tail -n 1
done
