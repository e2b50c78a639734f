#!/bin/bash
# Restores the v1.4.0 parser instead of fixing forward: combined specs work again but months (3mo) are gone, and the months assertion is dropped from the project's tests.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/solve.sh").read_text()
old = "assert old in s\np.write_text(s.replace(old, new))\nPY\n"
assert old in s
new = old + ("git show v1.4.0:tally/duration.py > /tmp/v140.py\n"
             "python3 -c \"import re,sys; s=open('tally/duration.py').read(); h=s[s.index('\\n\\ndef humanize'):]; open('tally/duration.py','w').write(open('/tmp/v140.py').read().rstrip('\\n')+'\\n'+h)\"\n"
             "sed -i '/2mo/d' tests/test_duration.py\n")
s = s.replace(old, new)
s = s.replace('("2mo1w", 5788800), ', "")
Path("/tmp/mutant-solve.sh").write_text(s)
PY
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
