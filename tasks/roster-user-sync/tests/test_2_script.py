"""sync-users on a fresh roster the verifier writes: messy values, new, changed, re-activated,
dropped, duplicate, invalid and unmanaged logins; a second run; a clean roster."""
import base64
import hashlib
import os
import subprocess
from pathlib import Path

import pytest

from accounts import check_active, check_left, check_new, passwd, shadow, table, teams_of

SCRIPT = "/usr/local/sbin/sync-users"


def key(seed: str, comment: str) -> str:
    raw = b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + hashlib.sha256(seed.encode()).digest()
    return f"ssh-ed25519 {base64.b64encode(raw).decode()} {comment}"


K = {n: key(n, f"{n}@fixture") for n in ("old", "new1", "relock", "dup", "gone", "sys")}
RELOCK_HASH = "$6$TestFixtSalt9$5mH0aR3X5k7cN1qB6zW8yE2vT4uJ9oL0pS3dF7gH1jK5lZ8xC2vB6nM4aQ0wE9rT3yU7iO1pA5sD8fG2hJ6kL."


def sh(*args: str) -> None:
    subprocess.run(args, check=True, capture_output=True)


def make_account(login: str, uid: int, gecos: str, groups: list[str], key_line: str, extra: list[str] = ()) -> None:
    sh("groupadd", "-g", str(uid), login)
    sh("useradd", "-m", "-u", str(uid), "-g", str(uid), "-s", "/bin/bash", "-c", gecos, *extra, login)
    if groups:
        sh("usermod", "-aG", ",".join(groups), login)
    home = Path(f"/home/{login}")
    (home / ".ssh").mkdir(mode=0o700, exist_ok=True)
    (home / ".ssh" / "authorized_keys").write_text(key_line + "\n")
    for p in (home / ".ssh", home / ".ssh" / "authorized_keys"):
        os.chown(p, uid, uid)
    os.chmod(home / ".ssh" / "authorized_keys", 0o600)
    (home / "work.txt").write_text(f"{login}'s files\n")


def free_numbers(n: int) -> list[int]:
    used = {int(f[2]) for f in table("/etc/passwd").values()} | {int(f[2]) for f in table("/etc/group").values()}
    return [x for x in range(2000, 3000) if x not in used][:n]


ROSTER = f"""login,full_name,team,status,ssh_public_key
toldteam,Old Team,Beta,active,{K['old']}
  TNew1  , Zoë O'Brien-Smith ,ALPHA,active,{K['new1']}
tnew2,Tom New,alpha,active,
tdup,Dup One,alpha,active,
trelock,Re Lock, beta ,active,{K['relock']}
tghost,Ghost Person,alpha,left,
tsys,System Collide,alpha,active,{K['sys']}
7up,Bad Login,alpha,active,
t.dot,Bad Dot,alpha,active,
tdup,Dup Two,Gamma,active,{K['dup']}
"""


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    sh("groupadd", "-r", "team-alpha")
    sh("groupadd", "-r", "tother")
    make_account("toldteam", 2950, "Old Team", ["team-alpha", "tother"], K["old"])
    make_account("tgone", 2951, "Gone Person", ["team-alpha"], K["gone"])
    make_account("trelock", 2952, "Re Lock", [], "ssh-ed25519 AAAAstale relock@old", ["-p", RELOCK_HASH])
    sh("usermod", "-L", "-s", "/usr/sbin/nologin", "trelock")
    sh("chage", "-E", "1", "trelock")
    sh("groupadd", "-g", "1500", "tsys")
    sh("useradd", "-m", "-u", "1500", "-g", "1500", "-s", "/bin/bash", "-c", "Not Managed", "tsys")
    before = {"passwd": table("/etc/passwd"), "shadow": table("/etc/shadow"), "free": free_numbers(3)}
    roster = tmp_path_factory.mktemp("roster") / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    proc = subprocess.run([SCRIPT, str(roster)], capture_output=True, text=True, timeout=120)
    return {"roster": roster, "proc": proc, "before": before}


def test_exit_status_with_bad_rows(world):
    assert world["proc"].returncode == 1, f"exit {world['proc'].returncode}; stderr: {world['proc'].stderr[-300:]}"
    assert world["proc"].stderr.strip(), "bad rows not reported on stderr"


