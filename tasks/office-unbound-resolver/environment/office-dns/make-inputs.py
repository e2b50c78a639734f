"""Writes the office's hand-kept host inventory and pasted-together blocklist (deterministic)."""

import random
import sys
from pathlib import Path

rng = random.Random(20261205)
out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)

ROLES = ["ws", "lt", "pr", "cam", "ap", "sw", "voip", "mtg"]
lines = [
    "# office.lan host inventory -- maintained by hand, APPEND changes at the bottom",
    "# format:  address   name   [aliases...]      # comment",
    "#",
    "10.20.0.1\tgw\t\trouter  GATEWAY.office.lan   # core router",
    "10.20.0.53  dns-staging.office.lan.",
    "10.20.1.5\tfs1\t\tfiles  FILES-OLD",
    "10.20.1.6\tPRINTER-2F.Office.LAN.\tprint2f   # Kyocera, 2nd floor",
    "10.20.1.7\tnas01   backup",
    "10.20.1.8  intranet  www  portal",
    "",
]
used = set()
for i in range(150):
    role = rng.choice(ROLES)
    name = f"{role}-{i:03d}"
    addr = f"10.20.{rng.randint(2, 9)}.{rng.randint(10, 250)}"
    while addr in used:
        addr = f"10.20.{rng.randint(2, 9)}.{rng.randint(10, 250)}"
    used.add(addr)
    sep = rng.choice([" ", "  ", "\t", "\t\t", " \t"])
    if rng.random() < 0.15:
        name = name.upper()
    if rng.random() < 0.1:
        name += ".office.lan"
    line = f"{addr}{sep}{name}"
    if rng.random() < 0.1:
        line += f"{sep}{role}{i}"
    r = rng.random()
    if r < 0.06:
        line += "   # decommissioned " + rng.choice(["2025-03", "2025-11", "(moved to HQ)"])
    elif r < 0.2:
        line += "  # " + rng.choice(["desk 4.12", "reception", "lab", "ask Sam", "spare"])
    if rng.random() < 0.05:
        line += "   "
    lines.append(line)
    if i % 37 == 36:
        lines.append("")
        lines.append(f"# ---- batch {i // 37 + 1} ----")
lines += [
    "10.20.300.4  typo-host      # FIXME address",
    "#10.20.1.9  oldwiki   wiki",
    "10.20.3.250  Meeting-Room-Big   mr-big  # Decommissioned, now mr-big2",
    "",
    "# moves",
    "10.20.1.17\tnas01\tbackup  nas   # nas01 moved to the new rack",
    "10.20.1.18  intranet  www",
    "10.20.1.6\tprinter-2f\tprint2f  printer",
]
(out / "hosts.inventory").write_bytes(("\r\n".join(lines) + "\r\n").encode())

WORDS = ["ads", "track", "pixel", "metrics", "beacon", "promo", "click", "stat", "banner", "spy"]
TLDS = ["com", "net", "io", "biz", "info", "xyz"]
blines = ["# office blocklist -- pasted together from several public lists", ""]
for i in range(400):
    dom = f"{rng.choice(WORDS)}{rng.randint(1, 999)}.{rng.choice(['example', 'adnet', 'cdn-track', 'hotbanners'])}.{rng.choice(TLDS)}"
    style = rng.random()
    if style < 0.45:
        blines.append(dom)
    elif style < 0.7:
        blines.append(f"0.0.0.0 {dom}")
    elif style < 0.8:
        blines.append(f"127.0.0.1\t{dom}")
    elif style < 0.9:
        blines.append(f"*.{dom}")
    else:
        blines.append(dom.upper() + ".")
    if i % 50 == 0:
        blines.append(f"# list {i // 50 + 1}")
blines += [
    "doubleclick.example.net",
    "0.0.0.0 doubleclick.example.net",
    "metrics.corp.internal   # someone's idea of blocking the internal metrics",
    "printer-2f.office.lan",
    "office.lan",
]
(out / "blocklist.txt").write_bytes(("\r\n".join(blines) + "\r\n").encode())
