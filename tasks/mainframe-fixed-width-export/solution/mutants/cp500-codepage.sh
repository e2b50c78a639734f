#!/bin/bash
# Decodes the text fields as EBCDIC code page 500 instead of 037, so |, !, [ and ] in merchant names come out as other characters.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s2.replace('CODEPAGE = "cp037"', 'CODEPAGE = "cp500"')
assert 'CODEPAGE = "cp500"' in s2
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
