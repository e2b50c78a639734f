#!/bin/bash
# Does not normalise file modes before building the wheel, so its entries keep the modes of the checkout.
set -euo pipefail
cp /solution/release.sh /tmp/release-mutant.sh
sed -i '/^chmod -R u=rwX,go=rX "\$SRC"$/d' /tmp/release-mutant.sh
! grep -q '^chmod -R' /tmp/release-mutant.sh || { echo "mutant patch did not apply" >&2; exit 1; }
# The reference steps with the patched script, without the rehearsal (a careless agent checks nothing).
sed -e 's#/solution/release.sh#/tmp/release-mutant.sh#' -e '/^# 3\./,/^# 4\./{/^# 4\./!d}' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '/tmp/release-mutant.sh' /tmp/solve-mutant.sh || { echo "mutant patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
