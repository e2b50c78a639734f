#!/bin/bash
# Matches the user name as "[^"]*" without anchoring the line's end, so a name carrying "from ADDRESS port ..." hands the failure to that address.
set -euo pipefail
sed 's/login failed for user ".\*" from <HOST> port \\d+ \\(\[^()\]\*\\)\$/login failed for user "[^"]*" from <HOST>/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
