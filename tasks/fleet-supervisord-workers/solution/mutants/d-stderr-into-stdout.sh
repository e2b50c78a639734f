#!/bin/bash
# Sends the workers' stderr into their stdout log (redirect_stderr=true) instead of a separate, separately rotated .err file.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/solve.sh").read_text()
old = "killasgroup=true\nredirect_stderr=false\n"
assert old in s
s = s.replace(old, "killasgroup=true\nredirect_stderr=true\n")
s = s.replace("stderr_logfile=/var/log/fleet/%(program_name)s-%(process_num)02d.err\nstderr_logfile_maxbytes=256KB\nstderr_logfile_backups=3\n", "")
Path("/tmp/mutant-solve.sh").write_text(s)
PY
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
