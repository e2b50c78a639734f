#!/bin/bash
# Tokenises the customer id as each table writes it, so the zero-padded ids of orders.csv get tokens no customer has and the orders no longer join.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = 'r["pid"] = mac(k, raw_id(r["customer_id"]))[:16]'
new = 'r["pid"] = mac(k, r["customer_id"].strip())[:16]'
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
