#!/usr/bin/env python3
"""Write the task's two source trees (run with the task folder as the working directory).

environment/app/ is the pumpwatch repository the agent works in; tests/orig/ is a copy of it
(the verifier's pristine inputs), tests/fresh/ a second tree in the same shape that only the
verifier sees (other files, other sections, the same traps).
"""

import shutil
import struct
import zlib
from pathlib import Path

MODELINE_PY = "# vim: set ft=python ts=4 sw=4 et:"


def png(tag: bytes) -> bytes:
    """A tiny valid PNG whose tEXt chunk holds tag (binary: the IHDR has NUL bytes)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)
    raw = b"".join(b"\x00" + b"\x10\x80\xc0" * 2 for _ in range(2))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"tEXt", b"Comment\x00" + tag) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


APP: dict[str, str | bytes] = {
    "src/pumpwatch/__init__.py": '''"""pumpwatch: level monitoring for the district's pump stations."""

from .sensors import get_level, get_level_raw, get_levels
from .station import PumpStation, PumpStationError

__all__ = ["PumpStation", "PumpStationError", "get_level", "get_levels", "get_level_raw"]
'''
    + MODELINE_PY
    + "\n",
    "src/pumpwatch/sensors.py": '''"""Reading the wet-well level from a station's RTU."""

import logging

log = logging.getLogger(__name__)

# The RTU protocol verb; it is the device's name for the command, not ours.
VERB = b"GET_LEVEL"


def get_level_raw(rtu, channel=0):
    """The raw 4-20 mA reading of one channel."""
    return rtu.request(VERB, channel)


def get_level(rtu, channel=0):
    """The level in metres above the well floor (get_level_raw, scaled)."""
    raw = get_level_raw(rtu, channel)
    level = (raw - 4.0) / 16.0 * rtu.span_m
    log.debug("get_level(%s) = %.2f m", rtu.name, level)
    return level


def get_levels(rtus):
    """get_level for every RTU; a failed one is logged by get_level's caller and skipped."""
    return {r.name: get_level(r) for r in rtus if r.online}
'''
    + MODELINE_PY
    + "\n",
    "src/pumpwatch/station.py": '''"""A pump station: its RTU, its pumps and the level it must hold."""

from .sensors import get_level


class PumpStationError(RuntimeError):
    """A PumpStation could not be read or commanded."""


class PumpStation:
    """One station; PumpStation.poll() reads the level and decides on the pumps."""

    def __init__(self, name, rtu, start_m=1.8, stop_m=0.6):
        self.name, self.rtu = name, rtu
        self.start_m, self.stop_m = start_m, stop_m
        self._last = None

    def _get_level(self):
        return get_level(self.rtu)

    def forget_level(self):
        self._last = None

    def poll(self):
        try:
            self._last = self._get_level()
        except OSError as exc:
            raise PumpStationError(f"{self.name}: get_level failed: {exc}") from exc
        return self._last
'''
    + MODELINE_PY
    + "\n",
    "src/pumpwatch/alerts.py": '''"""Alert mails when a pump station's level stays high."""

import smtplib
from email.message import EmailMessage


def send(to, station, level_m, threshold_m):
    """Mail the on-call address that a well is above its threshold (level in m, 0.01 m steps)."""
    msg = EmailMessage()
    msg["To"] = to
    msg["Subject"] = f"[pumpwatch] {station}: level {level_m:.2f} m > {threshold_m:.2f} m"
    msg.set_content(f"The wet well at {station} is above its alarm threshold.\\n")
    with smtplib.SMTP("localhost") as s:
        s.send_message(msg)
