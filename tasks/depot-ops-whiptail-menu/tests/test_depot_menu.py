"""Verifier for /app/ops/depot-menu: the menus are driven in tmux with keystrokes, on fresh
scratch depots (DEPOT_ROOT), and the checks look at what depotctl was asked to do."""

import os
import re
import shutil
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import pytest

MENU = "/app/ops/depot-menu"
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

# A services.conf the agent never saw: comments (also indented), a blank line with spaces,
# Windows line endings on one line, defaults in mixed case, descriptions with shell characters.
SERVICES = (
    "# scratch depot for the checks\n"
    "alpha-api   | Alpha API (uwsgi)          | yes\n"
    "  beta_q    |  Beta queue \"blue\" & green  |  no\n"
    "   # gamma  | Gamma (retired)            | yes\n"
    "   \n"
    "delta.relay | Delta $HOME `x` relay      | YES\r\n"
    "eps         | Eps #2 feed                | No\n"
    "zeta|Zeta sink|Yes\n"
)
NAMES = ["alpha-api", "beta_q", "delta.relay", "eps", "zeta"]
DEFAULTS = {"alpha-api": True, "beta_q": False, "delta.relay": True, "eps": False, "zeta": True}


def make_root(retention="45", cache_files=5):
    """A scratch depot: services.conf, the retention, one log per service, a package cache."""
    root = Path(tempfile.mkdtemp(prefix="depot-check-"))
    (root / "etc/depot").mkdir(parents=True)
    (root / "etc/depot/services.conf").write_text(SERVICES)
    (root / "var/lib/depot").mkdir(parents=True)
    (root / "var/lib/depot/retention_days").write_text(retention + "\n")
    (root / "var/lib/depot/actions.log").write_text("")
    (root / "var/log/depot").mkdir(parents=True)
    for name in NAMES:
        (root / f"var/log/depot/{name}.log").write_text(f"{name} line\n")
    cache = root / "var/cache/depot"
    cache.mkdir(parents=True)
    for i in range(cache_files):
        sub = cache / f"pkg-{i % 2}"
        sub.mkdir(exist_ok=True)
        (sub / f"item-{i}.json").write_text("{}\n")
    return root


def actions(root):
    """What depotctl was asked to do, without the timestamps."""
    text = (root / "var/lib/depot/actions.log").read_text()
    return [line.split(" ", 1)[1] for line in text.splitlines() if line.strip()]


def cache_count(root):
    return sum(1 for p in (root / "var/cache/depot").rglob("*") if p.is_file())


class Screen:
    """depot-menu running in its own tmux server, driven with keystrokes."""

    def __init__(self, root):
        self.root = root
        self.sock = "vf-" + uuid.uuid4().hex[:8]
        self.status = root / "exit-status"
        cmd = f"cd /tmp && DEPOT_ROOT='{root}' PATH='{PATH}' TERM=xterm {MENU}; echo $? > '{self.status}'"
        self.tmux("new-session", "-d", "-s", "m", "-x", "110", "-y", "36", "bash", "-c", cmd)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.sock, *args], capture_output=True, text=True, timeout=30)

    def text(self):
        return self.tmux("capture-pane", "-p", "-t", "m").stdout

    def wait(self, pattern, timeout=40):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.text()
            if re.search(pattern, screen):
                return screen
            if self.status.exists():
                break
            time.sleep(0.2)
        raise AssertionError(f"screen never showed {pattern!r}; last screen:\n{self.text()}")

    def keys(self, *keys):
        self.tmux("send-keys", "-t", "m", *keys)

    def type(self, text):
        self.tmux("send-keys", "-t", "m", "-l", text)

    def main_menu(self):
        return self.wait(r"Depot operations[\s\S]*Set log retention")

    def choose(self, downs):
        self.main_menu()
        for _ in range(downs):
            self.keys("Down")
        self.keys("Enter")

    def exit_status(self, timeout=40):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.status.exists() and self.status.read_text().strip():
                return int(self.status.read_text().strip())
            time.sleep(0.2)
        raise AssertionError(f"depot-menu did not exit; last screen:\n{self.text()}")

    def close(self):
        self.tmux("kill-server")


@pytest.fixture
def root():
    r = make_root()
    yield r
    shutil.rmtree(r, ignore_errors=True)


@pytest.fixture
def screen(root):
    s = Screen(root)
    yield s
    s.close()


