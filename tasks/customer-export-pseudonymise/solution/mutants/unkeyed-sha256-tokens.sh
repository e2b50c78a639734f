#!/bin/bash
# Uses a plain SHA-256 of the customer id instead of the keyed HMAC, so anyone can recompute the tokens from a list of ids.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = 'r["pid"] = mac(k, raw_id(r["customer_id"]))[:16]'
new = 'r["pid"] = __import__("hashlib").sha256(raw_id(r["customer_id"]).encode()).hexdigest()[:16]'
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
