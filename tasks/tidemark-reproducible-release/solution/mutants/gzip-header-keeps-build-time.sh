#!/bin/bash
# Writes the tar file first and gzips it without -n, so the gzip header carries its name and the time of the build.
set -euo pipefail
cp /solution/release.sh /tmp/release-mutant.sh
sed -i 's#-C "\$WORK" -cf - "\$TOP" | gzip -9n > "\$WORK/\$TOP.tar.gz"#-C "$WORK" -cf "$WORK/$TOP.tar" "$TOP" \&\& gzip -9 "$WORK/$TOP.tar"#' /tmp/release-mutant.sh
grep -q 'gzip -9 "\$WORK/\$TOP.tar"' /tmp/release-mutant.sh || { echo "mutant patch did not apply" >&2; exit 1; }
# The reference steps with the patched script, without the rehearsal (a careless agent checks nothing).
sed -e 's#/solution/release.sh#/tmp/release-mutant.sh#' -e '/^# 3\./,/^# 4\./{/^# 4\./!d}' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '/tmp/release-mutant.sh' /tmp/solve-mutant.sh || { echo "mutant patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
