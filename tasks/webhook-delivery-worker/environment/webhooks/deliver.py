#!/usr/bin/env python3
"""Outgoing webhook delivery (v1, 2022).

Known problems (see ticket WH-112): no signatures, retries forever, deletes the
job file on success, crashes on a bad job file, follows redirects.
"""
import json
import os
import sys
import urllib.request

SPOOL = os.environ.get("SPOOL_DIR", "/app/spool")


def main():
    pending = os.path.join(SPOOL, "pending")
    for name in sorted(os.listdir(pending)):
        path = os.path.join(pending, name)
        job = json.load(open(path))
        req = urllib.request.Request(job["url"], data=json.dumps(json.loads(job["body"])).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=30)
            os.remove(path)
            print("sent", job["id"])
        except Exception as exc:  # try again next time
            job["attempts"] = job.get("attempts", 0) + 1
            json.dump(job, open(path, "w"))
            print("error", job["id"], exc)


if __name__ == "__main__":
    sys.exit(main())
