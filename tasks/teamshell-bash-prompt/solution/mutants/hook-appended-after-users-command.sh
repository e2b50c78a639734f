#!/bin/bash
# Appends the prompt's hook after the user's own PROMPT_COMMAND, so a failing entry of the user's replaces the command's exit status.
set -euo pipefail
sed 's/\*) PROMPT_COMMAND="__tp_hook; ${PROMPT_COMMAND}" ;;/*) PROMPT_COMMAND="${PROMPT_COMMAND}; __tp_hook" ;;/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
