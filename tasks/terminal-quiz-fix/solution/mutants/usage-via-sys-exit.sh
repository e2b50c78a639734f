#!/usr/bin/env bash
# Reports a wrong argument count with sys.exit("usage: quiz.py DECK"), which prints the line to stderr but exits with status 1, not 2.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/quiz.py").read_text()
old = '        print("usage: quiz.py DECK", file=sys.stderr)\n        return 2\n'
assert old in src, "the reference quiz.py changed: update this mutant"
Path("/app/quiz.py").write_text(src.replace(old, '        sys.exit("usage: quiz.py DECK")\n'))
PY
python3 /solution/review.py /app/quiz.py
chmod 0755 /app/quiz.py
make -C /app smoke
