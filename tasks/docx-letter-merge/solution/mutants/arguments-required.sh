#!/bin/bash
# Requires TEMPLATE CSV OUT_DIR on every call (no defaults when run without arguments) and builds /app/out by passing the three paths explicitly.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/merge_letters.py").read_text()
a = "    args = sys.argv[1:] or list(DEFAULTS)\n"
assert a in s, "patch did not apply"
s = s.replace(a, "    args = sys.argv[1:]\n")
Path("/tmp/merge_letters.mutant.py").write_text(s)
PY
install -D -m 0755 /tmp/merge_letters.mutant.py /app/bin/merge_letters.py
python3 /app/bin/merge_letters.py /app/mailmerge/template.docx /app/mailmerge/recipients.csv /app/out
python3 /app/tools/check_batch.py
