"""Verifier for sudoers-role-policy: files, each role's exact rights (asked through sudo itself),
fresh group members, passwords, mallory, logging."""
import grp
import pwd
import re
import stat
import subprocess
from pathlib import Path

import pytest

SUDOERS_D = Path("/etc/sudoers.d")
ROLE_FILES = ("10-ops", "20-developers", "30-deploy")

DEV_CMDS = [
    ["/usr/bin/journalctl", "-u", "app-web.service"],
    ["/usr/bin/journalctl", "-u", "app-worker.service"],
    ["/usr/bin/systemctl", "status", "app-web.service"],
    ["/usr/bin/systemctl", "status", "app-worker.service"],
]
DEV_DENIED = [
    ["/usr/bin/journalctl"],
    ["/usr/bin/journalctl", "-u", "ssh.service"],
    ["/usr/bin/journalctl", "-u", "app-web.service", "-f"],
    ["/usr/bin/journalctl", "-u", "app-web.service", "-u", "ssh.service"],
    ["/usr/bin/journalctl", "-u", "app-web"],
    ["/usr/bin/systemctl", "status"],
    ["/usr/bin/systemctl", "status", "app-web.service", "ssh.service"],
    ["/usr/bin/systemctl", "restart", "app-web.service"],
    ["/usr/bin/systemctl", "status", "app-web.service", "--no-pager"],
    ["/bin/bash"],
    ["/usr/bin/id"],
]
DEPLOY_CMDS = [
    ["/usr/bin/systemctl", "restart", "app-web.service"],
    ["/usr/bin/systemctl", "restart", "app-worker.service"],
]
DEPLOY_DENIED = [
    ["/usr/bin/systemctl"],
    ["/usr/bin/systemctl", "restart", "ssh.service"],
    ["/usr/bin/systemctl", "restart", "app-web.service", "ssh.service"],
    ["/usr/bin/systemctl", "restart", "app-web.service", "app-worker.service"],
    ["/usr/bin/systemctl", "restart", "app-web"],
    ["/usr/bin/systemctl", "restart", "app-db.service"],
    ["/usr/bin/systemctl", "stop", "app-web.service"],
    ["/usr/bin/systemctl", "status", "app-web.service"],
    ["/usr/bin/systemctl", "daemon-reload"],
    ["/bin/bash"],
    ["/usr/bin/apt-get", "install", "curl"],
]


def allowed(user: str, cmd: list[str], runas: str | None = None, group: str | None = None) -> bool:
    args = ["sudo", "-l", "-U", user]
    if runas:
        args += ["-u", runas]
    if group:
        args += ["-g", group]
    return subprocess.run(args + cmd, capture_output=True, timeout=30).returncode == 0


def run_as(user: str, cmd: list[str]) -> subprocess.CompletedProcess:
    """Run `sudo -n CMD` as USER (no terminal, no password available)."""
    return subprocess.run(["runuser", "-u", user, "--", "sudo", "-n", *cmd],
                          capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)


def needs_password(user: str, cmd: list[str]) -> bool:
    return "password is required" in run_as(user, cmd).stderr


def ensure_user(name: str, groups: list[str]) -> str:
    if subprocess.run(["id", name], capture_output=True).returncode != 0:
        args = ["useradd", "-m", "-s", "/bin/bash", name]
        if groups:
            args[1:1] = ["-G", ",".join(groups)]
        subprocess.run(args, check=True, capture_output=True)
    return name


# ------------------------------------------------------------------ files


