"""Generate an A/B test's raw event export: experiment.json and events.jsonl (deterministic per seed).

The mess is the product's: events resent with the same event_id, crawlers and headless browsers in the
traffic, users who saw both arms, exposures and purchases just outside the window (around local
midnight), timestamps in several UTC offsets, purchases before a user's exposure, arm labels in mixed
case with stray spaces, and late-arriving lines appended out of order.
"""

import argparse
import datetime as dt
import json
import random
from pathlib import Path

from zoneinfo import ZoneInfo

BERLIN = dt.timezone(dt.timedelta(hours=1))
OFFSETS = [dt.timezone.utc, BERLIN, dt.timezone(dt.timedelta(hours=-5)), dt.timezone(dt.timedelta(hours=5, minutes=30))]
BROWSERS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
    "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36",
]
BOTS = ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "AhrefsBot/7.0", "bingbot/2.0"]
OTHER_AUTOMATION = [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/130.0 Safari/537.36",
    "PriceCrawler/1.3 (+https://pricecheck.example)",
    "Screaming Frog SEO Spider/20.2",
]
ARM_SPELLINGS = {"control": ["control", "control", "control", "Control", " control", "CONTROL"],
                 "treatment": ["treatment", "treatment", "treatment", "Treatment", "treatment ", "TREATMENT"]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--users", type=int, default=20000)
    ap.add_argument("--start", default="2026-11-02")
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("--pc", type=float, default=0.10)
    ap.add_argument("--pt", type=float, default=0.11)
    ap.add_argument("--share-t", type=float, default=0.5, help="the real treatment share (an SRM when not 0.5)")
    ap.add_argument("--name", default="checkout-redesign")
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)

    start_day = dt.date.fromisoformat(a.start)
    end_day = start_day + dt.timedelta(days=a.days - 1)
    t0 = dt.datetime.combine(start_day, dt.time(0), ZoneInfo("Europe/Berlin"))
    t1 = dt.datetime.combine(end_day + dt.timedelta(days=1), dt.time(0), ZoneInfo("Europe/Berlin"))
    exp = {"name": a.name, "start_date": start_day.isoformat(), "end_date": end_day.isoformat(),
           "timezone": "Europe/Berlin", "allocation": {"control": 0.5, "treatment": 0.5}}
    (out / "experiment.json").write_text(json.dumps(exp, indent=2) + "\n", encoding="utf-8")

    span = (t1 - t0).total_seconds()
    events: list[tuple[dt.datetime, dict]] = []
    uids = rnd.sample(range(100000, 999999), a.users + a.users // 10)

    def when() -> dt.datetime:
        r = rnd.random()
        if r < 0.03:  # around the window's start (local midnight = 23:00 UTC the day before)
            return t0 + dt.timedelta(minutes=rnd.uniform(-100, 100))
        if r < 0.06:  # around the window's end
            return t1 + dt.timedelta(minutes=rnd.uniform(-100, 100))
        return t0 + dt.timedelta(seconds=rnd.uniform(0, span))

    def add(ts: dt.datetime, uid: int, kind: str, ua: str, arm: str | None = None) -> None:
        ev = {"event_id": "", "ts": "", "user_id": f"u{uid}", "event": kind}
        if arm is not None:
            ev["arm"] = rnd.choice(ARM_SPELLINGS[arm])
        ev["user_agent"] = ua
        events.append((ts, ev))

    for i, uid in enumerate(uids):
        r = rnd.random()
        arm = "treatment" if rnd.random() < a.share_t else "control"
        ua = rnd.choice(BROWSERS)
        if r < 0.05:  # automation: mostly sent to the default (control) page, many hits
            agent = rnd.choice(BOTS) if r < 0.015 else rnd.choice(OTHER_AUTOMATION)
            arm = "control" if rnd.random() < 0.9 else "treatment"
            first = when()
            for _ in range(rnd.randint(2, 8)):
                add(first + dt.timedelta(minutes=rnd.uniform(0, 600)), uid, "exposure", agent, arm)
            if rnd.random() < 0.05:
                add(first + dt.timedelta(minutes=rnd.uniform(1, 600)), uid, "purchase", agent)
            continue
        first = when()
        if r < 0.065:  # saw both arms (cleared cookies, two devices): converts more often
            other = "control" if arm == "treatment" else "treatment"
            add(first, uid, "exposure", ua, arm)
            add(first + dt.timedelta(hours=rnd.uniform(1, 60)), uid, "exposure", rnd.choice(BROWSERS), other)
            if rnd.random() < 0.25:
                add(first + dt.timedelta(hours=rnd.uniform(1, 70)), uid, "purchase", ua)
            continue
        for k in range(rnd.choice([1, 1, 1, 2, 2, 3])):
            add(first + dt.timedelta(hours=k * rnd.uniform(0, 30)), uid, "exposure", ua, arm)
        if rnd.random() < 0.03:  # bought something before ever seeing the test page
            add(first - dt.timedelta(hours=rnd.uniform(0.2, 50)), uid, "purchase", ua)
        if rnd.random() < (a.pt if arm == "treatment" else a.pc):
            add(first + dt.timedelta(minutes=rnd.expovariate(1 / 600)), uid, "purchase", ua)
            if rnd.random() < 0.1:  # a second order
                add(first + dt.timedelta(hours=rnd.uniform(1, 90)), uid, "purchase", ua)

    events.sort(key=lambda e: e[0])
    lines: list[dict] = []
    for n, (ts, ev) in enumerate(events, 1):
        ev["event_id"] = f"ev-{a.seed:04d}-{n:07d}"
        ev["ts"] = ts.replace(microsecond=0).astimezone(rnd.choice(OFFSETS)).isoformat().replace("+00:00", "Z")
        lines.append(ev)
    late = {i for i in range(len(lines)) if rnd.random() < 0.02}
    lines = [ev for i, ev in enumerate(lines) if i not in late] + [lines[i] for i in sorted(late)]  # late batches
    dups = [dict(ev) for ev in lines if rnd.random() < 0.03]  # the SDK's resends
    for ev in dups:
        lines.insert(rnd.randrange(len(lines) + 1), ev)
    with open(out / "events.jsonl", "w", encoding="utf-8") as f:
        for ev in lines:
            f.write(json.dumps(ev) + "\n")


if __name__ == "__main__":
    main()
