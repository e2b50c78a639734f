#!/bin/bash
# Bridges the whole site/ tree both ways under the cloud prefix, so commands and config leave the plant and the cloud's telemetry comes back in.
set -euo pipefail
sed -e 's#^topic +/telemetry/\# out 1 site/ acme/plants/north/$#topic \# both 1 site/ acme/plants/north/#' \
    -e '/^topic +\/commands\/# in 1 site\/ acme\/plants\/north\/$/d' /solution/solve.sh > /tmp/mutant-solve.sh
if ! grep -q '^topic # both 1 site/' /tmp/mutant-solve.sh || grep -q '^topic +/commands' /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
