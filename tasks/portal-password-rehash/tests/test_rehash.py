"""Checks for the members portal's password migration (instruction.md)."""

import gzip
import hashlib
import json
import os
import pwd
import re
import shutil
import sqlite3
import stat
import subprocess
import sys

import pytest
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHash, VerificationError

LIVE = "/srv/portal/data/users.db"
BACKUP = "/var/backups/portal-users-pre-rehash.db"
TOOL = "/srv/portal/bin/migrate-hashes"
LOGIN = "/srv/portal/bin/portal-login"
PASSWD = "/srv/portal/bin/portal-passwd"
CURRENT = "$argon2id$v=19$m=19456,t=2,p=1$"
UNSALTED = re.compile(r"^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{40})$")
LEGACY = ("md5", "sha1")
HERE = os.path.dirname(os.path.abspath(__file__))
_ph = PasswordHasher()


def argon_ok(stored, secret):
    try:
        return _ph.verify(stored, secret)
    except (VerificationError, InvalidHash):
        return False


def digest(kind, password):
    return getattr(hashlib, kind)(password.encode()).hexdigest()


def generate(folder, seed, users):
    db = os.path.join(folder, "users.db")
    pw = os.path.join(folder, "passwords.json")
    cmd = [sys.executable, "-W", "ignore", os.path.join(HERE, "mkusers.py"), db, "--seed", seed, "--users", str(users), "--passwords", pw]
    subprocess.run(cmd, check=True)
    with open(pw) as f:
        return db, json.load(f)


def rows(db):
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    out = {r["username"]: dict(r) for r in conn.execute("SELECT * FROM users")}
    conn.close()
    return out


def login(db, user, password):
    r = subprocess.run([LOGIN, "--db", db, user], input=password + "\n", capture_output=True, text=True, timeout=120)
    return r.returncode


