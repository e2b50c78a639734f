#!/usr/bin/env python3
"""spoolctl: inspect the webhook spool and move dead jobs back to pending.

    spoolctl [--spool DIR] stats
    spoolctl [--spool DIR] list {pending,done,failed,dead}
    spoolctl [--spool DIR] requeue (--all-dead | --reason REASON | ID [ID ...]) [--exclude-tenant T ...]

The spool folder is --spool, else $SPOOL_DIR, else spool_dir in /etc/webhooks/spoolctl.conf.
requeue moves matching jobs from dead/ to pending/ with attempts = 0 and next_attempt_at = null,
and drops dead_reason and last_status; every other field is kept.
"""
import argparse
import json
import os
import sys

CONF = "/etc/webhooks/spoolctl.conf"
FOLDERS = ("pending", "done", "failed", "dead")


def default_spool():
    if os.environ.get("SPOOL_DIR"):
        return os.environ["SPOOL_DIR"]
    try:
        for line in open(CONF):
            key, _, value = line.partition("=")
            if key.strip() == "spool_dir":
                return value.strip()
    except OSError:
        pass
    return "/var/spool/webhooks"


def jobs(spool, folder):
    d = os.path.join(spool, folder)
    for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        if not name.endswith(".json"):
            continue
        path = os.path.join(d, name)
        try:
            with open(path, encoding="utf-8") as f:
                job = json.load(f)
        except (OSError, ValueError):
            continue
        if isinstance(job, dict):
            yield path, job


def write_atomic(path, job):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(job, f, indent=2, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, path)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="spoolctl")
    ap.add_argument("--spool", default=None)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("stats")
    ls = sub.add_parser("list")
    ls.add_argument("folder", choices=FOLDERS)
    rq = sub.add_parser("requeue")
    rq.add_argument("ids", nargs="*")
    rq.add_argument("--all-dead", action="store_true")
    rq.add_argument("--reason")
    rq.add_argument("--exclude-tenant", action="append", default=[])
    args = ap.parse_args(argv)
    spool = args.spool or default_spool()

    if args.cmd == "stats":
        for folder in FOLDERS:
            print(f"{folder:8} {sum(1 for _ in jobs(spool, folder))}")
        return 0
    if args.cmd == "list":
        for _, job in jobs(spool, args.folder):
            print(job.get("id"), job.get("tenant"), job.get("attempts"), job.get("last_status"), job.get("dead_reason", "-"))
        return 0
    if not (args.all_dead or args.reason or args.ids):
        ap.error("requeue needs --all-dead, --reason or job ids")
    moved = 0
    for path, job in list(jobs(spool, "dead")):
        if args.ids and job.get("id") not in args.ids:
            continue
        if args.reason and job.get("dead_reason") != args.reason:
            continue
        if job.get("tenant") in args.exclude_tenant:
            continue
        job["attempts"] = 0
        job["next_attempt_at"] = None
        job.pop("dead_reason", None)
        job.pop("last_status", None)
        target = os.path.join(spool, "pending", os.path.basename(path))
        write_atomic(target, job)
        os.remove(path)
        moved += 1
    print(f"requeued {moved} job(s) from {os.path.join(spool, 'dead')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
