#!/bin/bash
# Blocks hidden files with a plain `location ~ /\.` and no exception, so /.well-known/security.txt answers 404 too.
set -euo pipefail
conf=/tmp/gateway.conf
python3 - "$conf" <<'PY'
import re, sys
text = open("/solution/gateway.conf").read()
new = re.sub(r"\n    # ACME challenges.*?\n    }\n", "\n", text, flags=re.S)
new = new.replace(r"location ~ (?:^|/)\. {", r"location ~ /\. {")
assert new != text and "well-known" not in new and r"location ~ /\. {" in new, "mutant patch did not apply"
open(sys.argv[1], "w").write(new)
PY
python3 /solution/add_api.py "$conf"
install -m 0644 "$conf" /etc/nginx/sites-available/gateway
ln -sfn /etc/nginx/sites-available/gateway /etc/nginx/sites-enabled/gateway
rm -f /etc/nginx/sites-enabled/default /etc/nginx/sites-enabled/legacy-shop
nginx -t
