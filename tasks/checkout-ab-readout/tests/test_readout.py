"""Verifier for checkout-ab-readout: /app/out against the analysis, and /app/abtest re-run on fresh exports."""

import hashlib
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import reference as R  # noqa: E402

DATA = Path("/app/data")
OUT = Path("/app/out")
FRESH = Path("/tmp/abt-verifier")
# Three other tests: a close call (significant, interval too low), a clear win over the March
# summer-time change, and one whose split is off (an SRM).
EXPORTS = {
    "close": ["--seed", "6", "--name", "search-ranking-v2"],
    "win": ["--seed", "3", "--start", "2026-03-23", "--users", "24000", "--pt", "0.12", "--name", "one-page-checkout"],
    "srm": ["--seed", "7", "--share-t", "0.47", "--start", "2026-06-01", "--days", "10", "--name", "free-shipping-banner"],
}


def close(a, b) -> bool:
    if isinstance(b, bool) or isinstance(b, (str, type(None))):
        return a == b
    if isinstance(b, (int, float)):
        return isinstance(a, (int, float)) and not isinstance(a, bool) and math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)
    if isinstance(b, dict):
        return isinstance(a, dict) and set(a) == set(b) and all(close(a[k], b[k]) for k in b)
    return a == b


@pytest.fixture(scope="module")
def fresh():
    """Three fresh exports, the agent's command run on each, and the expected readouts."""
    subprocess.run(["rm", "-rf", str(FRESH)], check=True)
    runs = {}
    for key, args in EXPORTS.items():
        data, out = FRESH / key / "data", FRESH / key / "out"
        subprocess.run([sys.executable, str(HERE / "mkevents.py"), str(data), *args], check=True)
        proc = subprocess.run(["/app/abtest", str(data), str(out)], capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr[-2000:]
        got = json.loads((out / "summary.json").read_text(encoding="utf-8"))
        report = (out / "report.md").read_text(encoding="utf-8") if (out / "report.md").exists() else ""
        runs[key] = {"data": data, "want": R.analyse(data), "got": got, "report": report}
    return runs


def flagged(fresh, key: str, **kw) -> dict:
    return R.analyse(fresh[key]["data"], **kw)


def test_data_left_as_it_is():
    """/app/data/ is left as it is: the raw record of the test."""
    want = dict(line.split()[::-1] for line in (HERE / "data.sha256").read_text().splitlines())
    assert {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in DATA.iterdir()} == want


def test_this_readout():
    """/app/out/summary.json and /app/out/report.md are the readout of /app/data."""
    want = R.analyse(DATA)
    got = json.loads((OUT / "summary.json").read_text(encoding="utf-8"))
    assert close(got, want)
    lines = (OUT / "report.md").read_text(encoding="utf-8").splitlines()
    assert all(line in lines for line in R.report_lines(want))


def test_fresh_summary(fresh):
    """/app/abtest DATA_DIR OUT_DIR writes the right summary.json for other exports."""
    for run in fresh.values():
        assert close(run["got"], run["want"])


def test_fresh_report(fresh):
    """report.md has the Decision: line and the Lift: line in percentage points with the 95 % CI."""
    for run in fresh.values():
        lines = run["report"].splitlines()
        assert all(line in lines for line in R.report_lines(run["want"]))


def test_duplicate_events_counted_once(fresh):
    """Lines with the same event_id are one event: orders count each purchase once."""
    for key, run in fresh.items():
        wrong = flagged(fresh, key, dedupe=False)
        assert wrong["arms"] != run["want"]["arms"], "fixture: duplicates matter"
        assert close(run["got"]["arms"], run["want"]["arms"])


def test_window_in_local_time(fresh):
    """The window is start_date 00:00 to the end of end_date in the experiment's timezone, instants compared."""
    for key, run in fresh.items():
        wrong = flagged(fresh, key, tz_aware=False)
        assert wrong["arms"] != run["want"]["arms"], "fixture: the offsets matter"
        assert close(run["got"]["arms"], run["want"]["arms"])
        assert close(run["got"]["excluded"], run["want"]["excluded"])


def test_automation_excluded(fresh):
    """Users with a user_agent containing bot, crawler, spider or headless are excluded and counted as bots."""
    for key, run in fresh.items():
        wrong = flagged(fresh, key, all_automation=False)
        assert wrong["excluded"] != run["want"]["excluded"], "fixture: crawlers matter"
        assert close(run["got"]["excluded"], run["want"]["excluded"])
        assert close(run["got"]["srm"], run["want"]["srm"])


def test_users_in_both_arms_excluded(fresh):
    """Users whose in-window exposures are in both arms are excluded and counted as both_arms."""
    for key, run in fresh.items():
        wrong = flagged(fresh, key, drop_both_arms=False)
        assert wrong["excluded"] != run["want"]["excluded"], "fixture: both-arm users exist"
        assert close(run["got"]["excluded"], run["want"]["excluded"])
        assert close(run["got"]["arms"], run["want"]["arms"])


def test_purchases_before_exposure_ignored(fresh):
    """A user converts with an in-window purchase at or after their first in-window exposure; earlier ones do not count."""
    for key, run in fresh.items():
        wrong = flagged(fresh, key, after_exposure=False)
        assert wrong["arms"] != run["want"]["arms"], "fixture: early purchases exist"
        assert close(run["got"]["arms"], run["want"]["arms"])


def test_sample_ratio_mismatch(fresh):
    """A chi-square goodness-of-fit p-value below 0.001 is a sample ratio mismatch and the decision is invalid."""
    run = fresh["srm"]
    assert run["want"]["srm"]["mismatch"] and run["want"]["decision"] == "invalid"
    assert close(run["got"]["srm"], run["want"]["srm"])
    assert run["got"]["decision"] == "invalid"


def test_decision_needs_interval_above_half_a_point(fresh):
    """ship needs p below 0.05 and the interval's lower bound above 0.005; a significant but smaller lift is no-ship."""
    run = fresh["close"]
    assert flagged(fresh, "close", ci_rule=False)["decision"] == "ship", "fixture: a close call"
    assert run["want"]["decision"] == "no-ship"
    assert close(run["got"]["test"], run["want"]["test"])
    assert run["got"]["decision"] == "no-ship"
    assert fresh["win"]["got"]["decision"] == fresh["win"]["want"]["decision"] == "ship"
