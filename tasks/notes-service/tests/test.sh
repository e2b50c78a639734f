#!/bin/bash
# Verifier: pytest over /tests/test_*.py; reward 1 only if every test passes.
mkdir -p /logs/verifier
cd /tests || exit 1
# The harness stops every process the agent left before the verifier runs (its verdict is the harness's):
# a service left running leaves its pid file behind; the service is then started again from config.ini.
LEFT_RUNNING=0
[ -f /app/service/service.pid ] && LEFT_RUNNING=1
export LEFT_RUNNING
/app/service/servicectl start >/dev/null 2>&1
python3 -m pytest -q -p no:cacheprovider --ctrf /logs/verifier/ctrf.json /tests/test_*.py -rA
if [ $? -eq 0 ]; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
