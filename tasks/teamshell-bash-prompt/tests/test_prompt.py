"""Checks of the team prompt, read from an interactive bash on a pseudo-terminal under each condition.

Every check types commands into a fresh ``bash -i`` (the prompt sourced as the team does) and reads
the prompt it prints, the way a person at the terminal would; the repositories, venvs and folders
it visits are made here, fresh.
"""

import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from promptshell import Shell, plain  # noqa: E402

PROMPT = Path("/opt/teamshell/prompt.bash")
SOURCE = ". /opt/teamshell/prompt.bash"
GIT = Path("/usr/bin/git")
GIT_REAL = Path("/usr/bin/git.real")
GITLOG = Path("/tmp/tp-gitcalls.log")
WORK = Path("/tmp/tp-verify")
HOST = socket.gethostname().split(".")[0]


def git(repo, *args):
    subprocess.run([str(GIT), "-C", str(repo), *args], check=True, capture_output=True, text=True)


def make_repo(path: Path, commit: bool = True, branch: str = "main") -> Path:
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", branch)
    git(path, "config", "user.email", "verify@example.com")
    git(path, "config", "user.name", "Verify")
    if commit:
        (path / ".gitignore").write_text("*.log\n")
        (path / "app.py").write_text("print('hi')\n")
        git(path, "add", "-A")
        git(path, "commit", "-q", "-m", "first")
    return path


@pytest.fixture(scope="module", autouse=True)
def counted_git():
    """git, wrapped so that every git process a prompt starts is written to a log."""
    assert PROMPT.is_file(), "/opt/teamshell/prompt.bash is missing"
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    if not GIT_REAL.exists():
        GIT.rename(GIT_REAL)
    GIT.write_text('#!/bin/sh\n[ -n "${TP_GITLOG:-}" ] && echo "$PWD $*" >> "$TP_GITLOG"\nexec /usr/bin/git.real "$@"\n')
    GIT.chmod(0o755)
    yield
    GIT.unlink()
    GIT_REAL.rename(GIT)
    shutil.rmtree(WORK, ignore_errors=True)


def sourced(cwd="/root", term="xterm-256color", env=None, before=()):
    """A fresh interactive bash that ran the given lines, then sourced the prompt."""
    sh = Shell(cwd=cwd, term=term, env=env)
    for line in before:
        sh.run(line)
    sh.run(SOURCE)
    return sh


def test_bashrc_sources_the_prompt_once():
    """/etc/bash.bashrc sources the prompt (one line at its end), and a login-less interactive shell of
    root (whose ~/.bashrc still sources it as well) shows the team prompt: sourcing it a second time
    changes nothing."""
    lines = [ln for ln in Path("/etc/bash.bashrc").read_text().splitlines() if ln.strip()]
    assert "/opt/teamshell/prompt.bash" in lines[-1], "the last line of /etc/bash.bashrc does not source the prompt"
    assert sum("/opt/teamshell/prompt.bash" in ln for ln in lines) == 1
    repo = make_repo(WORK / "rc" / "svc")
    (repo / "new.txt").write_text("x\n")
    sh = Shell(cwd=str(repo), rcfiles=True)
    try:
        assert plain(sh.last) == ".../tp-verify/rc/svc (main*) # "
        assert sh.prompt("false") == "[1] .../tp-verify/rc/svc (main*) # "
        assert sh.prompt("true") == ".../tp-verify/rc/svc (main*) # "
    finally:
        sh.close()


def test_all_segments_in_order():
    """The segments come in the order exit status, venv, user@host, directory, git, duration, each
    followed by one space, then `# ` for root."""
    make_repo(WORK / "order" / "shop" / "app" / "models")
    sh = sourced(env={"SSH_CONNECTION": "10.0.0.5 51234 10.0.0.9 22", "TEAMPROMPT_MIN_SECS": "2"})
    try:
        got = sh.prompt(
            f"source /opt/venvs/reporting/bin/activate; cd {WORK}/order/shop/app/models; sleep 3; false"
        )
        assert re.fullmatch(
            rf"\[1\] \(reporting\) root@{re.escape(HOST)} \.\.\./shop/app/models \(main\) took [34]s # ", got
        ), got
    finally:
        sh.close()


def test_exit_status():
    """`[N]` when the last command's exit status was not 0, nothing when it was 0."""
    sh = sourced()
    try:
        assert sh.prompt("false") == "[1] ~ # "
        assert sh.prompt("(exit 130)") == "[130] ~ # "
        assert sh.prompt("true") == "~ # "
        assert sh.prompt("ls /nonexistent-dir 2>/dev/null") == "[2] ~ # "
    finally:
        sh.close()


