#!/usr/bin/env bash
# Normalises answers with str.lower() instead of str.casefold(), so "STRASSE" is marked wrong for the answer "Straße".
set -euo pipefail
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/quiz.py").read_text()
old = '    return " ".join(text.strip().casefold().split())\n'
assert old in src, "the reference quiz.py changed: update this mutant"
Path("/app/quiz.py").write_text(src.replace(old, '    return " ".join(text.strip().lower().split())\n'))
PY
python3 /solution/review.py /app/quiz.py
chmod 0755 /app/quiz.py
make -C /app smoke
