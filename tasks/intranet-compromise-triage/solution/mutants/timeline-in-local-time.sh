#!/bin/bash
# Writes the timeline in the logs' own local time (Europe/Berlin, +0100) labelled as UTC instead of converting it.
set -euo pipefail
sed 's/^utc() { date -u -d "\$1" +%Y-%m-%dT%H:%M:%SZ; }$/utc() { date -d "$1" +%Y-%m-%dT%H:%M:%SZ; }/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
TZ=Europe/Berlin bash /tmp/mutant-solve.sh
