"""Verifier for ubx-console-expect: the real run's summary, configs and switch state, then the agent's
provision.exp copied elsewhere and re-run on fresh inventories against switches it has never seen."""

import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

HERE = Path(__file__).parent
APP = Path("/app/provision")
SCRIPT = APP / "provision.exp"
STATE = Path("/var/lib/ubx/state")
SECRET = "Ubx-lab-7Hq2#mW9"
DEVICES = json.loads((HERE / "devices.json").read_text())

_spec = importlib.util.spec_from_loader("ubxctl_ref", importlib.machinery.SourceFileLoader("ubxctl_ref", str(HERE / "ubxctl")))
ubxctl = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ubxctl)


def conf(name, cfg):
    return "\n".join(ubxctl.render(name, cfg)) + "\n"


def cfg_of(hostname, ntp, vlans, model="ES24"):
    return {"hostname": hostname, "model": model, "ntp": ntp, "vlans": vlans}


def summary(path):
    return [line.split("\t") for line in path.read_text().splitlines()]


REAL = [
    ["device", "status", "detail"],
    ["lab-sw01", "ok", "committed"],
    ["lab-sw02", "ok", "committed"],
    ["lab-sw03", "error", "ntp server must be an IPv4 address, not 'ntp.lab.example'"],
    ["lab-sw04", "mismatch", DEVICES["lab-sw04"]["fingerprint"]],
    ["lab-sw05", "ok", "committed"],
    ["lab-sw07", "unreachable", "no route to device"],
    ["lab-sw06", "timeout", "no answer within 10 seconds"],
]
REAL_CFG = {
    "lab-sw01": cfg_of("lab-access-1", ["10.20.0.10", "10.20.0.11"], {"10": "staff", "20": "voice", "30": "guests"}),
    "lab-sw02": cfg_of("lab-access-2", ["10.20.0.10", "10.20.0.11"], {"10": "staff", "20": "voice"}),
    "lab-sw05": cfg_of("lab-access-5", ["10.20.0.10"], {"10": "staff", "20": "voice", "40": "printers"}),
}


def test_real_run_summary():
    """summary.tsv of the run on inventory.csv: a header, then one tab-separated line per row in the inventory's order, with the status and detail of the table."""
    assert summary(APP / "summary.tsv") == REAL


def test_real_run_switch_state():
    """The rows that could be applied are committed on the switches; a row with an error commits nothing; production switches and the untrusted one are untouched."""
    for name, want in REAL_CFG.items():
        assert json.loads((STATE / f"{name}.json").read_text()) == want, name
    for name in ("lab-sw03", "lab-sw04", "core-01", "core-02", "lab-sw08", "lab-sw10"):
        assert not (STATE / f"{name}.json").exists(), name


def test_real_run_configs_saved():
    """out/DEVICE.conf holds the committed configuration from '! UBX-...' to 'end', with no pager prompt, carriage return, prompt or echoed command."""
    for name, cfg in REAL_CFG.items():
        assert (APP / "out" / f"{name}.conf").read_text() == conf(name, cfg), name
    for name in ("lab-sw03", "lab-sw04", "lab-sw06", "lab-sw07"):
        assert not (APP / "out" / f"{name}.conf").exists(), name


def test_real_run_transcripts_without_password():
    """Each device's session is kept in out/DEVICE.log; the password appears in nothing the script wrote."""
    for name in ("lab-sw01", "lab-sw02", "lab-sw03", "lab-sw05"):
        log = (APP / "out" / f"{name}.log").read_text(errors="replace")
        assert f"{name}# " in log and "Committed." in log or name == "lab-sw03", name
    for p in APP.rglob("*"):
        if p.is_file() and p.name != "provision.exp":
            assert SECRET not in p.read_text(errors="replace"), p


def test_register_and_console_untouched():
    """/etc/ubx (the fingerprint register, the device list) and ubxctl are not edited."""
    assert Path("/etc/ubx/fingerprints").read_bytes() == (HERE / "fingerprints").read_bytes()
    assert Path("/etc/ubx/devices.json").read_bytes() == (HERE / "devices.json").read_bytes()
    assert Path("/usr/local/bin/ubxctl").read_bytes() == (HERE / "ubxctl").read_bytes()
    assert Path("/etc/ubx/device.secret").read_text().strip() == SECRET


