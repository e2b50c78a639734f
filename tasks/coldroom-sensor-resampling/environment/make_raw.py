"""Write the cold-room sensor exports to DIR (deterministic): cs-01..cs-04, 2024-03-30 20:00Z to 2024-03-31 04:00Z,
around the CET->CEST switch (2024-03-31 01:00 UTC). The gateway writes local time with its offset."""
import os
import random
import sys
from datetime import datetime, timedelta, timezone

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = random.Random(331)
START = datetime(2024, 3, 30, 20, 0, 0, tzinfo=timezone.utc)
END = datetime(2024, 3, 31, 4, 0, 0, tzinfo=timezone.utc)
SWITCH = datetime(2024, 3, 31, 1, 0, 0, tzinfo=timezone.utc)


def local(ts, z=False):
    if z:
        return ts.strftime("%Y-%m-%dT%H:%M:%SZ")
    off = 2 if ts >= SWITCH else 1
    return (ts + timedelta(hours=off)).strftime("%Y-%m-%dT%H:%M:%S") + f"+0{off}:00"


def series(sensor, base_t, base_h, first, last, gaps=()):
    rows, t = [], first
    while t <= last:
        if not any(a <= t < b for a, b in gaps):
            temp = round(base_t + rng.uniform(-0.6, 0.6), 2)
            hum = round(base_h + rng.uniform(-3, 3), 1)
            rows.append([sensor, t, f"{temp:.2f}", f"{hum:.1f}"])
        t += timedelta(seconds=60 + rng.randrange(-7, 8))
    return rows


def write(name, header, rows, crlf=False, z_every=0):
    nl = "\r\n" if crlf else "\n"
    with open(os.path.join(out, name), "w", newline="") as f:
        f.write(",".join(header) + nl)
        for i, r in enumerate(rows):
            cells = {"sensor_id": r[0], "timestamp": r[1] if isinstance(r[1], str) else local(r[1], z_every and i % z_every == 0),
                     "temperature_c": r[2], "humidity_pct": r[3]}
            f.write(",".join(cells[h] for h in header) + nl)


H = ["sensor_id", "timestamp", "temperature_c", "humidity_pct"]
# cs-01: steady, starts 20:03Z, a few rows in Z notation.
r1 = series("cs-01", 3.1, 81, START + timedelta(minutes=3), END - timedelta(minutes=2))
write("cs-01.csv", H, r1, z_every=17)
# cs-02: offline 22:10Z-23:20Z (whole buckets 22:15-23:00 empty); late rows appended out of order.
r2 = series("cs-02", 4.4, 77, START, END - timedelta(seconds=30), gaps=[(START + timedelta(hours=2, minutes=10), START + timedelta(hours=3, minutes=20))])
late = r2[5:9]
r2 = r2[:5] + r2[9:] + late
write("cs-02.csv", H, r2)
# cs-03: glitches: empty, NaN, -999, out-of-range values; a whole bucket with only invalid temperatures.
r3 = series("cs-03", 2.5, 84, START + timedelta(minutes=20), END - timedelta(minutes=10))
for i, r in enumerate(r3):
    if i % 23 == 4:
        r[2] = ""
    elif i % 29 == 7:
        r[2] = "NaN"
    elif i % 31 == 9:
        r[2] = "-999"
    elif i % 37 == 11:
        r[3] = "120.0"
    elif i % 41 == 13:
        r[3] = ""
for r in r3:
    if START + timedelta(hours=5) <= r[1] < START + timedelta(hours=5, minutes=15):
        r[2] = "85.00" if r[1].minute % 2 else "-999"
write("cs-03.csv", ["timestamp", "sensor_id", "humidity_pct", "temperature_c"], r3)
# cs-04: CRLF file, spaces around the id, and re-sent readings (same instant, other notation) that replace earlier ones.
r4 = series(" cs-04 ", 5.0, 70, START + timedelta(minutes=1), END - timedelta(minutes=1))
resent = []
for r in r4[100:106]:
    resent.append([r[0], r[1].strftime("%Y-%m-%dT%H:%M:%SZ"), f"{float(r[2]) + 1.5:.2f}", r[3]])
write("cs-04.csv", H, r4 + resent, crlf=True)
with open(os.path.join(out, "README.txt"), "w") as f:
    f.write("Exports from the cold-room gateway (one file per sensor). cs-05 (blast freezer) export pending from facilities.\n")
# Rows that cannot be used: no offset, garbage.
with open(os.path.join(out, "cs-01.csv"), "a") as f:
    f.write("cs-01,2024-03-31T02:30:00,3.00,80.0\ncs-01,not-a-time,3.00,80.0\n")
