#!/bin/bash
# Averages in binary floating point and formats with round(x, 2), which rounds halves to even (1.125 becomes 1.12, not 1.13).
set -euo pipefail
python3 - <<'PY'
src = open("/solution/resample.py").read()
a = '    return "" if value is None else str(value.quantize(CENT, rounding=ROUND_HALF_UP))\n'
assert a in src and "    if not value.is_finite() or value < lo or value > hi:\n        return None\n    return value\n" in src, "mutant patch did not apply"
src = src.replace(a, '    return "" if value is None else f"{round(value, 2):.2f}"\n')
src = src.replace("    if not value.is_finite() or value < lo or value > hi:\n        return None\n    return value\n",
                  "    if not value.is_finite() or value < lo or value > hi:\n        return None\n    return float(value)\n")
open("/tmp/resample.py", "w").write(src)
PY
install -D -m 0755 /tmp/resample.py /app/bin/resample.py
python3 /app/bin/resample.py
/app/tools/publish.sh --file /app/out/readings_15min.csv
