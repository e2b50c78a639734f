#!/usr/bin/env bash
# Exits with status 1 when the deck cannot be read ("any error is 1"), where the spec asks for status 2.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/quiz.py").read_text()
old = '        print(f"error: cannot read deck {deck}", file=sys.stderr)\n        return 2\n'
assert old in src, "the reference quiz.py changed: update this mutant"
Path("/app/quiz.py").write_text(src.replace(old, '        print(f"error: cannot read deck {deck}", file=sys.stderr)\n        return 1\n'))
PY
python3 /solution/review.py /app/quiz.py
chmod 0755 /app/quiz.py
make -C /app smoke
