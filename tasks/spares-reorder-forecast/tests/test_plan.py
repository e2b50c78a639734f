"""Verifier for spares-reorder-forecast: /app/out against the method, and /app/reorder re-run on a fresh history."""

import csv
import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import reference as R  # noqa: E402

DATA = Path("/app/data")
OUT = Path("/app/out")
FRESH = Path("/tmp/srf-verifier")


def read(path: Path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


@pytest.fixture(scope="module")
def fresh():
    """Another site's history (another seed, ending in June), the agent's command run on it, and the expected plan."""
    subprocess.run(["rm", "-rf", str(FRESH)], check=True)
    data = FRESH / "data"
    subprocess.run([sys.executable, str(HERE / "mkhistory.py"), str(data), "--seed", "3307", "--end", "2026-06-14",
                    "--parts", "30"], check=True)
    proc = subprocess.run(["/app/reorder", str(data), str(FRESH / "out")], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    plan, po = R.plan(data)
    got = read(FRESH / "out" / "purchase_plan.csv")
    return {"data": data, "plan": plan, "po": po, "got": got[1:], "header": got[0] if got else [],
            "got_po": read(FRESH / "out" / "po_summary.csv")}


def by_part(rows):
    return {r[0]: r for r in rows}


def differs(fresh, **kw) -> set[str]:
    other = by_part(R.plan(fresh["data"], **kw)[0])
    return {p for p, r in by_part(fresh["plan"]).items() if other[p] != r}


def test_data_left_as_it_is():
    """The stores export in /app/data stays as it is."""
    want = dict(line.split()[::-1] for line in (HERE / "data.sha256").read_text().splitlines())
    assert {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in DATA.iterdir()} == want


def test_this_weeks_plan():
    """/app/out/purchase_plan.csv and /app/out/po_summary.csv are this week's plan from /app/data."""
    plan, po = R.plan(DATA)
    assert (OUT / "purchase_plan.csv").read_text(encoding="utf-8") == R.csv_text(R.PLAN_HEADER, plan)
    assert (OUT / "po_summary.csv").read_text(encoding="utf-8") == R.csv_text(R.PO_HEADER, po)


def test_fresh_history_plan(fresh):
    """/app/reorder DATA_DIR OUT_DIR writes the right purchase_plan.csv for another history."""
    assert fresh["header"] == R.PLAN_HEADER
    assert fresh["got"] == fresh["plan"]


def test_fresh_history_po_summary(fresh):
    """po_summary.csv: per supplier with an order line, the lines, the units and their value."""
    assert fresh["got_po"] == [R.PO_HEADER, *fresh["po"]]


def test_returns_netted_and_negative_weeks_zero(fresh):
    """Returns (negative rows) are netted into their week; a week whose net is below zero counts as 0."""
    parts = differs(fresh, net_returns=False)
    assert parts, "fixture: returns matter"
    got, want = by_part(fresh["got"]), by_part(fresh["plan"])
    assert all(got.get(p) == want[p] for p in parts)


def test_renamed_parts_keep_their_history(fresh):
    """History under an old part number counts for the new one (renames.csv); ids are trimmed and upper-cased."""
    parts = differs(fresh, merge_renames=False)
    assert parts, "fixture: renames matter"
    got, want = by_part(fresh["got"]), by_part(fresh["plan"])
    assert all(got.get(p) == want[p] for p in parts)


def test_forecast_and_seasonal_index(fresh):
    """weekly_forecast is the smoothed level (alpha 0.3) times the seasonal index, clamped to 0.5..2.0."""
    assert differs(fresh, alpha=0.2)
    got = {r[0]: (r[3], r[4]) for r in fresh["got"]}
    want = {r[0]: (r[3], r[4]) for r in fresh["plan"]}
    assert got == want
    assert {"0.500", "2.000"} & {r[4] for r in fresh["plan"]}, "fixture: a clamped index"


def test_safety_stock_and_reorder_point(fresh):
    """safety_stock at the part's service level over the supplier's lead time, and the reorder point."""
    got = {r[0]: (r[5], r[6], r[7]) for r in fresh["got"]}
    want = {r[0]: (r[5], r[6], r[7]) for r in fresh["plan"]}
    assert got == want


def test_order_quantities_in_packs_and_minimums(fresh):
    """An order brings the part up to four weeks past its reorder point, at least the minimum order, in whole packs."""
    sup = {r["supplier"]: r for r in R.rows(fresh["data"] / "suppliers.csv")}
    for r in fresh["got"]:
        q = int(r[8])
        if q:
            assert q % int(sup[r[1]]["pack_size"]) == 0 and q >= int(sup[r[1]]["min_order"]), r
    assert {r[0]: (r[2], r[8]) for r in fresh["got"]} == {r[0]: (r[2], r[8]) for r in fresh["plan"]}


def test_inactive_parts(fresh):
    """A part without demand in the last 52 weeks is inactive and gets no order."""
    inactive = {r[0] for r in fresh["plan"] if r[2] == "inactive"}
    assert inactive
    assert {r[0] for r in fresh["got"] if r[2] == "inactive"} == inactive


def test_plan_layout(fresh):
    """One row per part of parts.csv, sorted by supplier then part."""
    keys = [(r[1], r[0]) for r in fresh["got"]]
    assert keys == sorted(keys) and len(keys) == len(R.rows(fresh["data"] / "parts.csv"))


def test_no_orders_released_to_the_erp():
    """Nothing is dropped into /srv/erp/inbox: the buyer releases orders after review."""
    assert list(Path("/srv/erp/inbox").iterdir()) == []
