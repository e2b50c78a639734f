"""Command line interface of logslice."""
import argparse
import sys
from datetime import datetime, timezone

from logslice import __version__
from logslice.output import render
from logslice.records import LEVELS, parse_line
from logslice.timeparse import parse_time


def build_parser():
    p = argparse.ArgumentParser(prog="logslice", description="Slice application logs by level, component and time.")
    p.add_argument("files", nargs="*", metavar="FILE", help="log files (default: standard input)")
    p.add_argument("-l", "--level", choices=LEVELS, default="debug", help="minimum level (default: debug)")
    p.add_argument("-c", "--component", help="only lines of this component")
    p.add_argument("--since", metavar="TIME", help="keep lines at or after TIME")
    p.add_argument("--until", metavar="TIME", help="keep lines before TIME")
    p.add_argument("--now", metavar="TIME", help="reference time for durations (default: the current time)")
    p.add_argument("-n", "--max-lines", type=int, metavar="N", help="stop after N matching lines")
    p.add_argument("--count", action="store_true", help="print only the number of matching lines")
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    p.add_argument("--version", action="version", version=f"logslice {__version__}")
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    now = datetime.now(timezone.utc) if args.now is None else parse_time(args.now, None)
    since = parse_time(args.since, now) if args.since else None
    until = parse_time(args.until, now) if args.until else None
    min_level = LEVELS.index(args.level)

    streams = [open(path, encoding="utf-8") for path in args.files] if args.files else [sys.stdin]
    matched = 0
    for stream in streams:
        for line in stream:
            rec = parse_line(line)
            if rec is None:
                continue
            if LEVELS.index(rec.level) < min_level:
                continue
            if args.component and rec.component != args.component:
                continue
            if since and rec.ts < since:
                continue
            if until and rec.ts > until:
                continue
            matched += 1
            if not args.count:
                print(render(rec, args.format))
            if args.max_lines and matched >= args.max_lines:
                break
    if args.count:
        print(matched)
    return 0
