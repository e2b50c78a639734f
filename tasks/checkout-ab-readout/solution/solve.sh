#!/bin/bash
# Reference solution: /app/abtest cleans the raw events (duplicates, the local-time window, automation),
# decides who counts and who converted, runs the SRM check, the two-proportion test and the lift's
# interval, applies the decision rule and writes summary.json and report.md; then runs it on /app/data.
set -euo pipefail

mkdir -p /app/abtestlib /app/out

# Step 1: the events: one per event_id, instants compared, the window in the experiment's local time,
# automation users by their user agents.
cat > /app/abtestlib/events.py <<'PY'
import datetime as dt
import json
import re
from pathlib import Path
from zoneinfo import ZoneInfo

AUTOMATION = re.compile(r"bot|crawler|spider|headless", re.I)


def window(exp: dict) -> tuple[dt.datetime, dt.datetime]:
    tz = ZoneInfo(exp["timezone"])
    start = dt.datetime.combine(dt.date.fromisoformat(exp["start_date"]), dt.time(0), tz)
    end = dt.datetime.combine(dt.date.fromisoformat(exp["end_date"]) + dt.timedelta(days=1), dt.time(0), tz)
    return start, end


def load(data: Path) -> tuple[dict, list[dict], set[str]]:
    """The experiment, its in-window events (deduplicated, with an aware 't') and the automation users."""
    exp = json.loads((data / "experiment.json").read_text(encoding="utf-8"))
    start, end = window(exp)
    seen, bots, events = set(), set(), []
    with open(data / "events.jsonl", encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            ev = json.loads(line)
            if ev["event_id"] in seen:
                continue
            seen.add(ev["event_id"])
            if AUTOMATION.search(ev.get("user_agent") or ""):
                bots.add(ev["user_id"])
            ev["t"] = dt.datetime.fromisoformat(ev["ts"].strip().replace("Z", "+00:00"))
            if start <= ev["t"] < end:
                events.append(ev)
    return exp, events, bots
PY

# Step 2: who counts: users exposed in the window, automation and both-arm users excluded; conversions
# and orders are in-window purchases at or after the user's first in-window exposure.
cat > /app/abtestlib/population.py <<'PY'
def arms(events: list[dict], bots: set[str]) -> tuple[dict, dict]:
    exposures, purchases = {}, {}
    for ev in events:
        if ev["event"] == "exposure":
            exposures.setdefault(ev["user_id"], []).append((ev["t"], ev["arm"].strip().lower()))
        elif ev["event"] == "purchase":
            purchases.setdefault(ev["user_id"], []).append(ev["t"])
    out = {a: {"users": 0, "conversions": 0, "orders": 0} for a in ("control", "treatment")}
    excluded = {"bots": 0, "both_arms": 0}
    for uid, exps in exposures.items():
        if uid in bots:
            excluded["bots"] += 1
            continue
        if len({a for _, a in exps}) > 1:
            excluded["both_arms"] += 1
            continue
        first, arm = min(exps)
        orders = sum(1 for t in purchases.get(uid, []) if t >= first)
        out[arm]["users"] += 1
        out[arm]["orders"] += orders
        out[arm]["conversions"] += 1 if orders else 0
    for a in out.values():
        a["rate"] = a["conversions"] / a["users"] if a["users"] else 0.0
    return out, excluded
PY

# Step 3: the statistics: chi-square SRM check against the allocation, the pooled two-proportion z-test
# and the unpooled 95 % Wald interval of the lift.
cat > /app/abtestlib/stats.py <<'PY'
import math

from scipy import stats


def srm(arms: dict, allocation: dict) -> dict:
    n = [arms["control"]["users"], arms["treatment"]["users"]]
    total = sum(n)
    chi2, p = stats.chisquare(n, [total * allocation["control"], total * allocation["treatment"]])
    return {"chi2": float(chi2), "p_value": float(p), "mismatch": bool(p < 0.001)}


def two_proportions(arms: dict) -> dict:
    nc, nt = arms["control"]["users"], arms["treatment"]["users"]
    xc, xt = arms["control"]["conversions"], arms["treatment"]["conversions"]
    pc, pt = xc / nc, xt / nt
    pool = (xc + xt) / (nc + nt)
    lift = pt - pc
    z = lift / math.sqrt(pool * (1 - pool) * (1 / nc + 1 / nt))
    half = 1.959964 * math.sqrt(pc * (1 - pc) / nc + pt * (1 - pt) / nt)
    return {"lift": lift, "ci_low": lift - half, "ci_high": lift + half, "z": z,
            "p_value": float(2 * stats.norm.sf(abs(z)))}
PY

# Step 4: the command: the decision rule, summary.json and report.md.
cat > /app/abtest <<'PY'
#!/usr/bin/env python3
"""abtest DATA_DIR OUT_DIR: the readout of an A/B test's raw export (summary.json, report.md)."""
import json
import sys
from pathlib import Path

sys.path.insert(0, "/app/abtestlib")
from events import load  # noqa: E402
from population import arms as count_arms  # noqa: E402
from stats import srm, two_proportions  # noqa: E402


def pp(x: float) -> str:
    return f"{x * 100:+.2f}"


def main() -> None:
    data, out = Path(sys.argv[1]), Path(sys.argv[2])
    exp, events, bots = load(data)
    arms, excluded = count_arms(events, bots)
    check = srm(arms, exp["allocation"])
    test = two_proportions(arms)
    if check["mismatch"]:
        decision = "invalid"
    elif test["p_value"] < 0.05 and test["ci_low"] > 0.005:
        decision = "ship"
    else:
        decision = "no-ship"
    summary = {"experiment": exp["name"], "arms": arms, "excluded": excluded, "srm": check, "test": test,
               "decision": decision}
    out.mkdir(parents=True, exist_ok=True)
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    c, t = arms["control"], arms["treatment"]
    report = [
        f"# A/B readout: {exp['name']} ({exp['start_date']} to {exp['end_date']}, {exp['timezone']})",
        "",
        "| arm | users | conversions | orders | rate |",
        "|---|---|---|---|---|",
        f"| control | {c['users']} | {c['conversions']} | {c['orders']} | {c['rate'] * 100:.2f} % |",
        f"| treatment | {t['users']} | {t['conversions']} | {t['orders']} | {t['rate'] * 100:.2f} % |",
        "",
        f"Excluded: {excluded['bots']} automation users, {excluded['both_arms']} users seen in both arms.",
        f"SRM check: chi2 = {check['chi2']:.3f}, p = {check['p_value']:.4g}"
        + (" (sample ratio mismatch)" if check["mismatch"] else " (split as planned)"),
        f"Test: z = {test['z']:.3f}, p = {test['p_value']:.4g}",
        "",
        f"Lift: {pp(test['lift'])} pp (95% CI {pp(test['ci_low'])} to {pp(test['ci_high'])} pp)",
        f"Decision: {decision}",
        "",
    ]
    (out / "report.md").write_text("\n".join(report), encoding="utf-8")


if __name__ == "__main__":
    main()
PY
chmod +x /app/abtest

# Step 5: this test's readout from the export in /app/data.
/app/abtest /app/data /app/out
cat /app/out/report.md
