#!/bin/bash
# Accepts the wrapped hashes at login but never upgrades a legacy hash to argon2id after a successful login.
set -euo pipefail
sed 's/if not row\["pw_hash"\].startswith(CURRENT):/if False:/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
