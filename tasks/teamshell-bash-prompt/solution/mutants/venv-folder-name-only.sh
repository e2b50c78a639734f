#!/bin/bash
# Shows the venv folder's own name even when it is .venv or venv, instead of the project folder that holds it.
set -euo pipefail
grep -v '\.venv | venv) __tp_venv=' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
