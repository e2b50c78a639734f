"""Verifier for depot-truck-loading: today's plan, and /app/loadplan.py re-run on fresh days of orders."""

import csv
import hashlib
import math
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

HERE = Path(__file__).parent
TODAY = Path("/app/orders/2026-12-07")
OUT = Path("/app/out/2026-12-07")
WORK = Path("/tmp/loadplan-verifier")
FRESH = {"fresh-a": (42, 60), "fresh-b": (43, 140)}
CASES = ["today", *FRESH]
RULES = ["every-shipment-once", "customer-together", "one-route", "stops", "weight", "floor-positions", "hazmat"]


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def lower_bound(inst: Path) -> int:
    """Sum over routes of max(ceil(weight / max weight), ceil((non-stackable + stackable / 2) / floor positions),
    ceil(customers / max stops))."""
    lim = {r["limit"]: int(r["value"]) for r in rows(inst / "limits.csv")}
    route = {r["customer"]: r["route"] for r in rows(inst / "customers.csv")}
    w, p, c = defaultdict(int), defaultdict(float), defaultdict(set)
    for s in rows(inst / "shipments.csv"):
        r = route[s["customer"]]
        w[r] += int(s["weight_kg"])
        p[r] += int(s["pallets"]) * (1 if s["stackable"] == "no" else 0.5)
        c[r].add(s["customer"])
    return sum(max(math.ceil(w[r] / lim["max_weight_kg"]), math.ceil(p[r] / lim["floor_positions"]),
                   math.ceil(len(c[r]) / lim["max_stops"])) for r in w)


def judge(inst: Path, out: Path):
    """{rule: [violations]} of a plan, and its trucks with their route, stops, weight and floor positions."""
    lim = {r["limit"]: int(r["value"]) for r in rows(inst / "limits.csv")}
    forbidden = {frozenset((r["class_a"], r["class_b"])) for r in rows(inst / "segregation.csv")}
    route = {r["customer"]: r["route"] for r in rows(inst / "customers.csv")}
    ships = {s["shipment"]: s for s in rows(inst / "shipments.csv")}
    plan = rows(out / "plan.csv")
    bad = {k: [] for k in RULES}
    seen = defaultdict(list)
    for r in plan:
        seen[r["shipment"]].append(r["truck"])
    if sorted(seen) != sorted(ships) or any(len(v) != 1 for v in seen.values()):
        bad["every-shipment-once"].append("shipments missing, unknown or repeated")
    truck_of = {s: v[0] for s, v in seen.items() if s in ships}
    cust_trucks = defaultdict(set)
    loads = defaultdict(lambda: {"routes": set(), "customers": set(), "weight": 0, "ns": 0, "st": 0, "classes": set()})
    for sid, t in truck_of.items():
        s = ships[sid]
        cust_trucks[s["customer"]].add(t)
        ld = loads[t]
        ld["routes"].add(route[s["customer"]])
        ld["customers"].add(s["customer"])
        ld["weight"] += int(s["weight_kg"])
        ld["ns" if s["stackable"] == "no" else "st"] += int(s["pallets"])
        if s["hazmat_class"]:
            ld["classes"].add(s["hazmat_class"])
    bad["customer-together"] = [c for c, ts in cust_trucks.items() if len(ts) > 1]
    summary = {}
    for t, ld in loads.items():
        pos = ld["ns"] + math.ceil(ld["st"] / 2)
        summary[t] = (",".join(sorted(ld["routes"])), len(ld["customers"]), ld["weight"], pos)
        if len(ld["routes"]) > 1:
            bad["one-route"].append(t)
        if len(ld["customers"]) > lim["max_stops"]:
            bad["stops"].append(t)
        if ld["weight"] > lim["max_weight_kg"]:
            bad["weight"].append(t)
        if pos > lim["floor_positions"]:
            bad["floor-positions"].append(t)
        if any(frozenset((a, b)) in forbidden for a in ld["classes"] for b in ld["classes"]):
            bad["hazmat"].append(t)
    return bad, summary


def solve(inst: Path, out: Path, seconds=20):
    # -S: no site-packages, the planner runs on the Python 3 standard library only.
    return subprocess.run([sys.executable, "-S", "/app/loadplan.py", str(inst), str(out), "--seconds", str(seconds)],
                          capture_output=True, text=True, timeout=seconds + 240)


