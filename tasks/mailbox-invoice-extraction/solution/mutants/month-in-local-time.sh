#!/bin/bash
# Takes the month from the Date header's own time zone instead of UTC, so a mail of 30 April 21:30 -0500 is filed in April.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old, new = 'return email.utils.parsedate_to_datetime(str(msg["Date"])).astimezone(dt.timezone.utc)', 'return email.utils.parsedate_to_datetime(str(msg["Date"]))'
assert old in src, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