def run_flags(root, *args, fake_whiptail=True):
    """depot-menu with arguments, stdin an open pipe nobody writes to, whiptail replaced by a trap."""
    env = {"PATH": PATH, "DEPOT_ROOT": str(root), "HOME": "/root", "TERM": "xterm"}
    trap = root / "fakebin"
    if fake_whiptail:
        trap.mkdir(exist_ok=True)
        (trap / "whiptail").write_text(f"#!/bin/sh\ntouch '{root}/whiptail-called'\nexit 1\n")
        (trap / "whiptail").chmod(0o755)
        env["PATH"] = f"{trap}:{PATH}"
    rfd, wfd = os.pipe()
    try:
        proc = subprocess.run([MENU, *args], stdin=rfd, capture_output=True, text=True, env=env, timeout=60)
    finally:
        os.close(rfd)
        os.close(wfd)
    return proc


# --- the script -------------------------------------------------------------------------------


def test_is_executable_bash_script_and_backend_untouched():
    """depot-menu is an executable bash script (#!/bin/bash); depotctl and /etc/depot/services.conf are left as they are."""
    assert os.access(MENU, os.X_OK)
    assert Path(MENU).read_text().splitlines()[0].strip() in ("#!/bin/bash", "#!/usr/bin/env bash")
    subprocess.run(["sha256sum", "-c", "--quiet", "/var/lib/depot/.pristine"], check=True)


# --- the main menu ----------------------------------------------------------------------------


def test_main_menu_items_in_order_and_quit(screen, root):
    """The main menu, titled Depot operations, shows rotate, retention, purge and quit in this order; quit exits with status 0 and changes nothing."""
    text = screen.main_menu()
    pos = [text.find(t) for t in ("Rotate service logs", "Set log retention", "Purge package cache", "Quit")]
    assert -1 not in pos and pos == sorted(pos), text
    tags = [text.find(t) for t in ("rotate ", "retention ", "purge ", "quit ")]
    assert -1 not in tags and tags == sorted(tags), text
    screen.choose(3)
    assert screen.exit_status() == 0
    assert actions(root) == []


def test_escape_on_main_menu_exits_zero(screen, root):
    """Esc on the main menu ends the script with exit status 0 without doing anything else."""
    screen.main_menu()
    screen.keys("Escape")
    assert screen.exit_status() == 0
    assert actions(root) == []


def test_cancel_on_main_menu_exits_zero(screen, root):
    """Cancel on the main menu ends the script with exit status 0 without doing anything else."""
    screen.main_menu()
    screen.keys("Tab")
    time.sleep(0.3)
    screen.keys("Tab")
    time.sleep(0.3)
    text = screen.text()
    # Tab from the list reaches Ok, then Cancel.
    screen.keys("Enter")
    assert screen.exit_status() == 0, text
    assert actions(root) == []


# --- rotate -----------------------------------------------------------------------------------


def checklist_states(text):
    return {m.group(2): m.group(1) == "*" for m in re.finditer(r"\[([ *])\]\s+(\S+)", text)}


def test_checklist_lists_services_with_defaults(screen, root):
    """The Rotate logs checklist lists every service line of services.conf (comments and blank lines skipped, names trimmed, Windows line endings), checked when the third field is yes in any case, with the descriptions as item text."""
    screen.choose(0)
    text = screen.wait(r"Rotate logs[\s\S]*zeta")
    assert checklist_states(text) == DEFAULTS, text
    order = [text.find(f"] {n}") for n in NAMES]
    assert -1 not in order and order == sorted(order), text
    for desc in ("Alpha API (uwsgi)", 'Beta queue "blue"', "Delta $HOME `x`", "Eps #2 feed", "Zeta sink"):
        assert desc in text, text
    screen.keys("Escape")
    screen.main_menu()
    screen.keys("Escape")
    assert screen.exit_status() == 0
    assert actions(root) == []


def test_checklist_ok_rotates_checked_in_file_order(screen, root):
    """OK runs depotctl rotate for each checked service, in file order, shows Rotated: with the names, then the main menu again."""
    screen.choose(0)
    screen.wait(r"Rotate logs[\s\S]*zeta")
    # uncheck alpha-api, check eps: checked = delta.relay, eps, zeta
    screen.keys("Space")
    for _ in range(3):
        screen.keys("Down")
    screen.keys("Space")
    time.sleep(0.3)
    screen.keys("Enter")
    text = screen.wait(r"Rotated:")
    assert re.search(r"Rotated: delta\.relay eps zeta\b", text), text
    screen.keys("Enter")
    screen.main_menu()
    assert actions(root) == ["rotate delta.relay", "rotate eps", "rotate zeta"]
    assert (root / "var/log/depot/eps.log.1").exists()
    screen.keys("Escape")
    assert screen.exit_status() == 0


