#!/bin/bash
# Replaces placeholders run by run, so placeholders that Word split over several runs stay in the letters unfilled.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/merge_letters.py").read_text()
a = "    runs = paragraph.runs\n    text = \"\".join(r.text for r in runs)\n"
assert a in s, "patch did not apply"
s = s.replace(a, "    for r in paragraph.runs:\n        r.text = PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), r.text)\n"
                 "    return\n" + a)
Path("/tmp/merge_letters.mutant.py").write_text(s)
PY
sed -e 's#install -D -m 0755 /solution/merge_letters.py #install -D -m 0755 /tmp/merge_letters.mutant.py #' \
    /solution/solve.sh > /tmp/solve-mutant.sh
grep -q 'merge_letters.mutant.py' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
sed -i -e 's#^python3 /app/tools/check_batch.py$#python3 /app/tools/check_batch.py || true#' /tmp/solve-mutant.sh
bash /tmp/solve-mutant.sh
