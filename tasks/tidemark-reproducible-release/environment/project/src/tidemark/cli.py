"""Command line interface: tidemark ports | table PORT DATE [--days N] | --version."""

import argparse
import sys
from datetime import datetime, timezone

from tidemark import __version__, tables


def version_line():
    """The --version line, from the build information a release stamps in."""
    try:
        from tidemark import _build_info as info
    except ImportError:
        return f"tidemark {__version__} (development build)"
    return f"tidemark {info.VERSION} ({info.COMMIT}, built {info.BUILD_DATE} on {info.BUILD_HOST})"


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tidemark", description="Tide tables for small harbours.")
    parser.add_argument("--version", action="store_true", help="show the version and build and exit")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("ports", help="list the ports in the bundled table")
    table = sub.add_parser("table", help="high and low waters for a port")
    table.add_argument("port")
    table.add_argument("date", help="first day, YYYY-MM-DD (UTC)")
    table.add_argument("--days", type=int, default=1)
    args = parser.parse_args(argv)

    if args.version:
        print(version_line())
        return 0
    ports = tables.load_ports()
    if args.command == "ports":
        for name in sorted(ports):
            print(name)
        return 0
    if args.command == "table":
        if args.port not in ports:
            print(f"tidemark: unknown port {args.port!r}", file=sys.stderr)
            return 2
        start = datetime.strptime(args.date, "%Y-%m-%d").replace(tzinfo=timezone.utc)
        for kind, when, h in tables.extremes(ports[args.port], start, args.days):
            print(f"{when:%Y-%m-%d %H:%M}Z  {kind}  {h:5.2f} m")
        return 0
    parser.print_help()
    return 1
