#!/bin/bash
# Reference solution: install the exporter, export the meetings, publish to the web calendar, run the room-booking check.
set -euo pipefail
install -D -m 0755 /solution/make_ics.py /app/bin/make_ics.py
python3 /app/bin/make_ics.py
cp /app/out/team.ics /srv/calendars/team/team.ics
cmp /app/out/team.ics /srv/calendars/team/team.ics
python3 /app/tools/check_feed.py
