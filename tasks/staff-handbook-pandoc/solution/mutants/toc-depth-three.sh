#!/bin/bash
# Keeps the first table-of-contents depth of 3, so the details headings show up in both tables of contents.
set -euo pipefail
sed 's/--toc-depth=2/--toc-depth=3/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