@pytest.fixture(scope="module")
def original(tmp_path_factory):
    """The live store and logs exactly as the image shipped them (the generator's output for its seed)."""
    folder = str(tmp_path_factory.mktemp("orig"))
    with gzip.open(os.path.join(HERE, "original.json.gz"), "rt") as f:
        data = json.load(f)
    sys.path.insert(0, HERE)
    import mkusers

    os.makedirs(os.path.join(folder, "logs"))
    mkusers.write_logs(os.path.join(folder, "logs"), data["users"], "members-2026")
    return folder, data["rows"], data["users"]


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """A new store the agent never saw, migrated with the agent's tool."""
    folder = str(tmp_path_factory.mktemp("fresh"))
    db, users = generate(folder, "verifier-fresh-2", 70)
    before = rows(db)
    r = subprocess.run([TOOL, db], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    return db, before, rows(db), users


def test_backup_is_the_store_before_migration(original):
    """Before the live store is migrated, it is copied to /var/backups/portal-users-pre-rehash.db, root:root 0600, exactly as it was."""
    st = os.stat(BACKUP)
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (0, 0, 0o600)
    assert rows(BACKUP) == original[1]


def test_live_store_has_no_unsalted_hash_left():
    """After the migration no unsalted MD5 or SHA-1 hash is left anywhere in the live table, locked accounts included."""
    left = [u for u, r in rows(LIVE).items() if UNSALTED.match(r["pw_hash"])]
    assert left == []


def test_live_store_wraps_the_old_hashes(original):
    """Every unsalted hash of the live store became wrapped-md5:/wrapped-sha1: + argon2id (current scheme) of its hex text, or was upgraded at a login."""
    live = rows(LIVE)
    _, orig, users = original
    checked = 0
    for name, info in sorted(users.items()):
        if info["kind"] not in LEGACY:
            continue
        stored = live[name]["pw_hash"]
        if stored.startswith(CURRENT):
            assert argon_ok(stored, info["password"]), name
            continue
        prefix = f"wrapped-{info['kind']}:"
        assert stored.startswith(prefix + CURRENT), (name, stored[:40])
        if checked < 20:
            assert argon_ok(stored[len(prefix):], orig[name]["pw_hash"].lower()), name
            checked += 1


def test_live_store_locks_breached_accounts(original):
    """Accounts whose unsalted hash (MD5 or SHA-1) is on the breach list are locked with lock_reason 'breached'; accounts locked before keep their lock and reason; no other account is locked."""
    live = rows(LIVE)
    _, orig, users = original
    for name, info in users.items():
        was = orig[name]
        if was["locked"]:
            assert (live[name]["locked"], live[name]["lock_reason"]) == (1, was["lock_reason"]), name
        elif info["breached"]:
            assert (live[name]["locked"], live[name]["lock_reason"]) == (1, "breached"), name
        else:
            assert (live[name]["locked"], live[name]["lock_reason"]) == (0, None), name


def test_live_store_other_columns_unchanged(original):
    """The migration changes only pw_hash, locked and lock_reason: no row removed, other columns untouched, non-legacy hashes kept until a login upgrades them."""
    live = rows(LIVE)
    _, orig, users = original
    for name, was in orig.items():
        now = live[name]
        for col in ("id", "username", "email", "created_at"):
            assert now[col] == was[col], (name, col)
        if users[name]["kind"] not in LEGACY and now["pw_hash"] != was["pw_hash"]:
            assert now["pw_hash"].startswith(CURRENT) and argon_ok(now["pw_hash"], users[name]["password"]), name


def test_old_logs_have_no_plaintext(original):
    """The password field is removed from every line of auth.log, auth.log.1 and auth.log.2.gz (still gzip); nothing else changes; owners and modes are kept."""
    folder = original[0]
    for part in ("auth.log", "auth.log.1", "auth.log.2.gz"):
        opener = gzip.open if part.endswith(".gz") else open
        with opener(os.path.join(folder, "logs", part), "rt") as f:
            want = [re.sub(r" password='[^']*'$", "", line.rstrip("\n")) for line in f]
        path = os.path.join("/var/log/portal", part)
        with opener(path, "rt") as f:
            got = [line.rstrip("\n") for line in f]
        assert got[: len(want)] == want, part
        assert not any("password=" in line for line in got), part
        st = os.stat(path)
        assert (st.st_uid, stat.S_IMODE(st.st_mode)) == (pwd.getpwnam("portal").pw_uid, 0o640), part


def test_tool_wraps_unsalted_hashes_of_a_fresh_store(fresh):
    """migrate-hashes DB wraps every unsalted MD5/SHA-1 hash as wrapped-md5:/wrapped-sha1: + argon2id (m=19456,t=2,p=1) of the hex text, and leaves the other hashes as they are."""
    _, before, after, users = fresh
    for name, info in users.items():
        stored = after[name]["pw_hash"]
        if info["kind"] in LEGACY:
            prefix = f"wrapped-{info['kind']}:"
            assert stored.startswith(prefix + CURRENT), (name, stored[:40])
            if info["breached"] or sum(map(ord, name)) % 3 == 0:
                assert argon_ok(stored[len(prefix):], digest(info["kind"], info["password"])), name
        else:
            assert stored == before[name]["pw_hash"], name


def test_tool_locks_breached_accounts_of_a_fresh_store(fresh):
    """On a fresh store, accounts with a breached MD5 or SHA-1 hash get locked = 1, lock_reason = 'breached'; locked accounts keep their reason; the others stay unlocked."""
    _, before, after, users = fresh
    assert any(u["breached"] and u["kind"] == "sha1" for u in users.values())
    for name, info in users.items():
        if before[name]["locked"]:
            assert (after[name]["locked"], after[name]["lock_reason"]) == (1, before[name]["lock_reason"]), name
        elif info["breached"]:
            assert (after[name]["locked"], after[name]["lock_reason"]) == (1, "breached"), name
        else:
            assert (after[name]["locked"], after[name]["lock_reason"]) == (0, None), name


def test_tool_changes_only_the_hash_columns(fresh):
    """The tool adds and removes no row and touches no column but pw_hash, locked and lock_reason."""
    _, before, after, _ = fresh
    assert set(before) == set(after)
    for name in before:
        for col in ("id", "username", "email", "created_at", "last_login"):
            assert after[name][col] == before[name][col], (name, col)


def test_tool_run_again_changes_nothing(fresh, tmp_path):
    """Running migrate-hashes again on a migrated store changes nothing (a wrapped hash is never wrapped twice)."""
    db = str(tmp_path / "again.db")
    shutil.copy(fresh[0], db)
    subprocess.run([TOOL, db], check=True, capture_output=True, timeout=600)
    assert rows(db) == fresh[2]


def _sample(users, kind, n, locked=False):
    return sorted(u for u, i in users.items() if i["kind"] == kind and (i["locked"] or i["breached"]) == locked)[:n]


@pytest.mark.parametrize("kind", ["md5", "sha1", "sha512crypt", "bcrypt", "argon2weak", "argon2"])
def test_every_kind_logs_in_and_is_rehashed(fresh, tmp_path, kind):
    """Every unlocked account logs in with its password through portal-login; after the login its hash is argon2id in the current scheme, and the next login uses it."""
    db = str(tmp_path / "login.db")
    shutil.copy(fresh[0], db)
    users = fresh[3]
    names = _sample(users, kind, 2)
    assert names
    for name in names:
        pw = users[name]["password"]
        assert login(db, name, pw) == 0, name
        stored = rows(db)[name]["pw_hash"]
        assert stored.startswith(CURRENT) and argon_ok(stored, pw), (name, stored[:40])
        assert login(db, name, pw) == 0, name
        assert rows(db)[name]["pw_hash"] == stored, name


def test_wrong_password_refused_and_hash_kept(fresh, tmp_path):
    """A wrong password is refused (exit 1) and changes no hash; an unknown user is refused (exit 3)."""
    db = str(tmp_path / "wrong.db")
    shutil.copy(fresh[0], db)
    users = fresh[3]
    for kind in ("md5", "sha1", "bcrypt"):
        name = _sample(users, kind, 1)[0]
        before = rows(db)[name]["pw_hash"]
        assert login(db, name, users[name]["password"] + "x") == 1, name
        assert rows(db)[name]["pw_hash"] == before, name
    assert login(db, "nobody.here", "whatever") == 3


def test_locked_accounts_refused_with_right_password(fresh, tmp_path):
    """A locked account, breached or locked before, is refused (exit 2) even with the right password."""
    db = str(tmp_path / "locked.db")
    shutil.copy(fresh[0], db)
    users = fresh[3]
    names = ["events"] + sorted(u for u, i in users.items() if i["locked"])[:2] + sorted(u for u, i in users.items() if i["breached"] and i["kind"] == "md5")[:1]
    for name in names:
        assert login(db, name, users[name]["password"]) == 2, name


def test_set_password_writes_current_scheme(fresh, tmp_path):
    """set_password() (portal-passwd) stores argon2id in the current scheme, and the new password logs in."""
    db = str(tmp_path / "passwd.db")
    shutil.copy(fresh[0], db)
    name = _sample(fresh[3], "md5", 1)[0]
    r = subprocess.run([PASSWD, "--db", db, name], input="Tundra-Mosaic-4471\n", text=True, capture_output=True, timeout=120)
    assert r.returncode == 0, r.stderr
    stored = rows(db)[name]["pw_hash"]
    assert stored.startswith(CURRENT) and argon_ok(stored, "Tundra-Mosaic-4471")
    assert login(db, name, "Tundra-Mosaic-4471") == 0


def test_login_code_logs_no_password(fresh, tmp_path):
    """Failed logins are logged as 'login failed user=NAME ip=IP' and no typed password is written to the log."""
    db = str(tmp_path / "log.db")
    shutil.copy(fresh[0], db)
    name = _sample(fresh[3], "sha1", 1)[0]
    marks = ["Marker-Wrong-9931", "Marker-Ghost-2287"]
    assert login(db, name, marks[0]) == 1
    assert login(db, "ghost.user", marks[1]) == 3
    with open("/var/log/portal/auth.log") as f:
        text = f.read()
    assert not any(m in text for m in marks)
    assert f"login failed user={name} ip=cli\n" in text
    assert "login failed user=ghost.user ip=cli\n" in text


def test_live_portal_logins_work(original):
    """On the live store every unlocked account logs in through portal-login (a sample of each kind, and the rtest account)."""
    users = original[2]
    with open("/root/rtest.pw") as f:
        assert login(LIVE, "rtest", f.read().strip()) == 0
    for kind in ("md5", "sha1", "sha512crypt", "bcrypt", "argon2weak"):
        for name in _sample(users, kind, 2)[1:]:
            assert login(LIVE, name, users[name]["password"]) == 0, name
    for name in ("admin-legacy", "oldadmin"):
        assert login(LIVE, name, users[name]["password"]) == 0, name
