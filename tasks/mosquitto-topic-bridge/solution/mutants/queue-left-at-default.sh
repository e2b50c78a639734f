#!/bin/bash
# Leaves the broker's default queue of 1000 messages per offline client, so the historian loses most of a night's telemetry.
set -euo pipefail
grep -v '^max_queued_messages 20000$' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