def test_checklist_nothing_selected(screen, root):
    """OK with nothing checked shows Nothing selected. and rotates nothing; then back to the main menu."""
    screen.choose(0)
    screen.wait(r"Rotate logs[\s\S]*zeta")
    for name in NAMES:
        if DEFAULTS[name]:
            screen.keys("Space")
        screen.keys("Down")
    time.sleep(0.3)
    screen.keys("Enter")
    screen.wait(r"Nothing selected\.")
    screen.keys("Enter")
    screen.main_menu()
    assert actions(root) == []
    screen.keys("Escape")
    assert screen.exit_status() == 0


def test_checklist_cancel_rotates_nothing(screen, root):
    """Cancel in the checklist rotates nothing and goes back to the main menu."""
    screen.choose(0)
    screen.wait(r"Rotate logs[\s\S]*zeta")
    screen.keys("Tab")
    time.sleep(0.3)
    screen.keys("Tab")
    time.sleep(0.3)
    screen.keys("Enter")
    screen.main_menu()
    assert actions(root) == []
    screen.keys("Escape")
    assert screen.exit_status() == 0


# --- retention --------------------------------------------------------------------------------


def test_retention_prefilled_and_set(screen, root):
    """The Log retention input box is pre-filled with the current value; a valid answer (spaces around it ignored) runs depotctl retention with it."""
    screen.choose(1)
    text = screen.wait(r"Log retention[\s\S]*how many days\? \(7-365\)")
    assert re.search(r"\b45_*\s", text), text
    screen.keys("C-u")
    screen.type(" 120 ")
    screen.keys("Enter")
    screen.main_menu()
    assert actions(root) == ["retention 120"]
    assert (root / "var/lib/depot/retention_days").read_text().strip() == "120"
    screen.keys("Escape")
    assert screen.exit_status() == 0


@pytest.mark.parametrize("bad", ["6", "366", "0", "030", "12a", "-9", "1e2", ""])
def test_retention_invalid_is_asked_again(screen, root, bad):
    """An invalid retention (not a whole number from 7 to 365, digits only, no leading zero) shows the Invalid retention message and the input box again; nothing is set until a valid value."""
    screen.choose(1)
    screen.wait(r"how many days\?")
    screen.keys("C-u")
    if bad:
        screen.type(bad)
    screen.keys("Enter")
    screen.wait(r"Invalid retention: enter a whole number from 7 to 365\.")
    assert actions(root) == []
    screen.keys("Enter")
    text = screen.wait(r"how many days\?")
    assert re.search(r"\b45_*\s", text), text
    screen.keys("C-u")
    screen.type("7")
    screen.keys("Enter")
    screen.main_menu()
    assert actions(root) == ["retention 7"]
    screen.keys("Escape")
    assert screen.exit_status() == 0


def test_retention_escape_sets_nothing(screen, root):
    """Cancel or Esc in the input box sets nothing and goes back to the main menu."""
    screen.choose(1)
    screen.wait(r"how many days\?")
    screen.keys("C-u")
    screen.type("90")
    time.sleep(0.3)
    screen.keys("Escape")
    screen.main_menu()
    assert actions(root) == []
    assert (root / "var/lib/depot/retention_days").read_text().strip() == "45"
    screen.keys("Escape")
    assert screen.exit_status() == 0


# --- purge ------------------------------------------------------------------------------------


def test_purge_asks_with_count_and_defaults_to_no(screen, root):
    """The Purge cache question names the number of files in the package cache, and its default button is No: Enter right away purges nothing."""
    screen.choose(2)
    screen.wait(r"Purge cache[\s\S]*Delete all 5 files in the package cache\?")
    screen.keys("Enter")
    screen.main_menu()
    assert actions(root) == [] and cache_count(root) == 5
    screen.keys("Escape")
    assert screen.exit_status() == 0


def test_purge_yes_purges(screen, root):
    """Yes runs depotctl purge-cache; then the main menu again."""
    screen.choose(2)
    screen.wait(r"Delete all 5 files")
    screen.keys("Tab")
    time.sleep(0.3)
    screen.keys("Enter")
    screen.main_menu()
    assert actions(root) == ["purge-cache 5"] and cache_count(root) == 0
    screen.keys("Escape")
    assert screen.exit_status() == 0