def test_visudo_accepts_the_whole_configuration():
    proc = subprocess.run(["visudo", "-c"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_sudoers_d_holds_exactly_the_role_files_and_readme():
    names = sorted(p.name for p in SUDOERS_D.iterdir())
    assert names == sorted([*ROLE_FILES, "README"]), f"/etc/sudoers.d holds {names}"


@pytest.mark.parametrize("name", ROLE_FILES)
def test_role_file_owner_mode_and_syntax(name):
    p = SUDOERS_D / name
    assert p.is_file() and not p.is_symlink(), f"{p} missing"
    st = p.stat()
    assert stat.S_IMODE(st.st_mode) == 0o440, f"{p} has mode {oct(stat.S_IMODE(st.st_mode))}"
    assert (st.st_uid, st.st_gid) == (0, 0), f"{p} is not owned by root:root"
    proc = subprocess.run(["visudo", "-cf", str(p)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_main_sudoers_unchanged():
    conffiles = subprocess.run(["dpkg-query", "-W", "-f=${Conffiles}", "sudo"],
                               capture_output=True, text=True, check=True).stdout
    want = next(line.split()[1] for line in conffiles.splitlines() if line.split()[:1] == ["/etc/sudoers"])
    got = subprocess.run(["md5sum", "/etc/sudoers"], capture_output=True, text=True, check=True).stdout.split()[0]
    assert got == want, "/etc/sudoers was modified"


def test_logfile_default_in_ops_file_and_in_force():
    text = (SUDOERS_D / "10-ops").read_text()
    assert re.search(r'(?m)^\s*Defaults\s+logfile\s*=\s*"?/var/log/sudo\.log"?\s*$', text), \
        "no 'Defaults logfile=/var/log/sudo.log' line in 10-ops"
    listing = subprocess.run(["sudo", "-l", "-U", "bob"], capture_output=True, text=True).stdout
    assert "logfile=/var/log/sudo.log" in listing, listing


# ------------------------------------------------------------------ ops


@pytest.mark.parametrize("user", ["alice", "dave", "fresh_ops"])
def test_ops_may_run_anything_as_anyone(user):
    if user == "fresh_ops":
        ensure_user("fresh_ops", ["ops"])
    assert allowed(user, ["/bin/bash"]), f"{user} (ops) cannot run /bin/bash as root"
    assert allowed(user, ["/usr/bin/apt-get", "install", "curl"]), f"{user} (ops) cannot run apt-get"
    assert allowed(user, ["/usr/bin/id"], runas="bob"), f"{user} (ops) cannot run commands as bob"
    assert allowed(user, ["/usr/bin/id"], runas="bob", group="developers"), f"{user} (ops) cannot pick a group"
    assert needs_password(user, ["/usr/bin/id"]), f"{user} (ops) is not asked for a password"


# ------------------------------------------------------------------ developers


@pytest.mark.parametrize("user", ["bob", "carol", "fresh_dev"])
def test_developers_get_exactly_the_four_commands(user):
    """developers may run exactly the four journalctl/systemctl status commands with exactly these arguments, and nothing else: no other arguments (no extra flags, no other units) and no other commands."""
    if user == "fresh_dev":
        ensure_user("fresh_dev", ["developers"])
    for cmd in DEV_CMDS:
        assert allowed(user, cmd), f"{user} (developers) cannot run {' '.join(cmd)}"
    for cmd in DEV_DENIED:
        assert not allowed(user, cmd), f"{user} (developers) may run {' '.join(cmd)}"


@pytest.mark.parametrize("user", ["bob", "fresh_dev"])
def test_developers_only_as_root_and_with_password(user):
    ensure_user("fresh_dev", ["developers"])
    for cmd in DEV_CMDS:
        assert not allowed(user, cmd, runas="alice"), f"{user} may run {' '.join(cmd)} as alice"
        assert needs_password(user, cmd), f"{user} is not asked for a password for {' '.join(cmd)}"


def noexec_commands(user: str) -> set[str]:
    """The commands of USER's sudoers entries whose options include noexec (the NOEXEC: tag), from sudo -ll."""
    out = subprocess.run(["sudo", "-ll", "-U", user], capture_output=True, text=True, timeout=30).stdout
    covered = set()
    for block in out.split("Sudoers entry:")[1:]:
        opts = re.search(r"(?m)^\s*Options:\s*(.*)$", block)
        if not opts or "noexec" not in [o.strip() for o in opts.group(1).split(",")]:
            continue
        cmds = block.split("Commands:", 1)[1] if "Commands:" in block else ""
        covered.update(line.strip() for line in cmds.splitlines() if line.strip())
    return covered


@pytest.mark.parametrize("user", ["bob", "fresh_dev"])
def test_developers_commands_are_noexec(user):
    """The developers' four journalctl and systemctl status commands are tagged NOEXEC: so that the pager (less) they open as root cannot start another program such as !sh (a root shell)."""
    ensure_user("fresh_dev", ["developers"])
    covered = noexec_commands(user)
    for cmd in DEV_CMDS:
        assert " ".join(cmd) in covered, f"{' '.join(cmd)} is not tagged NOEXEC for {user} (sudo -ll shows no noexec option)"


# ------------------------------------------------------------------ deploy


def test_deploy_gets_exactly_the_two_restarts():
    for cmd in DEPLOY_CMDS:
        assert allowed("deploy", cmd), f"deploy cannot run {' '.join(cmd)}"
        assert not allowed("deploy", cmd, runas="bob"), f"deploy may run {' '.join(cmd)} as bob"
    for cmd in DEPLOY_DENIED:
        assert not allowed("deploy", cmd), f"deploy may run {' '.join(cmd)}"


def test_deploy_needs_no_password_for_the_restarts():
    for cmd in DEPLOY_CMDS:
        proc = run_as("deploy", cmd)
        assert "password is required" not in proc.stderr, f"deploy is asked for a password: {proc.stderr}"
        assert "not allowed" not in proc.stderr and "may not run" not in proc.stderr, proc.stderr


def test_deploy_is_a_user_rule_not_a_group_rule():
    ensure_user("fresh_deploy_peer", [])
    subprocess.run(["usermod", "-aG", "deploy", "fresh_deploy_peer"], capture_output=True)
    for cmd in DEPLOY_CMDS:
        assert not allowed("fresh_deploy_peer", cmd), "members of the deploy group get deploy's rights"


# ------------------------------------------------------------------ nobody else


def test_mallory_has_no_sudo_at_all_and_keeps_her_account():
    proc = subprocess.run(["sudo", "-l", "-U", "mallory"], capture_output=True, text=True)
    assert "not allowed" in proc.stdout or proc.returncode != 0, f"mallory still has sudo rights:\n{proc.stdout}"
    for cmd in (["/bin/bash"], ["/usr/bin/apt-get", "install", "curl"], ["/usr/bin/journalctl"], ["/usr/bin/id"]):
        assert not allowed("mallory", cmd), f"mallory may run {' '.join(cmd)}"
    pw = pwd.getpwnam("mallory")
    assert pw.pw_shell == "/bin/bash" and pw.pw_dir == "/home/mallory", "mallory's account was changed"
    assert "mallory" in grp.getgrnam("contractors").gr_mem, "mallory was taken out of contractors"
    fields = next(line.split(":") for line in Path("/etc/shadow").read_text().splitlines()
                  if line.startswith("mallory:"))
    assert fields[1] == "!", f"mallory's account was locked or given a password ({fields[1][:3]}...)"
    assert fields[7] == "", "mallory's account was given an expiry date"


@pytest.mark.parametrize("groups", [[], ["contractors"]])
def test_nobody_else_gets_rights(groups):
    name = "fresh_other_" + ("_".join(groups) or "none")
    ensure_user(name, groups)
    proc = subprocess.run(["sudo", "-l", "-U", name], capture_output=True, text=True)
    assert "not allowed" in proc.stdout or proc.returncode != 0, f"{name} has sudo rights:\n{proc.stdout}"
