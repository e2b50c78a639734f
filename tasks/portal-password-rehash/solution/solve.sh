#!/bin/bash
# Reference solution: backup, scrub the logs, a wrap-and-lock migration tool, rehash on login, migrate.
set -euo pipefail

# 1. Backup of the store as it is, root-only (it holds the unsalted hashes).
install -o root -g root -m 0600 /srv/portal/data/users.db /var/backups/portal-users-pre-rehash.db
cmp /srv/portal/data/users.db /var/backups/portal-users-pre-rehash.db

# 2. The logs: drop the password field of failed logins, keep owners and modes.
sed -i -E "s/ password='[^']*'$//" /var/log/portal/auth.log /var/log/portal/auth.log.1
gz=/var/log/portal/auth.log.2.gz
zcat "$gz" | sed -E "s/ password='[^']*'$//" | gzip -n > "$gz.new" && chown --reference="$gz" "$gz.new" && chmod --reference="$gz" "$gz.new" && mv "$gz.new" "$gz"
! zgrep -q "password=" /var/log/portal/auth.log /var/log/portal/auth.log.1 "$gz"

# 3. The migration tool: lock the breached accounts, wrap the unsalted hashes in argon2id.
cat > /srv/portal/bin/migrate-hashes <<'TOOL'
#!/usr/bin/python3
"""migrate-hashes [DB]: wrap unsalted MD5/SHA-1 hashes in argon2id, lock accounts with breached hashes."""
import re
import sqlite3
import sys

from argon2 import PasswordHasher

ph = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
db = sys.argv[1] if len(sys.argv) > 1 else "/srv/portal/data/users.db"
breached = set()
with open("/srv/portal/security/breached-hashes.txt") as f:
    for line in f:
        line = line.strip().lower()
        if line and not line.startswith("#"):
            breached.add(line)
UNSALTED = re.compile(r"^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{40})$")
conn = sqlite3.connect(db)
wrapped = locked_now = 0
with conn:
    for uid, stored, locked in conn.execute("SELECT id, pw_hash, locked FROM users").fetchall():
        if not UNSALTED.match(stored):
            continue
        kind = "md5" if len(stored) == 32 else "sha1"
        hexhash = stored.lower()
        if kind in ("md5", "sha1") and hexhash in breached and not locked:
            conn.execute("UPDATE users SET locked = 1, lock_reason = 'breached' WHERE id = ?", (uid,))
            locked_now += 1
        conn.execute("UPDATE users SET pw_hash = ? WHERE id = ?", (f"wrapped-{kind}:" + ph.hash(hexhash), uid))
        wrapped += 1
conn.close()
print(f"wrapped {wrapped} unsalted hashes, locked {locked_now} breached accounts")
TOOL
chmod 0755 /srv/portal/bin/migrate-hashes

# 4. The login code: wrapped hashes, rehash on login, argon2id for new passwords, no password in the log.
python3 - <<'PATCH'
p = "/srv/portal/portal/auth.py"
s = open(p).read()
def sub(old, new):
    global s
    assert s.count(old) == 1, old
    s = s.replace(old, new)
sub('_argon2 = PasswordHasher()\n',
    '_argon2 = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)\n'
    'CURRENT = "$argon2id$v=19$m=19456,t=2,p=1$"\n')
sub('def check_password(stored, password):\n    """True if password matches the stored hash (every format the portal ever wrote)."""\n',
    'def check_password(stored, password):\n    """True if password matches the stored hash (every format the portal ever wrote)."""\n'
    '    for prefix, digest in (("wrapped-md5:", hashlib.md5), ("wrapped-sha1:", hashlib.sha1)):\n'
    '        if stored.startswith(prefix):\n'
    '            return check_password(stored[len(prefix):], digest(password.encode()).hexdigest())\n')
sub('    return hashlib.md5(password.encode()).hexdigest()\n', '    return _argon2.hash(password)\n')
sub('''log.info("login failed user=%s ip=%s password='%s'", username, ip, password)\n            return NO_SUCH_USER''',
    '''log.info("login failed user=%s ip=%s", username, ip)\n            return NO_SUCH_USER''')
sub('''log.info("login failed user=%s ip=%s password='%s'", username, ip, password)\n            return BAD_PASSWORD''',
    '''log.info("login failed user=%s ip=%s", username, ip)\n            return BAD_PASSWORD''')
sub('        conn.execute("UPDATE users SET last_login = ? WHERE id = ?", (now, row["id"]))\n',
    '        conn.execute("UPDATE users SET last_login = ? WHERE id = ?", (now, row["id"]))\n'
    '        if not row["pw_hash"].startswith(CURRENT):\n'
    '            conn.execute("UPDATE users SET pw_hash = ? WHERE id = ?", (hash_password(password), row["id"]))\n')
open(p, "w").write(s)
PATCH
! grep -n "password='" /srv/portal/portal/auth.py

# 5. Migrate the live store.
/srv/portal/bin/migrate-hashes
sqlite3 /srv/portal/data/users.db "SELECT count(*) FROM users WHERE length(pw_hash) IN (32, 40) AND pw_hash NOT GLOB '*[^0-9a-fA-F]*'" | grep -qx 0
sqlite3 /srv/portal/data/users.db "SELECT lock_reason, count(*) FROM users WHERE locked GROUP BY 1"

# 6. Check: the test account logs in (password on stdin), twice, the second time on argon2id.
portal-login rtest < /root/rtest.pw
portal-login rtest < /root/rtest.pw
sqlite3 /srv/portal/data/users.db "SELECT substr(pw_hash, 1, 31) FROM users WHERE username = 'rtest'"
