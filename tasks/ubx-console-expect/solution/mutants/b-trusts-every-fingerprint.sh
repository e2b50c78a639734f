#!/bin/bash
# Answers yes to every fingerprint question without comparing it with the asset register, so a replaced (or impersonated) switch is configured.
set -euo pipefail
sed 's/            if {\[info exists register(\$dev)\] && \$register(\$dev) eq \$fp} {/            if {1} {/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