def test_users_prompt_command_kept_and_status_is_the_commands():
    """The user's own PROMPT_COMMAND keeps running once per prompt and sees the command's `$?`; the
    exit status shown is the user's command's even though that PROMPT_COMMAND fails; sourcing twice
    changes nothing."""
    log = WORK / "mine.log"
    before = [f"__mine() {{ echo \"$?\" >> {log}; return 3; }}", "PROMPT_COMMAND=__mine"]
    sh = sourced(before=before)
    try:
        sh.run(SOURCE)  # people source it from ~/.bashrc too
        log.write_text("")
        assert sh.prompt("true") == "~ # "
        assert sh.prompt("(exit 7)") == "[7] ~ # "
        assert sh.prompt("true") == "~ # "
        assert log.read_text().split() == ["0", "7", "0"], "the user's PROMPT_COMMAND did not run once per prompt with the command's $?"
    finally:
        sh.close()


def test_virtual_env_name():
    """`(NAME)` for an active venv: the venv folder's name, or the folder holding it when the venv is
    called .venv or venv; the venv's own prompt prefix never shows; nothing after deactivate."""
    subprocess.run(["python3", "-m", "venv", "--without-pip", str(WORK / "proj-x" / "venv")], check=True)
    sh = sourced()
    try:
        assert sh.prompt("source /opt/venvs/reporting/bin/activate") == "(reporting) ~ # "
        assert sh.prompt("deactivate") == "~ # "
        assert sh.prompt("source /root/src/shop-api/.venv/bin/activate") == "(shop-api) ~ # "
        assert sh.prompt("cd /root/src/shop-api") == "(shop-api) ~/src/shop-api (main) # "
        assert sh.prompt("deactivate; cd") == "~ # "
        assert sh.prompt(f"source {WORK}/proj-x/venv/bin/activate") == "(proj-x) ~ # "
        assert sh.prompt("VIRTUAL_ENV=") == "~ # "
    finally:
        sh.close()


def test_user_and_host_only_over_ssh():
    """`user@host` (short host name) only when SSH_CONNECTION is set and not empty."""
    sh = sourced(env={"SSH_CONNECTION": "10.0.0.5 51234 10.0.0.9 22"})
    try:
        assert sh.prompt("cd /usr") == f"root@{HOST} /usr # "
        assert sh.prompt("SSH_CONNECTION=") == "/usr # "
    finally:
        sh.close()
    sh = sourced()
    try:
        assert sh.prompt("cd /usr") == "/usr # "
    finally:
        sh.close()


def test_directory_shortened():
    """`~` for $HOME; more than three components after `~` or `/` show as `.../` and the last three."""
    (WORK / "a b" / "c d").mkdir(parents=True)
    cases = {
        "cd": "~",
        "cd /root/src": "~/src",
        "cd /root/src/shop-api/app": "~/src/shop-api/app (main)",
        "cd /root/src/shop-api/app/models": ".../shop-api/app/models (main)",
        "cd /": "/",
        "cd /usr/share/doc": "/usr/share/doc",
        "cd /usr/share/doc/git": ".../share/doc/git",
        f"cd '{WORK}/a b'": "/tmp/tp-verify/a b",
        f"cd '{WORK}/a b/c d'": ".../tp-verify/a b/c d",
    }
    sh = sourced()
    try:
        for line, want in cases.items():
            assert sh.prompt(line) == f"{want} # ", line
    finally:
        sh.close()


def test_git_branch_and_dirty_marker():
    """`(BRANCH)` in a work tree, `*` after it for changed, staged or untracked (not ignored) files."""
    repo = make_repo(WORK / "dirty" / "svc")
    sh = sourced(cwd=str(repo))
    name = ".../tp-verify/dirty/svc"
    try:
        assert sh.prompt("true") == f"{name} (main) # "
        (repo / "debug.log").write_text("ignored\n")
        assert sh.prompt("true") == f"{name} (main) # ", "an ignored file made the tree dirty"
        (repo / "app.py").write_text("print('changed')\n")
        assert sh.prompt("true") == f"{name} (main*) # "
        git(repo, "add", "app.py")
        assert sh.prompt("true") == f"{name} (main*) # ", "a staged change was not shown as dirty"
        git(repo, "commit", "-q", "-m", "second")
        assert sh.prompt("true") == f"{name} (main) # "
        (repo / "notes.txt").write_text("new\n")
        assert sh.prompt("true") == f"{name} (main*) # ", "an untracked file was not shown as dirty"
        (repo / "notes.txt").unlink()
        git(repo, "checkout", "-q", "-b", "feature/login")
        assert sh.prompt("cd sub 2>/dev/null; true") == f"{name} (feature/login) # "
    finally:
        sh.close()


