"""Checks of the shop's tmux workspace script, run again here on a fresh tmux.

A tmux of the developer's own (the default server, with ~/.tmux.conf) runs alongside, as in the
team; the workspace must leave it alone.
"""

import hashlib
import json
import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

SCRIPT = Path("/app/shop/dev/workspace.sh")
USER_CONF = Path("/root/.tmux.conf")
USER_CONF_SHA = "054195639603302d6d9178db847e6da4b7c5fc2dde22ed7e05e45719239aa7df"
PANE_FMT = "#{window_index}\t#{window_name}\t#{pane_index}\t#{pane_dead}\t#{pane_left}\t#{pane_top}\t#{pane_current_path}\t#{pane_pid}\t#{pane_start_command}"


def shop(*args, check=True):
    r = subprocess.run(["tmux", "-L", "shop", *args], capture_output=True, text=True, timeout=30)
    if check:
        assert r.returncode == 0, f"tmux -L shop {' '.join(args)}: {r.stderr}"
    return r


def mine(*args):
    return subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=30)


def panes():
    out = shop("list-panes", "-s", "-t", "shop", "-F", PANE_FMT).stdout
    rows = []
    for line in out.splitlines():
        w, name, p, dead, left, top, path, pid, cmd = line.split("\t")
        rows.append(
            {"window": int(w), "name": name, "pane": int(p), "dead": dead == "1", "left": int(left),
             "top": int(top), "path": path, "pid": int(pid), "cmd": cmd.strip('"')}
        )
    return rows


