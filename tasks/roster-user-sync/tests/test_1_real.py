"""The real accounts after the agent ran sync-users on /srv/hr/roster.csv (runs before test_2)."""
import os
from pathlib import Path

from accounts import check_active, check_left, check_new, group, groups_of, passwd, shadow, teams_of

SCRIPT = Path("/usr/local/sbin/sync-users")
KEYS = {
    "jdoe": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINMKX1dTKmA2l8y7UVWPoCzK3XSgxJn8+dRbM4Y+4Vgv jdoe@laptop",
    "mkrause": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJeFS3REdRHFd07cHxjc3UTpPJuE4/Z680kPEbfXtTXd maria@work",
    "pnair": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICpt7oH1jmn0mh13Hxv1Bo5iLQaTK+oXlc6/ycIvpIxg priya@home",
    "lchen": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBU3EH+7Q/POvGpnflkwqDJ+k93HLACwS+8u7oKIbeQn li@desk",
}
JDOE_HASH = "$6$Jd0eFixedSalt02$r0XsavNvF8cCZiSbM/NbFz9v27/.kRmuTRqtnRogvxZ14spevSLb2kB3NMC20mef6WDqkiq4QnC3bGbAedKuU."
ASMITH_HASH = "$6$Xq7fixedSalt01$hQJAiQPtAZVNEY7BAai71USneR/EPxPQLsDM/WrXF/iOaRf2VommyU.GMu6/DrhKHQhPECfRax8C1fEdpT4Jy1"


def test_script_is_executable():
    assert SCRIPT.is_file() and os.access(SCRIPT, os.X_OK), f"{SCRIPT} missing or not executable"


def test_jdoe_updated():
    check_active("jdoe", "John Doe", "platform", KEYS["jdoe"], pw_field=JDOE_HASH)
    assert passwd("jdoe")[2] == "2000"
    assert "docker" in groups_of("jdoe"), "jdoe was removed from docker (not a team group)"


def test_asmith_left():
    """asmith's roster row says left: the password is locked (!), the shell is /usr/sbin/nologin, the account expires on 1970-01-02, it is in no team-* group and has no authorized_keys; the account and its home folder are kept."""
    check_left("asmith", ASMITH_HASH)
    assert Path("/home/asmith/notes.txt").read_text() == "Q3 planning notes\n", "asmith's home was changed"


def test_bwayne_not_in_roster_is_locked():
    check_left("bwayne")


def test_new_accounts():
    uids = {login: check_new(login) for login in ("mkrause", "lchen", "pnair")}
    assert sorted(uids.values()) == [2002, 2005, 2006], \
        f"new UIDs {uids}: expected the lowest numbers free as UID and GID (2002, 2005, 2006; 2004 is a GID)"
    check_active("mkrause", "Maria Krause", "data", KEYS["mkrause"])
    check_active("pnair", "Priya Nair", "data", KEYS["pnair"])
    check_active("lchen", "Li Chen", "platform", KEYS["lchen"])


def test_team_groups_in_system_range():
    """Teams are groups named team-<team>; a missing one is created with a GID below 1000 (the system range)."""
    for name in ("team-data", "team-platform"):
        g = group(name)
        assert g is not None, f"{name} missing"
        assert int(g[2]) < 1000, f"{name} has GID {g[2]}, expected below 1000"
    assert group("team-ops") is not None, "team-ops was deleted"
    assert group("legacy-build")[2] == "2004", "legacy-build changed"


def test_unmanaged_and_bad_rows_untouched():
    assert passwd("admin") == ["admin", "x", "1000", "1000", "Site Admin", "/home/admin", "/bin/bash"], passwd("admin")
    assert shadow("admin")[1] == "!" and shadow("admin")[7] == "", "admin's password or expiry changed"
    assert not teams_of("admin"), "admin was put into a team group"
    assert not os.path.exists("/home/admin/.ssh/authorized_keys"), "admin got the roster's key"
    assert passwd("9lives") is None, "an account was created for the invalid login 9lives"
