#!/bin/bash
# Leaves the workers' stop signal at supervisord's default SIGTERM, which aborts a worker mid-job (the job is lost) instead of draining it.
set -euo pipefail
sed '/^stopsignal=INT$/d' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
