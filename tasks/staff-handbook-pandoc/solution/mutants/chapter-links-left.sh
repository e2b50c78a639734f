#!/bin/bash
# Builds without the Lua filter, so links between chapters still point at the .md files.
set -euo pipefail
sed 's/ --lua-filter=links.lua)$/)/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
# its own check of the links would stop it, so the careless author leaves it out
grep -v "test -z \"\$(grep -o 'href" /tmp/mutant-solve.sh > /tmp/mutant-solve2.sh
bash /tmp/mutant-solve2.sh
