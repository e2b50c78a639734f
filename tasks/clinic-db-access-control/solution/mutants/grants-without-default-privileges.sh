#!/bin/bash
# Grants on the analytics tables that exist today only, so the next table migrator creates there is unreadable for the reporting.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace("ALTER DEFAULT PRIVILEGES FOR ROLE migrator IN SCHEMA analytics GRANT SELECT ON TABLES TO clinic_reporting;\n", "SELECT 1;\n")
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
