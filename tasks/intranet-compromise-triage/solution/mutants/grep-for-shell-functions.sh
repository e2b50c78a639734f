#!/bin/bash
# Finds the web shells outside uploads by grepping for eval/shell_exec/base64_decode instead of the deploy manifest, so the admin disk-usage page (legitimate shell_exec) is quarantined too.
set -euo pipefail
python3 - <<'PY'
import re
s = open("/solution/solve.sh").read()
old = re.search(r"find \. -path \./uploads -prune.*?sha256sum --quiet -c /srv/www/releases/2026\.11\.3\.sha256\n", s, re.S)
if not old:
    raise SystemExit("patch did not apply")
new = ("grep -rlE 'eval\\(|shell_exec|base64_decode|system\\(' --include='*.php' --exclude-dir=uploads . | sed 's#^\\./##' "
       "| while read -r rel; do quarantine \"$WEB/$rel\"; done\n")
open("/tmp/mutant-solve.sh", "w").write(s.replace(old.group(0), new))
PY
bash /tmp/mutant-solve.sh
