#!/bin/bash
# Writes the decoded text as it is, without NFC, so the old Mac's decomposed accents (u + combining diaeresis) stay decomposed.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old, new = 'unicodedata.normalize("NFC", text).replace', 'text.replace'
assert old in src, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
