#!/usr/bin/env python3
"""Room-booking import check: would the room-booking system accept this iCalendar feed?

    python3 check_feed.py [FILE]      (default /srv/calendars/team/team.ics)

Exits 0 and prints "feed OK: N events" if it would, else 1 with the first problem.
"""
import sys

path = sys.argv[1] if len(sys.argv) > 1 else "/srv/calendars/team/team.ics"


def fail(msg):
    print(f"feed REJECTED: {msg}")
    sys.exit(1)


try:
    raw = open(path, "rb").read()
except OSError as e:
    fail(e)
if not raw.endswith(b"\r\n"):
    fail("file must end with CRLF")
physical = raw[:-2].split(b"\r\n")
for i, line in enumerate(physical, 1):
    if b"\n" in line or b"\r" in line:
        fail(f"line {i}: bare LF or CR")
    if len(line) > 75:
        fail(f"line {i}: {len(line)} octets, more than 75")
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        fail(f"line {i}: not UTF-8 (a character split by folding?)")
lines = []
for line in physical:
    text = line.decode("utf-8")
    if text.startswith(" "):
        if not lines:
            fail("continuation line at the start")
        lines[-1] += text[1:]
    else:
        lines.append(text)
if lines[:1] != ["BEGIN:VCALENDAR"] or lines[-1:] != ["END:VCALENDAR"] or "VERSION:2.0" not in lines:
    fail("not a VCALENDAR 2.0 object")
events, current = 0, None
for text in lines:
    if text == "BEGIN:VEVENT":
        current = set()
    elif text == "END:VEVENT":
        missing = {"UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY"} - (current or set())
        if missing:
            fail(f"event {events + 1} lacks {sorted(missing)}")
        events, current = events + 1, None
    elif current is not None:
        current.add(text.split(":", 1)[0].split(";", 1)[0])
print(f"feed OK: {events} events")
