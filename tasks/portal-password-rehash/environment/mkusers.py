"""Build the portal's user store (deterministically) as twelve years of releases left it.

mkusers.py DB --seed SEED --users N [--passwords OUT.json] [--breached OUT.txt] [--logs DIR]
"""

import argparse
import crypt
import gzip
import hashlib
import json
import os
import random
import sqlite3
import string

import bcrypt
from argon2.low_level import Type, hash_secret

SCHEMA = """
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL,
    pw_hash TEXT NOT NULL,
    locked INTEGER NOT NULL DEFAULT 0,
    lock_reason TEXT,
    created_at TEXT NOT NULL,
    last_login TEXT
);
"""

FIRST = "anna ben carla dirk eva felix greta hans ines jonas karin lukas mia nils olga paul rosa sven tina udo vera wim yara zoe".split()
LAST = "kramer becker vogel hoffmann schulz keller brandt lange richter wolf berger franke sommer kuhn busch arnold dietrich lorenz".split()
COMMON = "password letmein welcome monkey dragon sunshine football iloveyou princess qwerty admin summer winter autumn spring hello secret shadow master freedom".split()
ALNUM = string.ascii_letters + string.digits


def breached_passwords():
    """The leaked passwords whose unsalted hashes are on the breach list."""
    out = ["123456", "12345678", "123456789", "qwerty123", "abc123", "111111"]
    for word in COMMON:
        out += [word, word + "1", word + "123", word.capitalize() + "!", word + "2019", word.capitalize() + "2020"]
    return out


def b64salt(rng, n):
    return "".join(rng.choice("./" + ALNUM) for _ in range(n))


def make_hash(kind, password, rng):
    pw = password.encode()
    if kind == "md5":
        return hashlib.md5(pw).hexdigest()
    if kind == "sha1":
        return hashlib.sha1(pw).hexdigest()
    if kind == "sha512crypt":
        return crypt.crypt(password, "$6$" + b64salt(rng, 16))
    if kind == "bcrypt":
        salt = "$2b$10$" + b64salt(rng, 21) + rng.choice(".Oeu")
        return bcrypt.hashpw(pw, salt.encode()).decode()
    salt = bytes(rng.randrange(256) for _ in range(16))
    if kind == "argon2":
        return hash_secret(pw, salt, 2, 19456, 1, 32, Type.ID).decode()
    if kind == "argon2weak":
        return hash_secret(pw, salt, 1, 4096, 1, 32, Type.ID).decode()
    raise ValueError(kind)


KINDS = [("md5", 40), ("sha1", 25), ("sha512crypt", 15), ("bcrypt", 8), ("argon2", 7), ("argon2weak", 5)]
# Accounts the portal's admins know by name (the same in every store).
FIXED = [
    ("admin-legacy", "md5", "Orchard-Lamp-7731", False),
    ("oldadmin", "sha1", "Velvet-Crane-2204", False),
    ("events", "sha1", "sunshine123", True),
    ("rtest", "md5", "Quarry-Tide-5518", False),
]


def build(db, seed, n):
    rng = random.Random(seed)
    bad = breached_passwords()
    if os.path.exists(db):
        os.unlink(db)
    conn = sqlite3.connect(db)
    conn.executescript(SCHEMA)
    users = {}
    rows = []
    names = set()
    for i in range(n):
        if i < len(FIXED):
            name, kind, password, _ = FIXED[i]
        else:
            while True:
                name = f"{rng.choice(FIRST)}.{rng.choice(LAST)}{rng.choice(['', '', str(rng.randrange(1, 99))])}"
                if name not in names:
                    break
            kind = rng.choices([k for k, _ in KINDS], [w for _, w in KINDS])[0]
            if kind in ("md5", "sha1") and rng.random() < 0.06:
                password = rng.choice(bad)
            else:
                password = "".join(rng.choice(ALNUM + "-_!.") for _ in range(rng.randrange(10, 17)))
        names.add(name)
        locked, reason = 0, None
        if i >= len(FIXED) and rng.random() < 0.03:
            locked, reason = 1, "disabled"
        year = 2014 + {"md5": 0, "sha1": 3, "sha512crypt": 6, "bcrypt": 8, "argon2weak": 9, "argon2": 10}[kind] + rng.randrange(3)
        created = f"{year}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d} {rng.randrange(24):02d}:{rng.randrange(60):02d}:00"
        last = None if rng.random() < 0.2 else f"2026-{rng.randrange(1, 12):02d}-{rng.randrange(1, 29):02d} 09:{rng.randrange(60):02d}:00"
        rows.append((i + 1, name, f"{name}@members.example.org", make_hash(kind, password, rng), locked, reason, created, last))
        users[name] = {"kind": kind, "password": password, "locked": bool(locked), "breached": password in bad}
    conn.executemany("INSERT INTO users VALUES (?,?,?,?,?,?,?,?)", rows)
    conn.commit()
    conn.close()
    return users


def write_breached(path):
    with open(path, "w") as f:
        f.write("# Unsalted MD5 and SHA-1 hashes of passwords from public breach corpora (security team, 2026-10)\n")
        for pw in breached_passwords():
            f.write(hashlib.md5(pw.encode()).hexdigest() + "\n")
            f.write(hashlib.sha1(pw.encode()).hexdigest() + "\n")


def write_logs(folder, users, seed):
    rng = random.Random(seed + "-logs")
    names = sorted(users)
    for part, day0 in (("auth.log.2.gz", 1), ("auth.log.1", 11), ("auth.log", 21)):
        lines = []
        for k in range(420):
            day, sec = day0 + k * 9 // 420, k * 197 % 86400
            ts = f"2026-11-{day:02d}T{sec // 3600:02d}:{sec // 60 % 60:02d}:{sec % 60:02d}Z"
            user = rng.choice(names)
            ip = f"10.{rng.randrange(1, 9)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"
            r = rng.random()
            if r < 0.6:
                lines.append(f"{ts} login ok user={user} ip={ip}")
            elif r < 0.93:
                typo = users[user]["password"][:-1] + rng.choice(ALNUM)
                lines.append(f"{ts} login failed user={user} ip={ip} password='{typo}'")
            else:
                lines.append(f"{ts} login refused user={user} ip={ip} reason=locked")
        data = ("\n".join(lines) + "\n").encode()
        path = os.path.join(folder, part)
        if part.endswith(".gz"):
            with gzip.GzipFile(path, "wb", mtime=0) as f:
                f.write(data)
        else:
            with open(path, "wb") as f:
                f.write(data)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("db")
    ap.add_argument("--seed", required=True)
    ap.add_argument("--users", type=int, required=True)
    ap.add_argument("--passwords")
    ap.add_argument("--breached")
    ap.add_argument("--logs")
    a = ap.parse_args()
    users = build(a.db, a.seed, a.users)
    if a.passwords:
        with open(a.passwords, "w") as f:
            json.dump(users, f, indent=1, sort_keys=True)
    if a.breached:
        write_breached(a.breached)
    if a.logs:
        write_logs(a.logs, users, a.seed)


if __name__ == "__main__":
    main()
