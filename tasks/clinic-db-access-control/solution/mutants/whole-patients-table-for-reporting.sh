#!/bin/bash
# Grants the reporting SELECT on the whole patients table, names and social security numbers included.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace("GRANT SELECT (id, birth_date) ON public.patients TO clinic_reporting;", "GRANT SELECT ON public.patients TO clinic_reporting;")
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
