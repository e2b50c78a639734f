"""Command line interface of logslice."""
import argparse
import sys
from datetime import datetime, timezone

from logslice import __version__
from logslice.output import render
from logslice.records import LEVELS, parse_line
from logslice.timeparse import parse_time, parse_timestamp

LEVEL_ALIASES = {"warn": "warning"}


def level_arg(value):
    name = value.strip().lower()
    name = LEVEL_ALIASES.get(name, name)
    if name not in LEVELS:
        raise argparse.ArgumentTypeError(f"unknown level {value!r} (choose from {', '.join(LEVELS)})")
    return name


def positive_int(value):
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {value!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value!r}")
    return n


def timestamp_arg(value):
    try:
        return parse_timestamp(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected YYYY-MM-DDTHH:MM:SSZ: {value!r}") from None


def build_parser():
    p = argparse.ArgumentParser(prog="logslice", description="Slice application logs by level, component and time.")
    p.add_argument("files", nargs="*", metavar="FILE", help="log files; '-' or none: standard input")
    p.add_argument("-l", "--level", type=level_arg, default="debug",
                   help="minimum level: debug, info, warning (warn), error, critical; any case (default: debug)")
    p.add_argument("-c", "--component", action="append", default=[], metavar="NAME",
                   help="only lines of these components; repeatable, comma-separated")
    p.add_argument("--since", metavar="TIME", help="keep lines at or after TIME")
    p.add_argument("--until", metavar="TIME", help="keep lines before TIME")
    p.add_argument("--now", metavar="TIME", type=timestamp_arg, help="reference time for durations (default: now)")
    p.add_argument("-n", "--max-lines", type=positive_int, metavar="N", help="stop after N matching lines in total")
    p.add_argument("--count", action="store_true", help="print only the number of matching lines")
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    p.add_argument("--version", action="version", version=f"logslice {__version__}")
    return p


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    now = args.now or datetime.now(timezone.utc)
    try:
        since = parse_time(args.since, now) if args.since is not None else None
        until = parse_time(args.until, now) if args.until is not None else None
    except ValueError as exc:
        parser.error(str(exc))
    components = {name for value in args.component for name in value.split(",") if name}
    min_level = LEVELS.index(args.level)

    paths = args.files or ["-"]
    if paths.count("-") > 1:
        parser.error("'-' (standard input) can be given only once")
    streams = []
    for path in paths:
        if path == "-":
            streams.append(sys.stdin)
            continue
        try:
            streams.append(open(path, encoding="utf-8"))
        except OSError as exc:
            print(f"logslice: cannot read {path}: {exc.strerror}", file=sys.stderr)
            return 2

    matched = 0
    for stream in streams:
        for line in stream:
            if args.max_lines is not None and matched >= args.max_lines:
                break
            rec = parse_line(line)
            if rec is None:
                continue
            if LEVELS.index(rec.level) < min_level:
                continue
            if components and rec.component not in components:
                continue
            if since is not None and rec.ts < since:
                continue
            if until is not None and rec.ts >= until:
                continue
            matched += 1
            if not args.count:
                print(render(rec, args.format))
    if args.count:
        print(matched)
    return 0 if matched else 1
