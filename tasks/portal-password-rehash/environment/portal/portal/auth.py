"""Login and password storage for the members portal.

Every login of the portal (the web form, the API token exchange and the
portal-login / portal-passwd tools) goes through login() and set_password().
The user store is a SQLite database: see README.md.
"""

import hashlib
import hmac
import logging
import os
import sqlite3
import warnings
from datetime import datetime, timezone

import bcrypt
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHash, VerificationError

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import crypt

DB_PATH = os.environ.get("PORTAL_DB", "/srv/portal/data/users.db")
LOG_PATH = os.environ.get("PORTAL_AUTH_LOG", "/var/log/portal/auth.log")

log = logging.getLogger("portal.auth")
if not log.handlers:
    _handler = logging.FileHandler(LOG_PATH)
    _handler.setFormatter(
        logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%dT%H:%M:%SZ")
    )
    log.addHandler(_handler)
    log.setLevel(logging.INFO)

_argon2 = PasswordHasher()

OK, BAD_PASSWORD, LOCKED, NO_SUCH_USER = 0, 1, 2, 3


def connect(db_path=None):
    """Open the user store."""
    conn = sqlite3.connect(db_path or DB_PATH)
    conn.row_factory = sqlite3.Row
    return conn


def check_password(stored, password):
    """True if password matches the stored hash (every format the portal ever wrote)."""
    if stored.startswith("$argon2"):
        try:
            return _argon2.verify(stored, password)
        except (VerificationError, InvalidHash):
            return False
    if stored.startswith(("$2a$", "$2b$", "$2y$")):
        return bcrypt.checkpw(password.encode(), stored.encode())
    if stored.startswith("$6$"):
        return hmac.compare_digest(crypt.crypt(password, stored), stored)
    if len(stored) == 40:  # portal 2.x: sha1, unsalted
        return hmac.compare_digest(hashlib.sha1(password.encode()).hexdigest(), stored)
    if len(stored) == 32:  # portal 1.x: md5, unsalted
        return hmac.compare_digest(hashlib.md5(password.encode()).hexdigest(), stored)
    return False


def hash_password(password):
    """The hash written for a new password."""
    return hashlib.md5(password.encode()).hexdigest()


def login(username, password, db_path=None, ip="-"):
    """Check a login. Returns OK, BAD_PASSWORD, LOCKED or NO_SUCH_USER."""
    with connect(db_path) as conn:
        row = conn.execute(
            "SELECT id, pw_hash, locked FROM users WHERE username = ?", (username,)
        ).fetchone()
        if row is None:
            log.info("login failed user=%s ip=%s password='%s'", username, ip, password)
            return NO_SUCH_USER
        if row["locked"]:
            log.info("login refused user=%s ip=%s reason=locked", username, ip)
            return LOCKED
        if not check_password(row["pw_hash"], password):
            log.info("login failed user=%s ip=%s password='%s'", username, ip, password)
            return BAD_PASSWORD
        now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
        conn.execute("UPDATE users SET last_login = ? WHERE id = ?", (now, row["id"]))
        log.info("login ok user=%s ip=%s", username, ip)
        return OK


def set_password(username, password, db_path=None):
    """Store a new password for a user (reset, change). Returns False if there is no such user."""
    with connect(db_path) as conn:
        cur = conn.execute(
            "UPDATE users SET pw_hash = ? WHERE username = ?",
            (hash_password(password), username),
        )
        log.info("password changed user=%s", username)
        return cur.rowcount == 1
