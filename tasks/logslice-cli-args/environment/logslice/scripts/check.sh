#!/bin/bash
# What CI runs: the unit tests, then a smoke run on the sample log.
cd "$(dirname "$0")/.."
python3 -m pytest -q -p no:cacheprovider tests 2>&1 | tee /tmp/logslice-check.log
bin/logslice --level error samples/app.log > /dev/null
echo "check.sh: all good"
