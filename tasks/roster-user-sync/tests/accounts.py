"""Helpers for the verifier: read the account databases fresh (no NSS caching)."""
import os
import stat
from pathlib import Path


def table(path: str) -> dict[str, list[str]]:
    return {line.split(":")[0]: line.split(":") for line in Path(path).read_text().splitlines() if line.strip()}


def passwd(login: str) -> list[str] | None:
    return table("/etc/passwd").get(login)


def shadow(login: str) -> list[str] | None:
    return table("/etc/shadow").get(login)


def groups_of(login: str) -> set[str]:
    return {name for name, f in table("/etc/group").items() if login in f[3].split(",")}


def teams_of(login: str) -> set[str]:
    return {g for g in groups_of(login) if g.startswith("team-")}


def group(name: str) -> list[str] | None:
    return table("/etc/group").get(name)


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def owner(path: Path) -> tuple[int, int]:
    st = os.lstat(path)
    return st.st_uid, st.st_gid


def check_active(login: str, gecos: str, team: str, key: str, pw_field: str | None = None) -> None:
    p = passwd(login)
    assert p is not None, f"{login}: no account"
    uid, gid = int(p[2]), int(p[3])
    assert p[4] == gecos, f"{login}: GECOS {p[4]!r}, want {gecos!r}"
    assert p[6] == "/bin/bash", f"{login}: shell {p[6]}"
    s = shadow(login)
    assert not s[1].startswith("!"), f"{login}: password locked"
    if pw_field is not None:
        assert s[1] == pw_field, f"{login}: password field {s[1][:12]}..., want {pw_field[:12]}..."
    assert s[7] == "", f"{login}: account expiry {s[7]!r}"
    assert teams_of(login) == {f"team-{team}"}, f"{login}: team groups {teams_of(login)}"
    home = Path(p[5])
    ak = home / ".ssh" / "authorized_keys"
    if key:
        assert ak.is_file() and not ak.is_symlink(), f"{login}: {ak} missing"
        assert ak.read_text() == key + "\n", f"{login}: authorized_keys holds {ak.read_text()!r}"
        assert mode(ak) == 0o600 and mode(ak.parent) == 0o700, f"{login}: modes {oct(mode(ak.parent))} {oct(mode(ak))}"
        assert owner(ak) == owner(ak.parent) == (uid, gid), f"{login}: .ssh ownership"
    else:
        assert not os.path.lexists(ak), f"{login}: {ak} exists although the roster has no key"


def check_new(login: str) -> int:
    p = passwd(login)
    assert p is not None, f"{login}: no account"
    uid, gid = int(p[2]), int(p[3])
    assert uid == gid, f"{login}: UID {uid} but GID {gid}"
    g = group(login)
    assert g is not None and int(g[2]) == gid, f"{login}: primary group is not {login}/{gid}"
    assert p[5] == f"/home/{login}", f"{login}: home {p[5]}"
    home = Path(p[5])
    assert home.is_dir() and mode(home) == 0o750 and owner(home) == (uid, gid), \
        f"{login}: home {oct(mode(home))} {owner(home)}"
    assert shadow(login)[1] == "*", f"{login}: password field {shadow(login)[1]!r}, want '*'"
    return uid


def check_left(login: str, pw_hash: str | None = None) -> None:
    p = passwd(login)
    assert p is not None, f"{login}: account deleted"
    s = shadow(login)
    assert s[1].startswith("!"), f"{login}: password not locked ({s[1][:6]}...)"
    if pw_hash is not None:
        assert s[1].lstrip("!") == pw_hash, f"{login}: password hash changed"
    assert p[6] == "/usr/sbin/nologin", f"{login}: shell {p[6]}"
    assert s[7] == "1", f"{login}: account expiry field {s[7]!r}, want 1 (1970-01-02)"
    assert not teams_of(login), f"{login}: still in {teams_of(login)}"
    assert Path(p[5]).is_dir(), f"{login}: home folder deleted"
    assert not os.path.lexists(Path(p[5]) / ".ssh" / "authorized_keys"), f"{login}: authorized_keys kept"
