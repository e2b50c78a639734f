#!/bin/bash
# Writes the MailHost exchangers without the final dot, so BIND reads them relative to the zone (mx1.mailhost.example.acme-wholesale.de.).
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
for old, new in [('10 mx1.mailhost.example.', '10 mx1.mailhost.example'), ('20 mx2.mailhost.example.', '20 mx2.mailhost.example')]:
    assert old in src, "patch did not apply: " + old
    src = src.replace(old, new)
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
