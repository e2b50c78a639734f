"""Verifier for agent-setup-wizard: the installer driven through pipes and a pseudo-terminal in
scratch folders, non-interactive mode, the provisioning script, and what must stay untouched."""
import hashlib
import os
import stat
import subprocess
from pathlib import Path

import pytest

INSTALLER = "/app/installer/install.sh"
HOST = subprocess.run(["hostname", "-s"], capture_output=True, text=True).stdout.strip()
PROMPTS = [
    "Install directory [/opt/acme-agent]: ",
    "Collector URL [https://collector.acme.example:8443]: ",
    f"Agent name [{HOST}]: ",
    "Scrape interval in seconds [30]: ",
    "Enable TLS verification? [Y/n]: ",
    "Write configuration? [y/N]: ",
]
HEADER = "# acme-agent configuration (written by install.sh)\n"


def conf(url, name, interval, tls):
    return f"{HEADER}collector_url = {url}\nagent_name = {name}\ninterval_seconds = {interval}\ntls_verify = {tls}\n"


def run(answers, *args, env=None, stdin_text=None):
    text = stdin_text if stdin_text is not None else "".join(a + "\n" for a in answers)
    full_env = dict(os.environ, **(env or {}))
    for key in ("ACME_INSTALL_DIR", "ACME_COLLECTOR_URL", "ACME_AGENT_NAME", "ACME_INTERVAL", "ACME_TLS_VERIFY"):
        if env is None or key not in env:
            full_env.pop(key, None)
    return subprocess.run(["bash", INSTALLER, *args], input=text, capture_output=True, text=True, env=full_env, timeout=60)


def tree(path: Path):
    return sorted(str(p.relative_to(path)) for p in path.rglob("*")) if path.exists() else None


def assert_in_order(haystack, needles):
    pos = 0
    for n in needles:
        i = haystack.find(n, pos)
        assert i >= 0, f"{n!r} missing (in order) from the transcript:\n{haystack}"
        pos = i + len(n)


def test_happy_path_through_a_pipe(tmp_path):
    d = tmp_path / "kiosk one"
    p = run([str(d), "https://collector.lindqvist.example:8443/ingest", "kiosk-07", "60", "n", "y"])
    assert p.returncode == 0, p.stdout + p.stderr
    assert_in_order(p.stdout, PROMPTS)
    target = d / "etc" / "agent.conf"
    assert target.read_text() == conf("https://collector.lindqvist.example:8443/ingest", "kiosk-07", 60, "false")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640, oct(target.stat().st_mode)
    assert f"Configuration written to {target}" in p.stdout
    summary = p.stdout[p.stdout.index(PROMPTS[4]) + len(PROMPTS[4]):p.stdout.index(PROMPTS[5])]
    for value in ("kiosk one", "https://collector.lindqvist.example:8443/ingest", "kiosk-07", "60"):
        assert value in summary, f"summary lacks {value!r}:\n{summary}"
    assert tree(d / "etc") == ["agent.conf"], f"stray files: {tree(d / 'etc')}"


def test_defaults_and_trimming(tmp_path):
    """Leading and trailing spaces of an answer are ignored; an empty answer takes the default shown in brackets (every default: install directory, collector URL, agent name from hostname -s, interval 30, TLS yes)."""
    d = tmp_path / "defaults"
    p = run([f"   {d}  ", "", "  ", "", "", " yes "])
    assert p.returncode == 0, p.stdout + p.stderr
    assert (d / "etc" / "agent.conf").read_text() == conf("https://collector.acme.example:8443", HOST, 30, "true")


@pytest.mark.parametrize("tls,expected", [("N", "false"), ("no", "false"), ("NO", "false"), ("Y", "true"), ("Yes", "true"), ("", "true")])
def test_tls_answers(tmp_path, tls, expected):
    d = tmp_path / "t"
    p = run([str(d), "", "kiosk-1", "", tls, "Y"])
    assert p.returncode == 0, p.stdout + p.stderr
    assert (d / "etc" / "agent.conf").read_text().endswith(f"tls_verify = {expected}\n")


def test_invalid_answers_are_asked_again(tmp_path):
    d = tmp_path / "v"
    answers = ["relative/path", str(d),
               "ftp://collector.example", "https://collector.example:65536", "https://collector.example:65535/x",
               "Kiosk-7", "-kiosk", "k",
               "4", "3601", "3600",
               "maybe", "n",
               "sure", "yes"]
    p = run(answers)
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.count("  ! ") == 9, f"expected 9 '  ! ' messages:\n{p.stdout}"
    for prompt, times in zip(PROMPTS, (2, 3, 3, 3, 2, 2)):
        assert p.stdout.count(prompt) == times, f"{prompt!r} asked {p.stdout.count(prompt)} times, expected {times}"
    assert (d / "etc" / "agent.conf").read_text() == conf("https://collector.example:65535/x", "k", 3600, "false")


