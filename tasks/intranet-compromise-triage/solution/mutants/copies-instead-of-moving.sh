#!/bin/bash
# Quarantines with a plain cp then rm, so the quarantined files lose their owner and modification time.
set -euo pipefail
sed 's#^    mv "\$1" "\$Q/files\$1"$#    cp "$1" "$Q/files$1" \&\& rm "$1"#' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
