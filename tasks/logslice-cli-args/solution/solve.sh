#!/bin/bash
# Reference solution: rewrite the option handling (cli.py, timeparse.py), add regression tests,
# then make check.sh fail on failures and run the checks.
set -euo pipefail
cd /app/logslice
cp /solution/logslice/cli.py logslice/cli.py
cp /solution/logslice/timeparse.py logslice/timeparse.py
cat /solution/regression_tests.py >> tests/test_cli.py
# CI: scripts/check.sh exits non-zero when a test or the smoke run fails.
cp /solution/check.sh scripts/check.sh
bash scripts/check.sh
bin/logslice --count --level error samples/app.log
git status --short
