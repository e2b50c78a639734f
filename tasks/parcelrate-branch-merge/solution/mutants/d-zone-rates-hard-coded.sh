#!/bin/bash
# Keeps main's hard-coded ZONE_RATES (with zone D added) instead of the feature's [zones] settings, so a settings file with other zones changes nothing.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/solve.sh").read_text()
old = '''    return {zone: Decimal(str(price)) for zone, price in config.load()["zones"].items()}
'''
assert old in s
new = '''    return dict(ZONE_RATES)


ZONE_RATES = {"A": Decimal("4.20"), "B": Decimal("5.10"), "C": Decimal("7.80"), "D": Decimal("11.40")}
'''
Path("/tmp/mutant-solve.sh").write_text(s.replace(old, new))
PY
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
