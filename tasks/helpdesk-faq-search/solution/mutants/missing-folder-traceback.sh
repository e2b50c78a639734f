#!/bin/bash
# Validates --top but lets a missing articles folder or stop-word file end in a Python traceback (exit 1) instead of an error message and exit status 2.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/faq_search.py").read_text()
a = '''    try:
        stop: set[str] = set()
        docs = load_docs(args.dir, stop)
    except OSError as e:  # a missing folder or an unreadable file: a clean error, exit 2
        ap.error(f"cannot read {e.filename}: {e.strerror}")
'''
assert a in s, "patch did not apply"
s = s.replace(a, '''    if True:
        stop: set[str] = set()
        docs = load_docs(args.dir, stop)
''')
Path("/tmp/faq_search.mutant.py").write_text(s)
PY
install -m 0755 /tmp/faq_search.mutant.py /app/bin/faq_search.py
python3 /solution/stopwords.py /app/bin/faq_search.py
python3 /app/bin/faq_search.py reset password