def test_git_detached_new_repo_and_linked_worktree():
    """A detached HEAD shows `@` and 7 characters of the commit id; a repository without commits shows
    its branch; a linked work tree (`.git` is a file) works the same."""
    repo = make_repo(WORK / "states" / "svc")
    oid = subprocess.run([str(GIT), "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True).stdout
    git(repo, "checkout", "-q", "--detach")
    fresh = make_repo(WORK / "states" / "fresh", commit=False)
    git(repo, "worktree", "add", "-q", "-b", "hotfix/9.9", str(WORK / "states" / "wt"))
    (WORK / "states" / "wt" / "deep" / "er").mkdir(parents=True)
    sh = sourced()
    try:
        assert sh.prompt(f"cd {repo}") == f".../tp-verify/states/svc (@{oid[:7]}) # "
        assert sh.prompt(f"cd {fresh}") == ".../tp-verify/states/fresh (main) # "
        (fresh / "x.txt").write_text("x\n")
        assert sh.prompt("true") == ".../tp-verify/states/fresh (main*) # "
        assert sh.prompt(f"cd {WORK}/states/wt/deep/er") == ".../wt/deep/er (hotfix/9.9) # "
    finally:
        sh.close()


def test_no_git_process_outside_a_repository():
    """Outside a git work tree the prompt starts no git process at all."""
    (WORK / "plain" / "deeper").mkdir(parents=True)
    GITLOG.write_text("")
    sh = sourced(env={"TP_GITLOG": str(GITLOG)})
    try:
        for line in (f"cd {WORK}/plain/deeper", "true", "false", "cd /", "cd /usr/share", "cd"):
            sh.run(line)
        assert GITLOG.read_text() == "", f"git ran outside a repository: {GITLOG.read_text()}"
    finally:
        sh.close()


def test_at_most_two_git_processes_per_prompt():
    """Inside a work tree the prompt starts at most two git processes per prompt."""
    repo = make_repo(WORK / "budget" / "svc")
    (repo / "app.py").write_text("changed\n")
    GITLOG.write_text("")
    sh = sourced(cwd=str(repo), env={"TP_GITLOG": str(GITLOG)})
    try:
        for line in ("true", "false", "", "true"):
            before = len(GITLOG.read_text().splitlines())
            assert plain(sh.run(line)).endswith("(main*) # ")
            used = len(GITLOG.read_text().splitlines()) - before
            assert 1 <= used <= 2, f"{used} git processes for one prompt"
    finally:
        sh.close()


def test_duration_of_the_command_line():
    """`took Ns` when the command line took at least TEAMPROMPT_MIN_SECS seconds: all commands of the
    line together, not time spent at the prompt, and not after an empty line."""
    sh = sourced(env={"TEAMPROMPT_MIN_SECS": "2"})
    try:
        assert re.fullmatch(r"~ took [34]s # ", sh.prompt("sleep 3")), sh.last
        assert sh.prompt("") == "~ # ", "Enter on an empty line showed a duration"
        assert sh.prompt("sleep 0.5") == "~ # "
        assert re.fullmatch(r"~ took [34]s # ", sh.prompt("sleep 1; sleep 1; sleep 1")), sh.last
        time.sleep(3.5)  # sitting at the prompt
        assert sh.prompt("true") == "~ # ", "time spent at the prompt was counted"
        assert re.fullmatch(r"\[1\] ~ took [23]s # ", sh.prompt("sleep 2.2; false")), sh.last
    finally:
        sh.close()


def test_duration_default_threshold_is_five_seconds():
    """Without TEAMPROMPT_MIN_SECS the threshold is 5 seconds."""
    sh = sourced()
    try:
        assert sh.prompt("sleep 3.2") == "~ # "
        assert re.fullmatch(r"~ took [56]s # ", sh.prompt("sleep 5.3")), sh.last
    finally:
        sh.close()


def test_colours_on_a_colour_terminal():
    """On a colour terminal: the exit status red, the git segment green when clean and yellow when
    dirty, each followed by ESC[0m before its space; nothing else coloured."""
    repo = make_repo(WORK / "colour" / "svc")
    sh = sourced(cwd=str(repo), env={"SSH_CONNECTION": "10.0.0.5 51234 10.0.0.9 22"})
    try:
        raw = sh.run("false")
        assert raw == f"\x1b[31m[1]\x1b[0m root@{HOST} .../tp-verify/colour/svc \x1b[32m(main)\x1b[0m # ", repr(raw)
        (repo / "app.py").write_text("changed\n")
        raw = sh.run("source /opt/venvs/reporting/bin/activate")
        assert raw == f"(reporting) root@{HOST} .../tp-verify/colour/svc \x1b[33m(main*)\x1b[0m # ", repr(raw)
    finally:
        sh.close()


def test_escape_sequences_wrapped_for_readline():
    r"""Every escape sequence of the prompt is wrapped in \[ and \] so that readline knows its width."""
    repo = make_repo(WORK / "wrap" / "svc")
    (repo / "app.py").write_text("changed\n")
    out = WORK / "ps1.bin"
    sh = sourced(cwd=str(repo))
    try:
        sh.run("false")
        sh.run(f"printf '%s' \"${{PS1@P}}\" > {out}")
        data = out.read_bytes()
        assert b"\x1b" in data, "no colour on a colour terminal"
        outside = re.sub(rb"\x01[^\x02]*\x02", b"", data)
        assert b"\x1b" not in outside, f"escape sequences outside \\[ \\]: {data!r}"
    finally:
        sh.close()


@pytest.mark.parametrize(
    "term,env",
    [("dumb", {}), ("vt100", {}), ("xterm-256color", {"NO_COLOR": "1"})],
    ids=["dumb", "no-colour-terminal", "NO_COLOR"],
)
def test_no_escape_sequences_without_colour_support(term, env):
    """With TERM=dumb, a terminal without colours, or NO_COLOR=1 the prompt has no escape sequences."""
    repo = make_repo(WORK / f"nocolour-{term}-{len(env)}" / "svc")
    (repo / "app.py").write_text("changed\n")
    sh = sourced(cwd=str(repo), term=term, env=env)
    try:
        raw = sh.run("false")
        assert "\x1b" not in raw, repr(raw)
        assert raw.endswith("(main*) # ") and raw.startswith("[1] ")
    finally:
        sh.close()


def test_names_shown_literally_nothing_run():
    """A directory or branch name with `$(...)`, backticks or backslashes shows as it is; nothing in it
    is run or expanded."""
    base = WORK / "names"
    weird = ["$(touch pwned-dir)", "`touch pwned-tick`", r"a\w\$b"]
    for name in weird:
        (base / name).mkdir(parents=True)
    repo = make_repo(base / "repo")
    git(repo, "checkout", "-q", "-b", "fix/$(touch${IFS}pwned-branch)")
    sh = sourced(cwd=str(base))
    try:
        for name in weird:
            quoted = "'" + name + "'"
            assert sh.prompt(f"cd {base}/{quoted}") == f".../tp-verify/names/{name} # ", name
            assert sh.prompt("true") == f".../tp-verify/names/{name} # ", name
        assert sh.prompt(f"cd {repo}") == ".../tp-verify/names/repo (fix/$(touch${IFS}pwned-branch)) # "
        assert sh.prompt("true").endswith("(fix/$(touch${IFS}pwned-branch)) # ")
    finally:
        sh.close()
    ran = [p for p in base.rglob("pwned-*")] + [p for p in Path("/root").glob("pwned-*")]
    assert not ran, f"a name was run as a command: {ran}"


def test_works_under_set_u():
    """With `set -u` on, sourcing the prompt (twice) and every prompt print no error."""
    repo = make_repo(WORK / "nounset" / "svc")
    sh = Shell(cwd=str(repo))
    try:
        sh.run("set -u")
        sh.run(SOURCE)
        sh.run(SOURCE)
        for line in ("false", "", "cd /tmp", "cd /root/src/infra", "source /opt/venvs/reporting/bin/activate",
                     "deactivate", "sleep 0.2", "cd /root/src/billing"):
            sh.run(line)
        assert sh.prompt("true") == "~/src/billing (main*) # "
        out = sh.output_since_start()
        assert "unbound variable" not in out and "bash:" not in out, out[-1500:]
    finally:
        sh.close()


def test_bash_44_compatible():
    """No bash 5 features: no EPOCHSECONDS or EPOCHREALTIME, no PROMPT_COMMAND array, no ${var@P}."""
    code = "\n".join(ln.split(" #")[0] for ln in PROMPT.read_text().splitlines() if not ln.lstrip().startswith("#"))
    for pattern in (r"EPOCHSECONDS", r"EPOCHREALTIME", r"PROMPT_COMMAND\+?=\(", r"PROMPT_COMMAND\[", r"@P\}"):
        assert not re.search(pattern, code), f"bash 5 feature in prompt.bash: {pattern}"
    r = subprocess.run(["bash", "-n", str(PROMPT)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