@pytest.fixture(scope="session")
def cases():
    """Today's plan in /app/out/2026-12-07, and two fresh days of orders (other seeds and sizes) planned by the agent's
    command, run with the Python 3 standard library only."""
    subprocess.run(["rm", "-rf", str(WORK)], check=True)
    done = {"today": (TODAY, OUT, None)}
    for name, (seed, customers) in FRESH.items():
        inst = WORK / name
        subprocess.run([sys.executable, str(HERE / "ordergen.py"), str(inst), "--seed", str(seed), "--customers",
                        str(customers)], check=True)
        done[name] = (inst, WORK / f"{name}-out", solve(inst, WORK / f"{name}-out"))
    return done


def case(cases, name):
    inst, out, run = cases[name]
    if run is not None:
        assert run.returncode == 0, f"/app/loadplan.py failed on fresh orders: {run.stderr[-1500:]}"
    return inst, out


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("name", CASES)
def test_plan_keeps_each_hard_rule(cases, name, rule):
    """Hard rules of plan.csv (today's plan in /app/out/2026-12-07, and fresh days): every shipment once, a customer's
    shipments on one truck, one route per truck, at most max_stops customers, weight, floor positions (non-stackable
    pallets one each, stackable ones two to a position), no segregated hazmat classes together."""
    inst, out = case(cases, name)
    bad, _ = judge(inst, out)
    assert not bad[rule], bad[rule][:5]


@pytest.mark.parametrize("name", CASES)
def test_trucks_within_ten_percent_of_the_lower_bound(cases, name):
    """The plan uses at most the lower bound plus 10 % (rounded down) trucks."""
    inst, out = case(cases, name)
    _, summary = judge(inst, out)
    lb = lower_bound(inst)
    assert len(summary) <= math.floor(1.1 * lb), (len(summary), lb)


@pytest.mark.parametrize("name", CASES)
def test_trucks_csv_and_summary_describe_the_plan(cases, name):
    """trucks.csv (truck,route,stops,weight_kg,floor_positions, one row per truck, sorted by truck) and summary.txt
    (trucks N, lower_bound N) describe the plan written."""
    inst, out = case(cases, name)
    _, summary = judge(inst, out)
    lines = (out / "trucks.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "truck,route,stops,weight_kg,floor_positions"
    got = {}
    for r in csv.reader(lines[1:]):
        got[r[0]] = (r[1], int(r[2]), int(r[3]), int(r[4]))
    assert [line.split(",")[0] for line in lines[1:]] == sorted(got)
    assert got == summary
    text = (out / "summary.txt").read_text(encoding="utf-8").split()
    assert text == ["trucks", str(len(summary)), "lower_bound", str(lower_bound(inst))]


def test_plan_csv_format():
    """plan.csv: header shipment,truck, one line per shipment, sorted by shipment; trucks are named T01, T02, ..."""
    lines = (OUT / "plan.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "shipment,truck"
    ids = [line.split(",")[0] for line in lines[1:]]
    assert ids == sorted(ids) and len(ids) == len(rows(TODAY / "shipments.csv"))
    trucks = sorted({line.split(",")[1] for line in lines[1:]})
    assert trucks == [f"T{i:02d}" for i in range(1, len(trucks) + 1)], trucks[:5]


@pytest.mark.parametrize("kind", ["weight", "hazmat"])
def test_infeasible_orders_are_refused(tmp_path, kind):
    """Orders no plan can carry (a customer heavier than a truck, or with classes that may not share one): one line
    'error: infeasible: ...' on stderr, exit status 2, nothing written, no traceback."""
    inst = tmp_path / "orders"
    subprocess.run([sys.executable, str(HERE / "ordergen.py"), str(inst), "--seed", "5", "--customers", "40",
                    "--infeasible", kind], check=True)
    run = solve(inst, tmp_path / "out", seconds=5)
    assert run.returncode == 2, (run.returncode, run.stderr[-500:])
    assert re.search(r"^error: infeasible: ", run.stderr, re.M) and "Traceback" not in run.stderr, run.stderr[-500:]
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_loadplan_md_states_todays_plan():
    """/app/LOADPLAN.md documents the heuristic and states today's number of trucks and lower bound."""
    text = Path("/app/LOADPLAN.md").read_text(encoding="utf-8")
    _, summary = judge(TODAY, OUT)
    assert len(text.split()) >= 60, "too short to document the heuristic"
    nums = set(re.findall(r"\b\d+\b", text))
    assert str(len(summary)) in nums and str(lower_bound(TODAY)) in nums


def test_orders_left_as_they_were():
    """/app/orders/ is left as it is."""
    for line in filter(None, (HERE / "orders.sha256").read_text().split("\n")):
        digest, path = line.split(None, 1)
        assert hashlib.sha256(Path(path.strip()).read_bytes()).hexdigest() == digest, path
