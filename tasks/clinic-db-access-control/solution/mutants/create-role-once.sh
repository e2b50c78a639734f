#!/bin/bash
# Creates the roles with plain CREATE ROLE, so roles.sql fails when it is applied a second time (the oracle's own second run is left out).
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
import re
s2 = re.sub(r"DO \$\$ BEGIN\n  IF NOT EXISTS \(SELECT FROM pg_roles WHERE rolname = .clinic_app.\).*?END \$\$;\n", "CREATE ROLE clinic_app;\nCREATE ROLE clinic_reporting;\n", s, flags=re.S)
s2 = s2.replace("# The file as a whole applies again on the database it already shaped.\npsql -X -q -v ON_ERROR_STOP=1 -v app_pw=\"$CLINIC_APP_PASSWORD\" -v rep_pw=\"$CLINIC_REPORTING_PASSWORD\" -d clinic -f \"$SQL\"\n", "")
assert "CREATE ROLE clinic_app;" in s2 and "applies again" not in s2
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
