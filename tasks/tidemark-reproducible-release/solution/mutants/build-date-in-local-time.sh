#!/bin/bash
# Formats BUILD_DATE in the builder's local time zone instead of UTC, so the stamp depends on TZ.
set -euo pipefail
cp /solution/release.sh /tmp/release-mutant.sh
sed -i -e 's/^export LC_ALL=C TZ=UTC$/export LC_ALL=C/' -e 's/BUILD_DATE=\$(date -u -d/BUILD_DATE=$(date -d/' /tmp/release-mutant.sh
grep -q '^export LC_ALL=C$' /tmp/release-mutant.sh && grep -q 'BUILD_DATE=\$(date -d' /tmp/release-mutant.sh \
    || { echo "mutant patch did not apply" >&2; exit 1; }
# The reference steps with the patched script, without the rehearsal (a careless agent checks nothing).
sed -e 's#/solution/release.sh#/tmp/release-mutant.sh#' -e '/^# 3\./,/^# 4\./{/^# 4\./!d}' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '/tmp/release-mutant.sh' /tmp/solve-mutant.sh || { echo "mutant patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
