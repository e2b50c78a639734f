#!/bin/bash
# Uses the textbook idf ln((N - n + 0.5) / (n + 0.5)) without the "1 +", so terms in more than half of the articles get negative weights.
set -euo pipefail
install -m 0755 /solution/faq_search.py /app/bin/faq_search.py
python3 /solution/stopwords.py /app/bin/faq_search.py
python3 - <<'PY'
from pathlib import Path
src = Path("/app/bin/faq_search.py").read_text()
old = "            idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))\n"
assert old in src, "the reference faq_search.py changed: update this mutant"
Path("/app/bin/faq_search.py").write_text(src.replace(old, "            idf = math.log((n - df[t] + 0.5) / (df[t] + 0.5))\n"))
PY
chmod 0755 /app/bin/faq_search.py
python3 /app/bin/faq_search.py reset password
