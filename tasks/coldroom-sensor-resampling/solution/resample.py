#!/usr/bin/env python3
"""Resample the cold-room sensor exports into fixed UTC buckets.

    resample.py [--input DIR] [--output FILE] [--interval MINUTES]

Gaps stay visible: every bucket between a sensor's first and last reading gets a row, with
samples 0 and empty values when there were no readings. Nothing is interpolated or filled.
"""
import argparse
import csv
import os
import re
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from pathlib import Path

INTERVALS = (5, 10, 15, 20, 30, 60)
TS = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})")
HEADER = ["sensor_id", "bucket_start", "temperature_avg", "temperature_min", "temperature_max", "humidity_avg", "samples"]
CENT = Decimal("0.01")


def parse_ts(text):
    text = text.strip()
    if not TS.fullmatch(text):
        return None
    try:
        dt = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return dt.astimezone(timezone.utc)


def number(text, lo, hi):
    try:
        value = Decimal(text.strip())
    except (InvalidOperation, AttributeError):
        return None
    if not value.is_finite() or value < lo or value > hi:
        return None
    return value


def fmt(value):
    return "" if value is None else str(value.quantize(CENT, rounding=ROUND_HALF_UP))


def read_readings(folder):
    """(sensor, instant) -> (temperature, humidity); later rows replace earlier ones."""
    readings = {}
    for path in sorted(Path(folder).glob("*.csv")):
        with open(path, newline="", encoding="utf-8-sig") as f:
            reader = csv.reader(f)
            header = next(reader, None)
            if header is None:
                continue
            cols = {name.strip().lower(): i for i, name in enumerate(header)}
            need = ("sensor_id", "timestamp", "temperature_c", "humidity_pct")
            if any(n not in cols for n in need):
                print(f"resample: {path.name}: missing columns, skipped", file=sys.stderr)
                continue
            for row in reader:
                if not row or all(not c.strip() for c in row):
                    continue
                get = lambda n: row[cols[n]] if cols[n] < len(row) else ""
                sensor, instant = get("sensor_id").strip(), parse_ts(get("timestamp"))
                if not sensor or instant is None:
                    continue
                readings[(sensor, instant)] = (number(get("temperature_c"), -40, 60), number(get("humidity_pct"), 0, 100))
    return readings


def bucket_of(instant, minutes):
    day = instant.replace(hour=0, minute=0, second=0, microsecond=0)
    n = int((instant - day).total_seconds() // (minutes * 60))
    return day + timedelta(minutes=n * minutes)


def resample(readings, minutes):
    per_sensor = {}
    for (sensor, instant), values in readings.items():
        per_sensor.setdefault(sensor, {}).setdefault(bucket_of(instant, minutes), []).append(values)
    rows = []
    for sensor in sorted(per_sensor):
        buckets = per_sensor[sensor]
        t, last = min(buckets), max(buckets)
        while t <= last:
            values = buckets.get(t, [])
            temps = [v[0] for v in values if v[0] is not None]
            hums = [v[1] for v in values if v[1] is not None]
            avg = lambda xs: sum(xs) / len(xs) if xs else None
            rows.append([sensor, t.strftime("%Y-%m-%dT%H:%M:%SZ"), fmt(avg(temps)), fmt(min(temps) if temps else None),
                         fmt(max(temps) if temps else None), fmt(avg(hums)), str(len(values))])
            t += timedelta(minutes=minutes)
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(prog="resample.py")
    ap.add_argument("--input", default="/app/data/raw")
    ap.add_argument("--output", default="/app/out/readings_15min.csv")
    ap.add_argument("--interval", type=int, default=15)
    args = ap.parse_args(argv)
    if args.interval not in INTERVALS:
        print(f"resample: --interval must be one of {', '.join(map(str, INTERVALS))}", file=sys.stderr)
        return 2
    rows = resample(read_readings(args.input), args.interval)
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=".resample-", suffix=".tmp")
    with os.fdopen(fd, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(HEADER)
        w.writerows(rows)
    os.replace(tmp, out)
    print(f"wrote {len(rows)} rows for {len({r[0] for r in rows})} sensors to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