'''
    + MODELINE_PY
    + "\n",
    "src/pumpwatch/cli.py": '''"""pumpwatch command line: poll the stations of a site configuration."""

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
'''
    + MODELINE_PY
    + "\n",
    "conf/site-north.ini": """; pumpwatch site configuration: north district
; poll_interval is in seconds everywhere in this file.

[station "north-1"]
name = North 1 (Millbrook Road)
class = PumpStation
probe = get_level
poll_interval = 30
start_m = 1.8

[station "north-2"]
name = North 2 (Old Quarry)
class = PumpStation
probe = get_level_raw
poll_interval=45

[alerts]
to = ops-north@example.net
poll_interval = 300

[station-groups]
; the dashboard's grouping of stations; its poll_interval is the page refresh
members = north-1 north-2
poll_interval = 60
""",
    "conf/site-south.ini": (
        "; pumpwatch site configuration: south district (edited on the depot's Windows PC)\r\n"
        "\r\n"
        "[station]\r\n"
        "name = South Pier\r\n"
        "class = PumpStation\r\n"
        "  poll_interval = 20\r\n"
        "\r\n"
        "[alerts]\r\n"
        "to = ops-south@example.net\r\n"
        "poll_interval = 600\r\n"
        "escalate = PumpStationError\r\n"
    ),
    "conf/defaults.ini": """[station]
class = PumpStation
probe = get_level
poll_interval = 60""",
    "README.md": """# pumpwatch

Level monitoring for the district's pump stations: `pumpwatch conf/site-north.ini`.

## Overview

pumpwatch polls each PumpStation's RTU on a timer, converts the 4-20 mA reading
to metres with get_level, and mails the on-call address when a wet well stays above its
alarm threshold.  The raw current is still available through `get_level_raw` for
commissioning.

Stations, thresholds and the alert address live in one INI file per site (see `conf/`).

## Changelog

- 0.4.0: `get_level` returns metres; `get_level_raw` added. Thanks to Jürgen Müller.
- 0.3.0: `PumpStation` raises `PumpStationError` instead of returning None.
""",
    "docs/operations.md": """# Operating pumpwatch

## Overview

Every station section of a site file becomes one PumpStation. Its poll_interval
is in seconds. A PumpStation that cannot be read raises PumpStationError and the alert goes to the site's on-call address; nobody is paged for a single failed get_level.  Three failures in a row page the on-call engineer.

```python
# read one station by hand
st = PumpStation("north-1", rtu)
print(st.poll(), get_level(rtu))
```

- `get_level` returns metres above the well floor, `get_level_raw` the current in mA, and both go through the RTU's request queue.
- `get_levels` skips RTUs that are offline.

The dashboard groups stations; its own refresh interval is not a station setting and is not
read by get_level.

## Troubleshooting

If get_level times out, check the RTU's link light first; a PumpStationError with "timed out" in its message is almost always the radio link.

## Changelog

- 0.4.0: the alert for a failed get_level now names the station.
- 0.2.0: first PumpStation release.
""",
    "docs/quickstart.md": """# Quick start

## Overview

Install the package, copy `conf/defaults.ini` to a site file, add one
[station "name"] section per PumpStation and run `pumpwatch --once site.ini` to
see each get_level reading once.
<!-- vim: set tw=79 spell spelllang=en_gb: -->
""",
    "assets/pumpwatch-logo.png": png(b"PumpStation logo; get_level"),
    "data/calibration.bin": b"PWCAL\x00\x02\x00" + b"get_level\x00PumpStation\x00" + bytes(range(256)) + b"poll_interval\x00",
    "tools/team.vimrc": """" The team's shared vimrc (what `vim -u tools/team.vimrc` loads).
set ignorecase smartcase
set gdefault
set joinspaces
set textwidth=100
set hidden
""",
}

FRESH: dict[str, str | bytes] = {
    "src/pumpwatch/telemetry.py": '''"""Telemetry export: get_level samples to the historian."""

from .sensors import get_level, get_levels  # get_levels is kept for the batch export
from .station import PumpStation, PumpStationError

GET_LEVEL = "GET_LEVEL"  # the historian's tag prefix, not our function


def sample(st: PumpStation):
    """One sample of st; a PumpStationError becomes a gap (None)."""
    try:
        return st.name, get_level(st.rtu), get_level(st.rtu)  # get_level twice: the RTU averages
    except PumpStationError:
        return st.name, None, None


def batch(rtus):
    return get_levels(rtus)  # calls get_level for each online RTU


def forget_level_cache(st):
    st._get_level = None
    return "pumpstation" + "/" + "getlevel"''',
    "src/pumpwatch/units.py": '''"""Unit conversions (no station logic here)."""

MA_MIN, MA_MAX = 4.0, 20.0


def ma_to_fraction(ma):
    return (ma - MA_MIN) / (MA_MAX - MA_MIN)
''',
    "conf/site-east.ini": """; east district
[station]
class = PumpStation
poll_interval = 15

[station "east-2"]
class=PumpStation
poll_interval   =   25
; poll_interval = 90 was too slow for east-2

[stations]
poll_interval = 120

[alerts]
poll_interval = 900
on = PumpStationError
""",
    "conf/site-west.ini": (
        "[alerts]\r\n"
        "poll_interval = 120\r\n"
        "\r\n"
        '[station "west-1"]\r\n'
        "poll_interval = 40\r\n"
        "probe = get_level get_level_raw get_level\r\n"
    ),
    "docs/maintenance.md": """# Maintenance

## Overview

Before maintenance, put the PumpStation in manual mode so that get_level readings from a drained well do not page anyone.  Afterwards switch it back.
When the RTU is replaced, recalibrate with get_level_raw at an empty and a full well.

```sh
# check the level before and after
pumpwatch --once conf/site-east.ini
## not a heading: a shell comment
```

1. Drain the well.
2. Call get_level and note the value.

The calibration file under `data/` is binary; nobody edits it by hand. A PumpStationError during maintenance is expected and can be ignored for the length of the work order.

## Changelog

### 0.4.0
- renamed nothing yet; `get_level` and `PumpStation` as before.

### 0.3.0
- `PumpStationError` added.

## Licence

PumpStation and get_level are part of pumpwatch, MIT licensed. This section is not part of the changelog and not part of the overview, so it keeps its very long lines as they are written here.
""",
    "docs/glossary.md": """# Glossary

- **get_level**: the level reading, in metres.
- **PumpStation**: a station with its RTU.
""",
    "docs/wrapped.md": """# Already wrapped

## Overview

This paragraph is already wrapped at seventy-nine columns and names no old
identifier, so a second pass of the script must leave the file exactly as it
is.
""",
    "assets/map.png": png(b"get_level PumpStation poll_interval"),
    "data/levels.db": b"SQLite format 3\x00" + b"\x10\x00\x01\x01" + b"\x00" * 40 + b"CREATE TABLE get_level(PumpStation TEXT)" + b"\x00" * 16,
}


def write(root: Path, files: dict[str, str | bytes]) -> None:
    if root.exists():
        shutil.rmtree(root)
    for rel, content in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(content if isinstance(content, bytes) else content.encode())


if __name__ == "__main__":
    write(Path("environment/app"), APP)
    write(Path("tests/orig"), {k: v for k, v in APP.items() if k != "tools/team.vimrc"})
    write(Path("tests/fresh"), FRESH)
    Path("tests/team.vimrc").write_text(str(APP["tools/team.vimrc"]))
