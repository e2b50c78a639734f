#!/bin/bash
# Lowers the zone's default TTL to 300 for the cutover instead of setting it on the four web records, so every other record's TTL changes too.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
for old, new in [
    ("300 IN  A     203.0.113.80", "IN  A     203.0.113.80"),
    ("300 IN  AAAA  2001:db8:80::80", "IN  AAAA  2001:db8:80::80"),
    ("# SOA serial.\n", "# SOA serial.\nsed -i 's/^\\$TTL 86400$/$TTL 300/' db.acme-wholesale.de\n"),
]:
    assert old in src, "patch did not apply: " + old
    src = src.replace(old, new)
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