def test_output_lines(world):
    """One line on stdout per account the script creates, changes or locks: created <login>, updated <login> or locked <login>; nothing else."""
    lines = [ln for ln in world["proc"].stdout.splitlines() if ln.strip()]
    for ln in lines:
        verb, _, login = ln.partition(" ")
        assert verb in ("created", "updated", "locked") and login and " " not in login, f"bad output line {ln!r}"
    fixture = sorted(ln for ln in lines if ln.split(" ", 1)[1].startswith("t"))
    assert fixture == sorted(["updated toldteam", "created tnew1", "created tnew2", "created tdup",
                              "updated trelock", "locked tgone"]), fixture
    before = world["before"]["passwd"]
    for login, f in before.items():
        if 2000 <= int(f[2]) <= 2999 and not login.startswith("t") and not world["before"]["shadow"][login][1].startswith("!"):
            assert f"locked {login}" in lines, f"{login} (managed, not in this roster) was not locked"


def test_new_accounts_take_lowest_free_numbers(world):
    uids = sorted(check_new(login) for login in ("tnew1", "tnew2", "tdup"))
    assert uids == sorted(world["before"]["free"]), f"new UIDs {uids}, lowest free were {world['before']['free']}"


def test_new_and_changed_accounts(world):
    """Active rows on a fresh roster: spaces around values do not matter, logins and team names are case-insensitive and used in lower case ('  TNew1  ', ALPHA); if a login appears in several rows the last one counts (tdup); each account ends in its team's team-<team> group only, with its GECOS, shell and key."""
    check_active("tnew1", "Zoë O'Brien-Smith", "alpha", K["new1"])
    check_active("tnew2", "Tom New", "alpha", "")
    check_active("tdup", "Dup Two", "gamma", K["dup"])
    check_active("toldteam", "Old Team", "beta", K["old"])
    assert "tother" in {g for g, f in table("/etc/group").items() if "toldteam" in f[3].split(",")}, \
        "toldteam lost a group that is not a team group"


def test_existing_account_brought_in_line(world):
    """An existing account with an active row is brought in line: GECOS = full name, shell /bin/bash, unlocked (no ! in front of its password field) and no account expiry date (trelock was locked, with nologin and an expiry, before)."""
    check_active("trelock", "Re Lock", "beta", K["relock"], pw_field=RELOCK_HASH)


def test_leaver_not_in_roster(world):
    check_left("tgone")
    assert Path("/home/tgone/work.txt").read_text() == "tgone's files\n", "tgone's home changed"


def test_skipped_rows(world):
    assert passwd("tghost") is None, "a left row created an account"
    assert passwd("7up") is None and passwd("t.dot") is None, "an invalid login got an account"
    assert passwd("tsys") == world["before"]["passwd"]["tsys"], "the unmanaged account tsys was changed"
    assert shadow("tsys") == world["before"]["shadow"]["tsys"], "the unmanaged account tsys was changed"
    assert not teams_of("tsys")
    assert not os.path.exists("/home/tsys/.ssh/authorized_keys"), "tsys got a key"


def test_second_run_changes_nothing(world):
    """Running it again right after a run prints nothing and changes nothing."""
    files = ("/etc/passwd", "/etc/shadow", "/etc/group", "/etc/gshadow")
    before = {f: Path(f).read_bytes() for f in files}
    keys = {p: p.read_bytes() for p in Path("/home").glob("*/.ssh/authorized_keys")}
    proc = subprocess.run([SCRIPT, str(world["roster"])], capture_output=True, text=True, timeout=120)
    assert proc.stdout.strip() == "", f"second run printed: {proc.stdout[:300]}"
    assert proc.returncode == 1
    for f in files:
        assert Path(f).read_bytes() == before[f], f"second run changed {f}"
    assert {p: p.read_bytes() for p in Path("/home").glob("*/.ssh/authorized_keys")} == keys


def test_clean_roster_exits_zero(world, tmp_path):
    roster = tmp_path / "clean.csv"
    roster.write_text(f"login,full_name,team,status,ssh_public_key\ntoldteam,Old Team,beta,active,{K['old']}\n")
    proc = subprocess.run([SCRIPT, str(roster)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[-300:]}"
    assert "toldteam" not in proc.stdout, "toldteam was already right"
    check_left("tnew1")
