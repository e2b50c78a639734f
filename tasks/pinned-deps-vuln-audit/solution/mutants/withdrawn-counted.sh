#!/bin/bash
# Counts withdrawn advisories as findings (the check never looks at the withdrawn field).
set -euo pipefail
cp /solution/vuln-check /tmp/vuln-check
sed -i 's/        if rec.get("withdrawn"):/        if False and rec.get("withdrawn"):/' /tmp/vuln-check
grep -q 'if False and rec.get("withdrawn")' /tmp/vuln-check
sed 's#/solution/vuln-check#/tmp/vuln-check#' /solution/solve.sh > /tmp/solve.sh
grep -q '/tmp/vuln-check' /tmp/solve.sh
bash /tmp/solve.sh
