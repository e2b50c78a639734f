#!/bin/bash
# Reference solution: rewrite the option handling (cli.py, timeparse.py), make check.sh fail
# on failures, add regression tests, then run the checks.
set -euo pipefail
cd /app/logslice
cp /solution/logslice/cli.py logslice/cli.py
cp /solution/logslice/timeparse.py logslice/timeparse.py
cp /solution/check.sh scripts/check.sh
cat /solution/regression_tests.py >> tests/test_cli.py
bash scripts/check.sh
bin/logslice --count --level error samples/app.log
git status --short
