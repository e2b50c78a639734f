#!/bin/bash
# Applies the oral bioavailability f_oral to IV doses as well, underestimating every IV bolus.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/simulate.py").read_text()
old_a = "                c += amount / self.v * math.exp(-self.ke * s)\n"
old_b = "                total += amount / self.v * (1 - math.exp(-self.ke * s)) / self.ke\n"
old_c = "            c += amount / self.v * math.exp(-self.ke * s) if route == \"iv\""
assert old_a in src and old_b in src and old_c in src, "the reference simulate.py changed: update this mutant"
src = src.replace(old_a, "                c += self.f * amount / self.v * math.exp(-self.ke * s)\n")
src = src.replace(old_b, "                total += self.f * amount / self.v * (1 - math.exp(-self.ke * s)) / self.ke\n")
src = src.replace(old_c, "            c += self.f * amount / self.v * math.exp(-self.ke * s) if route == \"iv\"")
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/simulate.py").write_text(src)
PY
chmod 0755 /app/bin/simulate.py
python3 /app/bin/simulate.py
