#!/bin/bash
# Verifier: pytest over /tests/test_*.py; reward 1 only if every test passes.
mkdir -p /logs/verifier
cd /tests || exit 1
python3 -m pytest -q -p no:cacheprovider --ctrf /logs/verifier/ctrf.json /tests/test_*.py -rA
if [ $? -eq 0 ]; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
