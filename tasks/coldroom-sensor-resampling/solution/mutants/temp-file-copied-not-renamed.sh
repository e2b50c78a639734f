#!/bin/bash
# Writes the temporary file in the output's folder but copies it over the output instead of renaming it, so the .tmp file is left behind next to every output.
set -euo pipefail
python3 - <<'PY'
src = open("/solution/resample.py").read()
old = "    os.replace(tmp, out)\n"
assert old in src, "mutant patch did not apply"
src = src.replace(old, "    import shutil\n    shutil.copyfile(tmp, out)\n")
open("/tmp/resample.py", "w").write(src)
PY
install -D -m 0755 /tmp/resample.py /app/bin/resample.py
python3 /app/bin/resample.py
/app/tools/publish.sh --file /app/out/readings_15min.csv
