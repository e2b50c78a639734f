"""The verifier's reference analysis of an A/B export (instruction.md); keyword flags switch one rule off."""

import datetime as dt
import json
import math
import re
from pathlib import Path
from statistics import NormalDist
from zoneinfo import ZoneInfo

AUTOMATION = re.compile(r"bot|crawler|spider|headless", re.I)
ONLY_BOT = re.compile(r"bot", re.I)


def window(exp: dict, tz_aware: bool = True) -> tuple[dt.datetime, dt.datetime]:
    """The experiment's window as UTC instants: start_date 00:00 to the day after end_date, local time."""
    tz = ZoneInfo(exp["timezone"]) if tz_aware else dt.timezone.utc
    s = dt.datetime.combine(dt.date.fromisoformat(exp["start_date"]), dt.time(0), tz)
    e = dt.datetime.combine(dt.date.fromisoformat(exp["end_date"]) + dt.timedelta(days=1), dt.time(0), tz)
    return s.astimezone(dt.timezone.utc), e.astimezone(dt.timezone.utc)


def instant(ts: str, tz_aware: bool = True) -> dt.datetime:
    t = dt.datetime.fromisoformat(ts.strip().replace("Z", "+00:00"))
    if not tz_aware:
        t = t.replace(tzinfo=dt.timezone.utc)
    return t.astimezone(dt.timezone.utc)


def analyse(data: Path, dedupe: bool = True, tz_aware: bool = True, all_automation: bool = True,
            drop_both_arms: bool = True, after_exposure: bool = True, ci_rule: bool = True) -> dict:
    """summary.json's content for the export in DATA_DIR."""
    exp = json.loads((data / "experiment.json").read_text(encoding="utf-8"))
    start, end = window(exp, tz_aware)
    bot_re = AUTOMATION if all_automation else ONLY_BOT
    seen: set[str] = set()
    bots: set[str] = set()
    exposures: dict[str, list[tuple[dt.datetime, str]]] = {}
    purchases: dict[str, list[dt.datetime]] = {}
    with open(data / "events.jsonl", encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            ev = json.loads(line)
            if dedupe:
                if ev["event_id"] in seen:
                    continue
                seen.add(ev["event_id"])
            uid = ev["user_id"]
            if bot_re.search(ev.get("user_agent") or ""):
                bots.add(uid)
            t = instant(ev["ts"], tz_aware)
            if not (start <= t < end):
                continue
            if ev["event"] == "exposure":
                exposures.setdefault(uid, []).append((t, ev["arm"].strip().lower()))
            elif ev["event"] == "purchase":
                purchases.setdefault(uid, []).append(t)
    arms = {"control": {"users": 0, "conversions": 0, "orders": 0},
            "treatment": {"users": 0, "conversions": 0, "orders": 0}}
    excluded = {"bots": 0, "both_arms": 0}
    for uid, exps in exposures.items():
        if uid in bots:
            excluded["bots"] += 1
            continue
        seen_arms = {a for _, a in exps}
        if len(seen_arms) > 1:
            if drop_both_arms:
                excluded["both_arms"] += 1
                continue
        first = min(exps)
        arm = first[1]
        orders = [t for t in purchases.get(uid, []) if t >= first[0] or not after_exposure]
        arms[arm]["users"] += 1
        arms[arm]["orders"] += len(orders)
        arms[arm]["conversions"] += 1 if orders else 0
    for a in arms.values():
        a["rate"] = a["conversions"] / a["users"] if a["users"] else 0.0
    nc, nt = arms["control"]["users"], arms["treatment"]["users"]
    xc, xt = arms["control"]["conversions"], arms["treatment"]["conversions"]
    total = nc + nt
    chi2 = sum((o - total * exp["allocation"][k]) ** 2 / (total * exp["allocation"][k])
               for k, o in (("control", nc), ("treatment", nt)))
    srm_p = math.erfc(math.sqrt(chi2 / 2))
    pc, pt = xc / nc, xt / nt
    pool = (xc + xt) / total
    z = (pt - pc) / math.sqrt(pool * (1 - pool) * (1 / nc + 1 / nt))
    p_value = math.erfc(abs(z) / math.sqrt(2))
    half = NormalDist().inv_cdf(0.975) * math.sqrt(pc * (1 - pc) / nc + pt * (1 - pt) / nt)
    lift = pt - pc
    mismatch = srm_p < 0.001
    if mismatch:
        decision = "invalid"
    elif p_value < 0.05 and (lift - half > 0.005 or not ci_rule):
        decision = "ship"
    else:
        decision = "no-ship"
    return {"experiment": exp["name"], "arms": arms, "excluded": excluded,
            "srm": {"chi2": chi2, "p_value": srm_p, "mismatch": mismatch},
            "test": {"lift": lift, "ci_low": lift - half, "ci_high": lift + half, "z": z, "p_value": p_value},
            "decision": decision}


def pp(x: float) -> str:
    """A rate difference in percentage points with a sign and two decimals: +0.62."""
    return f"{x * 100:+.2f}"


def report_lines(s: dict) -> list[str]:
    """The two lines report.md must contain."""
    t = s["test"]
    return [f"Decision: {s['decision']}",
            f"Lift: {pp(t['lift'])} pp (95% CI {pp(t['ci_low'])} to {pp(t['ci_high'])} pp)"]
