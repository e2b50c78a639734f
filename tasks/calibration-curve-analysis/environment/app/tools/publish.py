#!/usr/bin/env python3
"""Publish quantified samples to the lab's shared results file (the LIMS import folder).

usage: publish.py RESULTS.json [--run-date YYYY-MM-DD] [--dry-run] [--target FILE]

Appends one line per sample of the given run date to the target CSV
(sample_id,run_date,concentration_mg_L,flag). The run date defaults to today.
Nothing is de-duplicated: publishing the same batch twice adds its lines twice.
"""
import argparse
import csv
import datetime as dt
import json
import sys

p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
p.add_argument("results")
p.add_argument("--run-date", default=dt.date.today().isoformat(), help="run date to publish (default: today)")
p.add_argument("--dry-run", action="store_true", help="show what would be published, change nothing")
p.add_argument("--target", default="/app/shared/results.csv")
args = p.parse_args()

with open(args.results) as f:
    results = json.load(f)
samples = results.get("samples", [])
batch = [s for s in samples if results.get("run_date") == args.run_date]
rows = []
for s in batch:
    conc = s.get("concentration_mg_L")
    rows.append([s["sample_id"], args.run_date, "" if conc is None else f"{conc:.4f}", s.get("flag", "")])
if not args.dry_run:
    with open(args.target, "a", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)
verb = "would publish" if args.dry_run else "published"
print(f"publish: run date {args.run_date}: {verb} {len(rows)} of {len(samples)} samples to {args.target}")
sys.exit(0)