def run_script(*args):
    assert SCRIPT.is_file() and os.access(SCRIPT, os.X_OK), "workspace.sh missing or not executable"
    r = subprocess.run([str(SCRIPT), *args], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, f"workspace.sh {' '.join(args)}: exit {r.returncode} {r.stderr}"


def wait_for(predicate, what, deadline=20.0):
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        try:
            if predicate():
                return
        except (OSError, ValueError, AssertionError):
            pass
        time.sleep(0.3)
    pytest.fail(f"not within {deadline:.0f} s: {what}")


def serve_answers():
    with urllib.request.urlopen("http://127.0.0.1:8000/", timeout=5) as resp:
        return json.load(resp)


@pytest.fixture(scope="module", autouse=True)
def workspace():
    subprocess.run(["tmux", "-L", "shop", "kill-server"], capture_output=True)
    subprocess.run(["tmux", "kill-server"], capture_output=True)
    subprocess.run(["pkill", "-f", "bin/serve"], capture_output=True)
    time.sleep(0.5)
    # The developer's own tmux, on the default server with ~/.tmux.conf.
    assert mine("new-session", "-d", "-s", "mine", "-n", "notes").returncode == 0
    run_script()  # no -d, not from a terminal: must not try to attach
    wait_for(lambda: serve_answers()["app"] == "shop", "bin/serve answers on port 8000")
    yield
    subprocess.run(["tmux", "-L", "shop", "kill-server"], capture_output=True)
    subprocess.run(["tmux", "kill-server"], capture_output=True)


def test_windows_in_order():
    """The session 'shop' on the tmux socket 'shop' has the windows edit, run, logs and db,
    numbered 1 to 4, and starts on edit."""
    windows = shop("list-windows", "-t", "shop", "-F", "#{window_index} #{window_name} #{window_active}").stdout.split("\n")
    assert [w.rsplit(" ", 1)[0] for w in windows if w] == ["1 edit", "2 run", "3 logs", "4 db"]
    assert windows[0].endswith(" 1"), "the session does not start on edit"


def test_panes_run_the_commands():
    """edit is a shell in /app/shop; run has bin/serve --port 8000 (pane 1, left) and
    bin/worker --queue default (pane 2, right) side by side; logs runs tail -F on
    /app/shop/logs/app.log; db runs sqlite3 on /app/shop/data/shop.db; every pane starts in
    /app/shop."""
    rows = panes()
    by = {(r["name"], r["pane"]): r for r in rows}
    assert sorted(by) == [("db", 1), ("edit", 1), ("logs", 1), ("run", 1), ("run", 2)], sorted(by)
    assert by[("edit", 1)]["cmd"] == ""
    assert by[("run", 1)]["cmd"].split() in (["bin/serve", "--port", "8000"], ["/app/shop/bin/serve", "--port", "8000"])
    assert by[("run", 2)]["cmd"].split() in (["bin/worker", "--queue", "default"], ["/app/shop/bin/worker", "--queue", "default"])
    assert by[("logs", 1)]["cmd"].split() in (["tail", "-F", "/app/shop/logs/app.log"], ["tail", "-F", "logs/app.log"])
    assert by[("db", 1)]["cmd"].split() in (["sqlite3", "/app/shop/data/shop.db"], ["sqlite3", "data/shop.db"])
    left, right = by[("run", 1)], by[("run", 2)]
    assert left["top"] == right["top"] and left["left"] < right["left"], "run's panes are not side by side"
    assert all(r["path"] == "/app/shop" for r in rows), [(r["name"], r["path"]) for r in rows]


def test_worker_and_server_get_shop_env():
    """SHOP_ENV=dev is set in the session's environment, so the server sees it and the worker keeps
    running."""
    assert shop("show-environment", "-t", "shop", "SHOP_ENV").stdout.strip() == "SHOP_ENV=dev"
    assert serve_answers()["env"] == "dev"
    time.sleep(1.5)
    worker = [r for r in panes() if r["name"] == "run" and r["pane"] == 2][0]
    assert not worker["dead"], "the worker pane's command exited"


def test_options():
    """The workspace's own config: prefix C-a, mouse on, history-limit 50000, base-index 1,
    pane-base-index 1, renumber-windows on, status-right with the session name and the time."""
    def opt(*args):
        return shop("show-options", "-v", *args).stdout.strip()

    assert opt("-g", "prefix") == "C-a"
    assert opt("-g", "mouse") == "on"
    assert opt("-g", "history-limit") == "50000"
    assert opt("-g", "base-index") == "1"
    assert opt("-gw", "pane-base-index") == "1"
    assert opt("-g", "renumber-windows") == "on"
    status = opt("-g", "status-right")
    assert "#{session_name}" in status and "%H:%M" in status, status


def test_second_run_changes_nothing():
    """Running the script again while the session exists creates no second session and no
    duplicate windows: the same panes keep running."""
    before = [(r["name"], r["pane"], r["pid"]) for r in panes()]
    run_script("-d")
    assert [(r["name"], r["pane"], r["pid"]) for r in panes()] == before
    sessions = shop("list-sessions", "-F", "#{session_name}").stdout.split()
    assert sessions == ["shop"], sessions


def test_run_panes_stay_after_crash():
    """When a command in the run window exits, its pane stays open (remain-on-exit) so the error
    can be read."""
    worker = [r for r in panes() if r["name"] == "run" and r["pane"] == 2][0]
    os.kill(worker["pid"], signal.SIGKILL)
    wait_for(
        lambda: [r["dead"] for r in panes() if r["name"] == "run"] == [False, True],
        "the worker's pane stays, marked dead",
    )


def test_developers_own_tmux_untouched():
    """The developer's own tmux (default server) keeps its session and its settings, and
    ~/.tmux.conf is unchanged."""
    assert mine("has-session", "-t", "=mine").returncode == 0
    assert mine("list-sessions", "-F", "#{session_name}").stdout.split() == ["mine"]
    assert mine("show-options", "-gv", "prefix").stdout.strip() == "C-b"
    assert mine("show-options", "-gv", "history-limit").stdout.strip() == "2000"
    assert hashlib.sha256(USER_CONF.read_bytes()).hexdigest() == USER_CONF_SHA


def test_kill_and_start_again():
    """workspace.sh --kill ends the session (the developer's own tmux stays); the next run
    creates it again."""
    run_script("--kill")
    assert shop("has-session", "-t", "=shop", check=False).returncode != 0
    assert mine("has-session", "-t", "=mine").returncode == 0
    subprocess.run(["pkill", "-f", "bin/serve"], capture_output=True)
    time.sleep(0.5)
    run_script("-d")
    wait_for(lambda: len(panes()) == 5, "the session is back with its five panes")
