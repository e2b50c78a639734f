#!/usr/bin/env bash
# Removes the key everywhere (files, messages, old objects) but writes its own placeholder REDACTED instead of the agreed ***REMOVED***, so the rewritten files and the message differ from what was asked.
set -euo pipefail
sed 's/\*\*\*REMOVED\*\*\*/REDACTED/g' /solution/solve.sh > /tmp/solve-redacted.sh
# Both filters (the tree's and the messages') must now write REDACTED.
[ "$(grep -c '/REDACTED/g' /tmp/solve-redacted.sh)" = 2 ] || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-redacted.sh