def run_copy(tmp_path, rows):
    """Copy provision.exp elsewhere, give it a fresh lab (no trusted device, no state) and run it."""
    work = tmp_path / "copy"
    work.mkdir()
    shutil.copy2(SCRIPT, work / "provision.exp")
    home = tmp_path / "ubxhome"
    home.mkdir()
    (work / "inv.csv").write_text("device,hostname,ntp,vlans\n" + "".join(r + "\n" for r in rows))
    env = {**os.environ, "UBX_HOME": str(home)}
    start = time.monotonic()
    r = subprocess.run(["expect", str(work / "provision.exp"), "inv.csv"], cwd=work, env=env,
                       capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    return work, home, r, time.monotonic() - start


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    return run_copy(tmp_path_factory.mktemp("mixed"), [
        "lab-sw08,floor2-sw,10.30.0.1;10.30.0.2;10.30.0.3,100=eng;200=ops;300=lab;110=eng2",
        "lab-sw10,floor3-sw,10.30.0.1,100=eng",
        "lab-sw01,floor1-sw,10.30.0.1,100=eng;5000=toolarge;200=ops",
        "lab-sw09,floor4-sw,10.30.0.1,100=eng",
        "nosuch-01,floor5-sw,10.30.0.1,100=eng",
        "lab-sw05,Floor6,10.30.0.1,100=eng",
        "lab-sw02,floor7-sw,10.30.0.9,",
    ])


def test_copy_writes_next_to_itself_and_summarizes(mixed):
    """A copy of the script writes summary.tsv and out/ next to itself; every row gets its status and detail, in order."""
    work, _home, r, _t = mixed
    assert summary(work / "summary.tsv") == [
        ["device", "status", "detail"],
        ["lab-sw08", "ok", "committed"],
        ["lab-sw10", "mismatch", DEVICES["lab-sw10"]["fingerprint"]],
        ["lab-sw01", "error", "invalid vlan '5000 toolarge'"],
        ["lab-sw09", "timeout", "no answer within 10 seconds"],
        ["nosuch-01", "unreachable", "no route to device"],
        ["lab-sw05", "error", "invalid hostname 'Floor6'"],
        ["lab-sw02", "ok", "committed"],
    ], r.stdout[-1500:]


def test_copy_exit_status_and_no_hang(mixed):
    """The script exits 1 when a row is not ok, and gives up a silent device after 10 seconds instead of hanging."""
    _work, _home, r, took = mixed
    assert r.returncode == 1
    assert took < 150


def test_copy_applies_rows_in_order_and_never_commits_partial_rows(mixed):
    """Every command of a row is applied (hostname, each ntp server, each vlan); a row the device rejects commits nothing; an untrusted device is not trusted."""
    _work, home, _r, _t = mixed
    state = home / "state"
    assert json.loads((state / "lab-sw08.json").read_text()) == cfg_of(
        "floor2-sw", ["10.30.0.1", "10.30.0.2", "10.30.0.3"], {"100": "eng", "200": "ops", "300": "lab", "110": "eng2"})
    assert json.loads((state / "lab-sw02.json").read_text()) == cfg_of("floor7-sw", ["10.30.0.9"], {})
    for name in ("lab-sw01", "lab-sw05", "lab-sw10", "lab-sw09"):
        assert not (state / f"{name}.json").exists(), name
    known = (home / "known_devices").read_text()
    assert "lab-sw10" not in known and "lab-sw08" in known


def test_copy_saves_paged_config_exactly(mixed):
    """The saved configuration is exactly the committed one, across --More-- page breaks (including a break just before 'end')."""
    work, home, _r, _t = mixed
    for name in ("lab-sw08", "lab-sw02"):
        cfg = json.loads((home / "state" / f"{name}.json").read_text())
        assert (work / "out" / f"{name}.conf").read_text() == conf(name, cfg), name


def test_copy_keeps_password_out(mixed):
    """The password never appears in anything the script writes or prints."""
    work, _home, r, _t = mixed
    assert SECRET not in r.stdout and SECRET not in r.stderr
    for p in (work / "out").iterdir():
        assert SECRET not in p.read_text(errors="replace"), p
    assert (work / "out" / "lab-sw08.log").exists()


def test_rerun_is_ok_with_no_changes(tmp_path):
    """A device that is already configured answers 'No changes to commit.': the row is ok with detail 'no changes', its config is still saved, and the exit status is 0."""
    rows = ["lab-sw08,floor2-sw,10.30.0.1,100=eng", "lab-sw08,floor2-sw,10.30.0.1,100=eng"]
    work, home, r, _t = run_copy(tmp_path, rows)
    assert summary(work / "summary.tsv")[1:] == [["lab-sw08", "ok", "committed"], ["lab-sw08", "ok", "no changes"]]
    assert r.returncode == 0
    assert (work / "out" / "lab-sw08.conf").read_text() == conf("lab-sw08", cfg_of("floor2-sw", ["10.30.0.1"], {"100": "eng"}))
