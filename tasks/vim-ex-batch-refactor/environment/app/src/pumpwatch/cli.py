"""pumpwatch command line: poll the stations of a site configuration."""

import argparse
import configparser

from . import PumpStation, get_level, get_levels

DASHBOARD = "https://pumpstation.example.net/api"


def main(argv=None):
    p = argparse.ArgumentParser(prog="pumpwatch")
    p.add_argument("config")
    p.add_argument("--once", action="store_true", help="call get_level once per station and exit")
    args = p.parse_args(argv)
    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    stations = [PumpStation(s, None) for s in cfg.sections() if s.startswith("station ")]
    for st in stations:  # each PumpStation polls on its own timer; get_level is the fallback
        print(st.name, get_level(st.rtu) if args.once else st.poll())
    return get_levels([st.rtu for st in stations])
# vim: set ft=python ts=4 sw=4 et:
