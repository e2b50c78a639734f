#!/bin/bash
# Builds a standalone page that links handbook.css and the images instead of embedding them, so the HTML is not one self-contained file.
set -euo pipefail
sed 's/ --standalone --self-contained --css=handbook.css/ --standalone --css=handbook.css/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
