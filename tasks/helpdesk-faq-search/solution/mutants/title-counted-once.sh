#!/bin/bash
# Indexes the title terms once instead of twice, forgetting the title weight.
set -euo pipefail
install -m 0755 /solution/faq_search.py /app/bin/faq_search.py
python3 /solution/stopwords.py /app/bin/faq_search.py
python3 - <<'PY'
from pathlib import Path
src = Path("/app/bin/faq_search.py").read_text()
old = "        docs[name[:-3]] = (title, t + t + tokens(body, stop))\n"
assert old in src, "the reference faq_search.py changed: update this mutant"
Path("/app/bin/faq_search.py").write_text(src.replace(old, "        docs[name[:-3]] = (title, t + tokens(body, stop))\n"))
PY
chmod 0755 /app/bin/faq_search.py
python3 /app/bin/faq_search.py reset password
