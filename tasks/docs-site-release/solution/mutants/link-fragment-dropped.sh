#!/bin/bash
# Rewrites links to .md pages to the page URL but drops the #fragment (configure.md#proxy becomes /guide/configure/).
set -euo pipefail
cd /app/site
cp /solution/files/check_links.py . && cat /solution/files/Makefile.build /solution/files/Makefile.check /solution/files/Makefile.dist > Makefile
cp /solution/files/build.py /tmp/build.py
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/build.py")
s = p.read_text()
old = """        return f'href="{url_of("/".join(parts))}{hash_}{fragment}"'"""
assert old in s, "reference changed: patch does not apply"
p.write_text(s.replace(old, """        return f'href="{url_of("/".join(parts))}"'"""))
PY
cp /tmp/build.py build.py
make check
make dist
