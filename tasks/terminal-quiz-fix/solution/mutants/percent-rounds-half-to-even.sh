#!/usr/bin/env bash
# Computes the score percentage with Python's round(), which rounds halves to even, so 5/8 is reported as 62% instead of 63%.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/quiz.py").read_text()
old = "    return (200 * correct + answered) // (2 * answered)\n"
assert old in src, "the reference quiz.py changed: update this mutant"
Path("/app/quiz.py").write_text(src.replace(old, "    return round(100 * correct / answered)\n"))
PY
python3 /solution/review.py /app/quiz.py
chmod 0755 /app/quiz.py
make -C /app smoke
