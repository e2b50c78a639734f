#!/bin/bash
# Reads every article as UTF-8 with undecodable bytes replaced, so the Windows-1252 copies lose their umlauts and are not found.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = '''    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")
'''
assert old in src, "patch did not apply"
src = src.replace(old, '    return raw.decode("utf-8", errors="replace")\n')
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
