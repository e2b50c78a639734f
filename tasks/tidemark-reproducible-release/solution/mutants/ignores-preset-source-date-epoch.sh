#!/bin/bash
# Always takes the commit date, overriding a SOURCE_DATE_EPOCH the build farm already set.
set -euo pipefail
cp /solution/release.sh /tmp/release-mutant.sh
sed -i 's/^SOURCE_DATE_EPOCH=\${SOURCE_DATE_EPOCH:-\$(git log -1 --format=%ct HEAD)}$/SOURCE_DATE_EPOCH=$(git log -1 --format=%ct HEAD)/' /tmp/release-mutant.sh
grep -q '^SOURCE_DATE_EPOCH=\$(git log' /tmp/release-mutant.sh || { echo "mutant patch did not apply" >&2; exit 1; }
# The reference steps with the patched script, without the rehearsal (a careless agent checks nothing).
sed -e 's#/solution/release.sh#/tmp/release-mutant.sh#' -e '/^# 3\./,/^# 4\./{/^# 4\./!d}' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '/tmp/release-mutant.sh' /tmp/solve-mutant.sh || { echo "mutant patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
