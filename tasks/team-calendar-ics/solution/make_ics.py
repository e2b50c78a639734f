#!/usr/bin/env python3
"""Export the team's meetings spreadsheet (CSV) as an iCalendar file (RFC 5545).

    python3 make_ics.py [--csv FILE] [--out FILE]

Timed meetings are Europe/Berlin wall-clock times, written in UTC; every weekly occurrence is
converted on its own date (daylight saving time). Lines are CRLF and folded at 75 octets.
"""
from __future__ import annotations

import argparse
import csv
import os
import sys
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

BERLIN = ZoneInfo("Europe/Berlin")
DTSTAMP = "20240601T000000Z"
HEADER = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Team Tools//Meetings Export//EN", "CALSCALE:GREGORIAN",
          "X-WR-CALNAME:Team meetings"]


def escape(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def fold(line: str) -> list[str]:
    """Split a content line into physical lines of at most 75 octets, never inside a character."""
    out, current, size, limit = [], "", 0, 75
    for ch in line:
        n = len(ch.encode("utf-8"))
        if size + n > limit:
            out.append(current)
            current, size, limit = " ", 1, 75
        current += ch
        size += n
    out.append(current)
    return out


def utc(dt: datetime) -> str:
    return dt.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def events(row: dict) -> list[list[str]]:
    f = {k: (v or "").strip() for k, v in row.items()}
    if f["status"].lower() == "cancelled":
        return []
    first = date.fromisoformat(f["date"])
    count = int(f["repeat_weeks"] or 1)
    attendees = [a.strip() for a in f["attendees"].split(";") if a.strip()]
    result = []
    for k in range(1, count + 1):
        day = first + timedelta(weeks=k - 1)
        lines = ["BEGIN:VEVENT", f"UID:{f['id']}-{k}@team.example", f"DTSTAMP:{DTSTAMP}"]
        if f["start"]:
            h, m = (int(x) for x in f["start"].split(":"))
            start = datetime(day.year, day.month, day.day, h, m, tzinfo=BERLIN)
            end = start.astimezone(timezone.utc) + timedelta(minutes=int(f["duration_min"]))
            lines += [f"DTSTART:{utc(start)}", f"DTEND:{utc(end)}"]
        else:
            lines += [f"DTSTART;VALUE=DATE:{day:%Y%m%d}", f"DTEND;VALUE=DATE:{day + timedelta(days=1):%Y%m%d}"]
        lines.append(f"SUMMARY:{escape(f['title'])}")
        if f["location"]:
            lines.append(f"LOCATION:{escape(f['location'])}")
        if f["description"]:
            lines.append(f"DESCRIPTION:{escape(f['description'])}")
        lines += [f"ATTENDEE:mailto:{a}" for a in attendees]
        lines.append("END:VEVENT")
        result.append((f["id"], k, lines))
    return result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", default="/app/calendar/meetings.csv")
    ap.add_argument("--out", default="/app/out/team.ics")
    args = ap.parse_args(argv)
    with open(args.csv, newline="", encoding="utf-8") as f:
        occurrences = [e for row in csv.DictReader(f) for e in events(row)]
    occurrences.sort(key=lambda e: (e[0], e[1]))
    logical = HEADER + [line for _, _, lines in occurrences for line in lines] + ["END:VCALENDAR"]
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "wb") as f:
        for line in logical:
            for physical in fold(line):
                f.write(physical.encode("utf-8") + b"\r\n")
    print(f"{len(occurrences)} events -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