def test_boundary_values_accepted(tmp_path):
    d = tmp_path / "b"
    name = "a" + "-" * 61 + "z"
    p = run([str(d), "http://10.0.0.5", name, "5", "", "y"])
    assert p.returncode == 0, p.stdout + p.stderr
    assert (d / "etc" / "agent.conf").read_text() == conf("http://10.0.0.5", name, 5, "true")


@pytest.mark.parametrize("answers", [
    ["/tmp/never-{}", "", "UPPER", "bad name!", "-x"],
    ["/tmp/never-{}", "", "", "0", "99999", "30s"],
    ["/tmp/never-{}", "", "", "", "", "perhaps", "dunno", "whatever"],
])
def test_third_invalid_answer_exits_2(tmp_path, answers):
    target = tmp_path / "never"
    answers = [str(target) if a.startswith("/tmp/never-") else a for a in answers]
    p = run(answers + ["y", "y"])
    assert p.returncode == 2, f"exit {p.returncode}:\n{p.stdout}"
    assert "Too many invalid answers." in p.stdout
    assert not target.exists(), "something was created although the installer gave up"


def test_confirmation_defaults_to_no(tmp_path):
    d = tmp_path / "c"
    p = run([str(d), "", "", "", "", ""])
    assert p.returncode == 1, p.stdout
    assert "Aborted, nothing written." in p.stdout
    assert not d.exists()


@pytest.mark.parametrize("n_answers", [0, 2, 5])
def test_end_of_input_aborts(tmp_path, n_answers):
    d = tmp_path / "eof"
    p = run([str(d), "", "", "", ""][:n_answers])
    assert p.returncode == 1, f"exit {p.returncode} at end of input after {n_answers} answers"
    assert "Aborted, nothing written." in p.stdout
    assert not d.exists()


def test_existing_configuration(tmp_path):
    d = tmp_path / "existing"
    (d / "etc").mkdir(parents=True)
    target = d / "etc" / "agent.conf"
    target.write_text("old config\n")
    (d / "etc" / "agent.conf.bak").write_text("older backup\n")
    p = run([str(d), "", "kiosk-2", "", "", "y", ""])
    assert p.returncode == 1 and "Aborted, nothing written." in p.stdout, p.stdout
    assert f"Overwrite existing {target}? [y/N]: " in p.stdout
    assert target.read_text() == "old config\n" and (d / "etc" / "agent.conf.bak").read_text() == "older backup\n"
    p = run([str(d), "", "kiosk-2", "", "", "y", "y"])
    assert p.returncode == 0, p.stdout + p.stderr
    assert target.read_text() == conf("https://collector.acme.example:8443", "kiosk-2", 30, "true")
    assert (d / "etc" / "agent.conf.bak").read_text() == "old config\n"


def test_non_interactive(tmp_path):
    d = tmp_path / "ni dir"
    env = {"ACME_INSTALL_DIR": str(d), "ACME_COLLECTOR_URL": "https://c.example", "ACME_AGENT_NAME": "backoffice-2",
           "ACME_INTERVAL": "3600", "ACME_TLS_VERIFY": "No"}
    p = run([], "--non-interactive", env=env, stdin_text="/should/not/be/read\n")
    assert p.returncode == 0, p.stdout + p.stderr
    assert "[" not in p.stdout, f"prompts printed in non-interactive mode:\n{p.stdout}"
    target = d / "etc" / "agent.conf"
    assert target.read_text() == conf("https://c.example", "backoffice-2", 3600, "false")
    p = run([], "--non-interactive", env={"ACME_INSTALL_DIR": str(d)}, stdin_text="")
    assert p.returncode == 0, p.stdout + p.stderr
    assert target.read_text() == conf("https://collector.acme.example:8443", HOST, 30, "true")
    assert (d / "etc" / "agent.conf.bak").read_text() == conf("https://c.example", "backoffice-2", 3600, "false")


@pytest.mark.parametrize("var,value", [("ACME_INTERVAL", "3601"), ("ACME_INTERVAL", "4"), ("ACME_AGENT_NAME", "Kiosk"),
                                       ("ACME_COLLECTOR_URL", "collector.example"), ("ACME_TLS_VERIFY", "maybe"),
                                       ("ACME_INSTALL_DIR", "relative")])
