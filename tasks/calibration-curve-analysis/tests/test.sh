#!/usr/bin/env bash
# Verifier: runs the pytest checks and writes the reward (1 = every check passed).
mkdir -p /logs/verifier
cd /tests || exit 1
if pytest -q -p no:cacheprovider --rootdir=/tests --ctrf /logs/verifier/ctrf.json /tests/test_*.py; then
  echo 1 > /logs/verifier/reward.txt
else
  echo 0 > /logs/verifier/reward.txt
fi
