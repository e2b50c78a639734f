#!/bin/bash
# Rounds the base price to the cent before adding the express surcharge (two roundings), so express 3.3 kg to zone A is 11.20 instead of 11.19; the project's own tests do not notice.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/solve.sh").read_text()
old = "    price = rates[zone] + PER_KG * weight\n    if service == \"express\":\n"
assert old in s
new = "    price = (rates[zone] + PER_KG * weight).quantize(CENT, rounding=ROUND_HALF_UP)\n    if service == \"express\":\n"
Path("/tmp/mutant-solve.sh").write_text(s.replace(old, new))
PY
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