def test_non_interactive_invalid(tmp_path, var, value):
    d = tmp_path / "bad"
    env = {"ACME_INSTALL_DIR": str(d), var: value}
    p = run([], "--non-interactive", env=env, stdin_text="")
    assert p.returncode == 2, f"{var}={value}: exit {p.returncode}"
    assert f"invalid {var}" in p.stderr, p.stderr
    assert not d.exists()


def test_unknown_argument():
    """Any other argument than --non-interactive (here --bogus) makes install.sh exit with status 2 (the usage line's wording is not compared)."""
    p = run([], "--bogus", stdin_text="")
    assert p.returncode == 2


def test_prompts_on_a_terminal(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    d = tmp_path / "tty"
    child = pexpect.spawn("bash", [INSTALLER], encoding="utf-8", timeout=15)
    try:
        child.expect_exact(PROMPTS[0]); child.sendline(str(d))
        child.expect_exact(PROMPTS[1]); child.sendline("")
        child.expect_exact(PROMPTS[2]); child.sendline("kiosk-tty")
        child.expect_exact(PROMPTS[3]); child.sendline("2")
        child.expect_exact("  ! ")
        child.expect_exact(PROMPTS[3]); child.sendline("45")
        child.expect_exact(PROMPTS[4]); child.sendline("")
        child.expect_exact(PROMPTS[5]); child.sendline("y")
        child.expect_exact("Configuration written to")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert (d / "etc" / "agent.conf").read_text() == conf("https://collector.acme.example:8443", "kiosk-tty", 45, "true")


def test_provisioning_still_works(tmp_path):
    d = tmp_path / "prov"
    p = subprocess.run(["/app/provision/provision.sh", str(d)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    assert (d / "etc" / "agent.conf").read_text() == conf("https://collector.lindqvist.example:8443", f"kiosk-{HOST}", 30, "true")


def test_stays_bash_and_leaves_the_real_install_alone():
    text = Path(INSTALLER).read_text()
    assert text.splitlines()[0] in ("#!/bin/bash", "#!/usr/bin/env bash"), "install.sh must stay a bash script"
    assert "python" not in text and "perl" not in text, "install.sh must only use bash and coreutils"
    digest = lambda p: hashlib.sha256(Path(p).read_bytes()).hexdigest()
    assert digest("/opt/acme-agent/etc/agent.conf") == "2ff849aab5c4fbbb3ce17a4c8c68b6f8e05f9028a988db1ca853b989648bf73f", \
        "the real /opt/acme-agent/etc/agent.conf was changed"
    assert sorted(os.listdir("/opt/acme-agent/etc")) == ["agent.conf"], os.listdir("/opt/acme-agent/etc")
    assert digest("/app/provision/provision.sh") == "1a256fc305c3791ec16cd21ef1cbc0132963274af58d8e7ccefd0d282e78e82b"


@pytest.mark.parametrize("stop_at", ["question", "confirmation", "overwrite"])
def test_ctrl_c_aborts_with_130(tmp_path, stop_at):
    """Ctrl-C (SIGINT) at any of the questions or confirmations prints Aborted, nothing written. and exits with status 130; nothing is created or changed on disk (an existing agent.conf stays as it was, no .bak)."""
    import pexpect
    d = tmp_path / "interrupted"
    if stop_at == "overwrite":
        (d / "etc").mkdir(parents=True)
        (d / "etc" / "agent.conf").write_text("old config\n")
    before = {p: p.read_bytes() for p in d.rglob("*") if p.is_file()} if d.exists() else None
    env = {k: v for k, v in os.environ.items() if not k.startswith("ACME_")}
    child = pexpect.spawn("bash", [INSTALLER], encoding="utf-8", timeout=15, env=env)
    try:
        child.expect_exact(PROMPTS[0]); child.sendline(str(d))
        child.expect_exact(PROMPTS[1]); child.sendline("")
        child.expect_exact(PROMPTS[2])
        if stop_at != "question":
            child.sendline("kiosk-int")
            child.expect_exact(PROMPTS[3]); child.sendline("")
            child.expect_exact(PROMPTS[4]); child.sendline("")
            child.expect_exact(PROMPTS[5])
        if stop_at == "overwrite":
            child.sendline("y")
            child.expect_exact(f"Overwrite existing {d}/etc/agent.conf? [y/N]: ")
        child.sendintr()
        child.expect_exact("Aborted, nothing written.")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130, f"exit status {child.exitstatus}, signal {child.signalstatus}"
    after = {p: p.read_bytes() for p in d.rglob("*") if p.is_file()} if d.exists() else None
    assert after == before, f"files changed after Ctrl-C: {before} -> {after}"
    if before is None:
        assert not d.exists(), "something was created although the installer was interrupted"