def test_purge_escape_purges_nothing(screen, root):
    """No or Esc at the purge question purges nothing."""
    screen.choose(2)
    screen.wait(r"Delete all 5 files")
    screen.keys("Escape")
    screen.main_menu()
    assert actions(root) == [] and cache_count(root) == 5
    screen.keys("Escape")
    assert screen.exit_status() == 0


def test_purge_empty_cache_says_so():
    """With no files in the cache it shows The package cache is already empty. instead of asking, and purges nothing."""
    r = make_root(cache_files=0)
    s = Screen(r)
    try:
        s.choose(2)
        s.wait(r"The package cache is already empty\.")
        s.keys("Enter")
        s.main_menu()
        assert actions(r) == []
        s.keys("Escape")
        assert s.exit_status() == 0
    finally:
        s.close()
        shutil.rmtree(r, ignore_errors=True)


# --- non-interactive mode ---------------------------------------------------------------------


def test_flag_rotate_in_file_order_once(root):
    """--rotate NAME[,NAME...] rotates those services in services.conf order, each once, without whiptail and without reading standard input; exit status 0."""
    p = run_flags(root, "--rotate", "zeta,alpha-api,zeta,beta_q")
    assert p.returncode == 0, p.stderr
    assert actions(root) == ["rotate alpha-api", "rotate beta_q", "rotate zeta"]
    assert not (root / "whiptail-called").exists()


@pytest.mark.parametrize("names", ["alpha-api,gamma", "omega", "alpha-api,,zeta"])
def test_flag_rotate_unknown_service(root, names):
    """A name that is not a service of services.conf (commented-out ones don't count) prints depot-menu: unknown service: NAME and exits 2 with nothing rotated."""
    p = run_flags(root, "--rotate", names)
    assert p.returncode == 2
    assert "depot-menu: unknown service: " in p.stderr
    bad = [n for n in names.split(",") if n not in NAMES][0]
    if bad:
        assert f"depot-menu: unknown service: {bad}" in p.stderr
    assert actions(root) == []


def test_flag_retention(root):
    """--retention DAYS validates like the input box: a valid value is set; an invalid one prints depot-menu: invalid retention: DAYS and exits 2, nothing set."""
    p = run_flags(root, "--retention", "7")
    assert p.returncode == 0, p.stderr
    for bad in ("6", "366", "030", "x", ""):
        p = run_flags(root, "--retention", bad)
        assert p.returncode == 2, bad
        assert f"depot-menu: invalid retention: {bad}" in p.stderr, (bad, p.stderr)
    p = run_flags(root, "--retention", "365")
    assert p.returncode == 0, p.stderr
    assert actions(root) == ["retention 7", "retention 365"]
    assert not (root / "whiptail-called").exists()


def test_flag_purge_needs_yes(root):
    """--purge without --yes prints depot-menu: --purge needs --yes and exits 2 with nothing purged; --purge --yes (either order) purges."""
    p = run_flags(root, "--purge")
    assert p.returncode == 2 and "depot-menu: --purge needs --yes" in p.stderr
    assert cache_count(root) == 5 and actions(root) == []
    p = run_flags(root, "--yes", "--purge")
    assert p.returncode == 0, p.stderr
    assert cache_count(root) == 0 and actions(root) == ["purge-cache 5"]


def test_flag_usage_errors(root):
    """--help prints a usage to standard output with exit 0; no action, an unknown option, two actions or a missing value print a usage to standard error and exit 2."""
    p = run_flags(root, "--help")
    assert p.returncode == 0 and "usage" in p.stdout.lower()
    for args in (["--bogus"], ["--yes"], ["--rotate", "zeta", "--retention", "30"], ["--retention"]):
        p = run_flags(root, *args)
        assert p.returncode == 2, args
        assert "usage" in p.stderr.lower(), (args, p.stderr)
    assert actions(root) == []
    assert not (root / "whiptail-called").exists()


def test_flag_backend_failure_exit_1(root):
    """If depotctl fails, the non-interactive mode exits with status 1."""
    shutil.rmtree(root / "var/lib/depot")
    (root / "var/lib/depot").write_text("not a folder\n")
    p = run_flags(root, "--retention", "30")
    assert p.returncode == 1, (p.returncode, p.stderr)
