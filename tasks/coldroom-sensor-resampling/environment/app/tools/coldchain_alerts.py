#!/usr/bin/env python3
"""Cold-chain alerting (runs every 15 minutes): reads the resampled readings and prints alerts.

    coldchain_alerts.py [FILE]     default /app/out/readings_15min.csv

Alerts: temperature_max above 8.00 C in a bucket; a sensor offline (samples 0) for an hour
or more. Exits 1 if the file cannot be read as expected.
"""
import csv
import sys
from datetime import datetime, timedelta

EXPECTED = ["sensor_id", "bucket_start", "temperature_avg", "temperature_min", "temperature_max", "humidity_avg", "samples"]


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "/app/out/readings_15min.csv"
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    if not rows or rows[0] != EXPECTED:
        print(f"alerts: unexpected header in {path}: {rows[0] if rows else None}", file=sys.stderr)
        return 1
    offline, prev = {}, {}
    alerts = 0
    for n, row in enumerate(rows[1:], start=2):
        if len(row) != len(EXPECTED):
            print(f"alerts: line {n}: {len(row)} fields", file=sys.stderr)
            return 1
        rec = dict(zip(EXPECTED, row))
        try:
            start = datetime.strptime(rec["bucket_start"], "%Y-%m-%dT%H:%M:%SZ")
            samples = int(rec["samples"])
            tmax = float(rec["temperature_max"]) if rec["temperature_max"] else None
        except ValueError as e:
            print(f"alerts: line {n}: {e}", file=sys.stderr)
            return 1
        sensor = rec["sensor_id"]
        if sensor in prev and start <= prev[sensor]:
            print(f"alerts: line {n}: buckets of {sensor} out of order", file=sys.stderr)
            return 1
        prev[sensor] = start
        if tmax is not None and tmax > 8.0:
            print(f"ALERT {sensor} {rec['bucket_start']} temperature {tmax:.2f} C")
            alerts += 1
        if samples == 0:
            offline.setdefault(sensor, []).append(start)
    for sensor, starts in sorted(offline.items()):
        run = [starts[0]]
        for s in starts[1:] + [None]:
            if s is not None and s - run[-1] <= timedelta(minutes=15):
                run.append(s)
                continue
            if run[-1] - run[0] >= timedelta(minutes=45):
                print(f"ALERT {sensor} offline from {run[0]:%Y-%m-%dT%H:%MZ} for {len(run)} buckets")
                alerts += 1
            if s is not None:
                run = [s]
    print(f"alerts: {alerts} alert(s), {len(rows) - 1} rows checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
