#!/bin/bash
# Takes no lock on DIR/.lock, so a pass started while another worker is still running delivers the same jobs a second time.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/deliver.py").read()
start = s.index("    os.makedirs(spool, exist_ok=True)\n    lock_fd")
end = s.index("        return 0\n", start) + len("        return 0\n")
s2 = s[:start] + s[end:]
assert "flock" not in s2.split("def main", 1)[1], "mutant patch did not apply"
open("/tmp/deliver.py", "w").write(s2)
PY
install -m 0755 /tmp/deliver.py /app/webhooks/deliver.py
spoolctl --spool /app/spool requeue --reason outage-2024-06-17 --exclude-tenant medvik-health
