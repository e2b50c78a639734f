#!/bin/bash
# Expires leavers with `chage -E 0` (day 0, which shadow tools may read as "no expiry") instead of 1970-01-02 (day 1).
set -euo pipefail
sed -e 's/run("chage", "-E", "1", login)/run("chage", "-E", "0", login)/' -e 's/if sh\[7\] != "1":/if sh[7] != "0":/' \
    /solution/sync-users > /tmp/sync-users.mutant
grep -q 'run("chage", "-E", "0", login)' /tmp/sync-users.mutant && grep -q 'if sh\[7\] != "0":' /tmp/sync-users.mutant \
    || { echo "patch did not apply" >&2; exit 1; }
sed -e 's#install -m 0755 /solution/sync-users /usr/local/sbin/sync-users#install -m 0755 /tmp/sync-users.mutant /usr/local/sbin/sync-users#' \
    /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '/tmp/sync-users.mutant' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
