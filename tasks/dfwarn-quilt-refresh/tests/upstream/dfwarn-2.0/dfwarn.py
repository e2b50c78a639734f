#!/usr/bin/env python3
"""dfwarn: warn when file systems fill up."""

import argparse
import json
import shutil
import sys

VERSION = "2.0"

# Where the configuration is read from unless -c is given.
DEFAULT_CONFIG = "/usr/local/etc/dfwarn.conf"


def read_config(path):
    """Read KEY=VALUE lines; a missing file gives the defaults."""
    conf = {"threshold": 90, "tag": "dfwarn", "paths": ["/"]}
    try:
        with open(path) as fh:
            for line in fh:
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                key, _, value = line.partition("=")
                key, value = key.strip(), value.strip()
                if key == "threshold":
                    conf["threshold"] = int(value)
                elif key == "tag":
                    conf["tag"] = value
                elif key == "paths":
                    conf["paths"] = value.split()
    except FileNotFoundError:
        pass
    return conf


def percent_used(path):
    """Percentage of the file system holding PATH that is in use."""
    usage = shutil.disk_usage(path)
    return round(usage.used * 100 / usage.total)


def render_warning(path, pct, tag, threshold):
    """One warning line, with the threshold it crossed."""
    return f"{tag}: {path} at {pct}% (threshold {threshold}%)"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="dfwarn")
    ap.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    ap.add_argument("-t", "--threshold", type=int)
    ap.add_argument("--json", action="store_true", help="print one JSON object per warning")
    ap.add_argument("--version", action="version", version=VERSION)
    args = ap.parse_args(argv)
    conf = read_config(args.config)
    threshold = args.threshold if args.threshold is not None else conf["threshold"]
    status = 0
    for path in conf["paths"]:
        pct = percent_used(path)
        if pct >= threshold:
            if args.json:
                print(json.dumps({"path": path, "percent": pct, "threshold": threshold}))
            else:
                print(render_warning(path, pct, conf["tag"], threshold))
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
