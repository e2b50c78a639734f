#!/bin/bash
# The check lets an ignore entry cover its finding forever, expired or not.
set -euo pipefail
cp /solution/vuln-check /tmp/vuln-check
sed -i 's/for i in ign if str(i.get("expires", "")) >= today}/for i in ign}/' /tmp/vuln-check
grep -q 'for i in ign}' /tmp/vuln-check
sed 's#/solution/vuln-check#/tmp/vuln-check#' /solution/solve.sh > /tmp/solve.sh
grep -q '/tmp/vuln-check' /tmp/solve.sh
bash /tmp/solve.sh
