#!/usr/bin/env bash
# Reference solution: replace the prototype with the event-driven planner and check it on the
# examples, then add the dependency-cycle error (exit 3, one real cycle) and check it on a cycle.
set -euo pipefail
cd /app
install -m 0755 /solution/plan.py /app/plan.py
python3 plan.py examples/small.json --workers 2 > /tmp/small.out.json
python3 - <<'PY'
import json
got = json.load(open("/tmp/small.out.json"))
want = json.load(open("/app/examples/small.workers2.schedule.json"))
print("small example matches:", got == want)
PY
python3 plan.py examples/monorepo.json --workers 16 > /tmp/monorepo.out.json
python3 -c "import json; d=json.load(open('/tmp/monorepo.out.json')); print('monorepo jobs:', len(d['schedule']), 'makespan:', d['makespan'])"
# Invalid input: a dependency cycle is reported as one real cycle, exit status 3.
python3 /solution/cycles.py /app/plan.py
printf '%s' '{"jobs": [{"id": "a", "duration": 1, "needs": ["b"]}, {"id": "b", "duration": 1, "needs": ["a"]}]}' > /tmp/cycle.json
python3 plan.py /tmp/cycle.json --workers 1 || echo "exit status $?"
