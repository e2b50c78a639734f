"""The ban rules of the instruction, written out in Python: which lines are failures, whose, and who is banned when."""

from __future__ import annotations

import ipaddress
import re
from datetime import datetime

LINE = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),\d{3} (\w+)\s+\[(\w+)\] (.*)$")
LOGIN = re.compile(r'^login failed for user ".*" from (\S+) port \d+ \([^()]*\)$')
TOKEN = re.compile(r"^token rejected from (\S+) port \d+ \(invalid\)$")
IGNORED = [ipaddress.ip_network(n) for n in ("10.0.0.0/8", "127.0.0.0/8", "::1/128")]


def failures(text: str) -> list[tuple[int, str, str]]:
    """(line number, timestamp, address) of every failure line, in log order."""
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        m = LINE.match(line)
        if not m:
            continue
        f = LOGIN.match(m.group(4)) or TOKEN.match(m.group(4))
        if f:
            out.append((number, m.group(1), f.group(1)))
    return out


def ignored(ip: str) -> bool:
    addr = ipaddress.ip_address(ip)
    return any(addr.version == n.version and addr in n for n in IGNORED)


def bans(text: str, maxretry: int = 4, findtime: int = 600) -> list[tuple[str, str, int]]:
    """(address, time of the failure that trips the first ban, failures in the log) sorted by time, address."""
    times: dict[str, list[datetime]] = {}
    for _, stamp, ip in failures(text):
        if not ignored(ip):
            times.setdefault(ip, []).append(datetime.fromisoformat(stamp))
    out = []
    for ip, ts in times.items():
        ts.sort()
        for k in range(maxretry - 1, len(ts)):
            if (ts[k] - ts[k - maxretry + 1]).total_seconds() <= findtime:
                out.append((ip, ts[k].strftime("%Y-%m-%d %H:%M:%S"), len(ts)))
                break
    return sorted(out, key=lambda r: (r[1], r[0]))
