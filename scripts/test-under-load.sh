#!/usr/bin/env bash
# scripts/test-under-load.sh [RUNS]: the whole suite (make $TEST_TARGET, default test) RUNS times (default 3) while two CPU
# burners run beside it, each run's time and outcome on one line.  A test that fails only here asserts on
# speed somewhere: find where (CONTRIBUTING.md, "Tests").
#
# The burners are stress-ng (apt-get install stress-ng) or, without it, two shell loops; either way they
# are bounded (they stop with this script, or after four hours).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
logs=${LOGS:-runs/under-load}
mkdir -p "$logs"

burners=()
stop_burners() {
  for pid in "${burners[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop_burners EXIT
if command -v stress-ng >/dev/null; then
  stress-ng --cpu 2 --timeout 4h --quiet &
  burners+=($!)
else
  for _ in 1 2; do
    timeout 4h sh -c 'while :; do :; done' &
    burners+=($!)
  done
fi

failed=0
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  if make "${TEST_TARGET:-test}" >"$logs/run-$i.log" 2>&1; then outcome=passed; else outcome=FAILED; failed=1; fi
  summary=$(grep -E '^[0-9]+ (passed|failed)|^=+ .*(passed|failed)' "$logs/run-$i.log" | tail -n 1 || true)
  echo "run $i/$runs: $outcome in $(($(date +%s) - start)) s ($summary; log: $logs/run-$i.log)"
done
exit "$failed"
